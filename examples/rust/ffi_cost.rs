//! The cost of the C API, shared by the `ffi_bench` and `bench` examples: the same random
//! 2-player base games (same seeds, same choices) played through the Rust API and through the
//! C functions of `carcassonne-ffi`, in one run.
// Calling the C ABI from Rust needs `unsafe`; every pointer passed is valid and owned here.
#![allow(unsafe_code)]

use std::hint::black_box;
use std::ptr;
use std::time::Instant;

use carcassonne::{Action, Config, Event, Game};
use carcassonne_examples::below;
use carcassonne_ffi::carc_status;
use carcassonne_ffi::game::*;
use carcassonne_ffi::types::carc_action;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Plays `games` games with `play` and returns (games per second, checksum of final scores).
fn measure(games: u64, mut play: impl FnMut(u64, &mut Pcg64Mcg) -> u64) -> (f64, u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(99);
    let start = Instant::now();
    let mut checksum = 0u64;
    for seed in 0..games {
        checksum = checksum.wrapping_mul(31).wrapping_add(play(seed, &mut rng));
    }
    (games as f64 / start.elapsed().as_secs_f64(), checksum)
}

fn ok(status: carc_status) {
    assert_eq!(status, carc_status::CARC_OK);
}

/// Games per second of the same `games` games played four ways, the better of two interleaved
/// rounds each: the Rust API without events (`play_quiet`) and with them (`play_into`), the C
/// API by index (`carc_game_play_index`) and by value (`carc_game_legal_actions` +
/// `carc_game_play`).
pub struct CApiCost {
    /// Rust, `play_quiet`.
    pub rust_quiet: f64,
    /// Rust, `play_into` (events).
    pub rust_events: f64,
    /// C, `carc_game_play_index`.
    pub c_by_index: f64,
    /// C, `carc_game_legal_actions` + `carc_game_play`.
    pub c_by_value: f64,
}

/// Measures [`CApiCost`] over `games` games (asserting that the four ways play the same games).
pub fn c_api_cost(games: u64) -> CApiCost {
    let mut buf: Vec<Action> = Vec::with_capacity(256);
    let mut events: Vec<Event> = Vec::new();
    let mut cbuf: Vec<carc_action> = Vec::with_capacity(256);

    // The two scores of a finished C game as one number (the loops must agree), then free it.
    let finish = |g: *mut carc_game| unsafe {
        let (mut a, mut b) = (0u32, 0u32);
        ok(carc_game_score(g, 0, &mut a));
        ok(carc_game_score(g, 1, &mut b));
        carc_game_free(g);
        (a * 1000 + b) as u64
    };
    let mut rust_quiet = |seed, rng: &mut Pcg64Mcg| {
        let mut g = Game::new(Config::new(2), seed).unwrap();
        while !g.is_over() {
            g.legal_actions_into(&mut buf);
            g.play_quiet(buf[below(rng, buf.len())]).unwrap();
        }
        (g.score(0) * 1000 + g.score(1)) as u64
    };
    let mut rust_events = |seed, rng: &mut Pcg64Mcg| {
        let mut g = Game::new(Config::new(2), seed).unwrap();
        let mut actions = Vec::with_capacity(256);
        while !g.is_over() {
            g.legal_actions_into(&mut actions);
            g.play_into(actions[below(rng, actions.len())], &mut events)
                .unwrap();
        }
        (g.score(0) * 1000 + g.score(1)) as u64
    };
    let c_by_index = |seed, rng: &mut Pcg64Mcg| unsafe {
        let mut g = ptr::null_mut();
        ok(carc_game_new(ptr::null(), seed, &mut g));
        let mut over = false;
        while !over {
            let mut n = 0usize;
            ok(carc_game_legal_action_count(g, &mut n));
            ok(carc_game_play_index(g, below(rng, n)));
            ok(carc_game_is_over(g, &mut over));
        }
        finish(g)
    };
    let mut c_by_value = |seed, rng: &mut Pcg64Mcg| unsafe {
        let mut g = ptr::null_mut();
        ok(carc_game_new(ptr::null(), seed, &mut g));
        let mut over = false;
        while !over {
            let mut n = 0usize;
            ok(carc_game_legal_actions(
                g,
                cbuf.as_mut_ptr(),
                cbuf.capacity(),
                &mut n,
            ));
            cbuf.set_len(n);
            ok(carc_game_play(g, &cbuf[below(rng, n)]));
            ok(carc_game_is_over(g, &mut over));
        }
        finish(g)
    };

    // Warm up, then measure each twice, interleaved, and keep the better of the two.
    measure(games / 10, &mut rust_quiet);
    let mut best = [0f64; 4];
    let mut sums = [0u64; 4];
    for _ in 0..2 {
        let runs = [
            measure(games, &mut rust_quiet),
            measure(games, &mut rust_events),
            measure(games, c_by_index),
            measure(games, &mut c_by_value),
        ];
        for (i, (rate, sum)) in runs.into_iter().enumerate() {
            best[i] = best[i].max(rate);
            sums[i] = sum;
        }
    }
    assert!(
        sums.iter().all(|s| *s == sums[0]),
        "the four loops must play the same games"
    );
    black_box(sums);
    CApiCost {
        rust_quiet: best[0],
        rust_events: best[1],
        c_by_index: best[2],
        c_by_value: best[3],
    }
}

/// Prints a [`CApiCost`] of `games` games.
pub fn print_c_api_cost(games: u64, cost: &CApiCost) {
    println!("{games} random 2-player base games, one thread, same seeds and choices:");
    println!(
        "  Rust API, play_quiet (no events):  {:>8.0} games/s",
        cost.rust_quiet
    );
    println!(
        "  Rust API, play_into (events):      {:>8.0} games/s",
        cost.rust_events
    );
    for (name, rate) in [
        ("C API, play_index:", cost.c_by_index),
        ("C API, legal_actions + play:", cost.c_by_value),
    ] {
        println!(
            "  {name:<33} {rate:>8.0} games/s ({:+.1}% vs Rust with events, {:+.1}% vs quiet)",
            (cost.rust_events / rate - 1.0) * 100.0,
            (cost.rust_quiet / rate - 1.0) * 100.0
        );
    }
}
