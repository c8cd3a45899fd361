//! `carcassonne._carcassonne`: the native module behind the Python package `carcassonne`.
//!
//! It translates between Python and the Rust core and checks its inputs; the rules, encodings
//! and bots all live in the core crate.

#![deny(missing_docs)]

mod game;
mod raster;
mod research;
mod values;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use carcassonne::bots::{play_games_with, BotKind};
use carcassonne::encoding::RewardScheme;
use carcassonne::{Animal, Config, JczGame, Message, Outcome};

pub use game::PyGame;

create_exception!(
    carcassonne,
    IllegalActionError,
    PyValueError,
    "An action or draw that is not legal now; the game is unchanged."
);
create_exception!(
    carcassonne,
    InvalidActionError,
    PyValueError,
    "Text that is not an action, tile or chance outcome in notation (it cannot be parsed); the \
     game is unchanged."
);
create_exception!(
    carcassonne,
    ConfigError,
    PyValueError,
    "An invalid game configuration (players, sets, rules)."
);
create_exception!(
    carcassonne,
    RecordError,
    PyValueError,
    "A saved game (JSON record or JCloisterZone .jcz) that cannot be loaded or replayed."
);
create_exception!(
    carcassonne,
    ExportError,
    PyValueError,
    "A game that cannot be written as a JCloisterZone .jcz: JCloisterZone would play it otherwise."
);

/// The most games one call of `play_games`, `play_random_games` or `play_greedy_games` plays
/// (their scores are returned at once): call again with `seed=seed + n` to go on.
pub(crate) const MAX_BATCH_GAMES: usize = 1_000_000;

/// The reward scheme named `name` (`"rank"` or `"margin"`); a `ValueError` otherwise.
pub(crate) fn reward_scheme(name: &str) -> PyResult<RewardScheme> {
    name.parse()
        .map_err(|e: carcassonne::ParseError| PyValueError::new_err(e.to_string()))
}

/// A file that cannot be read or written: an `OSError` of the kind Python gives for the
/// error (`FileNotFoundError`, `PermissionError`, `IsADirectoryError`, ...), naming the path.
pub(crate) fn file_error(path: &std::path::Path, e: &std::io::Error) -> PyErr {
    PyErr::from(std::io::Error::new(
        e.kind(),
        format!("{}: {e}", path.display()),
    ))
}

/// An error of the core's `.jcz` import: a file that cannot be read is an `OSError` (see
/// [`file_error`]); everything else about the file (too large, not JSON, unsupported, a replay
/// that fails) a `RecordError`.
pub(crate) fn import_error(e: carcassonne::ImportError) -> PyErr {
    match &e {
        carcassonne::ImportError::Io { path, source } => {
            file_error(std::path::Path::new(path), source)
        }
        _ => RecordError::new_err(e.to_string()),
    }
}

/// The error of a parse of action, tile or outcome notation.
pub(crate) fn invalid(e: carcassonne::ParseError) -> PyErr {
    InvalidActionError::new_err(e.to_string())
}

/// The error of a refused action: `IllegalActionError`, or a `RuntimeError` for an internal
/// error of the engine (a defect, never the caller's fault).
pub(crate) fn play_error(e: carcassonne::PlayError) -> PyErr {
    match e {
        carcassonne::PlayError::Internal(e) => {
            pyo3::exceptions::PyRuntimeError::new_err(e.to_string())
        }
        e => IllegalActionError::new_err(e.to_string()),
    }
}

/// The error of a refused draw or chance outcome: as [`play_error`].
pub(crate) fn draw_error(e: carcassonne::DrawError) -> PyErr {
    match e {
        carcassonne::DrawError::Internal(e) => {
            pyo3::exceptions::PyRuntimeError::new_err(e.to_string())
        }
        e => IllegalActionError::new_err(e.to_string()),
    }
}

/// The rules keywords of `Game`, `VectorEnv` and the batch functions; `None` where the caller
/// did not give one.
#[derive(Default)]
pub(crate) struct Keywords {
    pub players: Option<usize>,
    pub sets: Option<Vec<String>>,
    pub names: Option<Vec<String>>,
    pub farmers: Option<bool>,
    pub small_city: Option<String>,
    pub farm_city_scoring: Option<String>,
    pub explicit_draws: Option<bool>,
}

impl Keywords {
    /// The names of the keywords given.
    fn given(&self) -> Vec<&'static str> {
        [
            ("players", self.players.is_some()),
            ("sets", self.sets.is_some()),
            ("names", self.names.is_some()),
            ("farmers", self.farmers.is_some()),
            ("small_city", self.small_city.is_some()),
            ("farm_city_scoring", self.farm_city_scoring.is_some()),
            ("explicit_draws", self.explicit_draws.is_some()),
        ]
        .into_iter()
        .filter(|(_, given)| *given)
        .map(|(name, _)| name)
        .collect()
    }
}

