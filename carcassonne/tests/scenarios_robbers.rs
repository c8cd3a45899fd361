mod common;

use carcassonne::{Config, Game, TileSet};

#[test]
fn smoke_random_games() {
    for seed in 0..40 {
        let mut config = Config::new(2 + (seed as usize % 4));
        config.sets.push(TileSet::Robbers);
        if seed % 3 == 0 {
            config.sets.push(TileSet::InnsAndCathedrals);
            config.sets.push(TileSet::TradersAndBuilders);
        }
        let mut game = Game::new(config, seed).unwrap();
        let mut step = 0usize;
        let mut kinds = std::collections::BTreeSet::new();
        while !game.is_over() {
            let legal = game.legal_actions();
            assert!(!legal.is_empty(), "{:?}", game.pending());
            kinds.insert(game.pending().name());
            let a = legal[(step * 7 + seed as usize) % legal.len()];
            game.play(a).unwrap();
            for p in 0..game.players() {
                assert_eq!(game.track_position(p, 0).unwrap().value(), game.score(p));
            }
            step += 1;
        }
        eprintln!("{seed}: {:?} {:?}", game.scores(), kinds);
    }
}
