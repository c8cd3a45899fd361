//! Error types. Each names what was wrong; none of them is ever a panic, and an error from a
//! method of [`Game`](crate::Game) means the game was left exactly as it was.

use thiserror::Error;

use crate::action::Action;
use crate::chance::Outcome;
use crate::limits::{quoted, shortened};
use crate::tile::TileId;

/// Text that could not be parsed: a position, rotation, location, tile id, action or option.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot parse {what} from {input:?}: {}", shortened(reason))]
#[non_exhaustive]
pub struct ParseError {
    /// What was being parsed (`"position"`, `"action"`, ...).
    pub what: &'static str,
    /// The text that was given.
    pub input: String,
    /// Why it was refused.
    pub reason: String,
}

impl ParseError {
    /// A parse error quoting `input` (cut to [`MAX_QUOTED_BYTES`](crate::limits::MAX_QUOTED_BYTES)).
    pub(crate) fn new(what: &'static str, input: &str, reason: impl Into<String>) -> ParseError {
        ParseError {
            what,
            input: crate::limits::quoted(input),
            reason: reason.into(),
        }
    }
}

/// A defect of the engine, never caused by the input: a broken internal invariant (for
/// example a draw stack whose count and contents disagree). Please report it. The method that
/// returns it did not panic; the game stays valid to read and to drop, but may not be
/// playable further.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("internal error (a defect of the engine, please report it): {0}")]
pub struct InternalError(pub &'static str);

/// A serde_json error's message for an error of ours: whole when short, else its start and
/// its end (where serde_json gives the line and column), so that a huge bad value is not
/// repeated.
pub(crate) fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    const HEAD: usize = 160;
    const TAIL: usize = 48;
    if text.len() <= HEAD + TAIL + 16 {
        return text;
    }
    let mut head = HEAD;
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = text.len() - TAIL;
    while !text.is_char_boundary(tail) {
        tail += 1;
    }
    format!("{} … {}", &text[..head], &text[tail..])
}

/// A [`Config`](crate::Config) that cannot become a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The number of players is outside what the chosen sets allow.
    #[error("{players} players is not allowed: this configuration takes {min} to {max} players")]
    PlayerCount {
        /// Players asked for.
        players: usize,
        /// Smallest number allowed.
        min: usize,
        /// Largest number allowed.
        max: usize,
    },
    /// `names` was given but does not have one name per player.
    #[error("{names} player names given for {players} players")]
    NameCount {
        /// Names given.
        names: usize,
        /// Players configured.
        players: usize,
    },
    /// The same tile set was listed twice, or none was listed.
    #[error("invalid tile sets: {}", shortened(.0))]
    Sets(String),
    /// The custom stack or start tile names a tile that is not in the catalogue or not available.
    #[error("invalid tiles: {}", shortened(.0))]
    Tiles(String),
    /// A follower count outside 0..=99 or another out-of-range number.
    #[error("invalid value for {field}: {}", shortened(reason))]
    Value {
        /// The configuration field.
        field: &'static str,
        /// Why it was refused.
        reason: String,
    },
    /// `first_player` is not a seat of this game.
    #[error("first player {first} does not exist in a game of {players} players")]
    FirstPlayer {
        /// The seat asked for.
        first: usize,
        /// Players configured.
        players: usize,
    },
    /// The config's JSON text ([`Config::from_json`](crate::Config::from_json)) is not a JSON
    /// object of a config: malformed, another type (an array, a number), an unknown field or
    /// a value of the wrong type. The message names the line, column and field.
    #[error("invalid config JSON: {0}")]
    Json(String),
    /// Setting the game up broke an internal invariant (a defect of the engine).
    #[error(transparent)]
    Internal(#[from] InternalError),
}

