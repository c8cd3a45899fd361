//! Immutable, hashable, comparable values: actions, events, placed tiles and figures.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use carcassonne::bots::{MctsOptions, MctsReward};
use carcassonne::{
    Action, BotKind, Event, FeatureScore, FieldScore, PlacedFigure, PlacedTile, Reason, Score,
    TokenScore,
};

/// A built-in bot: `Bot("random", seed=0)`, `Bot("greedy", seed=0)` or `Bot("mcts", seed=0,
/// iterations=1000)`; `choose(game)` returns its action for the pending decision (None when a
/// draw is pending or the game is over).
#[pyclass(name = "Bot", module = "carcassonne")]
#[derive(Clone)]
pub struct PyBot(pub(crate) carcassonne::Bot);

/// The name of a core bot kind, for Python.
fn bot_kind_name(kind: BotKind) -> &'static str {
    match kind {
        BotKind::Random => "random",
        BotKind::Greedy => "greedy",
        BotKind::Mcts => "mcts",
    }
}

impl PyBot {
    /// A bot from its Python description: a kind name, or a `Bot` (its kind and options).
    pub(crate) fn from_py(bot: &Bound<'_, PyAny>) -> PyResult<carcassonne::Bot> {
        if let Ok(b) = bot.cast::<PyBot>() {
            return Ok(b.borrow().0.clone());
        }
        let name: String = bot.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "a bot is a Bot or a name: 'random', 'greedy' or 'mcts'",
            )
        })?;
        let kind: BotKind = name.parse().map_err(|e: carcassonne::ParseError| {
            pyo3::exceptions::PyValueError::new_err(e.to_string())
        })?;
        Ok(carcassonne::Bot::new(kind, 0))
    }
}

#[pymethods]
impl PyBot {
    /// `kind` is `"random"`, `"greedy"` or `"mcts"`. The search settings apply to `"mcts"`
    /// only (a `ValueError` names one given for another kind): `iterations` per decision
    /// (default 1000), `time_budget` in seconds per decision (the search stops at whichever
    /// comes first; with a budget, choices depend on the machine's speed), `exploration` (the
    /// UCT constant, default 0.5) and `reward` (`"margin"`, the default, or `"win"`).
    #[new]
    #[pyo3(signature = (kind, seed=0, *, iterations=None, time_budget=None, exploration=None, reward=None))]
    fn new(
        kind: &str,
        seed: u64,
        iterations: Option<u32>,
        time_budget: Option<f64>,
        exploration: Option<f64>,
        reward: Option<&str>,
    ) -> PyResult<PyBot> {
        let value_error = pyo3::exceptions::PyValueError::new_err;
        let kind: BotKind = kind
            .parse()
            .map_err(|e: carcassonne::ParseError| value_error(e.to_string()))?;
        match kind {
            BotKind::Random | BotKind::Greedy => {
                let given = [
                    ("iterations", iterations.is_some()),
                    ("time_budget", time_budget.is_some()),
                    ("exploration", exploration.is_some()),
                    ("reward", reward.is_some()),
                ];
                if let Some((name, _)) = given.iter().find(|(_, g)| *g) {
                    return Err(value_error(format!(
                        "{name} applies to the mcts bot only, not to {:?}",
                        bot_kind_name(kind)
                    )));
                }
                Ok(PyBot(carcassonne::Bot::new(kind, seed)))
            }
            BotKind::Mcts => {
                let mut options = MctsOptions::default();
                if let Some(n) = iterations {
                    if n == 0 {
                        return Err(value_error("iterations must be at least 1".to_string()));
                    }
                    options.iterations = n;
                }
                if let Some(seconds) = time_budget {
                    if !(seconds.is_finite() && seconds > 0.0) {
                        return Err(value_error(format!(
                            "time_budget must be a positive number of seconds, not {seconds}"
                        )));
                    }
                    options.time_budget = Some(std::time::Duration::from_secs_f64(seconds));
                    if iterations.is_none() {
                        options.iterations = u32::MAX;
                    }
                }
                if let Some(c) = exploration {
                    if !(c.is_finite() && c >= 0.0) {
                        return Err(value_error(format!(
                            "exploration must be a non-negative number, not {c}"
                        )));
                    }
                    options.exploration = c;
                }
                if let Some(r) = reward {
                    options.reward = match r {
                        "win" => MctsReward::Win,
                        "margin" => MctsReward::Margin,
                        other => {
                            return Err(value_error(format!(
                                "reward must be 'win' or 'margin', not {other:?}"
                            )))
                        }
                    };
                }
                Ok(PyBot(carcassonne::Bot::mcts(seed, options)))
            }
        }
    }

