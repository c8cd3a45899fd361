//! Immutable, hashable, comparable values: actions, events, placed tiles and figures.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use carcassonne::{Action, Event, PlacedFigure, PlacedTile};

use crate::IllegalActionError;

/// A built-in bot: `Bot("random", seed=0)` or `Bot("greedy", seed=0)`; `choose(game)` returns
/// its action for the pending decision (None when a draw is pending or the game is over).
#[pyclass(name = "Bot", module = "carcassonne")]
pub struct PyBot(carcassonne::Bot);

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (kind, seed=0))]
    fn new(kind: &str, seed: u64) -> PyResult<PyBot> {
        let kind: carcassonne::BotKind = kind.parse().map_err(|e: carcassonne::ParseError| {
            pyo3::exceptions::PyValueError::new_err(e.to_string())
        })?;
        Ok(PyBot(carcassonne::Bot::new(kind, seed)))
    }

    /// `"random"` or `"greedy"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind().name()
    }

    /// The bot's action for the pending decision of `game`, or None.
    fn choose(&mut self, game: &crate::game::PyGame) -> Option<PyAction> {
        self.0.choose(game.inner()).map(PyAction)
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?})", self.0.kind().name())
    }
}

/// An action: `Action("place D 1,-2 R90")`, `Action("deploy follower 1,-2 city NW")`,
/// `Action("double_turn")`, `Action("pass")`. Immutable and hashable; `str()` gives the notation back.
#[pyclass(name = "Action", module = "carcassonne", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyAction(pub Action);

#[pymethods]
impl PyAction {
    /// Parses the action notation; raises `ValueError` naming what is wrong.
    #[new]
    fn new(text: &str) -> PyResult<PyAction> {
        text.parse()
            .map(PyAction)
            .map_err(|e: carcassonne::ParseError| IllegalActionError::new_err(e.to_string()))
    }

    /// `"place"`, `"deploy"`, `"double_turn"` or `"pass"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.verb()
    }

    /// The tile id of a placement, else None.
    #[getter]
    fn tile(&self) -> Option<&'static str> {
        match self.0 {
            Action::Place { tile, .. } => Some(tile.as_str()),
            _ => None,
        }
    }

    /// x of the position (placement, deployment, leaving the City), else None. x grows east.
    #[getter]
    fn x(&self) -> Option<i32> {
        match self.0 {
            Action::Place { pos, .. }
            | Action::Deploy { pos, .. }
            | Action::LeaveCity { pos, .. } => Some(pos.x),
            _ => None,
        }
    }

    /// y of the position (placement, deployment, leaving the City), else None. y grows south.
    #[getter]
    fn y(&self) -> Option<i32> {
        match self.0 {
            Action::Place { pos, .. }
            | Action::Deploy { pos, .. }
            | Action::LeaveCity { pos, .. } => Some(pos.y),
            _ => None,
        }
    }

    /// The rotation of a placement in degrees clockwise (0, 90, 180, 270), else None.
    #[getter]
    fn rotation(&self) -> Option<u16> {
        match self.0 {
            Action::Place { rotation, .. } => Some(rotation.degrees()),
            _ => None,
        }
    }

    /// The figure of a deployment or a City action (`"follower"`), else None.
    #[getter]
    fn figure(&self) -> Option<&'static str> {
        match self.0 {
            Action::Deploy { figure, .. }
            | Action::EnterCity { figure, .. }
            | Action::LeaveCity { figure, .. } => Some(figure.name()),
            _ => None,
        }
    }

    /// The feature kind of a deployment or of leaving the City (`"road"`, `"city"`,
    /// `"monastery"`, `"shrine"`, `"field"`).
    #[getter]
    fn feature(&self) -> Option<&'static str> {
        match self.0 {
            Action::Deploy { feature, .. } | Action::LeaveCity { feature, .. } => {
                Some(feature.name())
            }
            _ => None,
        }
    }

    /// The location of a deployment or of leaving the City in JCloisterZone notation
    /// (`"NW"`, `"NL.NR"`, `"I"`).
    #[getter]
    fn location(&self) -> Option<String> {
        match self.0 {
            Action::Deploy { location, .. } | Action::LeaveCity { location, .. } => {
                Some(location.to_string())
            }
            _ => None,
        }
    }

    /// The quarter of the City of Carcassonne (`"castle"`, `"market"`, `"blacksmith"`,
    /// `"cathedral"`) of a City action (`enter`, `count`, `leave`), else None.
    #[getter]
    fn quarter(&self) -> Option<&'static str> {
        match self.0 {
            Action::EnterCity { quarter, .. }
            | Action::MoveCount { quarter }
            | Action::LeaveCity { quarter, .. } => Some(quarter.name()),
            _ => None,
        }
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Action({:?})", self.0.to_string())
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let text = slf.get().0.to_string();
        Ok((
            py.get_type::<PyAction>().into_any(),
            PyTuple::new(py, [text])?,
        ))
    }
}

