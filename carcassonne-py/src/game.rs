//! `carcassonne.Game`.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use carcassonne::encoding::{observation, ActionSpace, OBSERVATION_PLANES};
use carcassonne::{
    Action, Game, JczGame, Message, Outcome, Pending, Quarter, RobberState, TileId, Token,
};

use crate::values::{PyAction, PyEvent, PyPlacedFigure, PyPlacedMagicFigure, PyPlacedTile};
use crate::{
    draw_error, file_error, import_error, invalid, make_config, play_error, ConfigError,
    ExportError, IllegalActionError, Keywords, RecordError,
};

/// A game of Carcassonne.
///
/// `Game()` is a two-player base game with seed 0; keyword arguments choose players, sets,
/// seed and rule variants, or pass `config=` (a dict or JSON string of a JSON object: the full
/// config; then no other rules keyword may be given, only `seed`). Methods that fail raise
/// `InvalidActionError` (text that cannot be parsed), `IllegalActionError` (not legal now),
/// `ConfigError` or `RecordError` (all `ValueError`s) and leave the game as it was; reading or
/// writing a file that fails raises `OSError`.
#[pyclass(name = "Game", module = "carcassonne", eq)]
#[derive(Clone, PartialEq)]
pub struct PyGame {
    game: Game,
}

impl PyGame {
    /// Wraps a core game.
    pub(crate) fn from_game(game: Game) -> PyGame {
        PyGame { game }
    }

    /// The core game.
    pub(crate) fn inner(&self) -> &Game {
        &self.game
    }

    fn resolve_outcome(&mut self, outcome: Outcome) -> PyResult<Vec<PyEvent>> {
        self.game.resolve(outcome).map(events).map_err(draw_error)
    }
}

fn events(list: Vec<carcassonne::Event>) -> Vec<PyEvent> {
    list.into_iter().map(PyEvent).collect()
}

