//! Speed of the vectorised environment from Rust (no Python): environment steps per second
//! with uniformly random legal actions, for 1, 64 and 1,024 environments of 2-player base games,
//! on one thread and on a pool of `--threads` threads (default: all cores); observations off
//! unless `--observations R` gives a window radius. Medians of `--runs` runs of `--seconds` each.
//!
//! `cargo run --release --example vector [-- --seconds 1 --runs 3 --threads N --observations R]`
//!
//! `--steps N [--envs E]` makes exactly N steps of E environments (default 1,024) on
//! `--threads` threads instead, for instruction and cache counts under valgrind.
//!
//! `--independent [--envs E]` compares, in `--runs` rounds of `--seconds` each, one
//! environment of E games on 1 thread, the same on a pool of `--threads` threads, and
//! `--threads` environments of E / `--threads` games, each stepped (and its actions chosen)
//! on a thread of its own: the total steps per second of each.

use std::time::Instant;

use carcassonne::encoding::RewardScheme;
use carcassonne::vector::VectorEnv;
use carcassonne::Config;
use carcassonne_examples::{below, flag, option};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Steps per second of `envs` environments on `threads` threads, until `seconds` have passed
/// or (with `steps`) for exactly `steps` steps. Environment `i` starts with game seed
/// `first_seed + i`; the random actions are drawn from a generator of seed `1 + first_seed`.
fn rate(
    first_seed: u64,
    envs: usize,
    threads: usize,
    radius: Option<usize>,
    seconds: f64,
    steps_wanted: Option<u64>,
) -> f64 {
    let mut env = VectorEnv::new(Config::new(2), envs, first_seed, RewardScheme::Rank, radius)
        .and_then(|e| e.with_threads(threads))
        .expect("a vector environment");
    let mut rng = Pcg64Mcg::seed_from_u64(1 + first_seed);
    let mut actions = vec![0i64; envs];
    let (mut steps, start) = (0u64, Instant::now());
    while steps_wanted.map_or(start.elapsed().as_secs_f64() < seconds, |n| {
        steps < n * envs as u64
    }) {
        for (i, a) in actions.iter_mut().enumerate() {
            let ids = env.legal_ids(i);
            *a = ids[below(&mut rng, ids.len())] as i64;
        }
        env.step(&actions).expect("legal actions");
        steps += envs as u64;
    }
    steps as f64 / start.elapsed().as_secs_f64()
}

/// `--independent`: see the module's documentation. The `threads` environments of `part` games
/// start from the seeds of the single environment's games (`t * part + i`), so that each plays
/// games of its own.
fn independent(envs: usize, threads: usize, seconds: f64, runs: usize) {
    let part = (envs / threads).max(1);
    for round in 1..=runs {
        let one = rate(0, envs, 1, None, seconds, None);
        let pooled = rate(0, envs, threads, None, seconds, None);
        let split: f64 = std::thread::scope(|s| {
            let stepping: Vec<_> = (0..threads)
                .map(|t| s.spawn(move || rate((t * part) as u64, part, 1, None, seconds, None)))
                .collect();
            stepping
                .into_iter()
                .map(|t| t.join().expect("a stepping thread"))
                .sum()
        });
        println!(
            "round {round}: {envs} environments on 1 thread {one:.0} steps/s; on a pool of \
             {threads}: {pooled:.0} ({:.2}x); {threads} environments of {part}, a thread each: \
             {split:.0} ({:.2}x)",
            pooled / one,
            split / one
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |name: &str, default: f64| -> f64 {
        option(&args, name).map_or(default, |v| v.parse().expect("a number"))
    };
    let seconds = number("--seconds", 1.0);
    let runs = number("--runs", 3.0).max(1.0) as usize;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = number("--threads", cores as f64).max(1.0) as usize;
    let radius = option(&args, "--observations").map(|r| r.parse().expect("a radius"));
    if let Some(n) = option(&args, "--steps") {
        let n = n.parse().expect("--steps takes a number");
        let envs = number("--envs", 1024.0) as usize;
        let rate = rate(0, envs, threads, radius, 0.0, Some(n));
        println!("{n} steps of {envs} environments on {threads} thread(s): {rate:.0} steps/s");
        return;
    }
    if flag(&args, "--independent") {
        independent(number("--envs", 1024.0) as usize, threads, seconds, runs);
        return;
    }
    println!(
        "vector environment, 2-player base games, observations {radius:?}, medians of {runs} runs:"
    );
    for envs in [1, 64, 1024] {
        for t in [1, threads] {
            let mut rates: Vec<f64> = (0..runs)
                .map(|_| rate(0, envs, t, radius, seconds, None))
                .collect();
            rates.sort_by(|a, b| a.total_cmp(b));
            println!(
                "  {envs:>5} envs, {t} thread(s): {:>10.0} steps/s",
                rates[runs / 2]
            );
        }
    }
}
