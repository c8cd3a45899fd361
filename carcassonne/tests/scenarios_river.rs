//! The River I scenarios of `spec/base.md` §4 (RV01–RV05), each a test named after it, plus
//! river placement legality: continuing the open end, no immediate U-turn, the lake last, the
//! base start tile option.

mod common;

use std::collections::BTreeSet;

use carcassonne::{
    Action, Config, FeatureKind, Game, Outcome, Pending, PlayError, RiverBaseStartTile, TileSet,
};
use common::{feature_score, scenario_sets, tile, turn};

const RIVER: &[TileSet] = &[TileSet::River];

fn placements(game: &Game) -> BTreeSet<(i32, i32, u16)> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Place { pos, rotation, .. } => Some((pos.x, pos.y, rotation.degrees())),
            _ => None,
        })
        .collect()
}

#[test]
fn rv01_no_immediate_u_turn() {
    let mut g = scenario_sets(&["Red", "Blue"], RIVER, &["RI-G", "RI-G"]);
    assert_eq!(
        g.board().tiles()[0].tile,
        tile("RI-A"),
        "the spring is the start tile"
    );
    turn(&mut g, "RI-G", (1, 0), 0, None);
    g.draw(tile("RI-G")).unwrap();
    assert_eq!(placements(&g), BTreeSet::from([(1, 1, 180)]));
    let uturn: Action = "place RI-G 1,1 R90".parse().unwrap();
    let err = g.play(uturn).unwrap_err();
    assert!(err.to_string().contains("turning the same way"), "{err}");
}

#[test]
fn rv02_river_must_continue_the_open_end() {
    let mut g = scenario_sets(&["Red", "Blue"], RIVER, &["RI-D"]);
    g.draw(tile("RI-D")).unwrap();
    assert!(
        !g.is_legal("place RI-D 0,1 R0".parse().unwrap()),
        "edges match but no river joins"
    );
    assert_eq!(placements(&g), BTreeSet::from([(1, 0, 0), (1, 0, 180)]));
    assert!(matches!(
        g.play("place RI-D 0,1 R0".parse().unwrap()),
        Err(PlayError::IllegalPlacement { .. })
    ));
}

#[test]
fn rv03_field_wraps_round_the_spring_and_no_figure_on_the_river() {
    let mut g = scenario_sets(&["Red", "Blue"], RIVER, &["RI-D", "RI-C"]);
    turn(&mut g, "RI-D", (1, 0), 0, Some("F1"));
    g.draw(tile("RI-C")).unwrap();
    g.play("place RI-C 2,0 R0".parse().unwrap()).unwrap();
    assert!(
        matches!(g.pending(), Pending::Deploy { .. }),
        "its cities are free"
    );
    let south_bank: Action = "deploy follower 2,0 field ER.WL".parse().unwrap();
    let north_bank: Action = "deploy follower 2,0 field EL.WR".parse().unwrap();
    assert!(
        !g.is_legal(south_bank),
        "one field through the spring, already occupied"
    );
    assert!(!g.is_legal(north_bank));
    let river: Action = "deploy follower 2,0 river WE".parse().unwrap();
    let err = g.play(river).unwrap_err();
    assert!(err.to_string().contains("river"), "{err}");
    assert!(g.legal_actions().iter().all(|a| !matches!(
        a,
        Action::Deploy {
            feature: FeatureKind::River,
            ..
        }
    )));
}

#[test]
fn rv04_river_phase_order() {
    let mut config = Config::new(2);
    config.sets.push(TileSet::River);
    config.explicit_draws = true;
    let mut g = Game::new(config.clone(), 0).unwrap();
    assert_eq!(g.board().tiles()[0].tile, tile("RI-A"));
    assert_eq!(g.tiles_left(), 11 + 71);
    for i in 0..10 {
        let outcomes = g.chance_outcomes();
        assert!(
            outcomes
                .iter()
                .all(|(t, _)| t.tile().unwrap().kind().set == TileSet::River),
            "draw {i}"
        );
        assert!(
            outcomes
                .iter()
                .all(|(t, _)| *t != Outcome::Tile(tile("RI-L"))),
            "the lake comes last"
        );
        let total: usize = outcomes
            .iter()
            .map(|(t, _)| g.tiles_left_of(t.tile().unwrap()))
            .sum();
        assert_eq!(total, 10 - i);
        let next = outcomes[0].0;
        g.resolve(next).unwrap();
        if let Some(a) = g.legal_actions().first().copied() {
            g.play(a).unwrap();
            if matches!(g.pending(), Pending::Deploy { .. }) {
                g.play(Action::Pass).unwrap();
            }
        }
    }
    assert_eq!(
        g.chance_outcomes(),
        vec![(Outcome::Tile(tile("RI-L")), 1.0)],
        "the 11th draw is the lake"
    );
    // Base start tile: back in the box (default) or shuffled in.
    let d_left = |config: &Config| {
        let mut c = config.clone();
        c.explicit_draws = true;
        let g = Game::new(c, 0).unwrap();
        g.config()
            .stack_tiles()
            .iter()
            .filter(|t| **t == tile("D"))
            .count()
    };
    assert_eq!(d_left(&config), 3);
    config.rules.river_base_start_tile = RiverBaseStartTile::ShuffleIntoMainStack;
    assert_eq!(d_left(&config), 4);
    config.explicit_draws = false;
    let g = Game::new(config, 0).unwrap();
    assert_eq!(g.tiles_left(), 11 + 72 - 1, "one river tile already drawn");
}

