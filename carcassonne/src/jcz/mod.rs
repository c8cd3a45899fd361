//! JCloisterZone saved games (`.jcz`): import with every message checked, evaluation of their
//! test assertions, and export of our games.
//!
//! A `.jcz` file is JSON: `setup` (sets, elements, rules, start tiles), `players` (in seat
//! order), `replay` (the messages `PLACE_TILE`, `DEPLOY_MEEPLE`, `PASS`, `COMMIT`,
//! `MOVE_NEUTRAL_FIGURE`), `gameAnnotations.drawOrder` (the forced tile order) and
//! `gameAnnotations.endTurn` (the game ends, with final scoring, after that many draws), and
//! `test.assertions`. JCloisterZone's geometry is ours, so positions, rotations and locations
//! carry over unchanged; its tile ids map through the catalogue's `jcz_id`, its other names
//! through one table (`names`). The format facts are in `../shared/jcz/README.md` and
//! `../shared/jcz/refereed/README.md`.
//!
//! An import plays under [`Rules::jcloisterzone`](crate::Rules::jcloisterzone), JCloisterZone's
//! readings of the rules, and with explicit draws. Without `endTurn` the stack is the sets'
//! tiles less the start tile and the game goes on after the replay (the next draw is pending);
//! with it the stack is exactly the first `endTurn` tiles of the draw order, so the game ends
//! and is scored after them. Every message is checked against the engine: its `player` (when
//! the file gives one) must be the seat deciding now, and it must answer the pending decision.
//!
//! [`Game::to_jcz`](crate::Game::to_jcz) writes the other way, for games whose rules are
//! JCloisterZone's.

mod assertions;
mod export;
mod meeples;
mod names;
mod random;
mod replay;
mod setup;

use std::io::Read;
use std::path::Path;

use serde::de::{DeserializeSeed, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::error::ImportError;
use crate::events::Score;
use crate::game::Game;
use crate::limits::{MAX_JCZ_BYTES, MAX_JCZ_MESSAGE_BYTES, MAX_JCZ_SECTION_BYTES};

pub use assertions::AssertionResult;

/// A game imported from JCloisterZone, with its replay's score events and its assertions.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct JczGame {
    /// The game after the replay (and after drawing the tile an assertion
    /// `Available action TilePlacement for <tile>` names, when the replay stops at a draw).
    pub game: Game,
    /// The file's `test.description`, if any.
    pub description: String,
    /// Every score event of the replay (and of the final scoring, if the game ended).
    pub scores: Vec<Score>,
    /// The file's `test.assertions`, in order.
    pub assertions: Vec<String>,
    /// JCloisterZone's phase at the end of the replay (for `phase is <Phase>`).
    phase: &'static str,
    /// Why the tile an assertion named could not be drawn, if it could not.
    named_draw: Option<String>,
}

