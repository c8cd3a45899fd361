//! Perft-style golden counts: the number of action sequences of a given depth from fixed
//! positions (start tile and a forced draw order; draws are not plies). The golden file
//! `tests/data/perft.txt` gives the counts; its comments show the hand check of the first plies.
//! Every node up to the tested depth is also checked against the naive oracle.

mod common;

use std::collections::BTreeSet;

use carcassonne::{Action, Config, Game, Pending, Rotation, Rules, StartTile};
use common::{oracle::Oracle, tile};

fn position(start: &str, draws: &[&str], farmers: bool) -> Game {
    let mut config = Config::new(2);
    config.explicit_draws = true;
    config.start = Some(StartTile {
        tile: tile(start),
        rotation: Rotation::R0,
    });
    config.stack = Some(draws.iter().map(|t| tile(t)).collect());
    config.rules = Rules::default();
    config.rules.farmers = farmers;
    Game::new(config, 0).unwrap()
}

/// Draws the next tile of the fixed order while a draw is pending.
fn settle(game: &mut Game, order: &[&str]) {
    while game.pending() == Pending::Draw {
        let next = order[game.draws().len()];
        game.draw(tile(next)).unwrap();
    }
}

fn perft(game: &Game, order: &[&str], depth: usize, check: bool) -> u64 {
    let mut game = game.clone();
    settle(&mut game, order);
    if depth == 0 || game.is_over() {
        return 1;
    }
    let legal = game.legal_actions();
    if check {
        let oracle = Oracle::of(&game);
        match game.pending() {
            Pending::Place { tile } => {
                let mine: BTreeSet<(i32, i32, u16)> = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Place { pos, rotation, .. } => {
                            Some((pos.x, pos.y, rotation.degrees()))
                        }
                        _ => None,
                    })
                    .collect();
                assert_eq!(mine, oracle.placements(tile));
            }
            Pending::Deploy { pos } => {
                let mine: BTreeSet<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| *a != Action::Pass)
                    .collect();
                assert_eq!(
                    mine,
                    oracle.deployments(&game, pos, game.config().rules.farmers)
                );
            }
            _ => {}
        }
    }
    legal
        .iter()
        .map(|&a| {
            let mut next = game.clone();
            next.play_quiet(a).unwrap();
            perft(&next, order, depth - 1, check)
        })
        .sum()
}

struct Golden {
    id: String,
    start: String,
    draws: Vec<String>,
    farmers: bool,
    counts: Vec<u64>,
}

fn golden() -> Vec<Golden> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 5, "bad perft line {l}");
            Golden {
                id: parts[0].to_owned(),
                start: parts[1].to_owned(),
                draws: parts[2].split_whitespace().map(str::to_owned).collect(),
                farmers: parts[3] == "farmers",
                counts: parts[4]
                    .split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect(),
            }
        })
        .collect()
}

#[test]
fn perft_golden_counts() {
    let cases = golden();
    assert!(cases.len() >= 4);
    for g in cases {
        let order: Vec<&str> = g.draws.iter().map(String::as_str).collect();
        let game = position(&g.start, &order, g.farmers);
        for (i, &expected) in g.counts.iter().enumerate() {
            let depth = i + 1;
            let got = perft(&game, &order, depth, depth <= 3);
            assert_eq!(got, expected, "{} depth {depth}", g.id);
        }
    }
}