/// Something that happened: `kind` is `tile_drawn`, `tile_discarded`, `tile_placed`,
/// `figure_deployed`, `scored`, `figure_returned` or `game_over`; fields that do not apply
/// are None. Score events explain themselves: `feature`, `complete`, `final_scoring`, `tiles`,
/// `pennants`, `cities`, `points`.
#[pyclass(name = "Event", module = "carcassonne", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyEvent(pub Event);

#[pymethods]
impl PyEvent {
    /// The event kind.
    #[getter]
    fn kind(&self) -> &'static str {
        match &self.0 {
            Event::TileDrawn { .. } => "tile_drawn",
            Event::TileDiscarded { .. } => "tile_discarded",
            Event::TileDeferred { .. } => "tile_deferred",
            Event::TilePlaced { .. } => "tile_placed",
            Event::FigureDeployed { .. } => "figure_deployed",
            Event::Scored(_) => "scored",
            Event::FigureReturned { .. } => "figure_returned",
            Event::GoodsTaken { .. } => "goods_taken",
            Event::TokenTaken { .. } => "token_taken",
            Event::FigureEnteredCity { .. } => "figure_entered_city",
            Event::CountMoved { .. } => "count_moved",
            Event::FigureLeftCity { .. } => "figure_left_city",
            _ => "game_over",
        }
    }

    /// The seat concerned (0-based), None for `game_over`.
    #[getter]
    fn player(&self) -> Option<usize> {
        match &self.0 {
            Event::TileDrawn { player, .. }
            | Event::TileDiscarded { player, .. }
            | Event::TileDeferred { player, .. }
            | Event::TilePlaced { player, .. }
            | Event::FigureDeployed { player, .. }
            | Event::FigureReturned { player, .. }
            | Event::GoodsTaken { player, .. }
            | Event::TokenTaken { player, .. }
            | Event::FigureEnteredCity { player, .. }
            | Event::CountMoved { player, .. }
            | Event::FigureLeftCity { player, .. } => Some(*player),
            Event::Scored(s) => Some(s.player),
            _ => None,
        }
    }

    /// The tile id (drawn, discarded, placed).
    #[getter]
    fn tile(&self) -> Option<&'static str> {
        match &self.0 {
            Event::TileDrawn { tile, .. }
            | Event::TileDiscarded { tile, .. }
            | Event::TileDeferred { tile, .. }
            | Event::TilePlaced { tile, .. } => Some(tile.as_str()),
            _ => None,
        }
    }

    /// The position `(x, y)` of the tile, figure or scored feature.
    #[getter]
    fn position(&self) -> Option<(i32, i32)> {
        match &self.0 {
            Event::TilePlaced { pos, .. }
            | Event::FigureDeployed { pos, .. }
            | Event::FigureReturned { pos, .. }
            | Event::FigureLeftCity { pos, .. } => Some((pos.x, pos.y)),
            Event::Scored(s) => Some((s.pos.x, s.pos.y)),
            _ => None,
        }
    }

    /// Rotation in degrees of a placed tile.
    #[getter]
    fn rotation(&self) -> Option<u16> {
        match &self.0 {
            Event::TilePlaced { rotation, .. } => Some(rotation.degrees()),
            _ => None,
        }
    }

    /// The feature kind (deployed, returned, scored).
    #[getter]
    fn feature(&self) -> Option<&'static str> {
        match &self.0 {
            Event::FigureDeployed { feature, .. }
            | Event::FigureReturned { feature, .. }
            | Event::FigureLeftCity { feature, .. } => Some(feature.name()),
            Event::Scored(s) => Some(s.feature.name()),
            _ => None,
        }
    }

    /// Points awarded (score events; may be 0).
    #[getter]
    fn points(&self) -> Option<u32> {
        self.0.score().map(|s| s.points)
    }

    /// The trade good (`"wine"`, `"grain"`, `"cloth"`) of a `goods_taken` event or of a
    /// goods-majority score.
    #[getter]
    fn goods(&self) -> Option<String> {
        let goods = match &self.0 {
            Event::GoodsTaken { goods, .. } => Some(*goods),
            Event::Scored(s) => s.goods,
            _ => None,
        };
        goods.map(|g| format!("{g:?}").to_lowercase())
    }

    /// The King or Robber Baron (`"king"`, `"robber_baron"`) of a `token_taken` event or of a
    /// score for holding it.
    #[getter]
    fn token(&self) -> Option<&'static str> {
        match &self.0 {
            Event::TokenTaken { token, .. } => Some(token.name()),
            Event::Scored(s) => s.token.map(|t| t.name()),
            _ => None,
        }
    }

    /// The quarter of a City event (`figure_entered_city`, `count_moved`, `figure_left_city`).
    #[getter]
    fn quarter(&self) -> Option<&'static str> {
        match &self.0 {
            Event::FigureEnteredCity { quarter, .. }
            | Event::CountMoved { quarter, .. }
            | Event::FigureLeftCity { quarter, .. } => Some(quarter.name()),
            _ => None,
        }
    }

    /// Size (tiles) of the city or road that took the token, in a `token_taken` event.
    #[getter]
    fn size(&self) -> Option<u16> {
        match &self.0 {
            Event::TokenTaken { size, .. } => Some(*size),
            _ => None,
        }
    }

    /// Tokens taken in a `goods_taken` event.
    #[getter]
    fn count(&self) -> Option<u8> {
        match &self.0 {
            Event::GoodsTaken { count, .. } => Some(*count),
            _ => None,
        }
    }

    /// What was scored (`road`, `city`, `monastery`, `shrine`, `field`, `goods`, `king`,
    /// `robber_baron`), for score events.
    #[getter]
    fn scored(&self) -> Option<&'static str> {
        self.0.score().map(|s| s.kind_name())
    }

    /// Whether the scored feature was complete.
    #[getter]
    fn complete(&self) -> Option<bool> {
        self.0.score().map(|s| s.complete)
    }

    /// Whether the score is part of the final scoring.
    #[getter]
    fn final_scoring(&self) -> Option<bool> {
        self.0.score().map(|s| s.final_scoring)
    }

    /// Tiles of the scored feature.
    #[getter]
    fn tiles(&self) -> Option<u16> {
        self.0.score().map(|s| s.tiles)
    }

    /// Pennants of a scored city.
    #[getter]
    fn pennants(&self) -> Option<u16> {
        self.0.score().map(|s| s.pennants)
    }

    /// Completed cities bordering a scored field.
    #[getter]
    fn cities(&self) -> Option<u16> {
        self.0.score().map(|s| s.cities)
    }

    /// Why the points were awarded, in words.
    #[getter]
    fn reason(&self) -> Option<String> {
        self.0.score().map(|s| s.reason())
    }

    /// The final scores of a `game_over` event.
    #[getter]
    fn scores(&self) -> Option<Vec<u32>> {
        match &self.0 {
            Event::GameOver { scores } => Some(scores.clone()),
            _ => None,
        }
    }

    fn __repr__(&self) -> String {
        match &self.0 {
            Event::Scored(s) => format!(
                "Event(kind='scored', player={}, points={}, feature='{}', complete={}, final_scoring={}, tiles={}, pennants={}, cities={})",
                s.player,
                s.points,
                s.feature,
                py_bool(s.complete),
                py_bool(s.final_scoring),
                s.tiles,
                s.pennants,
                s.cities
            ),
            Event::GameOver { scores } => format!("Event(kind='game_over', scores={scores:?})"),
            other => {
                let mut parts = vec![format!("kind='{}'", self.kind())];
                if let Some(p) = self.player() {
                    parts.push(format!("player={p}"));
                }
                if let Some(t) = self.tile() {
                    parts.push(format!("tile='{t}'"));
                }
                if let Some((x, y)) = self.position() {
                    parts.push(format!("position=({x}, {y})"));
                }
                if let Some(f) = self.feature() {
                    parts.push(format!("feature='{f}'"));
                }
                let _ = other;
                format!("Event({})", parts.join(", "))
            }
        }
    }
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// A tile on the board: `tile` id, position `x`, `y`, `rotation` in degrees.
#[pyclass(name = "PlacedTile", module = "carcassonne", frozen, eq, hash, get_all)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPlacedTile {
    /// Tile id.
    pub tile: &'static str,
    /// x (east).
    pub x: i32,
    /// y (south).
    pub y: i32,
    /// Rotation in degrees clockwise.
    pub rotation: u16,
}

