//! River II scenarios of `spec/expansions.md` §1.2.6 (TS-01, TS-03, TS-33) and its rules:
//! the fork placed by the youngest player, a river end waiting until the fork is placed, the
//! volcano lake turn, the pig herd, and River I and II together. Branches never joining is
//! checked on every placement of the River II property games (`tests/properties.rs`).

mod common;

use carcassonne::{Action, Config, Figure, Game, Outcome, Pending, TileSet};
use common::{tile, turn, turn_with};

fn river2_game(tiles: &[&str], sets: &[TileSet]) -> Game {
    let mut config = Config::new(2);
    config.names = vec!["Red".into(), "Blue".into()];
    config.sets = vec![TileSet::Base, TileSet::River2];
    config.sets.extend_from_slice(sets);
    config.explicit_draws = true;
    config.stack = Some(tiles.iter().map(|t| tile(t)).collect());
    Game::new(config, 0).unwrap()
}

#[test]
fn ts01_fork_and_the_u_turn_ban() {
    let mut g = river2_game(&["R2-02", "R2-09", "R2-12", "R2-06"], &[]);
    assert_eq!(g.board().tiles()[0].tile, tile("R2-01"));
    assert_eq!(
        g.chance_outcomes(),
        vec![(Outcome::Tile(tile("R2-02")), 1.0)],
        "the fork comes first"
    );
    turn(&mut g, "R2-02", (1, 0), 3, None);
    assert_eq!(g.open_river_ends().len(), 2);
    turn(&mut g, "R2-09", (1, -1), 3, None);
    g.draw(tile("R2-12")).unwrap();
    let r_after_r: Action = "place R2-12 2,-1 R0".parse().unwrap();
    assert!(!g.is_legal(r_after_r), "R after R");
    assert!(!g.legal_actions().contains(&r_after_r));
}

#[test]
fn ts01_a_straight_after_a_turn_is_legal() {
    let mut g = river2_game(&["R2-02", "R2-09", "R2-06"], &[]);
    turn(&mut g, "R2-02", (1, 0), 3, None);
    turn(&mut g, "R2-09", (1, -1), 3, None);
    g.draw(tile("R2-06")).unwrap();
    assert!(g.is_legal("place R2-06 2,-1 R0".parse().unwrap()));
}

#[test]
fn ts02_branches_may_not_join_and_an_unplaceable_volcano_lake_is_removed() {
    let tiles = [
        "R2-02", "R2-10", "R2-06", "R2-09", "R2-11", "R2-08", "R2-12", "R2-03", "U",
    ];
    let mut g = river2_game(&tiles, &[]);
    turn(&mut g, "R2-02", (1, 0), 3, None); // fork: branches north and south
    turn(&mut g, "R2-10", (1, -1), 0, None); // north branch turns east (R after the fork's L)
    turn(&mut g, "R2-06", (2, -1), 0, None);
    turn(&mut g, "R2-09", (3, -1), 0, None); // turns south: open end into (3,0)
    turn(&mut g, "R2-11", (1, 1), 1, None); // south branch turns east (L after R)
    turn(&mut g, "R2-08", (2, 1), 0, None);
    turn(&mut g, "R2-12", (3, 1), 1, None); // turns north: open end into (3,0) too
    let ends: Vec<_> = g
        .open_river_ends()
        .into_iter()
        .map(|(p, _)| (p.x, p.y))
        .collect();
    assert_eq!(ends, vec![(3, 0), (3, 0)]);
    // The volcano lake fits nowhere: (3,0) would join the branches. It leaves the game and
    // the same player draws a land tile (D-R2-8).
    let player = g.current_player();
    let events = g.draw(tile("R2-03")).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, carcassonne::Event::TileDiscarded { .. })));
    assert_eq!(g.current_player(), player);
    assert_eq!(g.chance_outcomes(), vec![(Outcome::Tile(tile("U")), 1.0)]);
}

