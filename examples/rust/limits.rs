//! What an input at the limits of `carcassonne::limits` costs: builds the largest input of a
//! kind in memory, runs the operation on it, and prints each step's time, the sizes, and the
//! process's peak resident memory (`VmHWM`, Linux). The README's reliability section quotes
//! these figures.
//!
//! ```text
//! cargo run --release --example limits -- CASE
//! ```
//! CASE is one of:
//! - `stack`: a game of a custom stack of `MAX_STACK_TILES` (4,000) base tiles played at
//!   random to the end; its record written and replayed; its board drawn as text and SVG (it
//!   has no `.jcz`: JCloisterZone's packs hold fewer tiles);
//! - `staircase`: 4,000 tiles laid as a staircase (each placement the one furthest south-east),
//!   the widest board for its tiles; the record replayed, the board as text and SVG;
//! - `record`: a 16 MiB record (`MAX_RECORD_BYTES`): the 4,000-tile game's record with its
//!   actions padded with passes up to the limit (refused when replayed); and one byte more
//!   (refused before parsing);
//! - `jcz`: a real saved game of six sets (its `.jcz` written by the engine, then imported);
//!   the same game with every replay message padded so that the text is 16 MiB
//!   (`MAX_JCZ_BYTES`), imported to the same scores; and one byte more (refused);
//! - `dev-zero`: `JczGame::from_path("/dev/zero")`, an endless file;
//! - `all`: every case in turn (the peak memory is then the largest of them).

use std::time::Instant;

use carcassonne::limits::{
    MAX_JCZ_BYTES, MAX_JCZ_MESSAGE_BYTES, MAX_RECORD_BYTES, MAX_STACK_TILES,
};
use carcassonne::render::{board_svg, board_text};
use carcassonne::{Action, Config, Game, JczGame, Record, Rules};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Runs `f`, printing its time in milliseconds with `what`.
fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = f();
    println!("  {what}: {:.1} ms", start.elapsed().as_secs_f64() * 1000.0);
    value
}

/// The process's peak resident memory in MiB (`VmHWM` of `/proc/self/status`), if known.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn mib(bytes: usize) -> String {
    format!("{:.2} MiB", bytes as f64 / (1 << 20) as f64)
}

/// A config of a custom stack of `MAX_STACK_TILES` base tiles (the base stack repeated),
/// JCloisterZone's readings (so that the game can be written as a `.jcz`).
fn max_stack_config(explicit: bool) -> Config {
    let base = Config::new(2).stack_tiles();
    let mut config = Config::new(2);
    config.rules = Rules::jcloisterzone();
    config.stack = Some(base.iter().copied().cycle().take(MAX_STACK_TILES).collect());
    config.explicit_draws = explicit;
    config
}

/// The 4,000-tile game, played at random to the end.
fn max_stack_game() -> Game {
    let mut game = Game::new(max_stack_config(false), 1).expect("a valid config");
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut legal = Vec::new();
    while !game.is_over() {
        game.legal_actions_into(&mut legal);
        let a = legal[(rng.next_u64() % legal.len() as u64) as usize];
        game.play_quiet(a).expect("a legal action");
    }
    game
}

fn stack() {
    println!("stack: a custom stack of {MAX_STACK_TILES} tiles");
    let game = timed("play to the end at random", max_stack_game);
    println!("  {} tiles on the board", game.board().len());
    let json = timed("write the record", || game.to_json());
    println!("  record: {}", mib(json.len()));
    let replayed = timed("replay the record", || {
        Game::from_json(&json).expect("replays")
    });
    assert!(replayed == game);
    // (JCloisterZone's packs hold fewer tiles: such a game has no .jcz.)
    if let Err(e) = game.to_jcz() {
        println!("  no .jcz: {e}");
    }
    let text = timed("board_text", || board_text(&game));
    let svg = timed("board_svg", || board_svg(&game));
    println!("  text board: {}, SVG: {}", mib(text.len()), mib(svg.len()));
}

fn staircase() {
    println!("staircase: {MAX_STACK_TILES} tiles, each placement the furthest south-east");
    let game = timed("play", || {
        let mut game = Game::new(max_stack_config(true), 1).expect("a valid config");
        let mut stack = max_stack_config(true).stack_tiles();
        let mut legal = Vec::new();
        while !game.is_over() {
            if game.pending().is_chance() {
                // The next tile that fits somewhere, else any (it is discarded).
                let outcomes = game.chance_outcomes();
                let tile = stack
                    .pop()
                    .filter(|t| outcomes.iter().any(|(o, _)| o.tile() == Some(*t)));
                let outcome = tile.map_or(outcomes[0].0, carcassonne::Outcome::Tile);
                game.resolve(outcome).expect("a listed outcome");
                continue;
            }
            game.legal_actions_into(&mut legal);
            let best = legal
                .iter()
                .copied()
                .max_by_key(|a| match a {
                    Action::Place { pos, .. } => i64::from(pos.x) + i64::from(pos.y),
                    Action::Pass => i64::MIN + 1,
                    _ => i64::MIN,
                })
                .expect("a legal action");
            game.play_quiet(best).expect("a legal action");
        }
        game
    });
    let (min, max) = game.board().bounds();
    println!(
        "  {} tiles on a {} x {} board",
        game.board().len(),
        max.x - min.x + 1,
        max.y - min.y + 1
    );
    let json = timed("write the record", || game.to_json());
    println!("  record: {}", mib(json.len()));
    let replayed = timed("replay the record", || {
        Game::from_json(&json).expect("replays")
    });
    assert!(replayed == game);
    let text = timed("board_text", || board_text(&game));
    let svg = timed("board_svg", || board_svg(&game));
    println!("  text board: {}, SVG: {}", mib(text.len()), mib(svg.len()));
}