/// Builds a core `Config` from the rules keywords, or from `config=` (a dict or a JSON string
/// of a JSON object, the whole configuration) — not both: a keyword given beside `config=` is
/// a `ConfigError` naming it.
pub(crate) fn make_config(kw: Keywords, config: Option<&Bound<'_, PyAny>>) -> PyResult<Config> {
    if let Some(extra) = config {
        let given = kw.given();
        if !given.is_empty() {
            return Err(ConfigError::new_err(format!(
                "config= is the whole configuration and cannot be combined with the keywords \
                 {}: put them into the config",
                given.join(", ")
            )));
        }
        let text: String = if let Ok(s) = extra.extract::<String>() {
            s
        } else {
            let json = extra.py().import("json")?;
            json.call_method1("dumps", (extra,))?.extract()?
        };
        let c = Config::from_json(&text).map_err(|e| ConfigError::new_err(e.to_string()))?;
        c.validate()
            .map_err(|e| ConfigError::new_err(e.to_string()))?;
        return Ok(c);
    }
    let mut c = Config::new(kw.players.unwrap_or(2));
    if let Some(sets) = kw.sets {
        c.sets = sets
            .iter()
            .map(|s| {
                s.parse()
                    .map_err(|e: carcassonne::ParseError| ConfigError::new_err(e.to_string()))
            })
            .collect::<PyResult<_>>()?;
    }
    c.names = kw.names.unwrap_or_default();
    c.rules.farmers = kw.farmers.unwrap_or(true);
    c.rules.small_city = match kw.small_city.as_deref().unwrap_or("standard") {
        "standard" | "4" => carcassonne::SmallCityScoring::Standard,
        "legacy2" | "2" => carcassonne::SmallCityScoring::Legacy2,
        other => {
            return Err(ConfigError::new_err(format!(
                "small_city must be 'standard' or 'legacy2', not {:?}",
                other.chars().take(64).collect::<String>()
            )))
        }
    };
    c.rules.farm_city_scoring = match kw.farm_city_scoring.as_deref().unwrap_or("per_field") {
        "per_field" => carcassonne::FarmCityScoring::PerField,
        "once_per_player" => carcassonne::FarmCityScoring::OncePerPlayer,
        other => {
            return Err(ConfigError::new_err(format!(
                "farm_city_scoring must be 'per_field' or 'once_per_player', not {:?}",
                other.chars().take(64).collect::<String>()
            )))
        }
    };
    c.explicit_draws = kw.explicit_draws.unwrap_or(false);
    c.validate()
        .map_err(|e| ConfigError::new_err(e.to_string()))?;
    Ok(c)
}

/// Plays `n` games between built-in bots in Rust (the GIL is released; the games are spread
/// over every core, each on its own seed, so the rows do not depend on the number of cores)
/// and returns the final scores as an int64 array of shape `(n, players)`. `bots` names the bot of each seat in turn
/// (`"random"`, `"greedy"`, `"mcts"`, or a `Bot` whose kind and settings are used; at least
/// one); game `i` uses seed `seed + i`, and seat `p` of game `i` plays its bot reseeded with
/// `(seed + i) * 0x9E3779B97F4A7C15 + p` (mod 2**64). At most 1,000,000 games per call
/// (`ValueError` beyond: call again with `seed=seed + n`); `ConfigError` for an empty `bots`.
#[pyfunction]
#[pyo3(signature = (n, *, players=2, sets=None, seed=0, bots=None))]
fn play_games<'py>(
    py: Python<'py>,
    n: usize,
    players: usize,
    sets: Option<Vec<String>>,
    seed: u64,
    bots: Option<Vec<Bound<'py, PyAny>>>,
) -> PyResult<Bound<'py, numpy::PyArray2<i64>>> {
    if n > MAX_BATCH_GAMES {
        return Err(PyValueError::new_err(format!(
            "n = {n} is more than the {MAX_BATCH_GAMES} games one call plays; call again with \
             seed=seed + n to go on"
        )));
    }
    let config = make_config(
        Keywords {
            players: Some(players),
            sets,
            ..Keywords::default()
        },
        None,
    )?;
    let prototypes: Vec<carcassonne::Bot> = match bots {
        None => vec![carcassonne::Bot::new(BotKind::Random, 0)],
        Some(list) if list.is_empty() => {
            return Err(ConfigError::new_err(
                "bots must name at least one bot (or be None for random bots)",
            ))
        }
        Some(list) => list
            .iter()
            .map(values::PyBot::from_py)
            .collect::<PyResult<_>>()?,
    };
    let rows = py
        .detach(|| play_games_with(&config, n, seed, &prototypes))
        .map_err(|e| ConfigError::new_err(e.to_string()))?;
    let flat: Vec<i64> = rows.iter().flatten().map(|&s| s as i64).collect();
    PyArray1::from_vec(py, flat).reshape([n, players])
}

