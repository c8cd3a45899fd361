//! Strength and speed of the MCTS bot: seeded 2-player games against another built-in bot, the
//! MCTS bot in seat 0 of even games and seat 1 of odd ones; prints the win rate (ties count
//! half), the mean score margin and the search's iterations per second (medians over the
//! decisions that were searched).
//!
//! `cargo run --release --example mcts [-- --games 200 --iterations 1000 --opponent greedy
//! --reward margin --exploration 0.5 --threads 2 --sets base --seed 0]`

use std::time::Instant;

use carcassonne::bots::{MctsOptions, MctsReward};
use carcassonne::{Bot, BotKind, Config, Game, TileSet};
use carcassonne_examples::option;

struct Outcome {
    mcts_score: u32,
    other_score: u32,
    iterations: u64,
    seconds: f64,
    rates: Vec<f64>,
}

fn play(config: &Config, seed: u64, options: MctsOptions, opponent: BotKind) -> Outcome {
    let mcts_seat = (seed % 2) as usize;
    let mut game = Game::new(config.clone(), seed).expect("valid config");
    let mut bots = [
        Bot::mcts(seed.wrapping_mul(2).wrapping_add(1), options),
        Bot::new(opponent, seed.wrapping_mul(2)),
    ];
    if mcts_seat == 1 {
        bots.swap(0, 1);
    }
    let (mut iterations, mut seconds, mut rates) = (0u64, 0f64, Vec::new());
    while !game.is_over() {
        let seat = game.current_player();
        let action = bots[seat].choose(&game).expect("a decision is pending");
        if seat == mcts_seat {
            let stats = bots[seat].last_search();
            if stats.iterations > 0 {
                iterations += stats.iterations as u64;
                seconds += stats.elapsed.as_secs_f64();
                rates.push(stats.iterations as f64 / stats.elapsed.as_secs_f64().max(1e-9));
            }
        }
        game.play_quiet(action).expect("bots play legal actions");
    }
    let scores = game.scores();
    Outcome {
        mcts_score: scores[mcts_seat],
        other_score: scores[1 - mcts_seat],
        iterations,
        seconds,
        rates,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |name: &str, default: f64| -> f64 {
        option(&args, name).map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} takes a number, not {v:?}"))
        })
    };
    let games = number("--games", 200.0) as u64;
    let first_seed = number("--seed", 0.0) as u64;
    let threads = number("--threads", 2.0).max(1.0) as u64;
    let opponent: BotKind = option(&args, "--opponent")
        .unwrap_or_else(|| "greedy".into())
        .parse()
        .expect("--opponent: random, greedy or mcts");
    let reward = match option(&args, "--reward").as_deref() {
        None | Some("margin") => MctsReward::Margin,
        Some("win") => MctsReward::Win,
        Some(other) => panic!("--reward: win or margin, not {other:?}"),
    };
    let options = MctsOptions {
        iterations: number("--iterations", 1000.0) as u32,
        exploration: number("--exploration", MctsOptions::default().exploration),
        reward,
        ..MctsOptions::default()
    };
    let mut config = Config::new(2);
    if let Some(sets) = option(&args, "--sets") {
        config.sets = sets
            .split(',')
            .map(|s| s.parse::<TileSet>().expect("a tile set"))
            .collect();
    }
    let start = Instant::now();
    let results: Vec<Outcome> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let config = &config;
                scope.spawn(move || {
                    (first_seed + t..first_seed + games)
                        .step_by(threads as usize)
                        .map(|seed| play(config, seed, options, opponent))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a game thread"))
            .collect()
    });
    let wins: f64 = results
        .iter()
        .map(|o| match o.mcts_score.cmp(&o.other_score) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        })
        .sum();
    let margin: f64 = results
        .iter()
        .map(|o| o.mcts_score as f64 - o.other_score as f64)
        .sum::<f64>()
        / results.len().max(1) as f64;
    let iterations: u64 = results.iter().map(|o| o.iterations).sum();
    let seconds: f64 = results.iter().map(|o| o.seconds).sum();
    let mut rates: Vec<f64> = results.iter().flat_map(|o| o.rates.clone()).collect();
    rates.sort_by(|a, b| a.total_cmp(b));
    let median = rates.get(rates.len() / 2).copied().unwrap_or(0.0);
    println!(
        "mcts ({} iterations, exploration {}, {} reward) vs {opponent}, {} games, sets {}:",
        options.iterations,
        options.exploration,
        options.reward.name(),
        results.len(),
        config
            .sets
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    println!(
        "  win rate {:.1}% (ties half), mean margin {margin:+.1} points",
        100.0 * wins / results.len().max(1) as f64
    );
    println!(
        "  iterations/s: median {median:.0} per decision, overall {:.0} (one thread); {:.1} s wall on {threads} threads",
        iterations as f64 / seconds.max(1e-9),
        start.elapsed().as_secs_f64()
    );
}