fn record() {
    println!(
        "record: a record of MAX_RECORD_BYTES ({})",
        mib(MAX_RECORD_BYTES)
    );
    let game = max_stack_game();
    let json = game.to_json();
    let tail = json.rfind(']').expect("the actions array ends the record");
    let (head, rest) = json.split_at(tail);
    let mut big = String::with_capacity(MAX_RECORD_BYTES);
    big.push_str(head);
    while big.len() + rest.len() + 8 <= MAX_RECORD_BYTES {
        big.push_str(",\"pass\"");
    }
    big.push_str(rest);
    // Exactly at the limit (JSON allows the trailing spaces).
    while big.len() < MAX_RECORD_BYTES {
        big.push(' ');
    }
    println!("  text: {}", mib(big.len()));
    drop(json);
    if let Some(peak) = peak_mib() {
        println!("  peak resident memory before the parse: {peak:.1} MiB");
    }
    let record = timed("parse", || Record::from_json(&big).expect("parses"));
    println!("  {} actions", record.actions.len());
    let refused = timed("replay (refused at the first pass)", || record.replay());
    println!("  {}", refusal(refused, "after the game ended"));
    drop(record);
    big.push(' ');
    let refused = timed("one byte more (refused)", || Record::from_json(&big));
    println!("  {}", refusal(refused, "MAX_RECORD_BYTES"));
}

/// The message of the error `result` must be, which must name `what` (a panic otherwise:
/// the limit did not hold).
fn refusal<T, E: std::fmt::Display>(result: Result<T, E>, what: &str) -> String {
    match result {
        Ok(_) => panic!("an input over its limit was accepted ({what})"),
        Err(e) => {
            let text = e.to_string();
            assert!(text.contains(what), "the refusal names {what}: {text}");
            text
        }
    }
}

fn jcz() {
    println!("jcz: a .jcz of MAX_JCZ_BYTES ({})", mib(MAX_JCZ_BYTES));
    // A real saved game: six sets played at random to the end, written by the engine.
    let mut config = Config::new(3);
    config.rules = Rules::jcloisterzone();
    config.sets = ["base", "inns", "traders", "river2", "count", "big_top"]
        .iter()
        .map(|s| s.parse().expect("a set"))
        .collect();
    let mut game = Game::new(config, 7).expect("a valid config");
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    while !game.is_over() {
        let legal = game.legal_actions();
        let a = legal[(rng.next_u64() % legal.len() as u64) as usize];
        game.play_quiet(a).expect("a legal action");
    }
    let text = game.to_jcz().expect("exports");
    println!(
        "  a real game: {} tiles, .jcz {}",
        game.board().len(),
        mib(text.len())
    );
    let imported = timed("import it", || JczGame::parse(&text).expect("imports"));
    assert_eq!(imported.game.scores(), game.scores());
    // The same game with every replay message padded (an unknown field the import skips) so
    // that the text is just under the limit, each message under MAX_JCZ_MESSAGE_BYTES.
    let key = text.find("\"replay\"").expect("a replay");
    let at = key + text[key..].find('[').expect("a replay array") + 1;
    let messages = text[at..].matches("\"type\":").count().max(1);
    let pad = ((MAX_JCZ_BYTES - text.len()) / messages - 16).min(MAX_JCZ_MESSAGE_BYTES - 1024);
    let filler = format!("\"pad\":\"{}\",\"type\":", "x".repeat(pad));
    let mut big = String::with_capacity(MAX_JCZ_BYTES);
    big.push_str(&text[..at]);
    for (i, piece) in text[at..].split("\"type\":").enumerate() {
        if i > 0 {
            big.push_str(&filler);
        }
        big.push_str(piece);
    }
    while big.len() < MAX_JCZ_BYTES {
        big.push(' ');
    }
    println!(
        "  padded: {} ({messages} messages of up to {})",
        mib(big.len()),
        mib(pad + 1024)
    );
    if let Some(peak) = peak_mib() {
        println!("  peak resident memory before the import: {peak:.1} MiB");
    }
    let padded = timed("import the padded text", || JczGame::parse(&big));
    match padded {
        Ok(j) => {
            assert_eq!(j.game.scores(), game.scores());
            println!(
                "  imported: {} tiles on the board, the same scores",
                j.game.board().len()
            );
        }
        Err(e) => panic!("the padded .jcz, at its limit, was refused: {e}"),
    }
    big.push(' ');
    let refused = timed("one byte more (refused)", || JczGame::parse(&big));
    println!("  {}", refusal(refused, "MAX_JCZ_BYTES"));
}

fn dev_zero() {
    println!("dev-zero: JczGame::from_path(\"/dev/zero\")");
    let refused = timed("read (refused)", || JczGame::from_path("/dev/zero"));
    println!("  {}", refusal(refused, "MAX_JCZ_BYTES"));
}

fn main() {
    let case = std::env::args().nth(1).unwrap_or_default();
    match case.as_str() {
        "stack" => stack(),
        "staircase" => staircase(),
        "record" => record(),
        "jcz" => jcz(),
        "dev-zero" => dev_zero(),
        "all" => {
            stack();
            staircase();
            record();
            jcz();
            dev_zero();
        }
        _ => {
            eprintln!("usage: limits stack|staircase|record|jcz|dev-zero|all");
            std::process::exit(2);
        }
    }
    if let Some(peak) = peak_mib() {
        println!("peak resident memory: {peak:.1} MiB");
    }
}