    /// `"random"`, `"greedy"` or `"mcts"`.
    #[getter]
    fn kind(&self) -> &'static str {
        bot_kind_name(self.0.kind())
    }

    /// The MCTS settings (`iterations`, `time_budget` in seconds or None, `exploration`,
    /// `reward`); None for the other kinds.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        if self.0.kind() != BotKind::Mcts {
            return Ok(None);
        }
        let o = self.0.mcts_options();
        let dict = PyDict::new(py);
        dict.set_item("iterations", o.iterations)?;
        dict.set_item("time_budget", o.time_budget.map(|d| d.as_secs_f64()))?;
        dict.set_item("exploration", o.exploration)?;
        let reward = match o.reward {
            MctsReward::Win => "win",
            MctsReward::Margin => "margin",
        };
        dict.set_item("reward", reward)?;
        Ok(Some(dict))
    }

    /// What the last `choose` of an MCTS bot searched: `{"iterations": n, "nodes": n,
    /// "seconds": s}` (iterations 0 when a single action was legal); zeros for other kinds.
    #[getter]
    fn last_search<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.0.last_search();
        let dict = PyDict::new(py);
        dict.set_item("iterations", s.iterations)?;
        dict.set_item("nodes", s.nodes)?;
        dict.set_item("seconds", s.elapsed.as_secs_f64())?;
        Ok(dict)
    }

    /// The same bot (kind and settings) with a fresh generator seeded by `seed`.
    fn reseeded(&self, seed: u64) -> PyBot {
        PyBot(self.0.reseeded(seed))
    }

    /// The bot's action for the pending decision of `game`, or None. An MCTS bot searches
    /// with the GIL released.
    fn choose(&mut self, py: Python<'_>, game: &crate::game::PyGame) -> Option<PyAction> {
        let game = game.inner();
        let bot = &mut self.0;
        py.detach(|| bot.choose(game)).map(PyAction)
    }

    fn __repr__(&self) -> String {
        match self.0.kind() {
            BotKind::Mcts => {
                let o = self.0.mcts_options();
                match o.time_budget {
                    Some(t) if o.iterations == u32::MAX => {
                        format!("Bot(\"mcts\", time_budget={})", t.as_secs_f64())
                    }
                    Some(t) => format!(
                        "Bot(\"mcts\", iterations={}, time_budget={})",
                        o.iterations,
                        t.as_secs_f64()
                    ),
                    None => format!("Bot(\"mcts\", iterations={})", o.iterations),
                }
            }
            kind => format!("Bot({:?})", bot_kind_name(kind)),
        }
    }
}

/// An action: `Action("place D 1,-2 R90")`, `Action("deploy follower 1,-2 city NW")`,
/// `Action("double_turn")`, `Action("pass")`. Immutable and hashable; `str()` gives the notation back.
#[pyclass(name = "Action", module = "carcassonne", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyAction(pub Action);

#[pymethods]
impl PyAction {
    /// Parses the action notation; raises `InvalidActionError` (a `ValueError`) naming what is
    /// wrong.
    #[new]
    fn new(text: &str) -> PyResult<PyAction> {
        text.parse().map(PyAction).map_err(crate::invalid)
    }

    /// The action's first word in notation: `"place"`, `"deploy"`, `"double_turn"`, `"enter"`,
    /// `"count"`, `"leave"`, `"acrobat"`, `"pyramid"` or `"pass"`.
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

    /// x of the position (placement, deployment, leaving the City, an acrobat site), else
    /// None. x grows east.
    #[getter]
    fn x(&self) -> Option<i32> {
        match self.0 {
            Action::Place { pos, .. }
            | Action::Deploy { pos, .. }
            | Action::LeaveCity { pos, .. }
            | Action::Acrobat { pos }
            | Action::ScorePyramid { pos } => Some(pos.x),
            _ => None,
        }
    }

