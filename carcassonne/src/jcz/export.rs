//! Writing a game as a JCloisterZone saved game: the setup as its client fills it in, the
//! players, every decision as the message JCloisterZone's engine expects (a `COMMIT` after
//! every turn part and after the last move out of the City of a movement round, no `PASS`
//! where no deployment is possible), the draw order and, for a finished game, `endTurn`.

use serde_json::{json, Value};

use crate::action::Action;
use crate::animal::Animal;
use crate::chance::Outcome;
use crate::error::ExportError;
use crate::events::Event;
use crate::game::{Game, Pending};
use crate::geometry::{Location, Position};
use crate::quarter::Quarter;
use crate::tile::{FeatureKind, TileSet};

use super::meeples::{MeepleId, MeepleIds};
use super::names;
use super::random;
use super::setup;

/// JCloisterZone's client version the files claim (5.2.0 or later loads them).
const APP_VERSION: &str = "5.7.0";

/// The replay messages being written.
struct Messages {
    list: Vec<Value>,
}

impl Messages {
    fn push(&mut self, kind: &str, player: usize, payload: Value) {
        let clock = 1000 * (self.list.len() as u64 + 1);
        self.list.push(json!({
            "type": kind,
            "payload": payload,
            "player": player,
            "clock": clock,
        }));
    }

    /// A `COMMIT` (its `random` set later, when the animal draws that follow it are known);
    /// returns its index.
    fn commit(&mut self, player: usize) -> usize {
        self.push("COMMIT", player, json!({"random": 0.0}));
        self.list.len() - 1
    }
}

/// The animal tokens drawn after one `COMMIT` (before the next): JCloisterZone draws them with
/// the generator that `COMMIT` set, so its `random` is chosen to draw them.
struct Draws {
    /// The `COMMIT`'s index in the replay.
    commit: usize,
    /// The tokens left before the first of them.
    left: Vec<(Animal, u8)>,
    /// The tokens drawn, in order.
    animals: Vec<Animal>,
}

/// Notes the animals `events` reveal as drawn after the `COMMIT` at index `commit`.
fn note_draws(draws: &mut Vec<Draws>, commit: usize, left: &[(Animal, u8)], events: &[Event]) {
    for event in events {
        if let Event::AnimalRevealed { animal, .. } = event {
            match draws.last_mut() {
                Some(d) if d.commit == commit => d.animals.push(*animal),
                _ => draws.push(Draws {
                    commit,
                    left: left.to_vec(),
                    animals: vec![*animal],
                }),
            }
        }
    }
}

/// A feature pointer.
fn pointer(pos: Position, feature: FeatureKind, location: Location) -> Value {
    json!({
        "position": [pos.x, pos.y],
        "location": location.to_string(),
        "feature": feature.jcz_name(),
    })
}

/// The pointer of the acrobat site of the tile at `pos`.
fn acrobats_pointer(pos: Position) -> Value {
    json!({
        "position": [pos.x, pos.y],
        "location": "I",
        "feature": names::ACROBATS_FEATURE,
    })
}

/// The pointer of a quarter (on `CO/7` at (0, 0)).
fn quarter_pointer(quarter: Quarter) -> Value {
    json!({
        "position": [0, 0],
        "location": names::quarter_location(quarter),
        "feature": names::QUARTER_FEATURE,
    })
}

/// Refuses a draw order JCloisterZone's pack (the sets' tiles less its start tiles) cannot
/// hold, as a custom stack may.
fn check_pack(game: &Game, drawn: &[crate::TileId]) -> Result<(), ExportError> {
    let config = game.config();
    let mut pack: Vec<(crate::TileId, i32)> = Vec::new();
    for &set in &config.sets {
        if set == TileSet::Count {
            continue; // the City's pieces are the start, never drawn
        }
        for &(id, n) in crate::catalogue().set_counts(set) {
            match pack.iter_mut().find(|(t, _)| *t == id) {
                Some(entry) => entry.1 += i32::from(n),
                None => pack.push((id, i32::from(n))),
            }
        }
    }
    if !config.sets.contains(&TileSet::Count) {
        let start = config.start_tile().tile;
        if let Some(entry) = pack.iter_mut().find(|(t, _)| *t == start) {
            entry.1 -= 1;
        }
    }
    for &tile in drawn {
        match pack.iter_mut().find(|(t, _)| *t == tile) {
            Some(entry) if entry.1 > 0 => entry.1 -= 1,
            _ => {
                return Err(ExportError::Unsupported {
                    setting: "stack".into(),
                    reason: format!(
                        "it draws more {} tiles than JCloisterZone's pack of these sets holds",
                        tile.kind().jcz_id
                    ),
                })
            }
        }
    }
    Ok(())
}

