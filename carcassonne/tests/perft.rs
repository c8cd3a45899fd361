//! Perft-style golden counts: the number of action sequences of a given depth from fixed
//! positions (a start tile and a forced draw order; draws are not plies). The golden file
//! `tests/data/perft.txt` gives the counts; its comments show the hand checks of the first
//! plies.
//!
//! Every count is computed twice: by the engine (its legal actions at every node), and by the
//! naive oracle of `common/oracle.rs` (at every node the legal set is derived from the board
//! alone: edge matching, the river's and the Cult's placement rules, deployments of every
//! figure; the engine only applies the actions). Both must equal the golden count at every
//! depth, so the deep counts are confirmed independently of the engine's move generation.

mod common;

use std::collections::BTreeSet;

use carcassonne::{Action, Config, Game, Rotation, StartTile, TileSet};
use common::{oracle::Oracle, tile};

struct Golden {
    id: String,
    start: String,
    draws: Vec<String>,
    farmers: bool,
    counts: Vec<u64>,
    players: usize,
    sets: Vec<TileSet>,
}

fn position(g: &Golden) -> Game {
    let mut config = Config::new(g.players);
    config.explicit_draws = true;
    config.sets.extend(g.sets.iter().copied());
    config.start = Some(StartTile {
        tile: tile(&g.start),
        rotation: Rotation::R0,
    });
    config.stack = Some(g.draws.iter().map(|t| tile(t)).collect());
    config.rules.farmers = g.farmers;
    Game::new(config, 0).unwrap()
}

/// Draws the next tile of the fixed order while a draw is pending.
fn settle(game: &mut Game, order: &[String]) {
    while game.pending().is_chance() {
        let next = &order[game.draws().len()];
        game.draw(tile(next)).unwrap();
    }
}

/// The perft count with the legal sets from `legal`.
fn perft(
    game: &Game,
    order: &[String],
    depth: usize,
    legal: &dyn Fn(&Game) -> BTreeSet<Action>,
) -> u64 {
    let mut game = game.clone();
    settle(&mut game, order);
    if depth == 0 || game.is_over() {
        return 1;
    }
    legal(&game)
        .into_iter()
        .map(|a| {
            let mut next = game.clone();
            next.play_quiet(a)
                .unwrap_or_else(|e| panic!("the engine refuses {a}: {e}"));
            perft(&next, order, depth - 1, legal)
        })
        .sum()
}

fn engine_legal(game: &Game) -> BTreeSet<Action> {
    let legal = game.legal_actions();
    let set: BTreeSet<Action> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "an action listed twice");
    set
}

fn oracle_legal(game: &Game) -> BTreeSet<Action> {
    Oracle::of(game)
        .legal(game)
        .unwrap_or_else(|| panic!("a decision the oracle does not know: {:?}", game.pending()))
}

fn golden() -> Vec<Golden> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split('|').map(str::trim).collect();
            assert!(parts.len() == 5 || parts.len() == 6, "bad perft line {l}");
            let mut g = Golden {
                id: parts[0].to_owned(),
                start: parts[1].to_owned(),
                draws: parts[2].split_whitespace().map(str::to_owned).collect(),
                farmers: parts[3] == "farmers",
                counts: parts[4]
                    .split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect(),
                players: 2,
                sets: Vec::new(),
            };
            for option in parts.get(5).map_or("", |o| *o).split_whitespace() {
                match option.split_once('=') {
                    Some(("players", n)) => g.players = n.parse().unwrap(),
                    Some(("sets", sets)) => {
                        g.sets = sets.split(',').map(|s| s.parse().unwrap()).collect()
                    }
                    _ => panic!("bad perft option {option} in {l}"),
                }
            }
            g
        })
        .collect()
}

#[test]
fn perft_golden_counts_from_the_engine_and_the_oracle() {
    let cases = golden();
    assert!(cases.len() >= 10);
    for g in cases {
        let game = position(&g);
        for (i, &expected) in g.counts.iter().enumerate() {
            let depth = i + 1;
            let engine = perft(&game, &g.draws, depth, &engine_legal);
            assert_eq!(engine, expected, "{} depth {depth}: the engine", g.id);
            let oracle = perft(&game, &g.draws, depth, &oracle_legal);
            assert_eq!(oracle, expected, "{} depth {depth}: the oracle", g.id);
        }
    }
}