    /// y of the position (placement, deployment, leaving the City, an acrobat site), else
    /// None. y grows south.
    #[getter]
    fn y(&self) -> Option<i32> {
        match self.0 {
            Action::Place { pos, .. }
            | Action::Deploy { pos, .. }
            | Action::LeaveCity { pos, .. }
            | Action::Acrobat { pos }
            | Action::ScorePyramid { pos } => Some(pos.y),
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

/// Something that happened: `kind` is `tile_drawn`, `tile_discarded`, `tile_deferred`,
/// `tile_placed`, `figure_deployed`, `scored`, `figure_returned`, `goods_taken`, `token_taken`,
/// `figure_entered_city`, `count_moved`, `figure_left_city`, `big_top_moved`,
/// `animal_revealed`, `acrobat_deployed`, `acrobat_returned` or `game_over`; fields that do not
/// apply are None. A score explains itself: `reason` (`feature`, `field`, `goods`, `token`,
/// `big_top`, `acrobats`, `ringmaster`) and the fields of that reason, and `explanation` in
/// words.
#[pyclass(name = "Event", module = "carcassonne", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyEvent(pub Event);

impl PyEvent {
    fn feature_score(&self) -> Option<&FeatureScore> {
        match &self.0 {
            Event::Scored(Score {
                reason: Reason::Feature(f),
                ..
            }) => Some(f),
            _ => None,
        }
    }

    fn field_score(&self) -> Option<&FieldScore> {
        match &self.0 {
            Event::Scored(Score {
                reason: Reason::Field(f),
                ..
            }) => Some(f),
            _ => None,
        }
    }

    fn token_score(&self) -> Option<&TokenScore> {
        match &self.0 {
            Event::Scored(Score {
                reason: Reason::Token(t),
                ..
            }) => Some(t),
            _ => None,
        }
    }
}

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
            Event::BigTopMoved { .. } => "big_top_moved",
            Event::AnimalRevealed { .. } => "animal_revealed",
            Event::AcrobatDeployed { .. } => "acrobat_deployed",
            Event::AcrobatReturned { .. } => "acrobat_returned",
            Event::IngotPlaced { .. } => "ingot_placed",
            Event::IngotTaken { .. } => "ingot_taken",
            Event::MagicFigureMoved { .. } => "magic_figure_moved",
            Event::MagicFigureRemoved { .. } => "magic_figure_removed",
            Event::FlierLaunched { .. } => "flier_launched",
            Event::DieRolled { .. } => "die_rolled",
            Event::FlierReturned { .. } => "flier_returned",
            Event::GameOver { .. } => "game_over",
        }
    }