#[test]
fn ts03_the_volcano_lake_comes_last_and_its_placer_plays_a_normal_turn() {
    let mut g = river2_game(&["R2-02", "R2-03", "U"], &[]);
    turn(&mut g, "R2-02", (1, 0), 3, None);
    assert_eq!(g.current_player(), 1);
    assert_eq!(
        g.chance_outcomes(),
        vec![(Outcome::Tile(tile("R2-03")), 1.0)]
    );
    g.draw(tile("R2-03")).unwrap();
    let place = g.legal_actions()[0];
    g.play(place).unwrap();
    assert_eq!(g.pending(), Pending::Draw, "no deployment on the lake");
    assert_eq!(
        g.current_player(),
        1,
        "the same player goes on with a land tile"
    );
    assert_eq!(g.chance_outcomes(), vec![(Outcome::Tile(tile("U")), 1.0)]);
}

#[test]
fn a_river_end_waits_under_the_stack_until_the_fork_is_placed() {
    let mut config = Config::new(2);
    config.sets = vec![TileSet::Base, TileSet::River2];
    config.explicit_draws = true;
    config.youngest_player = Some(1);
    config.stack = Some(
        ["R2-02", "R2-04", "R2-06", "R2-03"]
            .iter()
            .map(|t| tile(t))
            .collect(),
    );
    let mut g = Game::new(config, 0).unwrap();
    assert!(
        g.chance_outcomes()
            .iter()
            .all(|(t, _)| *t != Outcome::Tile(tile("R2-02"))),
        "fork: Blue's turn"
    );
    let events = g.draw(tile("R2-04")).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, carcassonne::Event::TileDeferred { .. })));
    assert_eq!(g.current_player(), 0, "Red draws again");
    g.draw(tile("R2-06")).unwrap();
    let a = g.legal_actions()[0];
    g.play(a).unwrap();
    if matches!(g.pending(), Pending::Deploy { .. }) {
        g.play(Action::Pass).unwrap();
    }
    assert_eq!(g.current_player(), 1);
    assert_eq!(
        g.chance_outcomes(),
        vec![(Outcome::Tile(tile("R2-02")), 1.0)],
        "Blue places the fork"
    );
}

#[test]
fn the_youngest_places_the_fork_out_of_turn_when_only_river_ends_are_left() {
    // R2.5's last clause: Red draws the river end R2-04 before Blue (the youngest) has placed
    // the fork; nothing but ends is left in the river stack, so Blue places the fork now and
    // Red's turn resumes with a new draw: the deferred end, placeable at last.
    let mut config = Config::new(2);
    config.sets = vec![TileSet::Base, TileSet::River2];
    config.explicit_draws = true;
    config.youngest_player = Some(1);
    config.stack = Some(
        ["R2-02", "R2-04", "R2-03", "E", "E"]
            .iter()
            .map(|t| tile(t))
            .collect(),
    );
    let mut g = Game::new(config, 0).unwrap();
    assert_eq!(g.current_player(), 0);
    assert_eq!(
        g.chance_outcomes(),
        vec![(Outcome::Tile(tile("R2-04")), 1.0)]
    );
    g.draw(tile("R2-04")).unwrap();
    assert_eq!(g.current_player(), 1, "Blue places the fork out of turn");
    assert_eq!(
        g.chance_outcomes(),
        vec![(Outcome::Tile(tile("R2-02")), 1.0)]
    );
    assert!(!g.is_second_part());
    g.draw(tile("R2-02")).unwrap();
    let a = g.legal_actions()[0];
    g.play(a).unwrap();
    if matches!(g.pending(), Pending::Deploy { .. }) {
        g.play(Action::Pass).unwrap();
    }
    assert!(!g.fork_pending());
    assert_eq!(g.current_player(), 0, "Red's turn resumes");
    assert_eq!(
        g.chance_outcomes(),
        vec![(Outcome::Tile(tile("R2-04")), 1.0)]
    );
    g.draw(tile("R2-04")).unwrap();
    assert!(matches!(g.pending(), Pending::Place { .. }));
    let a = g.legal_actions()[0];
    g.play(a).unwrap();
    if matches!(g.pending(), Pending::Deploy { .. }) {
        g.play(Action::Pass).unwrap();
    }
    assert_eq!(g.current_player(), 1, "then Blue, with the volcano lake");
    assert_eq!(
        g.chance_outcomes(),
        vec![(Outcome::Tile(tile("R2-03")), 1.0)]
    );
}

