//! Immutable, hashable, comparable values: actions, events, placed tiles and figures.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use carcassonne::bots::{MctsOptions, MctsReward};
use carcassonne::{
    Action, Animal, BotKind, Compass, CropOption, Event, FeatureKind, FeatureScore, FieldScore,
    Figure, Goods, Location, MagicFigure, Message, MessageScore, PlacedFigure, PlacedMagicFigure,
    PlacedTile, Position, Quarter, Reason, Rotation, Score, TileId, Token, TokenScore,
};

/// A built-in bot: `Bot("random", seed=0)`, `Bot("greedy", seed=0)` or `Bot("mcts", seed=0,
/// iterations=1000)`; `choose(game)` returns its action for the pending decision (None when a
/// chance node is pending or the game is over).
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
/// `Action("fly follower")`, `Action("magic mage 1,-3 city N")`, `Action("robber 17")`,
/// `Action("rob 2")`, `Action("score_first 1,-2 city NW")`, `Action("message_points")`,
/// `Action("message_feature 1,-2 road E")`, `Action("message_follower follower 1,-2 city N")`,
/// `Action("pass")`. Immutable and hashable; `str()` gives the notation back. The fields that do
/// not apply to its kind are None.
#[pyclass(name = "Action", module = "carcassonne", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyAction(pub Action);

/// The fields of an action by their Python names (None where they do not apply): one match
/// over every kind of core action, without a catch-all, so that a new kind fails to compile
/// here until its fields are mapped.
#[derive(Clone, Copy, Default)]
struct ActionFields {
    tile: Option<TileId>,
    pos: Option<Position>,
    rotation: Option<Rotation>,
    figure: Option<Figure>,
    feature: Option<FeatureKind>,
    location: Option<Location>,
    quarter: Option<Quarter>,
    magic: Option<MagicFigure>,
    crop_option: Option<CropOption>,
    space: Option<u8>,
    robbed: Option<u8>,
    track_figure: Option<u8>,
}

