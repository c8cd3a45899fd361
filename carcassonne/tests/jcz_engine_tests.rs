//! JCloisterZone's own scenario files (`../shared/jcz/engine-tests/`): every file of a set we
//! implement replays with every assertion judged and holding; files that need what we do not
//! implement are refused with an error naming it. The assertion forms we judge are listed in
//! `carcassonne::jcz`; those we do not are below, with the reason.

mod common;

use std::path::PathBuf;

use carcassonne::{ImportError, JczGame, Pending};
use serde_json::{json, Value};

/// Files that need something outside this library, and what.
const OUT_OF_SCOPE: [(&str, &str); 2] = [
    (
        "basic/garden-scoring.jcz",
        "the abbot and gardens (base game, 2nd edition)",
    ),
    ("basic/tiny-city-coa.jcz", "an Abbey & Mayor tile"),
];

/// Assertion forms this library does not judge, and why. An assertion of such a form is
/// reported with `judged == false` (never as holding); no file in scope has one.
const NOT_JUDGED: [(&str, &str); 2] = [
    (
        "TilePlacement ... options",
        "no JCloisterZone source we can read (its client's utils/testing.js) nor any file \
         here uses it, so its grammar is unknown; the tile is drawn, and legal_actions() lists \
         the placements",
    ),
    (
        "Meeple ... options",
        "as above; legal_actions() lists the deployments",
    ),
];

fn engine_tests() -> PathBuf {
    common::shared().join("jcz/engine-tests")
}

/// Every `.jcz` under the engine tests, as `folder/name`.
fn every_file() -> Vec<String> {
    let mut names = Vec::new();
    for dir in std::fs::read_dir(engine_tests()).unwrap() {
        let dir = dir.unwrap().path();
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "jcz") {
                let folder = dir.file_name().unwrap().to_string_lossy();
                let name = f.file_name().unwrap().to_string_lossy();
                names.push(format!("{folder}/{name}"));
            }
        }
    }
    names.sort();
    names
}

#[test]
fn every_in_scope_file_replays_with_every_assertion_judged_and_holding() {
    let mut checked = 0;
    let mut assertions = 0;
    for name in every_file() {
        if OUT_OF_SCOPE.iter().any(|(f, _)| *f == name) {
            continue;
        }
        let jcz = JczGame::from_path(engine_tests().join(&name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let results = jcz.check();
        assert!(!results.is_empty(), "{name} has no assertions");
        for r in &results {
            assert!(
                r.judged,
                "{name}: {:?} is not judged ({}); known unjudged forms: {NOT_JUDGED:?}",
                r.text, r.detail
            );
            assert!(r.ok, "{name}: {:?} does not hold: {}", r.text, r.detail);
        }
        checked += 1;
        assertions += results.len();
    }
    // basic 4, count 1, cult 2, flying-machines 1, goldmines 2, inns-and-cathedrals 3,
    // king-and-robber 5, mage-and-witch 2, traders-and-builders 5.
    assert_eq!(checked, 25, "in-scope files");
    assert!(assertions >= 40, "{assertions} assertions");
}

#[test]
fn out_of_scope_files_are_refused_naming_what_they_need() {
    let all = every_file();
    for (name, needs) in OUT_OF_SCOPE {
        assert!(
            all.iter().any(|f| f == name),
            "{name} is not there any more"
        );
        match JczGame::from_path(engine_tests().join(name)) {
            Err(ImportError::Unsupported(what) | ImportError::UnknownTile(what)) => {
                assert!(!what.is_empty(), "{name} ({needs})")
            }
            other => panic!("{name} ({needs}): expected a refusal, got {other:?}"),
        }
    }
}

/// Unknown forms are reported as not judged, never as holding.
#[test]
fn unknown_assertion_forms_are_not_judged() {
    let mut file: Value = serde_json::from_str(
        &std::fs::read_to_string(engine_tests().join("basic/field-scoring.jcz")).unwrap(),
    )
    .unwrap();
    file["test"]["assertions"] = json!(["TilePlacement options 4", "Meeple options 3"]);
    let jcz = JczGame::parse(&file.to_string()).unwrap();
    for r in jcz.check() {
        assert!(!r.judged && !r.ok, "{r:?}");
    }
    assert_eq!(NOT_JUDGED.len(), 2);
}

/// A scenario that stops before the next draw and names the tile JCloisterZone drew with its
/// own generator: the import draws it, so the placement and the pass can be judged.
#[test]
fn a_named_tile_is_drawn_when_the_file_stops_before_its_draw() {
    let text = std::fs::read_to_string(engine_tests().join("basic/field-scoring.jcz")).unwrap();
    let mut file: Value = serde_json::from_str(&text).unwrap();
    // Keep the first turn (PLACE_TILE, DEPLOY_MEEPLE, COMMIT); no endTurn; the draw order
    // holds only that turn's tile.
    let first: Vec<Value> = file["replay"].as_array().unwrap()[..3].to_vec();
    file["replay"] = Value::Array(first);
    file["gameAnnotations"] = json!({"drawOrder": ["BA/C"]});
    file["test"]["assertions"] = json!([
        "Available action TilePlacement for BA/CFC.2",
        "Player can't pass",
        "phase is TilePhase",
        "Oscar has 0 points",
    ]);
    let jcz = JczGame::parse(&file.to_string()).unwrap();
    assert_eq!(
        jcz.game.pending(),
        Pending::Place {
            tile: "BA/CFC.2".parse().unwrap()
        }
    );
    for r in jcz.check() {
        assert!(r.judged && r.ok, "{r:?}");
    }
    // Without the assertion the draw stays pending.
    file["test"]["assertions"] = json!(["phase is TilePhase"]);
    let jcz = JczGame::parse(&file.to_string()).unwrap();
    assert_eq!(jcz.game.pending(), Pending::Draw);
    // A tile of the draw order after the replay is drawn as JCloisterZone draws it.
    file["gameAnnotations"] = json!({"drawOrder": ["BA/C", "BA/CFC.2"]});
    file["test"]["assertions"] = json!(["Available action TilePlacement for BA/CFC.2"]);
    let jcz = JczGame::parse(&file.to_string()).unwrap();
    assert!(jcz.check()[0].ok);
}