impl JczGame {
    /// Reads and imports a `.jcz` file, reading at most
    /// [`MAX_JCZ_BYTES`] (a longer file, or an endless one such as `/dev/zero`, is refused
    /// after that many bytes).
    ///
    /// # Errors
    /// [`ImportError::Io`] if the file cannot be read; [`ImportError::Format`] if it is not
    /// UTF-8 text; [`ImportError::TooLarge`] if it is longer than [`MAX_JCZ_BYTES`]; otherwise
    /// as [`JczGame::parse`].
    pub fn from_path(path: impl AsRef<Path>) -> Result<JczGame, ImportError> {
        let path = path.as_ref();
        let io = |source| ImportError::Io {
            path: path.display().to_string(),
            source,
        };
        let file = std::fs::File::open(path).map_err(io)?;
        let mut bytes = Vec::new();
        file.take(MAX_JCZ_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        if bytes.len() > MAX_JCZ_BYTES {
            return Err(ImportError::TooLarge {
                what: format!("the file {}", path.display()),
                size: bytes.len(),
                limit: MAX_JCZ_BYTES,
                unit: "bytes or more",
                name: "MAX_JCZ_BYTES",
            });
        }
        // Read, but not a saved game: a format error, as for any other text that is not one.
        let text = String::from_utf8(bytes).map_err(|e| {
            ImportError::Format(format!(
                "{} is not UTF-8 text: {}",
                path.display(),
                e.utf8_error()
            ))
        })?;
        JczGame::parse(&text)
    }

    /// Imports a `.jcz` file's text. The text is not turned into a document tree: its
    /// sections are borrowed from it and the replay's messages are parsed and applied one at
    /// a time, so memory stays within a small multiple of the text's size; the limits of
    /// [`limits`](crate::limits) apply.
    ///
    /// # Errors
    /// [`ImportError::TooLarge`] for a text longer than [`MAX_JCZ_BYTES`], a section other
    /// than `replay` longer than [`MAX_JCZ_SECTION_BYTES`], a replay message longer than
    /// [`MAX_JCZ_MESSAGE_BYTES`] or a draw order longer than
    /// [`MAX_DRAW_ORDER`](crate::limits::MAX_DRAW_ORDER) tiles; [`ImportError::Json`] for
    /// invalid JSON (or a field given twice); [`ImportError::Format`] for a missing or
    /// mistyped field outside the replay; [`ImportError::Unsupported`] for a set, element,
    /// rule or message this library does not implement; [`ImportError::UnknownTile`] for a
    /// tile id of the draw order or setup we do not know; [`ImportError::Config`] for a setup
    /// that makes an invalid config (such as a player name longer than
    /// [`MAX_NAME_BYTES`](crate::limits::MAX_NAME_BYTES)); [`ImportError::Replay`] for a
    /// replay message that is malformed or does not answer the pending decision (naming its
    /// index and field); [`ImportError::WrongPlayer`] for a message sent by another seat than
    /// the one deciding.
    pub fn parse(text: &str) -> Result<JczGame, ImportError> {
        if text.len() > MAX_JCZ_BYTES {
            return Err(ImportError::TooLarge {
                what: "the .jcz text".into(),
                size: text.len(),
                limit: MAX_JCZ_BYTES,
                unit: "bytes",
                name: "MAX_JCZ_BYTES",
            });
        }
        if !text.trim_start().starts_with('{') {
            // Whatever else it is (an array, a number, not JSON at all).
            serde_json::from_str::<serde::de::IgnoredAny>(text)?;
            return Err(setup::format_error("the file is not a JSON object"));
        }
        let sections: Sections = serde_json::from_str(text)?;
        let annotations = section(sections.annotations, "gameAnnotations")?;
        if !(annotations.is_object() || annotations.is_null()) {
            return Err(setup::format_error("gameAnnotations is not an object"));
        }
        // The setup first: a set we do not implement is named as such, not as its tiles.
        let mut head = serde_json::Map::new();
        for (name, raw) in [("setup", sections.setup), ("players", sections.players)] {
            if raw.is_some() {
                head.insert(name.to_owned(), section(raw, name)?);
            }
        }
        let mut config = setup::config_from_setup(&Value::Object(head))?;
        let draw_order = replay::draw_order(&annotations, &config.sets)?;
        let end_turn = match annotations.get("endTurn") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| setup::format_error("gameAnnotations.endTurn is not a number"))?
                    as usize,
            ),
        };
        config.explicit_draws = true;
        if let Some(end) = end_turn {
            if end > draw_order.len() {
                return Err(setup::format_error(format!(
                    "gameAnnotations.endTurn {end} is beyond the draw order of {} tiles",
                    draw_order.len()
                )));
            }
            config.stack = Some(draw_order[..end].to_vec());
        }
        let game = Game::new(config, 0)?;
        let initial_random = match sections.initial_random.map(|r| r.get()) {
            None => 0.0,
            Some(raw) => serde_json::from_str::<Option<f64>>(raw)
                .map_err(|_| setup::format_error("initialRandom is not a number"))?
                .unwrap_or(0.0),
        };
        let mut replay = replay::Replay::new(game, draw_order, initial_random);
        if let Some(raw) = sections.replay {
            apply_messages(raw, &mut replay)?;
        }
        replay
            .finish()
            .map_err(|why| setup::format_error(format!("after the last message: {why}")))?;

        let test = section(sections.test, "test")?;
        let description = test
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let assertions: Vec<String> = match test.get("assertions") {
            None | Some(Value::Null) => Vec::new(),
            Some(v) => setup::as_array(v, "test.assertions")?
                .iter()
                .enumerate()
                .map(|(i, a)| setup::as_str(a, &format!("test.assertions[{i}]")).map(str::to_owned))
                .collect::<Result<_, _>>()?,
        };
        // JCloisterZone draws the next tile of the draw order at the start of a turn; a file
        // that stops before a draw whose tile JCloisterZone drew with its own generator may
        // name it in an assertion: draw it, so that the placement can be looked at.
        let mut named_draw = replay.draw_on().err();
        if replay.game.pending() == crate::Pending::Draw && !replay.commit_pending() {
            let sets = replay.game.config().sets.clone();
            if let Some(tile) = assertions
                .iter()
                .find_map(|a| assertions::named_tile(a, &sets))
            {
                // A tile that cannot be drawn leaves the draw pending; the assertion then
                // fails, saying why.
                named_draw = replay.draw(tile).err();
            }
        }
        let phase = replay.phase();
        Ok(JczGame {
            game: replay.game,
            description,
            scores: replay.scores,
            assertions,
            phase,
            named_draw,
        })
    }
}