fn herd_board(herd: Option<bool>) -> Game {
    let mut config = Config::new(2);
    config.sets = vec![TileSet::Base, TileSet::River2, TileSet::TradersAndBuilders];
    config.elements.pig_herd = herd;
    config.explicit_draws = true;
    let tiles = ["R2-11", "E", "E", "E", "E", "B", "B"];
    config.stack = Some(tiles.iter().map(|t| tile(t)).collect());
    let mut g = Game::new(config, 0).unwrap();
    turn(&mut g, "R2-11", (1, 0), 0, Some("F1")); // Red's farmer in the herd field
    turn(&mut g, "E", (1, 1), 2, None); // city A, south of the herd field
    turn_with(&mut g, "E", (2, 0), 1, Some((Figure::Pig, "F1"))); // Red's pig; city B starts
    turn(&mut g, "E", (3, 0), 3, Some("F1")); // closes city B; Blue's farmer beyond it
    turn(&mut g, "E", (1, 2), 0, None); // closes city A
    turn(&mut g, "B", (2, -1), 0, None);
    turn(&mut g, "B", (3, -1), 0, None); // joins Blue's field to the herd field
    g
}

#[test]
fn ts33_pig_herd_with_traders_and_builders() {
    // The herd field borders 2 completed cities; Red (farmer + pig) and Blue (farmer) tie:
    // Red 2 x (3 + 1 pig + 1 herd) = 10, Blue 2 x (3 + 1 herd) = 8.
    let g = herd_board(None);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![10, 8]);
    // Without the herd (no Traders & Builders in TS-33's words; here switched off): 8 and 6.
    assert_eq!(herd_board(Some(false)).scores(), vec![8, 6]);
}

#[test]
fn both_rivers_together_use_one_spring_and_the_volcano_lake() {
    let mut config = Config::new(2);
    config.sets = vec![TileSet::Base, TileSet::River, TileSet::River2];
    let tiles = config.stack_tiles();
    let count = |id: &str| tiles.iter().filter(|t| **t == tile(id)).count();
    assert_eq!(config.start_tile().tile, tile("RI-A"));
    assert_eq!(
        (
            count("R2-01"),
            count("RI-L"),
            count("R2-03"),
            count("R2-02")
        ),
        (0, 0, 1, 1)
    );
    for seed in 0..10 {
        let mut g = Game::new(config.clone(), seed).unwrap();
        while !g.is_over() {
            let a = g.legal_actions()[0];
            g.play(a).unwrap();
        }
        let draws = g.draws();
        let last_river = draws.iter().rposition(|t| {
            t.tile()
                .unwrap()
                .kind()
                .has_marker(carcassonne::Marker::Lake)
        });
        assert!(
            last_river.is_some(),
            "seed {seed}: the volcano lake was drawn"
        );
    }
}

/// `volcano_lake_turn` off (JCloisterZone's reading, which a `.jcz` import switches on): the
/// lake is an ordinary tile — its placer may deploy on its field, and the next player plays.
#[test]
fn volcano_lake_is_an_ordinary_tile_without_the_lake_turn_rule() {
    let mut config = Config::new(2);
    config.names = vec!["Red".into(), "Blue".into()];
    config.sets = vec![TileSet::Base, TileSet::River2];
    config.rules.volcano_lake_turn = false;
    config.explicit_draws = true;
    config.stack = Some(["R2-02", "R2-03", "U"].iter().map(|t| tile(t)).collect());
    let mut g = Game::new(config, 0).unwrap();
    turn(&mut g, "R2-02", (1, 0), 3, None);
    g.draw(tile("R2-03")).unwrap();
    let place = g.legal_actions()[0];
    g.play(place).unwrap();
    assert!(
        matches!(g.pending(), Pending::Deploy { .. }),
        "a follower may go on the lake's field: {:?}",
        g.pending()
    );
    let fields = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Deploy { .. }))
        .count();
    assert!(fields > 0, "the lake's field is offered");
    g.play(Action::Pass).unwrap();
    assert_eq!(g.current_player(), 0, "then the next player plays");
    assert_eq!(g.chance_outcomes(), vec![(Outcome::Tile(tile("U")), 1.0)]);
}