impl From<&PlacedTile> for PyPlacedTile {
    fn from(t: &PlacedTile) -> PyPlacedTile {
        PyPlacedTile {
            tile: t.tile.as_str(),
            x: t.pos.x,
            y: t.pos.y,
            rotation: t.rotation.degrees(),
        }
    }
}

#[pymethods]
impl PyPlacedTile {
    fn __repr__(&self) -> String {
        format!(
            "PlacedTile(tile='{}', x={}, y={}, rotation={})",
            self.tile, self.x, self.y, self.rotation
        )
    }
}

/// A figure on the board: owner `player`, `figure`, tile position `x`, `y`, `feature` kind and
/// `location`.
#[pyclass(
    name = "PlacedFigure",
    module = "carcassonne",
    frozen,
    eq,
    hash,
    get_all
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPlacedFigure {
    /// Owner seat.
    pub player: usize,
    /// Figure name.
    pub figure: &'static str,
    /// x (east).
    pub x: i32,
    /// y (south).
    pub y: i32,
    /// Feature kind.
    pub feature: &'static str,
    /// Location on the tile.
    pub location: String,
}

impl From<&PlacedFigure> for PyPlacedFigure {
    fn from(f: &PlacedFigure) -> PyPlacedFigure {
        PyPlacedFigure {
            player: f.player,
            figure: f.figure.name(),
            x: f.pos.x,
            y: f.pos.y,
            feature: f.feature.name(),
            location: f.location.to_string(),
        }
    }
}

#[pymethods]
impl PyPlacedFigure {
    fn __repr__(&self) -> String {
        format!(
            "PlacedFigure(player={}, figure='{}', x={}, y={}, feature='{}', location='{}')",
            self.player, self.figure, self.x, self.y, self.feature, self.location
        )
    }
}
