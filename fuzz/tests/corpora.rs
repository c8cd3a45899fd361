//! Replays every checked-in corpus (`corpus/NAME/`) through its target on the stable toolchain:
//! each input must keep every invariant of the target. A missing or empty corpus fails.

use std::path::Path;

fn replay(target: &str, run: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the corpus {} cannot be read: {e}", dir.display()))
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    files.sort();
    assert!(!files.is_empty(), "the corpus {} is empty", dir.display());
    for file in &files {
        let data = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let outcome = std::panic::catch_unwind(|| run(&data));
        assert!(outcome.is_ok(), "{target}: input {} fails", file.display());
    }
    println!("{target}: {} inputs replayed", files.len());
}

#[test]
fn record_json_corpus() {
    replay("record_json", carcassonne_fuzz::record_json);
}

#[test]
fn jcz_text_corpus() {
    replay("jcz_text", carcassonne_fuzz::jcz_text);
}

#[test]
fn actions_corpus() {
    replay("actions", carcassonne_fuzz::actions);
}

#[test]
fn config_play_corpus() {
    replay("config_play", carcassonne_fuzz::config_play);
}

#[test]
fn c_api_corpus() {
    replay("c_api", carcassonne_fuzz::c_api);
}