impl ActionFields {
    fn of(action: Action) -> ActionFields {
        let none = ActionFields::default();
        match action {
            Action::Place {
                tile,
                pos,
                rotation,
            } => ActionFields {
                tile: Some(tile),
                pos: Some(pos),
                rotation: Some(rotation),
                ..none
            },
            Action::Deploy {
                figure,
                pos,
                feature,
                location,
            } => ActionFields {
                figure: Some(figure),
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Action::EnterCity { figure, quarter } => ActionFields {
                figure: Some(figure),
                quarter: Some(quarter),
                ..none
            },
            Action::MoveCount { quarter } => ActionFields {
                quarter: Some(quarter),
                ..none
            },
            Action::LeaveCity {
                figure,
                quarter,
                pos,
                feature,
                location,
            } => ActionFields {
                figure: Some(figure),
                quarter: Some(quarter),
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Action::Acrobat { pos }
            | Action::ScorePyramid { pos }
            | Action::PlaceIngot { pos }
            | Action::TakeIngot { pos } => ActionFields {
                pos: Some(pos),
                ..none
            },
            Action::Fly { figure } => ActionFields {
                figure: Some(figure),
                ..none
            },
            Action::Land {
                pos,
                feature,
                location,
            } => ActionFields {
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Action::PlaceMagic {
                figure,
                pos,
                feature,
                location,
            } => ActionFields {
                magic: Some(figure),
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Action::RemoveMagic { figure } => ActionFields {
                magic: Some(figure),
                ..none
            },
            Action::PlaceFerry { pos, location } | Action::MoveFerry { pos, location } => {
                ActionFields {
                    pos: Some(pos),
                    location: Some(location),
                    ..none
                }
            }
            Action::CropOption { option } => ActionFields {
                crop_option: Some(option),
                ..none
            },
            Action::CropDeploy {
                figure,
                pos,
                feature,
                location,
            }
            | Action::CropReturn {
                figure,
                pos,
                feature,
                location,
            } => ActionFields {
                figure: Some(figure),
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Action::PlaceRobber { space } => ActionFields {
                space: Some(space),
                ..none
            },
            Action::Rob { player } => ActionFields {
                robbed: Some(player),
                ..none
            },
            Action::ScoreFirst {
                pos,
                feature,
                location,
            } => ActionFields {
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Action::ScoringFigure { figure } => ActionFields {
                track_figure: Some(figure),
                ..none
            },
            Action::MessageFeature {
                pos,
                feature,
                location,
            } => ActionFields {
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Action::MessageFollower {
                figure,
                pos,
                feature,
                location,
            } => ActionFields {
                figure: Some(figure),
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Action::MessagePoints | Action::MessageAction | Action::DoubleTurn | Action::Pass => {
                none
            }
        }
    }
}

#[pymethods]
impl PyAction {
    /// Parses the action notation; raises `InvalidActionError` (a `ValueError`) naming what is
    /// wrong.
    #[new]
    fn new(text: &str) -> PyResult<PyAction> {
        text.parse().map(PyAction).map_err(crate::invalid)
    }

    /// The action's first word in notation: `"place"`, `"deploy"`, `"double_turn"`, `"enter"`,
    /// `"count"`, `"leave"`, `"acrobat"`, `"pyramid"`, `"fly"`, `"land"`, `"ingot"`,
    /// `"take_ingot"`, `"magic"`, `"remove_magic"`, `"ferry"`, `"move_ferry"`, `"crop_option"`,
    /// `"crop_deploy"`, `"crop_return"`, `"robber"`, `"rob"`, `"score_first"`,
    /// `"scoring_figure"`, `"message_points"`, `"message_action"`, `"message_feature"`,
    /// `"message_follower"` or `"pass"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.verb()
    }

    /// The figure of a `scoring_figure` action (Messages M.1): 0 the scoring figure, 1 the
    /// messenger; else None.
    #[getter]
    fn track_figure(&self) -> Option<u8> {
        ActionFields::of(self.0).track_figure
    }

    /// The score-track space (0–49) of a `robber` action (Robbers RO.1), else None.
    #[getter]
    fn space(&self) -> Option<u8> {
        ActionFields::of(self.0).space
    }

    /// The robbed seat of a `rob` action (RO.5), else None.
    #[getter]
    fn robbed(&self) -> Option<u8> {
        ActionFields::of(self.0).robbed
    }

    /// The tile id of a placement, else None.
    #[getter]
    fn tile(&self) -> Option<&'static str> {
        ActionFields::of(self.0).tile.map(TileId::as_str)
    }

    /// x of the position (placement, deployment, leaving the City, an acrobat site, a landing,
    /// an ingot's tile, the mage's or witch's tile, a ferry's lake, a crop circle's deployment
    /// or return, the feature scored first, a message's feature or follower), else None. x
    /// grows east.
    #[getter]
    fn x(&self) -> Option<i32> {
        ActionFields::of(self.0).pos.map(|p| p.x)
    }

    /// y of the position (as `x`), else None. y grows south.
    #[getter]
    fn y(&self) -> Option<i32> {
        ActionFields::of(self.0).pos.map(|p| p.y)
    }

    /// The rotation of a placement in degrees clockwise (0, 90, 180, 270), else None.
    #[getter]
    fn rotation(&self) -> Option<u16> {
        ActionFields::of(self.0).rotation.map(Rotation::degrees)
    }

    /// The figure of a deployment, a City action, a flight, a crop circle's deployment or
    /// return, or a message's "score and return" (`message_follower`) (`"follower"`,
    /// `"large_follower"`, ...), else None. The mage and the witch are `magic`.
    #[getter]
    fn figure(&self) -> Option<&'static str> {
        ActionFields::of(self.0).figure.map(Figure::name)
    }

    /// The feature kind of a deployment, of leaving the City, of a landing, of the mage's or
    /// witch's segment, of a crop circle's deployment or return, of the feature scored first or
    /// of a message's feature or follower (`"road"`, `"city"`, `"monastery"`, `"shrine"`,
    /// `"field"`), else None.
    #[getter]
    fn feature(&self) -> Option<&'static str> {
        ActionFields::of(self.0).feature.map(FeatureKind::name)
    }

    /// The location of `feature` on its tile in JCloisterZone notation (`"NW"`, `"NL.NR"`,
    /// `"I"`; a ferry's two road ends, `"WE"`), else None.
    #[getter]
    fn location(&self) -> Option<String> {
        ActionFields::of(self.0).location.map(|l| l.to_string())
    }

    /// The option of a crop circle (`crop_option`): `"deploy"` (A) or `"return"` (B), else
    /// None.
    #[getter]
    fn crop_option(&self) -> Option<&'static str> {
        ActionFields::of(self.0).crop_option.map(CropOption::name)
    }

    /// The quarter of the City of Carcassonne (`"castle"`, `"market"`, `"blacksmith"`,
    /// `"cathedral"`) of a City action (`enter`, `count`, `leave`), else None.
    #[getter]
    fn quarter(&self) -> Option<&'static str> {
        ActionFields::of(self.0).quarter.map(Quarter::name)
    }

    /// The magic figure (`"mage"` or `"witch"`) of a `magic` or `remove_magic` action, else
    /// None.
    #[getter]
    fn magic(&self) -> Option<&'static str> {
        ActionFields::of(self.0).magic.map(MagicFigure::name)
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
/// `animal_revealed`, `acrobat_deployed`, `acrobat_returned`, `ingot_placed`, `ingot_taken`,
/// `magic_figure_moved`, `magic_figure_removed`, `flier_launched`, `die_rolled`,
/// `flier_returned`, `ferry_placed`, `ferry_moved`, `crop_option_chosen`, `robber_placed`,
/// `robber_moved`, `robber_returned`, `figures_merged`, `message_drawn` or `game_over`; fields
/// that do not apply are None. A score explains itself: `reason` (`feature`, `field`, `goods`,
/// `token`, `big_top`, `acrobats`, `ringmaster`, `gold`, `robbery`, `message`) and the fields of
/// that reason, and `explanation` in words; with the score track, `track_figure` says which
/// figure moved.
#[pyclass(name = "Event", module = "carcassonne", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyEvent(pub Event);

/// The fields of an event by their Python names (None where they do not apply), but for the
/// fields of one score reason only: one match over every kind of core event (and every score
/// reason), without a catch-all, so that a new kind fails to compile here until its fields are
/// mapped.
#[derive(Clone, Copy, Default)]
struct EventFields<'a> {
    player: Option<usize>,
    tile: Option<TileId>,
    pos: Option<Position>,
    rotation: Option<Rotation>,
    figure: Option<Figure>,
    feature: Option<FeatureKind>,
    location: Option<Location>,
    quarter: Option<Quarter>,
    moved_from: Option<Position>,
    animal: Option<Animal>,
    goods: Option<Goods>,
    tokens: Option<u8>,
    token: Option<Token>,
    size: Option<u16>,
    magic: Option<MagicFigure>,
    direction: Option<Compass>,
    distance: Option<u8>,
    from_location: Option<Location>,
    crop_option: Option<CropOption>,
    space: Option<u8>,
    from_space: Option<u8>,
    with_player: Option<usize>,
    values: Option<(u32, u32)>,
    message: Option<Message>,
    scores: Option<&'a [u32]>,
}

impl<'a> EventFields<'a> {
    fn of(event: &'a Event) -> EventFields<'a> {
        let none = EventFields::default();
        match *event {
            Event::TileDrawn { player, tile }
            | Event::TileDiscarded { player, tile }
            | Event::TileDeferred { player, tile } => EventFields {
                player: Some(player),
                tile: Some(tile),
                ..none
            },
            Event::TilePlaced {
                player,
                tile,
                pos,
                rotation,
            } => EventFields {
                player: Some(player),
                tile: Some(tile),
                pos: Some(pos),
                rotation: Some(rotation),
                ..none
            },
            Event::FigureDeployed {
                player,
                figure,
                pos,
                feature,
                location,
            }
            | Event::FigureReturned {
                player,
                figure,
                pos,
                feature,
                location,
            } => EventFields {
                player: Some(player),
                figure: Some(figure),
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Event::Scored(ref s) => EventFields::of_score(s),
            Event::GoodsTaken {
                player,
                goods,
                tokens,
            } => EventFields {
                player: Some(player),
                goods: Some(goods),
                tokens: Some(tokens),
                ..none
            },
            Event::TokenTaken {
                player,
                token,
                size,
            } => EventFields {
                player: Some(player),
                token: Some(token),
                size: Some(size),
                ..none
            },
            Event::FigureEnteredCity {
                player,
                figure,
                quarter,
            } => EventFields {
                player: Some(player),
                figure: Some(figure),
                quarter: Some(quarter),
                ..none
            },
            Event::CountMoved { player, quarter } => EventFields {
                player: Some(player),
                quarter: Some(quarter),
                ..none
            },
            Event::FigureLeftCity {
                player,
                figure,
                quarter,
                pos,
                feature,
                location,
            } => EventFields {
                player: Some(player),
                figure: Some(figure),
                quarter: Some(quarter),
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Event::BigTopMoved { from, to } => EventFields {
                pos: Some(to),
                moved_from: from,
                ..none
            },
            Event::AnimalRevealed { animal, pos } => EventFields {
                animal: Some(animal),
                pos: Some(pos),
                ..none
            },
            Event::AcrobatDeployed { player, pos }
            | Event::AcrobatReturned { player, pos }
            | Event::IngotTaken { player, pos } => EventFields {
                player: Some(player),
                pos: Some(pos),
                ..none
            },
            Event::IngotPlaced { pos } => EventFields {
                pos: Some(pos),
                ..none
            },
            Event::MagicFigureMoved {
                figure,
                pos,
                feature,
                location,
            } => EventFields {
                magic: Some(figure),
                pos: Some(pos),
                feature: Some(feature),
                location: Some(location),
                ..none
            },
            Event::MagicFigureRemoved { figure } => EventFields {
                magic: Some(figure),
                ..none
            },
            Event::FlierLaunched {
                player,
                figure,
                pos,
                direction,
            } => EventFields {
                player: Some(player),
                figure: Some(figure),
                pos: Some(pos),
                direction: Some(direction),
                ..none
            },
            Event::DieRolled { distance, target } => EventFields {
                distance: Some(distance),
                pos: Some(target),
                ..none
            },
            Event::FlierReturned { player, figure } => EventFields {
                player: Some(player),
                figure: Some(figure),
                ..none
            },
            Event::FerryPlaced {
                player,
                pos,
                location,
            } => EventFields {
                player: Some(player),
                pos: Some(pos),
                location: Some(location),
                ..none
            },
            Event::FerryMoved {
                player,
                pos,
                from,
                to,
            } => EventFields {
                player: Some(player),
                pos: Some(pos),
                location: Some(to),
                from_location: Some(from),
                ..none
            },
            Event::CropOptionChosen {
                player,
                option,
                circle,
                pos,
            } => EventFields {
                player: Some(player),
                crop_option: Some(option),
                feature: Some(circle),
                pos: Some(pos),
                ..none
            },
            Event::RobberPlaced { player, space } => EventFields {
                player: Some(player),
                space: Some(space),
                ..none
            },
            Event::RobberMoved {
                player,
                from,
                to,
                with,
            } => EventFields {
                player: Some(player),
                space: Some(to),
                from_space: Some(from),
                with_player: with,
                ..none
            },
            Event::RobberReturned { player } => EventFields {
                player: Some(player),
                ..none
            },
            Event::FiguresMerged {
                player,
                scoring_figure,
                messenger,
            } => EventFields {
                player: Some(player),
                values: Some((scoring_figure, messenger)),
                ..none
            },
            Event::MessageDrawn { player, message } => EventFields {
                player: Some(player),
                message: Some(message),
                ..none
            },
            Event::GameOver { ref scores } => EventFields {
                scores: Some(scores),
                ..none
            },
        }
    }

    /// The fields of a score that several reasons share, and those of its reason that other
    /// events have too (the good, the token, the animal, the magic figure).
    fn of_score(s: &Score) -> EventFields<'a> {
        let shared = EventFields {
            player: Some(s.player),
            pos: s.position(),
            feature: s.feature(),
            location: s.place().map(|(_, l)| l),
            ..EventFields::default()
        };
        match &s.reason {
            Reason::Feature(f) => EventFields {
                magic: f.magic,
                ..shared
            },
            Reason::Goods(g) => EventFields {
                goods: Some(g.goods),
                tokens: Some(g.tokens),
                ..shared
            },
            Reason::Token(t) => EventFields {
                token: Some(t.token),
                ..shared
            },
            Reason::BigTop(b) => EventFields {
                animal: Some(b.animal),
                ..shared
            },
            Reason::Robbery(r) => EventFields {
                space: Some(r.space),
                ..shared
            },
            Reason::Message(m) => EventFields {
                message: Some(m.message),
                magic: m.feature.as_ref().and_then(|f| f.magic),
                ..shared
            },
            Reason::Field(_) | Reason::Acrobats(_) | Reason::Ringmaster(_) | Reason::Gold(_) => {
                shared
            }
        }
    }
}

impl PyEvent {
    fn fields(&self) -> EventFields<'_> {
        EventFields::of(&self.0)
    }

    fn reason_of(&self) -> Option<&Reason> {
        self.0.score().map(|s| &s.reason)
    }

    /// The facts of a scored feature: reason `feature`, or a message that valued one.
    fn feature_score(&self) -> Option<&FeatureScore> {
        match self.reason_of()? {
            Reason::Feature(f) => Some(f),
            Reason::Message(m) => m.feature.as_ref(),
            _ => None,
        }
    }

    /// The facts of a scored field: reason `field`, or a message ("score and return") that
    /// valued one.
    fn field_score(&self) -> Option<&FieldScore> {
        match self.reason_of()? {
            Reason::Field(f) => Some(f),
            Reason::Message(m) => m.field.as_ref(),
            _ => None,
        }
    }

    fn message_score(&self) -> Option<&MessageScore> {
        match self.reason_of()? {
            Reason::Message(m) => Some(m),
            _ => None,
        }
    }

    fn token_score(&self) -> Option<&TokenScore> {
        match self.reason_of()? {
            Reason::Token(t) => Some(t),
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
            Event::FerryPlaced { .. } => "ferry_placed",
            Event::FerryMoved { .. } => "ferry_moved",
            Event::CropOptionChosen { .. } => "crop_option_chosen",
            Event::RobberPlaced { .. } => "robber_placed",
            Event::RobberMoved { .. } => "robber_moved",
            Event::RobberReturned { .. } => "robber_returned",
            Event::FiguresMerged { .. } => "figures_merged",
            Event::MessageDrawn { .. } => "message_drawn",
            Event::GameOver { .. } => "game_over",
        }
    }

    /// The seat concerned (0-based), None for `game_over`, `big_top_moved`,
    /// `animal_revealed`, `ingot_placed`, `magic_figure_moved`, `magic_figure_removed` and
    /// `die_rolled`.
    #[getter]
    fn player(&self) -> Option<usize> {
        self.fields().player
    }

    /// The tile id (drawn, discarded, deferred, placed).
    #[getter]
    fn tile(&self) -> Option<&'static str> {
        self.fields().tile.map(TileId::as_str)
    }

    /// The position `(x, y)` of the tile placed, of the figure, of the scored feature's or
    /// field's first figure (of a message's, the follower that named it), of the big top (where it went up; where its animal was revealed),
    /// of the acrobat site, of the ringmaster; of the tile an ingot went on or came from; of
    /// the magic figure's new segment; of the flying machine (`flier_launched`); of a flight's
    /// target (`die_rolled`); of a ferry's lake; of a crop circle's tile.
    #[getter]
    fn position(&self) -> Option<(i32, i32)> {
        self.fields().pos.map(|p| (p.x, p.y))
    }

    /// `big_top_moved`: where the big top stood before, None for the first site.
    #[getter]
    fn moved_from(&self) -> Option<(i32, i32)> {
        self.fields().moved_from.map(|p| (p.x, p.y))
    }

    /// The animal token (`animal_revealed`; reason `big_top`): `"elephant"`, `"tiger"`,
    /// `"bear"`, `"seal"`, `"monkey"`, `"flea"`.
    #[getter]
    fn animal(&self) -> Option<&'static str> {
        self.fields().animal.map(Animal::name)
    }

    /// Reason `big_top`: the receiver's figures around the big top.
    #[getter]
    fn figures(&self) -> Option<u8> {
        match self.reason_of()? {
            Reason::BigTop(b) => Some(b.figures),
            _ => None,
        }
    }

    /// Reason `acrobats`: the receiver's acrobats on the site.
    #[getter]
    fn acrobats(&self) -> Option<u8> {
        match self.reason_of()? {
            Reason::Acrobats(a) => Some(a.acrobats),
            _ => None,
        }
    }

    /// Reason `ringmaster`: the circus tiles around the ringmaster.
    #[getter]
    fn circus_tiles(&self) -> Option<u8> {
        match self.reason_of()? {
            Reason::Ringmaster(r) => Some(r.circus_tiles),
            _ => None,
        }
    }

    /// The score-track space (0–49): where a robber was placed or moved to
    /// (`robber_placed`, `robber_moved`); with reason `robbery`, where the robber stood (the
    /// victim's figure's start).
    #[getter]
    fn space(&self) -> Option<u8> {
        self.fields().space
    }

    /// `robber_moved`: the space the robber left.
    #[getter]
    #[allow(clippy::wrong_self_convention)] // A getter named as the C field, not a conversion.
    fn from_space(&self) -> Option<u8> {
        self.fields().from_space
    }

    /// `robber_moved`: the seat whose scoring figure the robber travelled with (RO.7); None
    /// when its owner moved it (RO.1).
    #[getter]
    fn with_player(&self) -> Option<usize> {
        self.fields().with_player
    }

    /// `figures_merged` (Messages M.6): the scoring figure's value before the merge.
    #[getter]
    fn scoring_figure_value(&self) -> Option<u32> {
        self.fields().values.map(|v| v.0)
    }

    /// `figures_merged` (Messages M.6): the messenger's value before the merge.
    #[getter]
    fn messenger_value(&self) -> Option<u32> {
        self.fields().values.map(|v| v.1)
    }

    /// The message (`"shortest_road"`, `"smallest_city"`, `"smallest_monastery"`,
    /// `"coats_of_arms"`, `"knights"`, `"farmers"`, `"extra_tile"`, `"score_and_return"`) drawn
    /// (`message_drawn`), or performed or whose seal was taken (reason `message`).
    #[getter]
    fn message(&self) -> Option<&'static str> {
        self.fields().message.map(Message::name)
    }

