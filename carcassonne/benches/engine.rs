//! Criterion benchmarks over a fixed list of positions: a whole random game (each action
//! drawn from the list, or by index with `play_chosen`), `legal_actions()`, a `Game` clone and
//! `clone_from`, and playing one placement.

use std::hint::black_box;

use carcassonne::{Action, Config, Game};
use criterion::{criterion_group, criterion_main, Criterion};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// Mid-game positions from fixed seeds: 20 games stopped after 40..120 actions.
fn positions() -> Vec<Game> {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut out = Vec::new();
    for seed in 0..20u64 {
        let mut game = Game::new(Config::new(2), seed).unwrap();
        let stop = 40 + 4 * seed as usize;
        for _ in 0..stop {
            if game.is_over() {
                break;
            }
            let legal = game.legal_actions();
            game.play_quiet(legal[below(&mut rng, legal.len())])
                .unwrap();
        }
        out.push(game);
    }
    out
}

fn benches(c: &mut Criterion) {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut buf: Vec<Action> = Vec::with_capacity(256);
    let mut seed = 0u64;
    c.bench_function("random 2-player base game", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Game::new(Config::new(2), seed).unwrap();
            while !game.is_over() {
                game.legal_actions_into(&mut buf);
                let a = buf[below(&mut rng, buf.len())];
                game.play_quiet(a).unwrap();
            }
            black_box(game.score(0))
        })
    });
    c.bench_function(
        "random 2-player base game, drawn by index (play_chosen)",
        |b| {
            b.iter(|| {
                seed += 1;
                let mut game = Game::new(Config::new(2), seed).unwrap();
                while game.play_chosen(|n| below(&mut rng, n)).unwrap().is_some() {}
                black_box(game.score(0))
            })
        },
    );
    let positions = positions();
    c.bench_function("legal_actions (20 mid-game positions)", |b| {
        b.iter(|| {
            for g in &positions {
                black_box(g.legal_actions());
            }
        })
    });
    c.bench_function("clone (20 mid-game positions)", |b| {
        b.iter(|| {
            for g in &positions {
                black_box(g.clone());
            }
        })
    });
    let mut scratch: Vec<Game> = positions.clone();
    c.bench_function("clone_from into a used game (20 mid-game positions)", |b| {
        b.iter(|| {
            for (g, into) in positions.iter().zip(&mut scratch) {
                into.clone_from(g);
                black_box(&*into);
            }
        })
    });
    let placed: Vec<(Game, Action)> = positions
        .iter()
        .filter_map(|g| {
            let first = *g.legal_actions().first()?;
            matches!(first, Action::Place { .. }).then(|| (g.clone(), first))
        })
        .collect();
    c.bench_function("clone + play one placement", |b| {
        b.iter(|| {
            for (g, a) in &placed {
                let mut g = g.clone();
                g.play_quiet(*a).unwrap();
                black_box(g);
            }
        })
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
