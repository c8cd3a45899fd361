//! Game records: a game saved as JSON (config, seed, draws, actions) that loads and replays to
//! the same state.
//!
//! ```json
//! {"format": "carcassonne-record", "version": 1,
//!  "config": {"players": 2, ...}, "seed": 42,
//!  "draws": ["U", "V", ...], "actions": ["place U 1,0 R0", "deploy follower 1,0 road WE", ...]}
//! ```
//!
//! `draws` holds the outcome of every chance node in order ([`Outcome`]: a tile draw is the
//! tile's id). Replaying follows the game: whenever a chance node is pending in an
//! explicit-draw game the next recorded outcome is supplied, otherwise the next action is
//! played; automatic draws are checked against the recorded ones.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::chance::Outcome;
use crate::config::Config;
use crate::error::RecordError;
use crate::events::Event;
use crate::game::{Game, Pending};
use crate::json::{object_only, ObjectOnly};
use crate::limits::MAX_RECORD_BYTES;

/// The `format` tag of a record.
pub const RECORD_FORMAT: &str = "carcassonne-record";
/// The record version this library writes and reads.
pub const RECORD_VERSION: u32 = 1;

/// A saved game: everything needed to replay it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// Always [`RECORD_VERSION`] for records written by this version.
    pub version: u32,
    /// The game's configuration.
    #[serde(deserialize_with = "object_only")]
    pub config: Config,
    /// The seed of its generator.
    pub seed: u64,
    /// Every chance outcome, in order: the tiles drawn, discarded ones included.
    pub draws: Vec<Outcome>,
    /// Every action played, in order.
    pub actions: Vec<Action>,
}

impl Record {
    /// The record of `game` so far.
    pub fn of(game: &Game) -> Record {
        Record {
            format: RECORD_FORMAT.to_owned(),
            version: RECORD_VERSION,
            config: game.config().clone(),
            seed: game.seed(),
            draws: game.draws().to_vec(),
            actions: game.actions().to_vec(),
        }
    }

    /// Parses a record from JSON: an object with the fields above (a JSON array of the same
    /// values is refused).
    ///
    /// # Errors
    /// [`RecordError::TooLarge`] for a text longer than [`MAX_RECORD_BYTES`];
    /// [`RecordError::Json`] for malformed JSON, another type than an object, a missing or
    /// unknown field, or an unknown tile id or action (the message gives line and column);
    /// [`RecordError::Format`] for another format or version.
    pub fn from_json(json: &str) -> Result<Record, RecordError> {
        if json.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge {
                size: json.len(),
                limit: MAX_RECORD_BYTES,
            });
        }
        let ObjectOnly(record): ObjectOnly<Record> = serde_json::from_str(json)?;
        if record.format != RECORD_FORMAT || record.version != RECORD_VERSION {
            return Err(RecordError::Format {
                format: record.format,
                version: record.version,
            });
        }
        Ok(record)
    }

    /// The record as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        // Serializing plain data with string keys cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Replays the record into a game.
    ///
    /// # Errors
    /// [`RecordError`] naming the first config problem, illegal action or impossible draw.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_with_events().map(|(game, _)| game)
    }

    /// Replays the record into a game and returns every event of the replay too.
    ///
    /// # Errors
    /// As [`Record::replay`].
    pub fn replay_with_events(&self) -> Result<(Game, Vec<Event>), RecordError> {
        let mut events = Vec::new();
        let mut game = Game::new(self.config.clone(), self.seed)?;
        let mut draws = 0;
        let mut actions = 0;
        loop {
            // Check automatic draws against the record as they happen.
            while draws < game.draws().len() {
                let drawn = game.draws()[draws];
                match self.draws.get(draws) {
                    Some(&recorded) if recorded == drawn => draws += 1,
                    Some(&recorded) => {
                        return Err(RecordError::DrawMismatch {
                            index: draws,
                            recorded,
                            drawn,
                        })
                    }
                    None => break,
                }
            }
            match game.pending() {
                Pending::GameOver => break,
                pending if pending.is_chance() => {
                    let Some(&outcome) = self.draws.get(draws) else {
                        if actions < self.actions.len() {
                            return Err(RecordError::MissingDraws(draws));
                        }
                        break;
                    };
                    events.extend(game.resolve(outcome).map_err(|error| {
                        RecordError::IllegalDraw {
                            index: draws,
                            outcome,
                            error,
                        }
                    })?);
                    draws += 1;
                }
                _ => {
                    let Some(&action) = self.actions.get(actions) else {
                        break;
                    };
                    events.extend(game.play(action).map_err(|error| {
                        RecordError::IllegalAction {
                            index: actions,
                            action,
                            error,
                        }
                    })?);
                    actions += 1;
                }
            }
        }
        let draws_left = self
            .draws
            .len()
            .saturating_sub(game.draws().len().max(draws));
        let actions_left = self.actions.len() - actions;
        if actions_left > 0 || draws_left > 0 {
            return Err(if game.is_over() {
                RecordError::TrailingMoves {
                    actions: actions_left,
                    draws: draws_left,
                }
            } else {
                RecordError::UnusedMoves {
                    actions: actions_left,
                    draws: draws_left,
                    pending: game.pending().name(),
                }
            });
        }
        Ok((game, events))
    }
}

impl Game {
    /// The game's record (config, seed, draws, actions).
    pub fn to_record(&self) -> Record {
        Record::of(self)
    }

    /// The game's record as JSON.
    pub fn to_json(&self) -> String {
        self.to_record().to_json()
    }

    /// Loads a game from a JSON record and replays it.
    ///
    /// # Errors
    /// [`RecordError`] for bad JSON, an unknown tile id, an illegal action or draw.
    pub fn from_json(json: &str) -> Result<Game, RecordError> {
        Record::from_json(json)?.replay()
    }
}
