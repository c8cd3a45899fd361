//! Bad `.jcz` input: truncated, garbled, wrong-typed, wrong-player and out-of-turn files, and
//! bad Count messages, each give an import error that names the message index and the field —
//! never a panic, never a silently different game. Thousands of mutated refereed games are
//! imported too, to show that nothing panics.

mod common;

use carcassonne::{ImportError, JczGame};
use serde_json::{json, Value};

fn load(rel: &str) -> Value {
    let path = common::shared().join("jcz").join(rel);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn import(file: &Value) -> Result<JczGame, ImportError> {
    JczGame::parse(&file.to_string())
}

/// The replay error of `file`: its index, field and reason.
fn replay_error(file: &Value) -> (usize, String, String) {
    match import(file) {
        Err(ImportError::Replay {
            index,
            field,
            reason,
            ..
        }) => (index, field, reason),
        other => panic!("expected a replay error, got {:?}", other.map(|_| "a game")),
    }
}

/// Seat of message `i`.
fn player(file: &Value, i: usize) -> usize {
    file["replay"][i]["player"].as_u64().unwrap() as usize
}

#[test]
fn truncated_and_garbled_files() {
    let text =
        std::fs::read_to_string(common::shared().join("jcz/refereed/base-greedy/game-1.jcz"))
            .unwrap();
    for cut in [1, text.len() / 3, text.len() / 2, text.len() - 2] {
        assert!(matches!(
            JczGame::parse(&text[..cut]),
            Err(ImportError::Json(_))
        ));
    }
    assert!(matches!(
        JczGame::parse("carcassonne"),
        Err(ImportError::Json(_))
    ));
    assert!(matches!(
        JczGame::parse("[1, 2]"),
        Err(ImportError::Format(_))
    ));
    assert!(matches!(JczGame::parse("{}"), Err(ImportError::Format(m)) if m.contains("setup")));
}

#[test]
fn wrong_typed_fields_are_named() {
    let base = load("refereed/base-greedy/game-1.jcz");
    let format = |f: &dyn Fn(&mut Value)| -> String {
        let mut file = base.clone();
        f(&mut file);
        match import(&file) {
            Err(ImportError::Format(m)) => m,
            other => panic!("expected a format error, got {:?}", other.map(|_| "a game")),
        }
    };
    assert!(format(&|f| f["players"] = json!("Alice")).contains("players"));
    assert!(format(&|f| f["players"][1] = json!({"slot": 1})).contains("players[1].name"));
    assert!(format(&|f| f["setup"]["sets"] = json!([])).contains("setup.sets"));
    assert!(
        format(&|f| f["setup"]["elements"]["small-follower"] = json!("seven"))
            .contains("setup.elements.small-follower")
    );
    assert!(
        format(&|f| f["setup"]["rules"]["tiny-city-scoring"] = json!(4))
            .contains("setup.rules.tiny-city-scoring")
    );
    assert!(format(&|f| f["replay"] = json!({"0": 1})).contains("replay"));
    assert!(format(&|f| f["gameAnnotations"]["endTurn"] = json!("all")).contains("endTurn"));
    assert!(format(&|f| f["gameAnnotations"]["drawOrder"][4] = json!(7)).contains("drawOrder[4]"));
    let unknown = {
        let mut file = base.clone();
        file["gameAnnotations"]["drawOrder"][4] = json!("BA/Nope");
        import(&file)
    };
    assert!(matches!(unknown, Err(ImportError::UnknownTile(t)) if t == "BA/Nope"));

    let field = |i: usize, f: &dyn Fn(&mut Value)| -> (usize, String) {
        let mut file = base.clone();
        f(&mut file["replay"][i]);
        let (index, field, _) = replay_error(&file);
        (index, field)
    };
    assert_eq!(
        field(3, &|m| m["payload"]["position"] = json!("x")),
        (3, "payload.position".into())
    );
    assert_eq!(
        field(3, &|m| m["payload"]["rotation"] = json!("R45")),
        (3, "payload.rotation".into())
    );
    assert_eq!(
        field(3, &|m| m["payload"]["tileId"] = json!("BA/Nope")),
        (3, "payload.tileId".into())
    );
    assert_eq!(field(3, &|m| m["type"] = json!(5)), (3, "type".into()));
    assert_eq!(
        field(3, &|m| m["player"] = json!("zero")),
        (3, "player".into())
    );
    assert_eq!(field(3, &|m| m["player"] = json!(9)), (3, "player".into()));
    assert_eq!(
        field(3, &|m| m["payload"] = json!([1])),
        (3, "payload".into())
    );
    // An illegal placement: the position is taken.
    let (index, f, reason) = {
        let mut file = base.clone();
        file["replay"][3]["payload"]["position"] = json!([0, 0]);
        replay_error(&file)
    };
    assert_eq!((index, f.as_str()), (3, "payload.position"));
    assert!(reason.contains("taken"), "{reason}");
}

#[test]
fn a_message_of_the_wrong_player_is_refused() {
    let mut file = load("refereed/river-2/game-1.jcz");
    let players = file["players"].as_array().unwrap().len();
    let i = (40..)
        .find(|&i| file["replay"][i]["type"] == "PLACE_TILE")
        .unwrap();
    let expected = player(&file, i);
    let found = (expected + 1) % players;
    file["replay"][i]["player"] = json!(found);
    match import(&file) {
        Err(ImportError::WrongPlayer {
            index,
            expected: e,
            found: f,
            ..
        }) => assert_eq!((index, e, f), (i, expected, found)),
        other => panic!(
            "expected a wrong-player error, got {:?}",
            other.map(|_| "a game")
        ),
    }
    // A COMMIT by another player than the one who acted.
    let mut file = load("refereed/river-2/game-1.jcz");
    let c = (40..)
        .find(|&i| file["replay"][i]["type"] == "COMMIT")
        .unwrap();
    let acted = player(&file, c);
    file["replay"][c]["player"] = json!((acted + 1) % players);
    assert!(matches!(
        import(&file),
        Err(ImportError::WrongPlayer { index, decision, .. }) if index == c && decision == "commit"
    ));
}

#[test]
fn messages_out_of_turn_are_refused() {
    let base = load("refereed/base-greedy/game-2.jcz");
    let replay = base["replay"].as_array().unwrap();
    // A turn part without its COMMIT: the next message is refused.
    let c = (10..).find(|&i| replay[i]["type"] == "COMMIT").unwrap();
    let mut file = base.clone();
    file["replay"].as_array_mut().unwrap().remove(c);
    let (index, field, reason) = replay_error(&file);
    assert_eq!((index, field.as_str()), (c, "type"));
    assert!(reason.contains("COMMIT"), "{reason}");
    // Two COMMITs.
    let mut file = base.clone();
    let commit = replay[c].clone();
    file["replay"].as_array_mut().unwrap().insert(c, commit);
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (c + 1, "type"));
    // A PASS where no deployment is possible: a tile followed directly by its COMMIT.
    let p = (1..)
        .find(|&i| replay[i - 1]["type"] == "PLACE_TILE" && replay[i]["type"] == "COMMIT")
        .unwrap();
    let mut file = base.clone();
    let pass = json!({"type": "PASS", "payload": {}, "player": player(&base, p)});
    file["replay"].as_array_mut().unwrap().insert(p, pass);
    let (index, field, reason) = replay_error(&file);
    assert_eq!((index, field.as_str()), (p, "type"));
    assert!(reason.contains("COMMIT"), "{reason}");
    // A deployment with a meeple already on the board.
    let d = (1..)
        .find(|&i| replay[i]["type"] == "DEPLOY_MEEPLE")
        .unwrap();
    let later = (d + 1..)
        .find(|&i| {
            replay[i]["type"] == "DEPLOY_MEEPLE" && replay[i]["player"] == replay[d]["player"]
        })
        .unwrap();
    let mut file = base.clone();
    file["replay"][later]["payload"]["meepleId"] = replay[d]["payload"]["meepleId"].clone();
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (later, "payload.meepleId"));
}

