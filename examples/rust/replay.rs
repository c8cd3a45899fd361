//! Replays a game record (JSON written by `play`) or a JCloisterZone `.jcz` saved game and prints
//! the final scores; for a `.jcz`, each assertion as PASS or FAIL (exit status 1 if one fails).
//!
//! ```text
//! cargo run --release --example replay -- FILE [--json]
//! ```
//! With `--json`, prints one JSON object: `players` (name, score), `scored` (every scoring
//! event: player, kind, points), `assertions` (text, ok) and, when the game is not over,
//! `pending` (player, decision, tile, can_pass, tile_placements, deployments).

use std::process::ExitCode;

use carcassonne::{Event, Game, JczGame, Record, RecordError, Score};
use carcassonne_examples::{flag, summary_json};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: replay FILE [--json]   (FILE: a record from `play`, or a .jcz file)");
        return ExitCode::from(2);
    };
    let json = flag(&args, "--json");
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let loaded = if path.ends_with(".jcz") {
        JczGame::parse(&text)
            .map(|j| (j.game.clone(), j.scores.clone(), Some(j)))
            .map_err(|e| e.to_string())
    } else {
        Record::from_json(&text)
            .and_then(|r| replay_record(&r))
            .map_err(|e| e.to_string())
    };
    let (game, scores, jcz) = match loaded {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let results = jcz.as_ref().map(|j| j.check()).unwrap_or_default();
    if json {
        println!("{}", summary_json(&game, &scores, jcz.as_ref()));
    } else {
        if let Some(j) = &jcz {
            if !j.description.is_empty() {
                println!("{}", j.description);
            }
        }
        let state = if game.is_over() {
            "final"
        } else {
            "current (game not over)"
        };
        println!("{state} scores:");
        for p in 0..game.players() {
            println!(
                "  {:<12} {:>4}",
                game.config().player_name(p),
                game.score(p)
            );
        }
        for r in &results {
            let verdict = if r.ok { "PASS" } else { "FAIL" };
            if r.ok {
                println!("{verdict}  {}", r.text);
            } else {
                println!("{verdict}  {}  ({})", r.text, r.detail);
            }
        }
    }
    if results.iter().all(|r| r.ok) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Replays a record and keeps its score events.
fn replay_record(record: &Record) -> Result<(Game, Vec<Score>, Option<JczGame>), RecordError> {
    let (game, events) = record.replay_with_events()?;
    let scores = events.iter().filter_map(Event::score).cloned().collect();
    Ok((game, scores, None))
}
