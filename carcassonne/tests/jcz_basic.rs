//! JCloisterZone's basic engine tests (`../shared/jcz/engine-tests/basic/`), replayed with
//! their assertions. Out of scope here: `garden-scoring.jcz` (abbot and gardens) and
//! `tiny-city-coa.jcz` (an Abbey & Mayor tile).

mod common;

use carcassonne::{ImportError, JczGame};

const OUT_OF_SCOPE: [&str; 2] = ["garden-scoring.jcz", "tiny-city-coa.jcz"];

fn replay_and_check(name: &str) {
    let path = common::shared().join("jcz/engine-tests/basic").join(name);
    let jcz = JczGame::from_path(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let results = jcz.check();
    assert!(!results.is_empty(), "{name} has no assertions");
    for r in &results {
        assert!(r.ok, "{name}: assertion {:?} fails: {}", r.text, r.detail);
    }
}

#[test]
fn city_and_road_scoring() {
    replay_and_check("city-and-road-scoring.jcz");
}

#[test]
fn field_scoring() {
    replay_and_check("field-scoring.jcz");
}

#[test]
fn monastery_scoring() {
    replay_and_check("monastery-scoring.jcz");
}

#[test]
fn tiny_city_rule() {
    replay_and_check("tiny-city-rule.jcz");
}

#[test]
fn every_in_scope_basic_file_is_tested() {
    let dir = common::shared().join("jcz/engine-tests/basic");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".jcz") && !OUT_OF_SCOPE.contains(&n.as_str()))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "city-and-road-scoring.jcz",
            "field-scoring.jcz",
            "monastery-scoring.jcz",
            "tiny-city-rule.jcz"
        ]
    );
}

#[test]
fn out_of_scope_files_are_refused_with_a_clear_error() {
    let dir = common::shared().join("jcz/engine-tests/basic");
    for name in OUT_OF_SCOPE {
        match JczGame::from_path(dir.join(name)) {
            Err(ImportError::Unsupported(what) | ImportError::UnknownTile(what)) => {
                assert!(!what.is_empty())
            }
            other => panic!("{name}: expected an unsupported-feature error, got {other:?}"),
        }
    }
}

#[test]
fn broken_files_give_clear_errors() {
    let path = common::shared().join("jcz/engine-tests/basic/field-scoring.jcz");
    let text = std::fs::read_to_string(path).unwrap();
    // Truncated JSON.
    assert!(matches!(
        JczGame::parse(&text[..text.len() / 2]),
        Err(ImportError::Json(_))
    ));
    // An unknown tile id.
    let bad = text.replacen("\"BA/C\"", "\"BA/Nope\"", 1);
    assert!(matches!(JczGame::parse(&bad), Err(ImportError::UnknownTile(t)) if t == "BA/Nope"));
    // An illegal placement in the replay (the position is already taken).
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["replay"][0]["payload"]["position"] = serde_json::json!([0, 0]);
    let bad = value.to_string();
    match JczGame::parse(&bad) {
        Err(ImportError::Replay {
            index,
            kind,
            reason,
        }) => {
            assert_eq!((index, kind.as_str()), (0, "PLACE_TILE"));
            assert!(reason.contains("taken"), "{reason}");
        }
        other => panic!("expected a replay error, got {other:?}"),
    }
    // A missing setup.
    assert!(matches!(JczGame::parse("{}"), Err(ImportError::Format(_))));
}

/// Replays every JCloisterZone file of the engine-test folders `sets` and checks all its
/// assertions; returns how many files were checked.
fn every_file_passes(sets: &[&str]) -> usize {
    let mut checked = 0;
    for set in sets {
        let dir = common::shared().join("jcz/engine-tests").join(set);
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let name = path.display().to_string();
            let jcz = JczGame::from_path(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            let results = jcz.check();
            assert!(!results.is_empty(), "{name} has no assertions");
            for r in &results {
                assert!(r.ok, "{name}: assertion {:?} fails: {}", r.text, r.detail);
            }
            checked += 1;
        }
    }
    checked
}

/// Every JCloisterZone file of the Inns & Cathedrals and Traders & Builders engine tests
/// replays with all its assertions.
#[test]
fn inns_and_cathedrals_and_traders_and_builders_files_pass() {
    let checked = every_file_passes(&["inns-and-cathedrals", "traders-and-builders"]);
    assert_eq!(
        checked, 8,
        "3 Inns & Cathedrals files and 5 Traders & Builders files"
    );
}

/// The Count's file: the City of Carcassonne as a completed city for a field (TS-32).
#[test]
fn count_file_passes() {
    assert_eq!(every_file_passes(&["count"]), 1);
}

/// The King & Robber Baron files (all four scoring variants) and the Cult files.
#[test]
fn king_and_robber_and_cult_files_pass() {
    let checked = every_file_passes(&["king-and-robber", "cult"]);
    assert_eq!(checked, 7, "5 King & Robber files and 2 Cult files");
}