/// The top-level fields of a `.jcz` this library reads, as slices of the text (others are
/// skipped without being kept; a field given twice is refused).
#[derive(Deserialize)]
struct Sections<'a> {
    #[serde(borrow, default)]
    setup: Option<&'a RawValue>,
    #[serde(borrow, default)]
    players: Option<&'a RawValue>,
    #[serde(borrow, default)]
    replay: Option<&'a RawValue>,
    #[serde(borrow, default, rename = "gameAnnotations")]
    annotations: Option<&'a RawValue>,
    #[serde(borrow, default)]
    test: Option<&'a RawValue>,
    #[serde(borrow, default, rename = "initialRandom")]
    initial_random: Option<&'a RawValue>,
}

/// Section `name` as a document (`null` when absent), if it is at most
/// [`MAX_JCZ_SECTION_BYTES`].
fn section(raw: Option<&RawValue>, name: &str) -> Result<Value, ImportError> {
    let Some(raw) = raw else {
        return Ok(Value::Null);
    };
    let text = raw.get();
    if text.len() > MAX_JCZ_SECTION_BYTES {
        return Err(ImportError::TooLarge {
            what: format!("the section {name}"),
            size: text.len(),
            limit: MAX_JCZ_SECTION_BYTES,
            unit: "bytes",
            name: "MAX_JCZ_SECTION_BYTES",
        });
    }
    Ok(serde_json::from_str(text)?)
}

/// Reads the `replay` array one message at a time, each applied before the next is read.
fn apply_messages(raw: &RawValue, replay: &mut replay::Replay) -> Result<(), ImportError> {
    if raw.get() == "null" {
        return Ok(());
    }
    let mut failure = None;
    let mut reader = serde_json::Deserializer::from_str(raw.get());
    let seed = Messages {
        replay,
        failure: &mut failure,
    };
    match seed.deserialize(&mut reader) {
        Ok(()) => Ok(()),
        Err(e) => Err(failure.unwrap_or_else(|| {
            // The text was checked as JSON already: only the type can be wrong here.
            if e.is_data() {
                setup::format_error("replay is not an array")
            } else {
                ImportError::Json(e)
            }
        })),
    }
}

/// The replay array's reader: applies each message as it comes.
struct Messages<'r> {
    replay: &'r mut replay::Replay,
    /// Why the replay stopped, when it stopped for a reason of ours.
    failure: &'r mut Option<ImportError>,
}

impl<'de> DeserializeSeed<'de> for Messages<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Messages<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of replay messages")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        while let Some(raw) = seq.next_element::<&'de RawValue>()? {
            let text = raw.get();
            let applied = if text.len() > MAX_JCZ_MESSAGE_BYTES {
                Err(ImportError::TooLarge {
                    what: format!("replay message #{index}"),
                    size: text.len(),
                    limit: MAX_JCZ_MESSAGE_BYTES,
                    unit: "bytes",
                    name: "MAX_JCZ_MESSAGE_BYTES",
                })
            } else {
                serde_json::from_str::<Value>(text)
                    .map_err(ImportError::Json)
                    .and_then(|message| self.replay.apply(index, &message))
            };
            if let Err(e) = applied {
                *self.failure = Some(e);
                return Err(serde::de::Error::custom("replay stopped"));
            }
            index += 1;
        }
        Ok(())
    }
}
