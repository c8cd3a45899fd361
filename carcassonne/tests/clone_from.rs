//! `Game::clone_from` copies a game into another one's buffers: the copy is the same game
//! (every field, the feature structure included, as `Debug` shows it), whatever the two games
//! were before, and the copy plays on as the source does.

use carcassonne::{Action, Config, Game, TileSet};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Every set, with one edition of each set that has two.
fn every_set() -> Config {
    let mut config = Config::new(2);
    config.sets = TileSet::ALL
        .into_iter()
        .filter(|s| !s.is_other_edition())
        .collect();
    config
}

/// Plays `moves` uniformly random actions (fewer if the game ends first).
fn advanced(config: Config, seed: u64, moves: usize, rng: &mut Pcg64Mcg) -> Game {
    let mut game = Game::new(config, seed).unwrap();
    for _ in 0..moves {
        if game.is_over() {
            break;
        }
        let actions = game.legal_actions();
        let i = (rng.next_u64() % actions.len() as u64) as usize;
        game.play(actions[i]).unwrap();
    }
    game
}

/// Plays the same random actions on both games to the end; they must stay identical.
fn play_on_together(a: &mut Game, b: &mut Game, rng: &mut Pcg64Mcg) {
    while !a.is_over() {
        let actions: Vec<Action> = a.legal_actions();
        assert_eq!(actions, b.legal_actions());
        let action = actions[(rng.next_u64() % actions.len() as u64) as usize];
        assert_eq!(a.play(action).unwrap(), b.play(action).unwrap());
    }
    assert!(b.is_over());
    assert_eq!(a.scores(), b.scores());
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
}

#[test]
fn clone_from_makes_the_same_game_from_any_earlier_state() {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let sources = [
        advanced(Config::new(2), 1, 0, &mut rng),
        advanced(Config::new(2), 2, 60, &mut rng),
        advanced(Config::new(2), 3, 1_000, &mut rng),
        advanced(every_set(), 4, 5, &mut rng),
        advanced(every_set(), 5, 250, &mut rng),
        advanced(every_set(), 6, 10_000, &mut rng),
    ];
    // Every source into a copy of every other one: larger into smaller buffers and back,
    // expansion states present into absent and back.
    for source in &sources {
        for before in &sources {
            let mut copy = before.clone();
            copy.clone_from(source);
            assert_eq!(format!("{copy:?}"), format!("{source:?}"));
            let mut original = source.clone();
            play_on_together(&mut original, &mut copy, &mut rng);
        }
    }
}