/// Index of the first message of `kind` whose payload, as text, contains `needle`.
fn find(file: &Value, kind: &str, needle: &str) -> usize {
    file["replay"]
        .as_array()
        .unwrap()
        .iter()
        .position(|m| m["type"] == kind && m["payload"].to_string().contains(needle))
        .unwrap_or_else(|| panic!("no {kind} with {needle}"))
}

#[test]
fn bad_count_messages() {
    let base = load("refereed/count/game-1.jcz");
    // A quarter deployment where none is offered: at a tile's action step.
    let mut file = base.clone();
    let d = find(&base, "DEPLOY_MEEPLE", "\"City\"");
    file["replay"][d]["payload"]["pointer"] =
        json!({"position": [0, 0], "location": "QUARTER_CASTLE", "feature": "Quarter"});
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (d, "payload.pointer.feature"));
    // An unknown quarter.
    let mut file = base.clone();
    let q = find(&base, "DEPLOY_MEEPLE", "QUARTER_");
    file["replay"][q]["payload"]["pointer"]["location"] = json!("QUARTER_PALACE");
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (q, "payload.pointer.location"));
    // A quarter pointer away from CO/7.
    let mut file = base.clone();
    file["replay"][q]["payload"]["pointer"]["position"] = json!([1, 0]);
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (q, "payload.pointer.position"));

    // The Count moved to the quarter he stands in.
    let base2 = load("refereed/count/game-2.jcz");
    let m = find(&base2, "MOVE_NEUTRAL_FIGURE", "count.1");
    let mut before = base2.clone();
    before["replay"].as_array_mut().unwrap().truncate(m);
    before["gameAnnotations"] = json!({"drawOrder": base2["gameAnnotations"]["drawOrder"]});
    let stands = JczGame::parse(&before.to_string())
        .unwrap()
        .game
        .count_quarter()
        .unwrap();
    let mut file = base2.clone();
    let location = format!("QUARTER_{}", stands.name().to_ascii_uppercase());
    file["replay"][m]["payload"]["to"]["location"] = json!(location);
    let (index, field, reason) = replay_error(&file);
    assert_eq!(
        (index, field.as_str()),
        (m, "payload.to.location"),
        "{reason}"
    );
    // Another neutral figure than the Count.
    let mut file = base2.clone();
    file["replay"][m]["payload"]["figureId"] = json!("dragon.1");
    assert!(matches!(import(&file), Err(ImportError::Unsupported(w)) if w.contains("dragon.1")));
    // The mage moved in a game without the mage and witch.
    let mut file = base2.clone();
    file["replay"][m]["payload"]["figureId"] = json!("mage.1");
    let (index, _, reason) = replay_error(&file);
    assert_eq!(index, m, "{reason}");
    // The Count taken off the board.
    let mut file = base2.clone();
    file["replay"][m]["payload"]["to"] = Value::Null;
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (m, "payload.to"));

    // A move out of the City by the wrong player (the leave-the-City round is decided by
    // other players than the turn player).
    let turn_player = |file: &Value, i: usize| {
        (0..i)
            .rev()
            .find(|&j| file["replay"][j]["type"] == "PLACE_TILE")
            .map(|j| player(file, j))
            .unwrap()
    };
    let l = (0..base2["replay"].as_array().unwrap().len())
        .find(|&i| {
            base2["replay"][i]["type"] == "DEPLOY_MEEPLE"
                && player(&base2, i) != turn_player(&base2, i)
        })
        .unwrap();
    let mover = player(&base2, l);
    let mut file = base2.clone();
    let other = (mover + 1) % base2["players"].as_array().unwrap().len();
    file["replay"][l]["player"] = json!(other);
    match import(&file) {
        Err(ImportError::WrongPlayer {
            index,
            expected,
            found,
            ..
        }) => assert_eq!((index, expected, found), (l, mover, other)),
        other => panic!(
            "expected a wrong-player error, got {:?}",
            other.map(|_| "a game")
        ),
    }
    // ... or of a figure that is not in the City.
    let mut file = base2.clone();
    file["replay"][l]["payload"]["meepleId"] = json!(format!("{mover}.small.7"));
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (l, "payload.meepleId"));
}