/// An action that is not legal in the current state. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over; nothing more can be played.
    #[error("the game is over")]
    GameOver,
    /// The pending decision is a tile draw: call [`Game::draw`](crate::Game::draw) (explicit
    /// draws) first.
    #[error(
        "a tile must be drawn first (explicit draws): call draw() with one of chance_outcomes()"
    )]
    DrawPending,
    /// The action is of another kind than the pending decision asks for.
    #[error("{action} does not answer the pending decision ({pending})")]
    WrongDecision {
        /// The action that was refused.
        action: Action,
        /// What the game is waiting for.
        pending: &'static str,
    },
    /// A placement of a tile other than the one drawn.
    #[error("the current tile is {current}, not {given}")]
    WrongTile {
        /// The tile in play.
        current: TileId,
        /// The tile named by the action.
        given: TileId,
    },
    /// The tile cannot be placed there in that rotation.
    #[error("{action} is illegal: {reason}")]
    IllegalPlacement {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// The figure cannot be deployed there.
    #[error("{action} is illegal: {reason}")]
    IllegalDeployment {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A gold decision refused (the second ingot, taking an ingot; Gold Mines).
    #[error("{action} is illegal: {reason}")]
    IllegalGoldAction {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A move or removal of the mage or the witch refused (Mage & Witch).
    #[error("{action} is illegal: {reason}")]
    IllegalMagicAction {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A ferry placement or move refused (Ferries).
    #[error("{action} is illegal: {reason}")]
    IllegalFerryAction {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A decision of a crop-circle round refused (Crop Circles CR.1–CR.3): an option chosen
    /// twice, a deployment onto a feature without one of the player's own followers of the
    /// circle's kind, a return of a figure the player has not there.
    #[error("{action} is illegal: {reason}")]
    IllegalCropAction {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A flight or a landing refused (Flying Machines).
    #[error("{action} is illegal: {reason}")]
    IllegalFlight {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A decision of the City of Carcassonne (the Count) refused.
    #[error("{action} is illegal: {reason}")]
    IllegalCityAction {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A robber's placement or move, or the choice of whom it robs, refused (Robbers RO.1,
    /// RO.5).
    #[error("{action} is illegal: {reason}")]
    IllegalRobberAction {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A choice of the scoring figure that moves with an award refused (Messages M.1).
    #[error("{action} is illegal: {reason}")]
    IllegalScoringFigure {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A decision on a message in hand refused (Messages M.3, §3.2.1): an action for another
    /// message, one with nothing to act on, a feature that is not of the lowest value, a
    /// follower the player does not have there.
    #[error("{action} is illegal: {reason}")]
    IllegalMessageAction {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// A choice of the feature scored next refused (D-GEN-1).
    #[error("{action} is illegal: {reason}")]
    IllegalScoreOrder {
        /// The refused action.
        action: Action,
        /// Why it is illegal.
        reason: &'static str,
    },
    /// Playing the (legal) action broke an internal invariant of the engine: a defect, not
    /// an illegal action. The action was applied; the game may not be playable further.
    #[error(transparent)]
    Internal(#[from] InternalError),
}

/// A tile draw refused in explicit-draw mode. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DrawError {
    /// The game draws its own tiles (explicit draws are off in its config).
    #[error("this game draws its tiles itself; set `explicit_draws` in the config to supply them")]
    NotExplicit,
    /// The pending decision is not a draw.
    #[error("no tile is to be drawn now (pending: {pending})")]
    NotPending {
        /// What the game is waiting for.
        pending: &'static str,
    },
    /// No copy of that tile is left in the stack.
    #[error("tile {0} is not in the remaining stack")]
    NotInStack(TileId),
    /// The outcome cannot come from the pending chance node (an animal token no longer in the
    /// pool, or an outcome of another kind of node).
    #[error("{0} is not a possible outcome of the pending chance node")]
    NoSuchOutcome(Outcome),
    /// Supplying the (possible) outcome broke an internal invariant of the engine: a defect.
    /// The outcome was applied; the game may not be playable further.
    #[error(transparent)]
    Internal(#[from] InternalError),
}

/// A record (JSON saved game) that cannot be loaded or replayed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is not valid JSON of a record (message names the line, column and field; a
    /// long message is cut in the middle).
    #[error("invalid record JSON: {}", json_message(.0))]
    Json(#[from] serde_json::Error),
    /// The text is longer than [`MAX_RECORD_BYTES`](crate::limits::MAX_RECORD_BYTES).
    #[error("the record is {size} bytes, more than the limit of {limit} bytes (MAX_RECORD_BYTES)")]
    TooLarge {
        /// The text's length in bytes.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// The record's format tag or version is not one this library reads.
    #[error("unsupported record format {format:?} version {version}")]
    Format {
        /// The `format` field found.
        format: String,
        /// The `version` field found.
        version: u32,
    },
    /// The record's config is invalid.
    #[error("invalid config in record: {0}")]
    Config(#[from] ConfigError),
    /// Action number `index` (0-based) of the record is illegal where it stands.
    #[error("action #{index} ({action}) of the record is illegal: {error}")]
    IllegalAction {
        /// Index into the record's `actions`.
        index: usize,
        /// The action.
        action: Action,
        /// Why the game refused it.
        error: PlayError,
    },
    /// Chance outcome number `index` of the record is impossible where it stands.
    #[error("draw #{index} ({outcome}) of the record is impossible: {error}")]
    IllegalDraw {
        /// Index into the record's `draws`.
        index: usize,
        /// The outcome.
        outcome: Outcome,
        /// Why the game refused it.
        error: DrawError,
    },
    /// The record's draws disagree with what the seeded generator drew.
    #[error("draw #{index}: the record says {recorded} but the seeded generator drew {drawn}")]
    DrawMismatch {
        /// Index into the record's `draws`.
        index: usize,
        /// The recorded outcome.
        recorded: Outcome,
        /// The outcome the engine drew.
        drawn: Outcome,
    },
    /// The record needs more draws than it holds.
    #[error("the record ran out of draws after {0} (explicit-draw game)")]
    MissingDraws(usize),
    /// Actions or draws are left over after the game ended.
    #[error("the record has {actions} actions and {draws} draws left after the game ended")]
    TrailingMoves {
        /// Unused actions.
        actions: usize,
        /// Unused draws.
        draws: usize,
    },
    /// The game has not ended, but the record's next entries cannot be used where it stands:
    /// draws are left while the game waits for an action (or for draws of its own seeded
    /// generator) and no action is left to play.
    #[error(
        "the record has {actions} actions and {draws} draws it cannot use: the game has not \
         ended, and its pending decision is {pending}"
    )]
    UnusedMoves {
        /// Unused actions.
        actions: usize,
        /// Unused draws.
        draws: usize,
        /// What the game waits for ([`Pending::name`](crate::Pending::name)).
        pending: &'static str,
    },
}

/// A JCloisterZone `.jcz` saved game that cannot be imported.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ImportError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The text is not JSON (a long message is cut in the middle).
    #[error("invalid .jcz JSON: {}", json_message(.0))]
    Json(#[from] serde_json::Error),
    /// The text, the file, one of its sections, a replay message or the draw order exceeds its
    /// limit (see [`limits`](crate::limits)).
    #[error("{what} is {size} {unit}, more than the limit of {limit} ({name})")]
    TooLarge {
        /// What is too large (`the .jcz text`, `replay message #12`, ...).
        what: String,
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
        /// The unit of both (`bytes` or `tiles`).
        unit: &'static str,
        /// The limit's name in [`limits`](crate::limits).
        name: &'static str,
    },
    /// A required field is missing or has the wrong type.
    #[error("invalid .jcz: {}", shortened(.0))]
    Format(String),
    /// The file uses a tile set, element or rule this library does not implement.
    #[error("unsupported in .jcz: {}", shortened(.0))]
    Unsupported(String),
    /// A JCloisterZone tile id with no counterpart in our catalogue (quoted, cut to
    /// [`MAX_QUOTED_BYTES`](crate::limits::MAX_QUOTED_BYTES)).
    #[error("unknown JCloisterZone tile id {:?}", quoted(.0))]
    UnknownTile(String),
    /// The setup makes an invalid config.
    #[error("invalid setup: {0}")]
    Config(#[from] ConfigError),
    /// A replay message is malformed or does not answer the pending decision: `field` names
    /// the part of the message that is wrong (`type`, `player`, `payload.tileId`,
    /// `payload.pointer.location`, `payload.meepleId`, ...).
    #[error(
        "replay message #{index} ({}), {}: {}",
        quoted(kind),
        quoted(field),
        shortened(reason)
    )]
    Replay {
        /// Index into `replay`.
        index: usize,
        /// The message type.
        kind: String,
        /// The field that is wrong.
        field: String,
        /// What went wrong.
        reason: String,
    },
    /// A replay message is sent by another player than the one who decides now: the file
    /// would replay as a different game.
    #[error(
        "replay message #{index} ({}), player: sent by player {found}, but player \
         {expected} is to {decision}",
        quoted(kind)
    )]
    WrongPlayer {
        /// Index into `replay`.
        index: usize,
        /// The message type.
        kind: String,
        /// The seat the engine expected (0-based, as in the file).
        expected: usize,
        /// The seat the message names.
        found: usize,
        /// What that seat is to do (`place a tile`, `deploy`, `commit`, ...).
        decision: String,
    },
}

/// A game that cannot be written as a JCloisterZone saved game: it uses something
/// JCloisterZone does not have, so the file would play differently there.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ExportError {
    /// A rule variant, element or setting without a JCloisterZone counterpart (named as in
    /// [`Config`](crate::Config), e.g. `rules.river_turns = no_immediate_same_turn`), and why.
    #[error("cannot export to .jcz: {setting}: {reason}")]
    Unsupported {
        /// The setting and its value.
        setting: String,
        /// Why JCloisterZone cannot play it.
        reason: String,
    },
}