/// `play_games` with random bots in every seat.
#[pyfunction]
#[pyo3(signature = (n, *, players=2, sets=None, seed=0))]
fn play_random_games<'py>(
    py: Python<'py>,
    n: usize,
    players: usize,
    sets: Option<Vec<String>>,
    seed: u64,
) -> PyResult<Bound<'py, numpy::PyArray2<i64>>> {
    let bots = vec![pyo3::types::PyString::new(py, "random").into_any()];
    play_games(py, n, players, sets, seed, Some(bots))
}

/// `play_games` with greedy bots in every seat.
#[pyfunction]
#[pyo3(signature = (n, *, players=2, sets=None, seed=0))]
fn play_greedy_games<'py>(
    py: Python<'py>,
    n: usize,
    players: usize,
    sets: Option<Vec<String>>,
    seed: u64,
) -> PyResult<Bound<'py, numpy::PyArray2<i64>>> {
    let bots = vec![pyo3::types::PyString::new(py, "greedy").into_any()];
    play_games(py, n, players, sets, seed, Some(bots))
}

/// Replays a JCloisterZone `.jcz` file and evaluates its test assertions: a list of
/// `(assertion, holds)` pairs. Raises `OSError` if the file cannot be read, `RecordError` if it
/// cannot be imported.
#[pyfunction]
fn jcz_assertions(path: std::path::PathBuf) -> PyResult<Vec<(String, bool)>> {
    let jcz = JczGame::from_path(&path).map_err(import_error)?;
    Ok(jcz.check().into_iter().map(|r| (r.text, r.ok)).collect())
}

/// The ids of every tile kind in the catalogue (`"A"` .. `"X"` for the base game).
#[pyfunction]
fn tile_ids() -> Vec<&'static str> {
    carcassonne::catalogue().ids().map(|t| t.as_str()).collect()
}

/// The text of every chance outcome a game can have, in a fixed order: the tile ids of
/// `tile_ids()`, then the big top's animal tokens (`"elephant"` .. `"flea"`), then the rolls of
/// the flying machines' die (`"roll:1"` .. `"roll:3"`), then the messages in the first
/// edition's order (`"message:shortest_road"` .. `"message:score_and_return"`). `Game.resolve`
/// takes each of them; OpenSpiel's chance actions are their indices.
#[pyfunction]
fn outcome_ids() -> Vec<String> {
    let catalogue = carcassonne::catalogue();
    // One arm per kind of outcome, without a catch-all: a new kind fails to compile here.
    let of_kind = |kind: Outcome| -> Vec<Outcome> {
        match kind {
            Outcome::Tile(_) => catalogue.ids().map(Outcome::Tile).collect(),
            Outcome::Animal(_) => Animal::ALL.into_iter().map(Outcome::Animal).collect(),
            Outcome::Roll(_) => (1..=3).map(Outcome::Roll).collect(),
            Outcome::Message(_) => Message::ALL.into_iter().map(Outcome::Message).collect(),
        }
    };
    let first_tile = catalogue.ids().next().expect("the catalogue has tiles");
    [
        Outcome::Tile(first_tile),
        Outcome::Animal(Animal::ALL[0]),
        Outcome::Roll(1),
        Outcome::Message(Message::ALL[0]),
    ]
    .into_iter()
    .flat_map(of_kind)
    .map(|o| o.to_string())
    .collect()
}

/// The native module.
#[pymodule]
fn _carcassonne(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("InvalidActionError", py.get_type::<InvalidActionError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("ExportError", py.get_type::<ExportError>())?;
    m.add("MAX_BATCH_GAMES", MAX_BATCH_GAMES)?;
    m.add("MAX_NAME_BYTES", carcassonne::limits::MAX_NAME_BYTES)?;
    m.add(
        "OBSERVATION_PLANES",
        carcassonne::encoding::OBSERVATION_PLANES.to_vec(),
    )?;
    m.add_class::<PyGame>()?;
    m.add_class::<values::PyAction>()?;
    m.add_class::<values::PyBot>()?;
    m.add_class::<values::PyEvent>()?;
    m.add_class::<values::PyPlacedTile>()?;
    m.add_class::<values::PyPlacedFigure>()?;
    m.add_class::<values::PyPlacedMagicFigure>()?;
    m.add_class::<research::PyVectorEnv>()?;
    m.add_class::<research::PyVectorStep>()?;
    m.add_function(wrap_pyfunction!(play_games, m)?)?;
    m.add_function(wrap_pyfunction!(play_random_games, m)?)?;
    m.add_function(wrap_pyfunction!(play_greedy_games, m)?)?;
    m.add_function(wrap_pyfunction!(jcz_assertions, m)?)?;
    m.add_function(wrap_pyfunction!(tile_ids, m)?)?;
    m.add_function(wrap_pyfunction!(outcome_ids, m)?)?;
    Ok(())
}