impl Game {
    /// Writes this game as a JCloisterZone saved game (`.jcz` JSON) that JCloisterZone opens
    /// and replays as it was played here: the setup (sets with their edition ids, elements,
    /// rules as its client fills them in, the start), the players in seat order, one message
    /// per decision (`PLACE_TILE`, `DEPLOY_MEEPLE`, `PASS`, `COMMIT`, `MOVE_NEUTRAL_FIGURE`;
    /// meeple ids as its client picks them, the lowest number in supply),
    /// `gameAnnotations.drawOrder` (every tile drawn, discarded ones included) and, when the
    /// game is over, `gameAnnotations.endTurn`. [`JczGame::parse`](crate::JczGame::parse)
    /// reads it back to the same game.
    ///
    /// # Errors
    /// [`ExportError::Unsupported`] for a game JCloisterZone would play differently: a rule
    /// variant it does not have where the game's sets make it matter (start from
    /// [`Rules::jcloisterzone`](crate::Rules::jcloisterzone)), a first player other than the
    /// first seat, or a custom stack with tiles its pack does not hold.
    pub fn to_jcz(&self) -> Result<String, ExportError> {
        let config = self.config();
        setup::check_exportable(config)?;
        let drawn: Vec<crate::TileId> = self
            .draws()
            .iter()
            .filter_map(|outcome| match *outcome {
                Outcome::Tile(tile) => Some(tile),
                Outcome::Animal(_) | Outcome::Roll(_) => None,
            })
            .collect();
        check_pack(self, &drawn)?;

        let replay_error = |why: String| ExportError::Unsupported {
            setting: "record".into(),
            reason: format!("the game's own record does not replay: {why}"),
        };
        let mut game =
            Game::new(config.clone(), self.seed()).map_err(|e| replay_error(e.to_string()))?;
        let mut meeples = MeepleIds::new(config.players, config.start_supply());
        let mut messages = Messages { list: Vec::new() };
        let mut draws: Vec<Draws> = Vec::new();
        let mut last_commit: Option<usize> = None;
        let mut next_action = 0;
        loop {
            let pending = game.pending();
            if pending == Pending::GameOver {
                break;
            }
            if pending.is_chance() {
                let Some(&outcome) = self.draws().get(game.draws().len()) else {
                    break;
                };
                let left = game.animals_left();
                let events = game
                    .resolve(outcome)
                    .map_err(|e| replay_error(e.to_string()))?;
                for event in &events {
                    meeples.follow(event, None);
                }
                if let Some(commit) = last_commit {
                    note_draws(&mut draws, commit, &left, &events);
                }
                continue;
            }
            let Some(&action) = self.actions().get(next_action) else {
                break;
            };
            next_action += 1;
            let player = game.current_player();
            let id = |figure, number: Option<u8>| {
                MeepleId {
                    player,
                    figure,
                    number: number.unwrap_or(0),
                }
                .text()
            };
            match (pending, action) {
                (
                    _,
                    Action::Place {
                        tile,
                        pos,
                        rotation,
                    },
                ) => messages.push(
                    "PLACE_TILE",
                    player,
                    json!({
                        "tileId": tile.kind().jcz_id,
                        "rotation": format!("R{}", rotation.degrees()),
                        "position": [pos.x, pos.y],
                    }),
                ),
                (
                    _,
                    Action::Deploy {
                        figure,
                        pos,
                        feature,
                        location,
                    },
                ) => messages.push(
                    "DEPLOY_MEEPLE",
                    player,
                    json!({
                        "pointer": pointer(pos, feature, location),
                        "meepleId": id(figure, meeples.lowest_in_supply(player, figure)),
                    }),
                ),
                (_, Action::EnterCity { figure, quarter }) => messages.push(
                    "DEPLOY_MEEPLE",
                    player,
                    json!({
                        "pointer": quarter_pointer(quarter),
                        "meepleId": id(figure, meeples.lowest_in_supply(player, figure)),
                    }),
                ),
                (_, Action::MoveCount { quarter }) => messages.push(
                    "MOVE_NEUTRAL_FIGURE",
                    player,
                    json!({"figureId": names::COUNT_FIGURE, "to": quarter_pointer(quarter)}),
                ),
                (
                    _,
                    Action::LeaveCity {
                        figure,
                        quarter,
                        pos,
                        feature,
                        location,
                    },
                ) => messages.push(
                    "DEPLOY_MEEPLE",
                    player,
                    json!({
                        "pointer": pointer(pos, feature, location),
                        "meepleId": id(figure, meeples.in_quarter(player, figure, quarter)),
                    }),
                ),
                (_, Action::Acrobat { pos }) => messages.push(
                    "DEPLOY_MEEPLE",
                    player,
                    json!({
                        "pointer": acrobats_pointer(pos),
                        "meepleId": id(
                            crate::Figure::Follower,
                            meeples.lowest_in_supply(player, crate::Figure::Follower)
                        ),
                    }),
                ),
                (_, Action::ScorePyramid { pos }) => messages.push(
                    "SCORE_ACROBATS",
                    player,
                    json!({"pointer": acrobats_pointer(pos)}),
                ),
                (_, Action::Pass) => messages.push("PASS", player, json!({})),
                (
                    _,
                    Action::Fly { .. }
                    | Action::Land { .. }
                    | Action::PlaceIngot { .. }
                    | Action::TakeIngot { .. }
                    | Action::PlaceMagic { .. }
                    | Action::RemoveMagic { .. },
                ) => {
                    return Err(ExportError::Unsupported {
                        setting: "sets".into(),
                        reason: format!("{action}: not exported yet"),
                    })
                }
                (_, Action::DoubleTurn) => {
                    return Err(ExportError::Unsupported {
                        setting: "rules.builder_double_turn = optional".into(),
                        reason: "JCloisterZone's double turn is automatic".into(),
                    })
                }
            }
            let left = game.animals_left();
            let events: Vec<Event> = game.play(action).map_err(|e| replay_error(e.to_string()))?;
            for event in &events {
                meeples.follow(event, None);
            }
            // The COMMITs: a turn part's after its action step (at once when no deployment is
            // possible), a movement round's after a mover's last move.
            let now = game.pending();
            let committed = match (pending, action) {
                (Pending::Place { .. }, _) => !matches!(now, Pending::Deploy { .. }),
                (Pending::Deploy { .. }, _) => true,
                (Pending::LeaveCity, Action::LeaveCity { .. }) => {
                    !(now == Pending::LeaveCity && game.current_player() == player)
                }
                _ => false,
            };
            if committed {
                last_commit = Some(messages.commit(player));
            }
            // JCloisterZone draws the big top's animal after the turn part's last COMMIT.
            if let Some(commit) = last_commit {
                note_draws(&mut draws, commit, &left, &events);
            }
        }
        for d in &draws {
            let value = random::value_drawing(&d.left, &d.animals).ok_or_else(|| {
                ExportError::Unsupported {
                    setting: "stack".into(),
                    reason:
                        "JCloisterZone's generator cannot draw this game's animal tokens (more \
                             big-top sites than tokens)"
                            .into(),
                }
            })?;
            messages.list[d.commit]["payload"]["random"] = json!(value);
        }

        let mut annotations = json!({
            "drawOrder": drawn.iter().map(|t| t.kind().jcz_id).collect::<Vec<_>>(),
        });
        if self.is_over() {
            annotations["endTurn"] = json!(drawn.len());
        }
        let clock = 1000 * messages.list.len() as u64;
        let file = json!({
            "appVersion": APP_VERSION,
            "gameId": format!("carcassonne-{}", self.seed()),
            "name": "",
            "initialRandom": 0.0,
            "created": "1970-01-01T00:00:00.000Z",
            "clock": clock,
            "setup": setup::setup_json(config),
            "players": setup::players_json(config),
            "replay": messages.list,
            "gameAnnotations": annotations,
        });
        serde_json::to_string_pretty(&file).map_err(|e| ExportError::Unsupported {
            setting: "file".into(),
            reason: e.to_string(),
        })
    }
}