/// Bad messages of a crop circle's round, each refused naming the message and the field: an
/// unknown option, an option from the wrong player or out of turn, an addition where the player
/// has no follower, a return of a figure that is not there or not the player's, another source.
#[test]
fn bad_crop_circle_messages() {
    let base = load("refereed/corn-circles/game-2.jcz");
    let o = find(&base, "CIRCLE_REMOVE_OR_DEPLOY", "DEPLOY");
    let mut file = base.clone();
    file["replay"][o]["payload"]["value"] = json!("BOTH");
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (o, "payload.value"));
    let mut file = base.clone();
    let seat = player(&base, o);
    file["replay"][o]["player"] = json!((seat + 1) % 5);
    assert!(matches!(
        import(&file),
        Err(ImportError::WrongPlayer { index, .. }) if index == o
    ));
    // Chosen again instead of the next player's addition.
    let mut file = base.clone();
    file["replay"][o + 1] = base["replay"][o].clone();
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (o + 1, "type"));
    // An addition onto another player's farmer (message o + 3 is player 0's, o + 1 player
    // 4's).
    assert_eq!(base["replay"][o + 1]["type"], "DEPLOY_MEEPLE");
    assert_eq!(base["replay"][o + 3]["type"], "DEPLOY_MEEPLE");
    let mut file = base.clone();
    file["replay"][o + 1]["payload"]["pointer"] =
        base["replay"][o + 3]["payload"]["pointer"].clone();
    let (index, field, reason) = replay_error(&file);
    assert_eq!(
        (index, field.as_str()),
        (o + 1, "payload.pointer"),
        "{reason}"
    );
    assert!(reason.contains("already has a follower"), "{reason}");

    // Option B: returns.
    let r = find(&base, "RETURN_MEEPLE", "CORN_CIRCLE");
    let who = player(&base, r);
    let mut file = base.clone();
    file["replay"][r]["payload"]["source"] = json!("ABBOT");
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (r, "payload.source"));
    let mut file = base.clone();
    file["replay"][r]["payload"]["pointer"]["meepleId"] = json!(format!("{who}.small.7"));
    let (index, field, reason) = replay_error(&file);
    assert_eq!((index, field.as_str()), (r, "payload.pointer"), "{reason}");
    let mut file = base.clone();
    let other = (who + 1) % 5;
    file["replay"][r]["payload"]["pointer"]["meepleId"] = json!(format!("{other}.small.1"));
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (r, "payload.pointer.meepleId"));
    // A return out of turn: at the tile's action step.
    let mut file = base.clone();
    let d = find(&base, "DEPLOY_MEEPLE", "\"Road\"");
    assert!(d < o);
    file["replay"][d] = base["replay"][r].clone();
    file["replay"][d]["player"] = base["replay"][d]["player"].clone();
    let (index, field, _) = replay_error(&file);
    assert_eq!((index, field.as_str()), (d, "type"));
}

