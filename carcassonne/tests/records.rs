//! Records written by the engine before the rules architecture was rebuilt around the turn
//! pipeline (commit 884a3c6) replay to the same games today: the same awards in the same order,
//! the same final scores, figures and pending decision. `data/records/` holds 20 seeded random
//! games over every set and rule variant (the Count's, River II's and the builder's decisions
//! taken, explicit and automatic draws, two of them stopped mid-game); `expected.json` holds
//! what that engine reported for each.

use std::path::Path;

use carcassonne::{Event, Record};
use serde_json::Value;

#[test]
fn records_of_the_earlier_engine_replay_to_the_same_games() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("expected.json")).unwrap()).unwrap();
    let expected = expected.as_object().unwrap();
    assert_eq!(expected.len(), 20);
    for (name, want) in expected {
        let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap();
        let record = Record::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (game, events) = record
            .replay_with_events()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let awards: Vec<String> = events
            .iter()
            .filter_map(Event::score)
            .map(|s| format!("{} +{} {}", s.player, s.points, s.kind_name()))
            .collect();
        let figures: Vec<String> = game
            .figures()
            .iter()
            .map(|f| {
                format!(
                    "{} {} {} {} {}",
                    f.player, f.figure, f.pos, f.feature, f.location
                )
            })
            .collect();
        let strings = |v: &Value| -> Vec<String> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_owned())
                .collect()
        };
        assert_eq!(awards, strings(&want["awards"]), "{name}: awards");
        assert_eq!(figures, strings(&want["figures"]), "{name}: figures");
        let scores: Vec<u32> = want["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(game.scores(), scores, "{name}: scores");
        assert_eq!(game.pending().name(), want["pending"], "{name}: pending");
        assert_eq!(game.board().len() as u64, want["tiles_on_board"], "{name}");
        assert_eq!(game.tiles_left() as u64, want["tiles_left"], "{name}");
        // The record written today is the one that was read.
        assert_eq!(Record::of(&game), record, "{name}: record round trip");
    }
}