    /// The seat concerned (0-based), None for `game_over`, `big_top_moved`,
    /// `animal_revealed`, `ingot_placed`, `magic_figure_moved`, `magic_figure_removed` and
    /// `die_rolled`.
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
            | Event::FigureLeftCity { player, .. }
            | Event::AcrobatDeployed { player, .. }
            | Event::AcrobatReturned { player, .. }
            | Event::IngotTaken { player, .. }
            | Event::FlierLaunched { player, .. }
            | Event::FlierReturned { player, .. } => Some(*player),
            Event::Scored(s) => Some(s.player),
            Event::BigTopMoved { .. }
            | Event::AnimalRevealed { .. }
            | Event::IngotPlaced { .. }
            | Event::MagicFigureMoved { .. }
            | Event::MagicFigureRemoved { .. }
            | Event::DieRolled { .. }
            | Event::GameOver { .. } => None,
        }
    }

    /// The tile id (drawn, discarded, deferred, placed).
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

    /// The position `(x, y)` of the tile placed, of the figure, of the scored feature's or
    /// field's first figure, of the big top (where it went up; where its animal was revealed),
    /// of the acrobat site, of the ringmaster; of the tile an ingot went on or came from; of
    /// the magic figure's new segment; of the flying machine; of a flight's target.
    #[getter]
    fn position(&self) -> Option<(i32, i32)> {
        let pos = match &self.0 {
            Event::TilePlaced { pos, .. }
            | Event::FigureDeployed { pos, .. }
            | Event::FigureReturned { pos, .. }
            | Event::FigureLeftCity { pos, .. }
            | Event::AnimalRevealed { pos, .. }
            | Event::AcrobatDeployed { pos, .. }
            | Event::AcrobatReturned { pos, .. }
            | Event::IngotPlaced { pos }
            | Event::IngotTaken { pos, .. }
            | Event::MagicFigureMoved { pos, .. }
            | Event::FlierLaunched { pos, .. } => Some(*pos),
            Event::DieRolled { target, .. } => Some(*target),
            Event::BigTopMoved { to, .. } => Some(*to),
            Event::Scored(s) => s.position(),
            _ => None,
        };
        pos.map(|p| (p.x, p.y))
    }

    /// `big_top_moved`: where the big top stood before, None for the first site.
    #[getter]
    fn moved_from(&self) -> Option<(i32, i32)> {
        match &self.0 {
            Event::BigTopMoved { from, .. } => from.map(|p| (p.x, p.y)),
            _ => None,
        }
    }

    /// The animal token (`animal_revealed`; reason `big_top`): `"elephant"`, `"tiger"`,
    /// `"bear"`, `"seal"`, `"monkey"`, `"flea"`.
    #[getter]
    fn animal(&self) -> Option<&'static str> {
        match &self.0 {
            Event::AnimalRevealed { animal, .. } => Some(animal.name()),
            Event::Scored(Score {
                reason: Reason::BigTop(b),
                ..
            }) => Some(b.animal.name()),
            _ => None,
        }
    }

    /// Reason `big_top`: the receiver's figures around the big top.
    #[getter]
    fn figures(&self) -> Option<u8> {
        match &self.0 {
            Event::Scored(Score {
                reason: Reason::BigTop(b),
                ..
            }) => Some(b.figures),
            _ => None,
        }
    }

    /// Reason `acrobats`: the receiver's acrobats on the site.
    #[getter]
    fn acrobats(&self) -> Option<u8> {
        match &self.0 {
            Event::Scored(Score {
                reason: Reason::Acrobats(a),
                ..
            }) => Some(a.acrobats),
            _ => None,
        }
    }

    /// Reason `ringmaster`: the circus tiles around the ringmaster.
    #[getter]
    fn circus_tiles(&self) -> Option<u8> {
        match &self.0 {
            Event::Scored(Score {
                reason: Reason::Ringmaster(r),
                ..
            }) => Some(r.circus_tiles),
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

    /// The figure (deployed, returned, entered or left the City): `"follower"`,
    /// `"large_follower"`, `"builder"`, `"pig"`, `"ringmaster"`.
    #[getter]
    fn figure(&self) -> Option<&'static str> {
        match &self.0 {
            Event::FigureDeployed { figure, .. }
            | Event::FigureReturned { figure, .. }
            | Event::FigureEnteredCity { figure, .. }
            | Event::FigureLeftCity { figure, .. } => Some(figure.name()),
            _ => None,
        }
    }

    /// The feature kind (deployed, returned, left the City; the scored feature or field).
    #[getter]
    fn feature(&self) -> Option<&'static str> {
        match &self.0 {
            Event::FigureDeployed { feature, .. }
            | Event::FigureReturned { feature, .. }
            | Event::FigureLeftCity { feature, .. } => Some(feature.name()),
            Event::Scored(s) => s.feature().map(|k| k.name()),
            _ => None,
        }
    }

    /// The location of `feature` on its tile in JCloisterZone notation (`"NW"`, `"NL.NR"`,
    /// `"I"`).
    #[getter]
    fn location(&self) -> Option<String> {
        match &self.0 {
            Event::FigureDeployed { location, .. }
            | Event::FigureReturned { location, .. }
            | Event::FigureLeftCity { location, .. } => Some(location.to_string()),
            Event::Scored(s) => s.place().map(|(_, l)| l.to_string()),
            _ => None,
        }
    }

    /// Points awarded (score events; may be 0).
    #[getter]
    fn points(&self) -> Option<u32> {
        self.0.score().map(|s| s.points)
    }

    /// Why the points were awarded: `"feature"` (a road, city, monastery or shrine),
    /// `"field"`, `"goods"` (a trade goods majority), `"token"` (the King or Robber Baron),
    /// `"big_top"`, `"acrobats"`, `"ringmaster"` (a ringmaster's bonus) or `"gold"` (the
    /// ingots at the end).
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.0.score().map(|s| match &s.reason {
            Reason::Feature(_) => "feature",
            Reason::Field(_) => "field",
            Reason::Goods(_) => "goods",
            Reason::Token(_) => "token",
            Reason::BigTop(_) => "big_top",
            Reason::Acrobats(_) => "acrobats",
            Reason::Ringmaster(_) => "ringmaster",
            Reason::Gold(_) => "gold",
        })
    }

    /// What was scored (`road`, `city`, `monastery`, `shrine`, `field`, `goods`, `king`,
    /// `robber_baron`, `big_top`, `acrobats`, `ringmaster`), for score events.
    #[getter]
    fn scored(&self) -> Option<&'static str> {
        self.0.score().map(|s| s.kind_name())
    }

    /// Why the points were awarded, in words.
    #[getter]
    fn explanation(&self) -> Option<String> {
        self.0.score().map(|s| s.explanation())
    }

    /// Whether the score is part of the final scoring.
    #[getter]
    fn final_scoring(&self) -> Option<bool> {
        self.0.score().map(|s| s.final_scoring)
    }

    /// Reason `feature`: whether the feature was complete.
    #[getter]
    fn complete(&self) -> Option<bool> {
        self.feature_score().map(|f| f.complete)
    }

    /// Reason `feature`: tiles of the feature (a monastery's 3x3 area).
    #[getter]
    fn tiles(&self) -> Option<u16> {
        self.feature_score().map(|f| f.tiles)
    }

    /// Reason `feature`: pennants of the city.
    #[getter]
    fn pennants(&self) -> Option<u16> {
        self.feature_score().map(|f| f.pennants)
    }

    /// Reason `feature`: whether an inn set the road's value.
    #[getter]
    fn inn(&self) -> Option<bool> {
        self.feature_score().map(|f| f.inn)
    }

    /// Reason `feature`: whether a cathedral set the city's value.
    #[getter]
    fn cathedral(&self) -> Option<bool> {
        self.feature_score().map(|f| f.cathedral)
    }

    /// Reasons `feature` and `field`: the receiver's strength.
    #[getter]
    fn strength(&self) -> Option<u8> {
        self.feature_score()
            .map(|f| f.strength)
            .or_else(|| self.field_score().map(|f| f.strength))
    }

    /// Reason `field`: completed cities paid for.
    #[getter]
    fn cities(&self) -> Option<u16> {
        self.field_score().map(|f| f.cities)
    }

    /// Reason `field`: points per city.
    #[getter]
    fn points_per_city(&self) -> Option<u16> {
        self.field_score().map(|f| f.points_per_city)
    }

    /// Reason `field`: whether the receiver's pig is in the field.
    #[getter]
    fn pig(&self) -> Option<bool> {
        self.field_score().map(|f| f.pig)
    }

    /// Reason `field`: whether the field holds a pig herd.
    #[getter]
    fn pig_herd(&self) -> Option<bool> {
        self.field_score().map(|f| f.pig_herd)
    }

    /// The trade good (`"wine"`, `"grain"`, `"cloth"`) of a `goods_taken` event or of a goods
    /// majority.
    #[getter]
    fn goods(&self) -> Option<&'static str> {
        match &self.0 {
            Event::GoodsTaken { goods, .. } => Some(goods.name()),
            Event::Scored(Score {
                reason: Reason::Goods(g),
                ..
            }) => Some(g.goods.name()),
            _ => None,
        }
    }

    /// Goods tokens: taken in a `goods_taken` event, or held by the receiver of a goods
    /// majority.
    #[getter]
    fn tokens(&self) -> Option<u8> {
        match &self.0 {
            Event::GoodsTaken { tokens, .. } => Some(*tokens),
            Event::Scored(Score {
                reason: Reason::Goods(g),
                ..
            }) => Some(g.tokens),
            _ => None,
        }
    }

    /// The King or Robber Baron (`"king"`, `"robber_baron"`) of a `token_taken` event or of a
    /// score for holding it.
    #[getter]
    fn token(&self) -> Option<&'static str> {
        match &self.0 {
            Event::TokenTaken { token, .. } => Some(token.name()),
            _ => self.token_score().map(|t| t.token.name()),
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

    /// Reason `token`: completed cities (roads) paid for, 1 point each (0 under the flat house
    /// rules).
    #[getter]
    fn completed(&self) -> Option<u16> {
        self.token_score().map(|t| t.completed)
    }

    /// Reason `token`: how many tokens the points are for (2 for both under `fifteen_forty`).
    #[getter]
    fn held(&self) -> Option<u8> {
        self.token_score().map(|t| t.held)
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

    /// The final scores of a `game_over` event.
    #[getter]
    fn scores(&self) -> Option<Vec<u32>> {
        match &self.0 {
            Event::GameOver { scores } => Some(scores.clone()),
            _ => None,
        }
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("kind='{}'", self.kind())];
        if let Some(p) = self.player() {
            parts.push(format!("player={p}"));
        }
        if let Some(s) = self.0.score() {
            parts.push(format!("points={}", s.points));
            parts.push(format!("scored='{}'", s.kind_name()));
            parts.push(format!("final_scoring={}", py_bool(s.final_scoring)));
            parts.push(format!("explanation={:?}", s.explanation()));
        }
        if let Some(t) = self.tile() {
            parts.push(format!("tile='{t}'"));
        }
        if let Some((x, y)) = self.position() {
            parts.push(format!("position=({x}, {y})"));
        }
        if self.0.score().is_none() {
            if let Some(f) = self.figure() {
                parts.push(format!("figure='{f}'"));
            }
            if let Some(f) = self.feature() {
                parts.push(format!("feature='{f}'"));
            }
        }
        if let Some(scores) = self.scores() {
            parts.push(format!("scores={scores:?}"));
        }
        format!("Event({})", parts.join(", "))
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