/// Thousands of mutated files (a message dropped, repeated, swapped with the next, its payload
/// or player changed): each imports or is refused, never panics; a refusal names a message
/// or a field.
#[test]
fn mutated_files_never_panic() {
    let folders = [
        "base-greedy",
        "inns-traders",
        "king-robber",
        "cult",
        "count",
        "river-2",
        "corn-circles",
    ];
    let mut refused = 0;
    let mut tried = 0;
    for folder in folders {
        let base = load(&format!("refereed/{folder}/game-3.jcz"));
        let n = base["replay"].as_array().unwrap().len();
        for i in (0..n).step_by(3) {
            for mutation in 0..5 {
                let mut file = base.clone();
                let replay = file["replay"].as_array_mut().unwrap();
                match mutation {
                    0 => {
                        replay.remove(i);
                    }
                    1 => {
                        let m = replay[i].clone();
                        replay.insert(i, m);
                    }
                    2 if i + 1 < n => replay.swap(i, i + 1),
                    3 => replay[i]["payload"] = json!({}),
                    _ => {
                        let p = replay[i]["player"].as_u64().unwrap_or(0);
                        replay[i]["player"] = json!(p + 1);
                    }
                }
                tried += 1;
                if let Err(e) = import(&file) {
                    refused += 1;
                    let text = e.to_string();
                    assert!(text.contains('#') || text.contains("invalid"), "{text}");
                }
            }
        }
    }
    assert!(tried > 1000, "{tried} files");
    assert!(refused * 10 > tried * 8, "{refused} of {tried} refused");
}

/// A file that is read but is not UTF-8 text is a format error naming the file, not an I/O
/// error.
#[test]
fn a_file_that_is_not_text_is_a_format_error() {
    let path = std::env::temp_dir().join(format!("carc-not-text-{}.jcz", std::process::id()));
    std::fs::write(&path, b"\xff\xfe{}").unwrap();
    let result = JczGame::from_path(&path);
    std::fs::remove_file(&path).unwrap();
    match result {
        Err(ImportError::Format(why)) => assert!(why.contains("not UTF-8"), "{why}"),
        other => panic!("expected a format error, got {other:?}"),
    }
}