    /// Reason `message`: whether the points are the message's 2 points instead of its action
    /// (its seal, M.3).
    #[getter]
    fn seal(&self) -> Option<bool> {
        self.message_score().map(|m| m.seal)
    }

    /// Reason `message`: the things counted at 2 points each (coats of arms: the pennants in
    /// the cities holding the receiver's followers; knights: his followers in cities; farmers:
    /// his followers on fields); 0 for the other messages and the seal. A message that valued
    /// a feature or a field has that feature's facts (`complete`, `tiles`, ...) or that field's
    /// (`cities`, ...), as the reasons `feature` and `field`.
    #[getter]
    fn counted(&self) -> Option<u16> {
        self.message_score().map(|m| m.counted)
    }

    /// Score events with the score track (Robbers, Messages): the receiver's scoring figure
    /// that moved with the points, 0 the scoring figure, 1 the messenger (M.1); None without a
    /// track and for other events.
    #[getter]
    fn track_figure(&self) -> Option<u8> {
        self.0.score().and_then(|s| s.track_figure)
    }

    /// Reason `robbery`: the robbed seat.
    #[getter]
    fn victim(&self) -> Option<usize> {
        match self.reason_of()? {
            Reason::Robbery(r) => Some(r.victim),
            _ => None,
        }
    }

