//! Writing a game as a JCloisterZone saved game: the setup as its client fills it in, the
//! players, every decision as the message JCloisterZone's engine expects (a `COMMIT` after
//! every turn part, after the last move out of the City of a movement round and after each
//! deployment or return of a crop circle's round, no `PASS` where no deployment is possible),
//! the draw order and, for a finished game, `endTurn`.

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

/// The only landing of a flight among `events` (JCloisterZone asks for it too): a
/// `DEPLOY_MEEPLE` of the flier onto the feature, or onto the acrobat site (FM.3). A flier
/// with nowhere to land goes home without a message.
fn push_landing(
    messages: &mut Messages,
    flier: &mut Option<MeepleId>,
    player: usize,
    events: &[Event],
) {
    for event in events {
        if let Event::FigureDeployed {
            pos,
            feature,
            location,
            ..
        } = *event
        {
            if let Some(id) = flier.take() {
                messages.push(
                    "DEPLOY_MEEPLE",
                    player,
                    json!({
                        "pointer": pointer(pos, feature, location),
                        "meepleId": id.text(),
                    }),
                );
            }
        }
        if let Event::AcrobatDeployed { pos, .. } = *event {
            if let Some(id) = flier.take() {
                messages.push(
                    "DEPLOY_MEEPLE",
                    player,
                    json!({
                        "pointer": acrobats_pointer(pos),
                        "meepleId": id.text(),
                    }),
                );
            }
        }
        if let Event::FlierReturned { .. } = event {
            *flier = None;
        }
    }
}