#[test]
fn rv04_automatic_draws_place_the_whole_river_first() {
    let mut config = Config::new(2);
    config.sets.push(TileSet::River);
    for seed in 0..20 {
        let mut g = Game::new(config.clone(), seed).unwrap();
        while !g.is_over() {
            let a = g.legal_actions()[0];
            g.play(a).unwrap();
        }
        let draws = g.draws();
        let river: Vec<bool> = draws
            .iter()
            .map(|t| t.tile().unwrap().kind().set == TileSet::River)
            .collect();
        let first_land = river.iter().position(|r| !r).unwrap();
        assert!(
            river[first_land..].iter().all(|r| !r),
            "seed {seed}: river tiles all first"
        );
        assert_eq!(
            draws[first_land - 1],
            tile("RI-L").into(),
            "seed {seed}: the lake last"
        );
    }
}

#[test]
fn rv05_road_over_the_river_bridge_is_continuous() {
    let mut g = scenario_sets(&["Red", "Blue"], RIVER, &["RI-K", "W", "W"]);
    turn(&mut g, "RI-K", (1, 0), 1, Some("R1"));
    turn(&mut g, "W", (1, -1), 0, None);
    let s = turn(&mut g, "W", (1, 1), 2, None);
    let road: Vec<_> = s
        .iter()
        .filter(|s| feature_score(s).complete)
        .map(|s| (s.player, s.points, feature_score(s).tiles))
        .collect();
    assert_eq!(road, vec![(0, 3, 3)]);
}

#[test]
fn a_straight_continues_after_a_right_then_a_left_turn() {
    // (The discard of an unplaceable river tile is TS-02 in scenarios_river2.rs.)
    let mut g = scenario_sets(&["Red", "Blue"], RIVER, &["RI-G", "RI-G", "RI-D"]);
    turn(&mut g, "RI-G", (1, 0), 0, None);
    turn(&mut g, "RI-G", (1, 1), 2, None);
    // Now flowing east from (1,1); a straight continues.
    g.draw(tile("RI-D")).unwrap();
    assert_eq!(placements(&g), BTreeSet::from([(2, 1, 0), (2, 1, 180)]));
}

/// RV-6 (OPT-4): JCloisterZone's look-ahead forbids a curve whose way ahead is blocked, where
/// the rulebook's rule (no two turns the same way in a row) allows it.
#[test]
fn rv06_jcz_lookahead_option() {
    let play = |rule| {
        let mut config = Config::new(2);
        config.sets.push(TileSet::River);
        config.rules.river_turns = rule;
        config.explicit_draws = true;
        let tiles = ["RI-D", "RI-G", "RI-K", "RI-G", "RI-D", "RI-G"];
        config.stack = Some(tiles.iter().map(|t| tile(t)).collect());
        let mut g = Game::new(config, 0).unwrap();
        turn(&mut g, "RI-D", (1, 0), 0, None);
        turn(&mut g, "RI-G", (2, 0), 0, None); // turns south
        turn(&mut g, "RI-K", (2, 1), 0, None); // straight south
        turn(&mut g, "RI-G", (2, 2), 1, None); // turns west
        turn(&mut g, "RI-D", (1, 2), 0, None); // straight west
        g.draw(tile("RI-G")).unwrap();
        // Turning north at (0,2) heads for the spring at (0,0), two steps ahead.
        g.is_legal("place RI-G 0,2 R180".parse().unwrap())
    };
    assert!(play(carcassonne::RiverTurnRule::NoImmediateSameTurn));
    assert!(!play(carcassonne::RiverTurnRule::JczLookahead));
}