    /// Reason `robbery`: the victim's award (the receiver gets half, rounded up).
    #[getter]
    fn award(&self) -> Option<u32> {
        match self.reason_of()? {
            Reason::Robbery(r) => Some(r.award),
            _ => None,
        }
    }

    /// Reason `gold`: the receiver's ingots (worth 1 each for 1–3, 2 for 4–6, 3 for 7–9, 4
    /// for 10 or more).
    #[getter]
    fn ingots(&self) -> Option<u8> {
        match self.reason_of()? {
            Reason::Gold(g) => Some(g.ingots),
            _ => None,
        }
    }

    /// Rotation in degrees of a placed tile.
    #[getter]
    fn rotation(&self) -> Option<u16> {
        self.fields().rotation.map(Rotation::degrees)
    }

    /// The figure (deployed, returned, entered or left the City, boarded the flying machine,
    /// back from a flight): `"follower"`, `"large_follower"`, `"builder"`, `"pig"`,
    /// `"ringmaster"`. The mage and the witch are `magic`.
    #[getter]
    fn figure(&self) -> Option<&'static str> {
        self.fields().figure.map(Figure::name)
    }

    /// The feature kind (deployed, returned, left the City, the mage's or witch's new segment;
    /// the scored feature or field; a crop circle's kind, `crop_option_chosen`).
    #[getter]
    fn feature(&self) -> Option<&'static str> {
        self.fields().feature.map(FeatureKind::name)
    }

    /// The location of `feature` on its tile in JCloisterZone notation (`"NW"`, `"NL.NR"`,
    /// `"I"`).
    #[getter]
    fn location(&self) -> Option<String> {
        self.fields().location.map(|l| l.to_string())
    }

    /// `ferry_moved`: the sides of the two road ends the ferry joined before (`location` has
    /// the new ones), e.g. `"WE"`.
    #[getter]
    #[allow(clippy::wrong_self_convention)] // A getter named as the C field, not a conversion.
    fn from_location(&self) -> Option<String> {
        self.fields().from_location.map(|l| l.to_string())
    }

    /// The mage or the witch (`"mage"`, `"witch"`) that moved (`magic_figure_moved`) or went
    /// back to the reserve (`magic_figure_removed`); with reason `feature` (or `message` with a
    /// feature), the one in the scored road or city that changed its value (None without one).
    #[getter]
    fn magic(&self) -> Option<&'static str> {
        self.fields().magic.map(MagicFigure::name)
    }

    /// `flier_launched`: the direction of flight on the board, after the tile's rotation
    /// (`"N"`, `"NE"`, `"E"`, `"SE"`, `"S"`, `"SW"`, `"W"`, `"NW"`).
    #[getter]
    fn direction(&self) -> Option<&'static str> {
        self.fields().direction.map(Compass::name)
    }

    /// `die_rolled`: how far the die sent the flier, 1 to 3 tiles (`position` is the target).
    #[getter]
    fn distance(&self) -> Option<u8> {
        self.fields().distance
    }

    /// Points awarded (score events; may be 0).
    #[getter]
    fn points(&self) -> Option<u32> {
        self.0.score().map(|s| s.points)
    }

    /// Why the points were awarded: `"feature"` (a road, city, monastery or shrine),
    /// `"field"`, `"goods"` (a trade goods majority), `"token"` (the King or Robber Baron),
    /// `"big_top"`, `"acrobats"`, `"ringmaster"` (a ringmaster's bonus), `"gold"` (the
    /// ingots at the end), `"robbery"` (half of another player's award, Robbers) or
    /// `"message"` (a message's action or its seal, Messages; with `message`, `seal`,
    /// `counted`, and the facts of a feature or field it valued).
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.reason_of().map(|r| match r {
            Reason::Feature(_) => "feature",
            Reason::Field(_) => "field",
            Reason::Goods(_) => "goods",
            Reason::Token(_) => "token",
            Reason::BigTop(_) => "big_top",
            Reason::Acrobats(_) => "acrobats",
            Reason::Ringmaster(_) => "ringmaster",
            Reason::Gold(_) => "gold",
            Reason::Robbery(_) => "robbery",
            Reason::Message(_) => "message",
        })
    }

    /// What was scored (`road`, `city`, `monastery`, `shrine`, `field`, `goods`, `king`,
    /// `robber_baron`, `big_top`, `acrobats`, `ringmaster`, `gold`, `robbery`, `message`), for
    /// score events.
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

    /// Reason `feature` (and `message` with a feature, as below): whether the feature was
    /// complete.
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

    /// Reasons `feature` and `field` (and `message` with one of them): the receiver's
    /// strength.
    #[getter]
    fn strength(&self) -> Option<u8> {
        self.feature_score()
            .map(|f| f.strength)
            .or_else(|| self.field_score().map(|f| f.strength))
    }

    /// Reason `field` (and `message` with a field, as below): completed cities paid for.
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
        self.fields().goods.map(Goods::name)
    }

    /// Goods tokens: taken in a `goods_taken` event, or held by the receiver of a goods
    /// majority.
    #[getter]
    fn tokens(&self) -> Option<u8> {
        self.fields().tokens
    }

    /// The King or Robber Baron (`"king"`, `"robber_baron"`) of a `token_taken` event or of a
    /// score for holding it.
    #[getter]
    fn token(&self) -> Option<&'static str> {
        self.fields().token.map(Token::name)
    }

    /// Size (tiles) of the city or road that took the token, in a `token_taken` event.
    #[getter]
    fn size(&self) -> Option<u16> {
        self.fields().size
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
        self.fields().quarter.map(Quarter::name)
    }

    /// The option a `crop_option_chosen` event names: `"deploy"` (A) or `"return"` (B).
    #[getter]
    fn crop_option(&self) -> Option<&'static str> {
        self.fields().crop_option.map(CropOption::name)
    }

    /// The final scores of a `game_over` event.
    #[getter]
    fn scores(&self) -> Option<Vec<u32>> {
        self.fields().scores.map(<[u32]>::to_vec)
    }

    fn __repr__(&self) -> String {
        let fields = self.fields();
        let mut parts = vec![format!("kind='{}'", self.kind())];
        if let Some(p) = fields.player {
            parts.push(format!("player={p}"));
        }
        if let Some(s) = self.0.score() {
            parts.push(format!("points={}", s.points));
            parts.push(format!("scored='{}'", s.kind_name()));
            parts.push(format!("final_scoring={}", py_bool(s.final_scoring)));
            parts.push(format!("explanation={:?}", s.explanation()));
        }
        if let Some(t) = fields.tile {
            parts.push(format!("tile='{t}'"));
        }
        if let Some(p) = fields.pos {
            parts.push(format!("position=({}, {})", p.x, p.y));
        }
        if self.0.score().is_none() {
            if let Some(f) = fields.figure {
                parts.push(format!("figure='{f}'"));
            }
            if let Some(m) = fields.magic {
                parts.push(format!("magic='{m}'"));
            }
            if let Some(f) = fields.feature {
                parts.push(format!("feature='{f}'"));
            }
            if let Some(d) = fields.direction {
                parts.push(format!("direction='{d}'"));
            }
            if let Some(d) = fields.distance {
                parts.push(format!("distance={d}"));
            }
            if let Some(m) = fields.message {
                parts.push(format!("message='{m}'"));
            }
        }
        if let Some(scores) = fields.scores {
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

/// The mage or the witch on the board (Mage & Witch): `figure` (`"mage"` or `"witch"`), tile
/// position `x`, `y`, `feature` kind (`"road"` or `"city"`) and `location` of its segment.
#[pyclass(
    name = "PlacedMagicFigure",
    module = "carcassonne",
    frozen,
    eq,
    hash,
    get_all
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPlacedMagicFigure {
    /// `"mage"` or `"witch"`.
    pub figure: &'static str,
    /// x (east).
    pub x: i32,
    /// y (south).
    pub y: i32,
    /// Feature kind: road or city.
    pub feature: &'static str,
    /// Location of its segment on the tile.
    pub location: String,
}

impl From<&PlacedMagicFigure> for PyPlacedMagicFigure {
    fn from(m: &PlacedMagicFigure) -> PyPlacedMagicFigure {
        PyPlacedMagicFigure {
            figure: m.figure.name(),
            x: m.pos.x,
            y: m.pos.y,
            feature: m.feature.name(),
            location: m.location.to_string(),
        }
    }
}

#[pymethods]
impl PyPlacedMagicFigure {
    fn __repr__(&self) -> String {
        format!(
            "PlacedMagicFigure(figure='{}', x={}, y={}, feature='{}', location='{}')",
            self.figure, self.x, self.y, self.feature, self.location
        )
    }
}