fn action_of(action: &Bound<'_, PyAny>) -> PyResult<Action> {
    if let Ok(a) = action.cast::<PyAction>() {
        return Ok(a.get().0);
    }
    let text: String = action.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("an action is an Action or its notation as a str")
    })?;
    text.parse().map_err(invalid)
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (players=None, sets=None, seed=0, *, names=None, farmers=None, small_city=None, farm_city_scoring=None, explicit_draws=None, config=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        players: Option<usize>,
        sets: Option<Vec<String>>,
        seed: u64,
        names: Option<Vec<String>>,
        farmers: Option<bool>,
        small_city: Option<String>,
        farm_city_scoring: Option<String>,
        explicit_draws: Option<bool>,
        config: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let config = make_config(
            Keywords {
                players,
                sets,
                names,
                farmers,
                small_city,
                farm_city_scoring,
                explicit_draws,
            },
            config,
        )?;
        let game = Game::new(config, seed).map_err(|e| ConfigError::new_err(e.to_string()))?;
        Ok(PyGame { game })
    }

    /// Number of players.
    #[getter]
    fn players(&self) -> usize {
        self.game.players()
    }

    /// Player names, by seat.
    #[getter]
    fn names(&self) -> Vec<String> {
        (0..self.game.players())
            .map(|p| self.game.config().player_name(p))
            .collect()
    }

    /// The seed the game was created with.
    #[getter]
    fn seed(&self) -> u64 {
        self.game.seed()
    }

    /// The full configuration as a dict.
    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(self.game.config()).unwrap_or_default();
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The seat that takes the pending decision: usually the active player, but the Count's
    /// movement round and Market, the sharing of gold and a crop circle's round are decided in
    /// turn by the other players too.
    #[getter]
    fn current_player(&self) -> usize {
        self.game.current_player()
    }

    /// The seat whose turn it is (who drew and placed the turn part's tile).
    #[getter]
    fn active_player(&self) -> usize {
        self.game.active_player()
    }

    /// The pending decision: `"draw"`, `"place"`, `"deploy"`, `"double_turn"` (OPT-5
    /// optional), the Count's `"enter_city"`, `"move_count"`, `"leave_city"`, `"market"`, the
    /// big top's `"animal_token"` (a chance node), Gold Mines' `"ingot"` and `"take_ingot"`,
    /// Mage & Witch's `"magic"` and `"remove_magic"`, Flying Machines' `"flier_roll"` (a chance
    /// node) and `"landing"`, Ferries' `"place_ferry"` and `"move_ferry"`, Crop Circles'
    /// `"crop_option"`, `"crop_deploy"` and `"crop_return"` (see `crop_round`), the Robbers'
    /// `"place_robber"`, `"choose_robbed"` and `"score_order"` (the order of the features,
    /// D-GEN-1), the Messages' `"choose_scoring_figure"` (M.1), `"draw_message"` (a chance
    /// node, M.2) and `"resolve_message"` (M.3: `message_points`, or the message in hand
    /// performed with `message_action`, `message_feature` or `message_follower`; see
    /// `message_in_hand`), or `"game_over"`.
    #[getter]
    fn pending(&self) -> &'static str {
        match self.game.pending() {
            Pending::Draw => "draw",
            Pending::Place { .. } => "place",
            Pending::Deploy { .. } => "deploy",
            Pending::DoubleTurn => "double_turn",
            Pending::EnterCity => "enter_city",
            Pending::MoveCount => "move_count",
            Pending::LeaveCity => "leave_city",
            Pending::Market => "market",
            Pending::AnimalToken => "animal_token",
            Pending::Ingot { .. } => "ingot",
            Pending::TakeIngot => "take_ingot",
            Pending::Magic => "magic",
            Pending::RemoveMagic => "remove_magic",
            Pending::FlierRoll => "flier_roll",
            Pending::Landing { .. } => "landing",
            Pending::PlaceFerry { .. } => "place_ferry",
            Pending::MoveFerry => "move_ferry",
            Pending::CropOption => "crop_option",
            Pending::CropDeploy => "crop_deploy",
            Pending::CropReturn => "crop_return",
            Pending::PlaceRobber => "place_robber",
            Pending::ChooseRobbed => "choose_robbed",
            Pending::ChooseScoringFigure => "choose_scoring_figure",
            Pending::ScoreOrder => "score_order",
            Pending::DrawMessage => "draw_message",
            Pending::ResolveMessage { .. } => "resolve_message",
            Pending::GameOver => "game_over",
        }
    }

    /// Whether the pending decision is a chance node (`"draw"`, `"animal_token"`,
    /// `"flier_roll"`, `"draw_message"`): answered with `resolve` (in explicit-draw games), not
    /// `play`.
    #[getter]
    fn is_chance(&self) -> bool {
        self.game.pending().is_chance()
    }

    /// The tile in hand (drawn, not yet placed), or None.
    #[getter]
    fn current_tile(&self) -> Option<&'static str> {
        self.game.current_tile().map(TileId::as_str)
    }

    /// Scores by seat.
    #[getter]
    fn scores(&self) -> Vec<u32> {
        self.game.scores()
    }

    /// Followers in supply, by seat.
    #[getter]
    fn followers(&self) -> Vec<u32> {
        (0..self.game.players())
            .map(|p| self.game.followers_in_supply(p) as u32)
            .collect()
    }

    /// Figures in supply by seat: `{"follower": 7, "large_follower": 1, "builder": 1, "pig": 1}`.
    #[getter]
    fn supply(&self) -> Vec<std::collections::BTreeMap<&'static str, u8>> {
        (0..self.game.players())
            .map(|p| {
                carcassonne::Figure::ALL
                    .iter()
                    .map(|&f| (f.name(), self.game.supply(p, f)))
                    .collect()
            })
            .collect()
    }

    /// Trade goods tokens by seat: `{"wine": 0, "grain": 2, "cloth": 1}`.
    #[getter]
    fn goods(&self) -> Vec<std::collections::BTreeMap<&'static str, u8>> {
        (0..self.game.players())
            .map(|p| {
                let [wine, grain, cloth] = self.game.goods(p);
                [("wine", wine), ("grain", grain), ("cloth", cloth)]
                    .into_iter()
                    .collect()
            })
            .collect()
    }

    /// Holders of the King and the Robber Baron (King & Robber Baron):
    /// `{"king": 1, "robber_baron": None}` (seats, None while nobody holds one).
    #[getter]
    fn tokens(&self) -> std::collections::BTreeMap<&'static str, Option<usize>> {
        Token::ALL
            .into_iter()
            .map(|t| (t.name(), self.game.token_holder(t)))
            .collect()
    }

    /// The City of Carcassonne with the Count, else None: `{"count": "castle", "castle":
    /// [(seat, figure), ...], "market": [...], "blacksmith": [...], "cathedral": [...]}`.
    #[getter]
    fn city<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(count) = self.game.count_quarter() else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("count", count.name())?;
        for quarter in Quarter::ALL {
            let figures: Vec<(usize, &str)> = self
                .game
                .quarter_figures(quarter)
                .into_iter()
                .map(|(p, f)| (p, f.name()))
                .collect();
            dict.set_item(quarter.name(), figures)?;
        }
        Ok(Some(dict))
    }

    /// Under the Big Top, else None: `{"big_top": (x, y) or None, "animals_left": {"bear": 3,
    /// ...}, "acrobat_sites": [((x, y), [seat, ...]), ...]}`.
    #[getter]
    fn circus<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let e = self.game.elements();
        if !e.big_top && !e.acrobats {
            return Ok(None);
        }
        let dict = PyDict::new(py);
        dict.set_item("big_top", self.game.big_top().map(|p| (p.x, p.y)))?;
        let left: std::collections::BTreeMap<&str, u8> = self
            .game
            .animals_left()
            .into_iter()
            .map(|(a, n)| (a.name(), n))
            .collect();
        dict.set_item("animals_left", left)?;
        let sites: Vec<((i32, i32), Vec<usize>)> = self
            .game
            .acrobat_sites()
            .into_iter()
            .map(|s| ((s.pos.x, s.pos.y), s.acrobats))
            .collect();
        dict.set_item("acrobat_sites", sites)?;
        Ok(Some(dict))
    }

    /// Gold Mines: the tiles with gold ingots on them and how many, in the order the tiles
    /// first got one: `[((x, y), count), ...]` (empty without the gold element).
    #[getter]
    fn ingots_on_board(&self) -> Vec<((i32, i32), u8)> {
        self.game
            .ingots_on_board()
            .into_iter()
            .map(|(p, n)| ((p.x, p.y), n))
            .collect()
    }

    /// Gold Mines: the ingots each seat holds (zeros without the gold element).
    #[getter]
    fn ingots(&self) -> Vec<u32> {
        (0..self.game.players())
            .map(|p| u32::from(self.game.ingots(p)))
            .collect()
    }

    /// Gold Mines: the ingots left in the supply (of 16; 0 without the gold element).
    #[getter]
    fn ingots_in_supply(&self) -> u8 {
        self.game.ingots_in_supply()
    }

    /// Mage & Witch: the mage and the witch on the board, in that order (empty without the
    /// element or while both are in the reserve).
    #[getter]
    fn magic_figures(&self) -> Vec<PyPlacedMagicFigure> {
        self.game
            .magic_figures()
            .iter()
            .map(PyPlacedMagicFigure::from)
            .collect()
    }

    /// Ferries: the ferries on the board, in the order their lakes were laid, as
    /// `[((x, y), location), ...]` with `location` the sides of the two road ends the ferry
    /// joins (e.g. `"WE"`); empty without the element.
    #[getter]
    fn ferries(&self) -> Vec<((i32, i32), String)> {
        self.game
            .ferries()
            .into_iter()
            .map(|(pos, location)| ((pos.x, pos.y), location.to_string()))
            .collect()
    }

    /// Messages (M.2): whether the active player's turn so far earns a message (one of his
    /// figures landed on a dark space in his own turn; see the `message_trigger_end_state` and
    /// `message_dark_space_alone` rules). False without the Messages.
    #[getter]
    fn message_earned(&self) -> bool {
        self.game.message_earned()
    }

    /// Messages (M.3): the message the active player drew and has not resolved yet
    /// (`"shortest_road"`, `"smallest_city"`, `"smallest_monastery"`, `"coats_of_arms"`,
    /// `"knights"`, `"farmers"`, `"extra_tile"`, `"score_and_return"`; pending
    /// `"resolve_message"`), else None (and always without the Messages).
    #[getter]
    fn message_in_hand(&self) -> Option<&'static str> {
        self.game.message_in_hand().map(Message::name)
    }

    /// Messages (M.2): the messages never drawn, in the order of the first edition's numbers
    /// (C1); while any is left the next draw is one of them, each alike. Empty without the
    /// Messages.
    #[getter]
    fn messages_unseen(&self) -> Vec<&'static str> {
        self.game
            .messages_unseen()
            .into_iter()
            .map(Message::name)
            .collect()
    }

    /// Messages (M.3): the messages put under the deck after use, the one there longest first;
    /// once every message was seen, the next draw is the first of them. Empty without the
    /// Messages.
    #[getter]
    fn messages_under_deck(&self) -> Vec<&'static str> {
        self.game
            .messages_under_deck()
            .into_iter()
            .map(Message::name)
            .collect()
    }

    /// The score track (with the Robbers or the Messages), else None: a dict with `"positions"` (per seat, a
    /// list of `(space, laps)` per scoring figure: space = points mod 50), `"values"` (per
    /// seat, the points each figure has moved; they add up to the score) and `"robbers"` (per
    /// seat: the robber's space 0–49, `"supply"`, or `"returning"` after a robbery until phase
    /// 4 step 3).
    #[getter]
    fn track<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        if !self.game.has_score_track() {
            return Ok(None);
        }
        let players = self.game.players();
        let figures = self.game.track_figures();
        let at = |p: usize| -> Vec<carcassonne::TrackPosition> {
            (0..figures)
                .filter_map(|f| self.game.track_position(p, f))
                .collect()
        };
        let positions: Vec<Vec<(u8, u32)>> = (0..players)
            .map(|p| at(p).into_iter().map(|t| (t.space, t.laps)).collect())
            .collect();
        let values: Vec<Vec<u32>> = (0..players)
            .map(|p| at(p).into_iter().map(|t| t.value()).collect())
            .collect();
        let robbers = PyList::empty(py);
        for p in 0..players {
            match self.game.robber(p) {
                Some(RobberState::OnTrack(space)) => robbers.append(space)?,
                Some(RobberState::InSupply) => robbers.append("supply")?,
                Some(RobberState::Returning) => robbers.append("returning")?,
                None => robbers.append(py.None())?,
            }
        }
        let dict = PyDict::new(py);
        dict.set_item("positions", positions)?;
        dict.set_item("values", values)?;
        dict.set_item("robbers", robbers)?;
        Ok(Some(dict))
    }

    /// The score track as a uint8 array of `TRACK_OBSERVATION_LEN` (31) values: 5 per seat in
    /// seat order — the scoring figure's space (0–49) and laps, the messenger's space and laps
    /// (255 without the Messages, and after the merge before the final scoring), the robber
    /// (space 0–49; 50 in supply; 51 returning; 255 without the Robbers) — then the message in
    /// hand (its number in the first edition, C1, 1–8, whatever the rule `message_numbering`;
    /// 0 for none; 255 without the Messages). 255 for seats that do not play and in games
    /// without the track.
    fn track_observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        PyArray1::from_vec(py, carcassonne::encoding::track_observation(&self.game))
    }

    /// Flying Machines: the flight under way (after a `fly` action, until the flier lands or
    /// goes back to the supply), else None: a dict with `"position"` (the flying machine's
    /// tile `(x, y)`), `"direction"` (of the flight on the board: `"N"`, `"NE"`, ... `"NW"`),
    /// `"distance"` (the roll, 1 to 3; None before it) and `"target"` (the tile `(x, y)` the
    /// die sends the flier to; None before the roll).
    #[getter]
    fn flight<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((from, direction, target)) = self.game.flight() else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("position", (from.x, from.y))?;
        dict.set_item("direction", direction.name())?;
        let distance = target.map(|t| (t.x - from.x).abs().max((t.y - from.y).abs()));
        dict.set_item("distance", distance)?;
        dict.set_item("target", target.map(|t| (t.x, t.y)))?;
        Ok(Some(dict))
    }

    /// A crop circle's round under way (from the option's prompt to the last player's
    /// decision), else None: `{"position": (x, y) of the circle's tile, "circle": "road" |
    /// "city" | "field", "option": "deploy" | "return" | None while the active player
    /// chooses}`. The deciding seat is `current_player`.
    #[getter]
    fn crop_round<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(round) = self.game.crop_round() else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("position", (round.pos.x, round.pos.y))?;
        dict.set_item("circle", round.circle.name())?;
        dict.set_item("option", round.option.map(|o| o.name()))?;
        Ok(Some(dict))
    }

    /// Tiles left in the stack.
    #[getter]
    fn tiles_left(&self) -> usize {
        self.game.tiles_left()
    }

    /// Whether the game is over (and finally scored).
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The tiles on the board, in the order they were laid.
    #[getter]
    fn board(&self) -> Vec<PyPlacedTile> {
        self.game
            .board()
            .tiles()
            .iter()
            .map(PyPlacedTile::from)
            .collect()
    }

    /// The figures on the board, in the order they were deployed.
    #[getter]
    fn figures(&self) -> Vec<PyPlacedFigure> {
        self.game
            .figures()
            .iter()
            .map(PyPlacedFigure::from)
            .collect()
    }

    /// Every action played so far.
    #[getter]
    fn actions(&self) -> Vec<PyAction> {
        self.game.actions().iter().copied().map(PyAction).collect()
    }

    /// Every legal action of the pending decision (empty while a draw is pending or after the
    /// game).
    fn legal_actions(&self) -> Vec<PyAction> {
        self.game
            .legal_actions()
            .into_iter()
            .map(PyAction)
            .collect()
    }

    /// Plays an action (an `Action` or its notation) and returns the events. Raises
    /// `InvalidActionError` if the notation cannot be parsed, `IllegalActionError` if the action
    /// is not legal now (the game is unchanged either way).
    fn play(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Vec<PyEvent>> {
        let action = action_of(action)?;
        self.game.play(action).map(events).map_err(play_error)
    }

    /// Supplies the next tile (explicit-draw games) and returns the events: the same as
    /// `resolve(tile)`. Raises `InvalidActionError` for an unknown tile id,
    /// `IllegalActionError` if no draw is pending, draws are automatic, or no such tile is left.
    fn draw(&mut self, tile: &str) -> PyResult<Vec<PyEvent>> {
        let tile: TileId = tile.parse().map_err(invalid)?;
        self.resolve_outcome(Outcome::Tile(tile))
    }

    /// Supplies the outcome of the pending chance node (explicit-draw games), in the notation
    /// of `chance_outcomes()` (a tile id, an animal token, `roll:1` to `roll:3`, or a message
    /// `message:NAME`), and returns the events. Raises `InvalidActionError` if it cannot be parsed,
    /// `IllegalActionError` if it is not possible now.
    fn resolve(&mut self, outcome: &str) -> PyResult<Vec<PyEvent>> {
        let outcome: Outcome = outcome.parse().map_err(invalid)?;
        self.resolve_outcome(outcome)
    }

    /// The outcomes of the pending chance node with their probabilities (adding up to 1):
    /// tile ids for a draw, animal tokens (`"elephant"`, ...) for the big top's scoring,
    /// `"roll:1"` to `"roll:3"` for a flying machine's die, messages (`"message:knights"`,
    /// ...: each never drawn alike, or the one under the deck longest) for the Messages'
    /// deck; empty when no chance node is pending.
    fn chance_outcomes(&self) -> Vec<(String, f64)> {
        self.game
            .chance_outcomes()
            .into_iter()
            .map(|(o, p)| (o.to_string(), p))
            .collect()
    }

    /// A copy of the game.
    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    /// Copies the whole state of `other` into this game, in this game's memory: once it has
    /// held a base game as large, the copy allocates nothing (a search's copy of its root for
    /// each playout). `game.clone_from(game)` does nothing.
    fn clone_from(slf: &Bound<'_, Self>, other: &Bound<'_, PyGame>) -> PyResult<()> {
        if slf.is(other) {
            return Ok(());
        }
        let source = other.try_borrow()?;
        slf.try_borrow_mut()?.game.clone_from(&source.game);
        Ok(())
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        Clone::clone(self)
    }

    /// The game's JSON record (config, seed, draws, actions).
    fn to_json(&self) -> String {
        self.game.to_json()
    }

    /// Loads and replays a JSON record. Raises `RecordError` naming what is wrong.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyGame> {
        Game::from_json(text)
            .map(|game| PyGame { game })
            .map_err(|e| RecordError::new_err(e.to_string()))
    }

    /// Imports and replays a JCloisterZone `.jcz` saved game (at most 16 MiB). Raises `OSError`
    /// if the file cannot be read, `RecordError` if it cannot be imported.
    #[staticmethod]
    fn from_jcz(path: std::path::PathBuf) -> PyResult<PyGame> {
        JczGame::from_path(&path)
            .map(|j| PyGame { game: j.game })
            .map_err(import_error)
    }

    /// The game as a JCloisterZone saved game (the text of a `.jcz` file JCloisterZone opens);
    /// with `path`, also writes it there. Raises `ExportError` naming the rule or setting
    /// JCloisterZone would play otherwise (create the game with its readings:
    /// `config={"rules": {...}}` as in `Rules::jcloisterzone`), `OSError` if the file cannot be
    /// written.
    #[pyo3(signature = (path=None))]
    fn to_jcz(&self, path: Option<std::path::PathBuf>) -> PyResult<String> {
        let text = self
            .game
            .to_jcz()
            .map_err(|e| ExportError::new_err(e.to_string()))?;
        if let Some(path) = path {
            std::fs::write(&path, &text).map_err(|e| file_error(&path, &e))?;
        }
        Ok(text)
    }

    /// The board as SVG.
    fn to_svg(&self) -> String {
        carcassonne::render::board_svg(&self.game)
    }

    /// Writes the board as an SVG file. Raises `OSError` if the file cannot be written.
    fn save_svg(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, self.to_svg()).map_err(|e| file_error(&path, &e))
    }

    fn _repr_svg_(&self) -> String {
        self.to_svg()
    }

    /// The board as text (5x3 characters per tile).
    fn board_text(&self) -> String {
        carcassonne::render::board_text(&self.game)
    }

    /// Number of action ids of this game's config (ids are `0 .. action_space_size`).
    #[getter]
    fn action_space_size(&self) -> usize {
        ActionSpace::of(&self.game).size()
    }

    /// The ids of the legal actions, in the order of `legal_actions()`.
    fn legal_action_ids(&self) -> Vec<usize> {
        ActionSpace::of(&self.game).legal_ids(&self.game)
    }

    /// A boolean numpy array of `action_space_size` entries, true at every legal action id.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        PyArray1::from_vec(py, ActionSpace::of(&self.game).mask(&self.game))
    }

    /// The id of `action` now, or None if it has none.
    fn action_id(&self, action: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        let action = action_of(action)?;
        Ok(ActionSpace::of(&self.game).id(&self.game, action))
    }

    /// The action with id `id` now (legal or not). Raises `IllegalActionError` if the id names
    /// nothing in this state.
    fn action_from_id(&self, id: usize) -> PyResult<PyAction> {
        ActionSpace::of(&self.game)
            .action(&self.game, id)
            .map(PyAction)
            .ok_or_else(|| IllegalActionError::new_err(format!("action id {id} names nothing now")))
    }

    /// Plays the action with id `id` and returns the events.
    fn play_id(&mut self, id: usize) -> PyResult<Vec<PyEvent>> {
        let action = ActionSpace::of(&self.game)
            .action(&self.game, id)
            .ok_or_else(|| {
                IllegalActionError::new_err(format!("action id {id} names nothing now"))
            })?;
        self.game.play(action).map(events).map_err(play_error)
    }

    /// The board around the start tile as a uint8 array of shape
    /// `(len(OBSERVATION_PLANES), 2 * radius + 1, 2 * radius + 1)`: plane `k`, row `y + radius`,
    /// column `x + radius` describe position `(x, y)`.
    #[pyo3(signature = (radius=15))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        radius: usize,
    ) -> PyResult<Bound<'py, numpy::PyArray3<u8>>> {
        if radius > 500 {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "radius must be at most 500",
            ));
        }
        let w = 2 * radius + 1;
        let flat = observation(&self.game, radius);
        PyArray1::from_vec(py, flat).reshape([OBSERVATION_PLANES.len(), w, w])
    }

    /// Each seat's reward for the current scores (the final ones once the game is over), as
    /// research wrappers hand them out: `reward="rank"` gives ±1 by rank, `(seats with a lower
    /// score − seats with a higher score) / (players − 1)`; `reward="margin"` gives the own
    /// score minus the mean of the others' scores. Both add up to 0 over the seats.
    #[pyo3(signature = (reward="rank"))]
    fn returns(&self, reward: &str) -> PyResult<Vec<f64>> {
        Ok(crate::reward_scheme(reward)?.rewards(&self.game.scores()))
    }

    /// The board's picture (the SVG of `to_svg`, rasterised by resvg) as a uint8 array of
    /// shape `(height, width, 3)`: the board scaled to fit and centred on the background.
    /// Raises `ValueError` unless both sides are between 16 and 4096 pixels.
    #[pyo3(signature = (width=512, height=512))]
    fn to_rgb_array<'py>(
        &self,
        py: Python<'py>,
        width: u32,
        height: u32,
    ) -> PyResult<Bound<'py, numpy::PyArray3<u8>>> {
        let svg = carcassonne::render::board_svg(&self.game);
        let pixels = py
            .detach(|| crate::raster::rgb(&svg, width, height))
            .map_err(pyo3::exceptions::PyValueError::new_err)?;
        PyArray1::from_vec(py, pixels).reshape([height as usize, width as usize, 3])
    }

    fn __repr__(&self) -> String {
        let tile = self
            .game
            .current_tile()
            .map_or("None".into(), |t| format!("'{t}'"));
        format!(
            "<Game players={} seed={} pending='{}' current_tile={} tiles_left={} scores={:?}>",
            self.game.players(),
            self.game.seed(),
            self.pending(),
            tile,
            self.game.tiles_left(),
            self.game.scores()
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let json = slf.borrow().game.to_json();
        let from_json = py.get_type::<PyGame>().getattr("from_json")?;
        Ok((from_json, PyTuple::new(py, [json])?))
    }
}
