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

use std::path::Path;

use serde_json::Value;

use crate::error::ImportError;
use crate::events::Score;
use crate::game::Game;

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
    /// Reads and imports a `.jcz` file.
    ///
    /// # Errors
    /// [`ImportError`] if the file cannot be read or imported (see [`JczGame::parse`]).
    pub fn from_path(path: impl AsRef<Path>) -> Result<JczGame, ImportError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| ImportError::Io {
            path: path.display().to_string(),
            source,
        })?;
        JczGame::parse(&text)
    }

    /// Imports a `.jcz` file's text.
    ///
    /// # Errors
    /// [`ImportError::Json`] for invalid JSON; [`ImportError::Format`] for a missing or mistyped
    /// field outside the replay; [`ImportError::Unsupported`] for a set, element, rule or
    /// message this library does not implement; [`ImportError::UnknownTile`] for a tile id of
    /// the draw order or setup we do not know; [`ImportError::Replay`] for a replay message
    /// that is malformed or does not answer the pending decision (naming its index and
    /// field); [`ImportError::WrongPlayer`] for a message sent by another seat than the one
    /// deciding.
    pub fn parse(text: &str) -> Result<JczGame, ImportError> {
        let root: Value = serde_json::from_str(text)?;
        if !root.is_object() {
            return Err(setup::format_error("the file is not a JSON object"));
        }
        let null = Value::Null;
        let annotations = root.get("gameAnnotations").unwrap_or(&null);
        if !(annotations.is_object() || annotations.is_null()) {
            return Err(setup::format_error("gameAnnotations is not an object"));
        }
        // The setup first: a set we do not implement is named as such, not as its tiles.
        let mut config = setup::config_from_setup(&root)?;
        let draw_order = replay::draw_order(annotations, &config.sets)?;
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
        let initial_random = match root.get("initialRandom") {
            None | Some(Value::Null) => 0.0,
            Some(v) => v
                .as_f64()
                .ok_or_else(|| setup::format_error("initialRandom is not a number"))?,
        };
        let mut replay = replay::Replay::new(game, draw_order, initial_random);
        let messages = match root.get("replay") {
            None | Some(Value::Null) => &[][..],
            Some(v) => setup::as_array(v, "replay")?.as_slice(),
        };
        for (index, message) in messages.iter().enumerate() {
            replay.apply(index, message)?;
        }
        replay
            .finish()
            .map_err(|why| setup::format_error(format!("after the last message: {why}")))?;

        let test = root.get("test").unwrap_or(&null);
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