/// Whether the turn part's action step is still open at `pending`: a deployment, or what a
/// tile or a flight asks before the `COMMIT` (the second ingot, a magic figure, the die and the
/// landing, the ferry and its moves).
fn action_step_open(pending: Pending) -> bool {
    matches!(
        pending,
        Pending::Deploy { .. }
            | Pending::Ingot { .. }
            | Pending::Magic
            | Pending::RemoveMagic
            | Pending::FlierRoll
            | Pending::Landing { .. }
            | Pending::PlaceFerry { .. }
            | Pending::MoveFerry
    )
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
    /// per decision (`PLACE_TILE`, `DEPLOY_MEEPLE` — also a flight, carrying the die's
    /// `random`, and its landing, the only one too —, `PASS`, `COMMIT`, `MOVE_NEUTRAL_FIGURE`
    /// for the Count, the mage and the witch, `PLACE_TOKEN` for the second gold ingot and the
    /// ferries, `SCORE_ACROBATS`, `CIRCLE_REMOVE_OR_DEPLOY`, `RETURN_MEEPLE`; meeple ids as its
    /// client picks them, the lowest number in supply),
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
                Outcome::Animal(_) | Outcome::Roll(_) | Outcome::Message(_) => None,
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
        // The figure on a flying machine, until it lands.
        let mut flier: Option<MeepleId> = None;
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
                if let Outcome::Roll(_) = outcome {
                    let player = game.active_player();
                    push_landing(&mut messages, &mut flier, player, &events);
                    if !action_step_open(game.pending()) {
                        flier = None;
                        last_commit = Some(messages.commit(player));
                    }
                }
                continue;
            }
            let Some(&action) = self.actions().get(next_action) else {
                break;
            };
            next_action += 1;
            let player = game.current_player();
            // The number of the figure a crop circle's return names.
            let mut returned = None;
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
                (Pending::Landing { .. }, Action::Acrobat { pos }) => {
                    // The flier climbs the target's acrobat site (FM.3).
                    let Some(flier) = flier.take() else {
                        return Err(replay_error("a landing without a flight".into()));
                    };
                    messages.push(
                        "DEPLOY_MEEPLE",
                        player,
                        json!({
                            "pointer": acrobats_pointer(pos),
                            "meepleId": flier.text(),
                        }),
                    );
                }
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
                (_, Action::CropOption { option }) => messages.push(
                    "CIRCLE_REMOVE_OR_DEPLOY",
                    player,
                    json!({"value": names::crop_option(option)}),
                ),
                (
                    _,
                    Action::CropDeploy {
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
                (
                    _,
                    Action::CropReturn {
                        figure,
                        pos,
                        feature,
                        location,
                    },
                ) => {
                    let number = meeples.on_board(player, figure, pos, location);
                    returned = number;
                    messages.push(
                        "RETURN_MEEPLE",
                        player,
                        json!({
                            "pointer": {
                                "featurePointer": pointer(pos, feature, location),
                                "meepleId": id(figure, number),
                            },
                            "source": names::CORN_CIRCLE_SOURCE,
                        }),
                    )
                }
                (_, Action::Pass) => messages.push("PASS", player, json!({})),
                (_, Action::Fly { figure }) => {
                    // JCloisterZone rolls the die with the flight's own `random`:
                    // floor(random × 3) + 1, so the middle of the roll's third says it.
                    let roll = match self.draws().get(game.draws().len()) {
                        Some(Outcome::Roll(d)) => *d,
                        _ => return Err(replay_error("a flight without its roll".into())),
                    };
                    let number = meeples.lowest_in_supply(player, figure);
                    flier = number.map(|n| MeepleId {
                        player,
                        figure,
                        number: n,
                    });
                    let machine = game.last_placed().map_or(Position::new(0, 0), |t| t.pos);
                    messages.push(
                        "DEPLOY_MEEPLE",
                        player,
                        json!({
                            "pointer": {
                                "position": [machine.x, machine.y],
                                "location": "I",
                                "feature": names::FLYING_MACHINE_FEATURE,
                            },
                            "meepleId": id(figure, number),
                            "random": (f64::from(roll) - 1.0) / 3.0 + 1.0 / 6.0,
                        }),
                    );
                }
                (
                    _,
                    Action::Land {
                        pos,
                        feature,
                        location,
                    },
                ) => {
                    let Some(flier) = flier.take() else {
                        return Err(replay_error("a landing without a flight".into()));
                    };
                    messages.push(
                        "DEPLOY_MEEPLE",
                        player,
                        json!({
                            "pointer": pointer(pos, feature, location),
                            "meepleId": flier.text(),
                        }),
                    );
                }
                (_, Action::PlaceIngot { pos }) => messages.push(
                    "PLACE_TOKEN",
                    player,
                    json!({"token": names::GOLD_TOKEN, "pointer": [pos.x, pos.y]}),
                ),
                (
                    _,
                    Action::PlaceMagic {
                        figure,
                        pos,
                        feature,
                        location,
                    },
                ) => messages.push(
                    "MOVE_NEUTRAL_FIGURE",
                    player,
                    json!({
                        "figureId": names::magic_figure_id(figure),
                        "to": pointer(pos, feature, location),
                    }),
                ),
                (_, Action::RemoveMagic { figure }) => messages.push(
                    "MOVE_NEUTRAL_FIGURE",
                    player,
                    json!({"figureId": names::magic_figure_id(figure), "to": null}),
                ),
                (_, Action::PlaceFerry { pos, location } | Action::MoveFerry { pos, location }) => {
                    messages.push(
                        "PLACE_TOKEN",
                        player,
                        json!({
                            "token": names::FERRY_TOKEN,
                            "pointer": pointer(pos, FeatureKind::Road, location),
                        }),
                    )
                }
                (
                    _,
                    Action::PlaceRobber { .. } | Action::Rob { .. } | Action::ScoreFirst { .. },
                ) => {
                    return Err(ExportError::Unsupported {
                        setting: "sets: robbers".into(),
                        reason: "JCloisterZone has no Robbers".into(),
                    })
                }
                (
                    _,
                    Action::ScoringFigure { .. }
                    | Action::MessagePoints
                    | Action::MessageAction
                    | Action::MessageFeature { .. }
                    | Action::MessageFollower { .. },
                ) => {
                    return Err(ExportError::Unsupported {
                        setting: "sets: messages".into(),
                        reason: "JCloisterZone has no Messages".into(),
                    })
                }
                (_, Action::TakeIngot { .. }) => {
                    return Err(ExportError::Unsupported {
                        setting: "rules.gold_distribution = players".into(),
                        reason: "JCloisterZone distributes gold by itself".into(),
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
                let named = returned.filter(|_| matches!(event, Event::FigureReturned { .. }));
                meeples.follow(event, named);
            }
            if let Action::Fly { .. } = action {
                // Automatic rolls come with the flight.
                push_landing(&mut messages, &mut flier, player, &events);
            }
            // The COMMITs: a turn part's after its action step (at once when no deployment is
            // possible; after the flight's landing, the ferry and the ferry moves), a movement
            // round's after a mover's last move.
            let now = game.pending();
            let committed = match (pending, action) {
                (
                    Pending::Place { .. }
                    | Pending::Ingot { .. }
                    | Pending::Magic
                    | Pending::RemoveMagic
                    | Pending::Deploy { .. }
                    | Pending::Landing { .. }
                    | Pending::PlaceFerry { .. }
                    | Pending::MoveFerry,
                    _,
                ) => !action_step_open(now),
                // A crop circle's round: after each deployment or return (not after a pass).
                (Pending::CropDeploy, Action::CropDeploy { .. }) => true,
                (Pending::CropReturn, _) => true,
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
