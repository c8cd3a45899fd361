//! Helpers shared by the runnable examples (`play`, `replay`, `bench`, `vector`): command-line
//! parsing, the random index the speed examples draw, and the JSON summary of a game.

use carcassonne::{Action, Event, Game, JczGame, Message, Pending, Score};
use rand_core::RngCore;
use rand_pcg::Pcg64Mcg;
use serde_json::{json, Value};

/// The value after `--name` on the command line, if given.
pub fn option(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

/// Whether `--name` is on the command line.
pub fn flag(args: &[String], name: &str) -> bool {
    args.iter().any(|a| a == name)
}

/// A uniform index below `n` (n > 0), as the engine's random bot draws it (the high half of
/// a 64 × 64-bit product).
pub fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// A message as the game's rules number it (the rule `message_numbering`, the first edition's
/// by default) with its name: `#5 (knights)`.
pub fn message_label(game: &Game, message: Message) -> String {
    format!(
        "#{} ({message})",
        message.number(game.config().rules.message_numbering)
    )
}

/// The name of a scoring figure on the score track: 0 the scoring figure, 1 the messenger
/// (Messages).
pub fn track_figure_name(figure: u8) -> &'static str {
    if figure == 0 {
        "scoring figure"
    } else {
        "messenger"
    }
}

/// One line describing a turn part (who, which tile, where, rotation, follower, the robbers
/// and the order of the features, the moving figure and the messages, points), or another
/// player's decisions in it (the Count's moves, a crop circle's round). Each action comes with
/// the decision it answered.
pub fn describe_turn(
    game: &Game,
    player: usize,
    actions: &[(Pending, Action)],
    events: &[Event],
) -> String {
    let name = game.config().player_name(player);
    let mut line = format!("{name:<10}");
    for (pending, a) in actions {
        match (pending, a) {
            (
                _,
                Action::Place {
                    tile,
                    pos,
                    rotation,
                },
            ) => {
                line.push_str(&format!(
                    " tile {tile:<2} at ({:>3},{:>3}) {:>4}",
                    pos.x,
                    pos.y,
                    rotation.to_string()
                ));
            }
            (
                _,
                Action::Deploy {
                    figure,
                    feature,
                    location,
                    ..
                },
            ) => {
                line.push_str(&format!("  {figure} on {feature} {location}"));
            }
            (Pending::Deploy { .. }, Action::Pass) => line.push_str("  no follower"),
            (Pending::PlaceRobber, Action::Pass) => line.push_str("  no robber"),
            (_, Action::Pass) => line.push_str("  pass"),
            (_, Action::PlaceRobber { space }) => line.push_str(&format!("  robber to {space}")),
            (_, Action::Rob { player }) => line.push_str(&format!(
                "  robs {}",
                game.config().player_name(*player as usize)
            )),
            (
                _,
                Action::ScoreFirst {
                    pos,
                    feature,
                    location,
                },
            ) => line.push_str(&format!(
                "  scores first the {feature} at ({},{}) {location}",
                pos.x, pos.y
            )),
            (_, Action::ScoringFigure { figure }) => {
                line.push_str(&format!("  moves the {}", track_figure_name(*figure)))
            }
            (Pending::ResolveMessage { message }, Action::MessagePoints) => {
                line.push_str(&format!(
                    "  takes the 2 points of message {}",
                    message_label(game, *message)
                ))
            }
            (Pending::ResolveMessage { message }, Action::MessageAction) => line.push_str(
                &format!("  performs message {}", message_label(game, *message)),
            ),
            (
                Pending::ResolveMessage { message },
                Action::MessageFeature {
                    pos,
                    feature,
                    location,
                },
            ) => line.push_str(&format!(
                "  performs message {} on the {feature} at ({},{}) {location}",
                message_label(game, *message),
                pos.x,
                pos.y
            )),
            (
                Pending::ResolveMessage { message },
                Action::MessageFollower {
                    figure,
                    pos,
                    feature,
                    location,
                },
            ) => line.push_str(&format!(
                "  performs message {} with the {figure} on the {feature} at ({},{}) {location}",
                message_label(game, *message),
                pos.x,
                pos.y
            )),
            (_, other) => line.push_str(&format!("  {other}")),
        }
    }
    let deployed = actions
        .iter()
        .any(|(p, a)| matches!(a, Action::Deploy { .. }) || matches!(p, Pending::Deploy { .. }));
    let placed = actions
        .iter()
        .any(|(_, a)| matches!(a, Action::Place { .. }));
    // Other players' decisions (robbers, the Count's movement round) may interrupt the turn
    // part: only a finished one has nothing left to deploy.
    let finished = matches!(
        game.pending(),
        Pending::Place { .. } | Pending::Draw | Pending::GameOver
    );
    if placed && !deployed && finished {
        line.push_str("  no follower (nothing to deploy)");
    }
    let scored: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if !s.final_scoring => Some(format!(
                "{} +{} for {}",
                game.config().player_name(s.player),
                s.points,
                s.explanation()
            )),
            _ => None,
        })
        .collect();
    if !scored.is_empty() {
        line.push_str("  scores: ");
        line.push_str(&scored.join(", "));
    }
    line
}

/// The replay summary object documented in the README: players and scores, every scoring
/// event, the assertions (for a `.jcz`), and the pending decision when the game is not over.
pub fn summary_json(game: &Game, scores: &[Score], jcz: Option<&JczGame>) -> Value {
    let players: Vec<Value> = (0..game.players())
        .map(|p| json!({"name": game.config().player_name(p), "score": game.score(p)}))
        .collect();
    let scored: Vec<Value> = scores
        .iter()
        .map(|s| json!({"player": game.config().player_name(s.player), "kind": s.kind_name(), "points": s.points}))
        .collect();
    let assertions: Vec<Value> = jcz
        .map(|j| {
            j.check()
                .into_iter()
                .map(|r| json!({"text": r.text, "ok": r.ok}))
                .collect()
        })
        .unwrap_or_default();
    let mut out = json!({"players": players, "scored": scored, "assertions": assertions});
    if !game.is_over() {
        let actions = game.legal_actions();
        let placements: Vec<Value> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Place { pos, rotation, .. } => {
                    Some(json!({"x": pos.x, "y": pos.y, "rotation": rotation.degrees()}))
                }
                _ => None,
            })
            .collect();
        let deployments: Vec<Value> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Deploy {
                    figure,
                    pos,
                    feature,
                    location,
                } => Some(json!({
                    "figure": figure.name(), "feature": feature.name(),
                    "x": pos.x, "y": pos.y, "location": location.to_string()
                })),
                _ => None,
            })
            .collect();
        out["pending"] = json!({
            "player": game.config().player_name(game.current_player()),
            "decision": game.pending().name(),
            "tile": game.current_tile().map(|t| t.to_string()),
            "can_pass": game.can_pass(),
            "tile_placements": placements,
            "deployments": deployments,
        });
    }
    out
}
