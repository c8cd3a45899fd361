//! `clone_from` into a game whose buffers have grown allocates nothing: the cheap copy a
//! search makes of its root for every playout (issue "Speed": a clone of a mid-game base
//! position without heap allocation). The only test of its binary, so that the allocation
//! counter sees nothing else.

use carcassonne::{Config, Game};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

#[test]
fn clone_from_a_mid_game_base_position_allocates_nothing() {
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    // Positions after 20 to 79 decisions (a base game has about 94): every one mid-game.
    let positions: Vec<Game> = (0..100u64)
        .map(|seed| {
            let mut game = Game::new(Config::new(2), seed).unwrap();
            for _ in 0..20 + (seed as usize % 60) {
                let actions = game.legal_actions();
                game.play(actions[(rng.next_u64() % actions.len() as u64) as usize])
                    .unwrap();
            }
            assert!(!game.is_over());
            game
        })
        .collect();
    let mut scratch = Game::new(Config::new(2), 0).unwrap();
    // The first copies grow the scratch game's buffers to the largest position.
    for game in &positions {
        scratch.clone_from(game);
    }
    let _profiler = dhat::Profiler::builder().testing().build();
    for game in positions.iter().rev() {
        scratch.clone_from(game);
        dhat::assert!(scratch == *game);
    }
    let copies_only = dhat::HeapStats::get().total_blocks;
    // A plain clone allocates (the board's grid, tiles and open positions, the feature
    // nodes, the figures, the stack, the history): the counter does see allocations.
    let clone = positions[50].clone();
    let with_a_clone = dhat::HeapStats::get().total_blocks;
    drop(clone);
    dhat::assert_eq!(copies_only, 0);
    dhat::assert!(with_a_clone >= copies_only + 5, "{} blocks", with_a_clone);
}
