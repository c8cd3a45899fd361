//! The Inns & Cathedrals and Traders & Builders scenarios of `spec/base.md` §4 (IC01–IC06,
//! TB01–TB06, B01–B02, X04), each a test named after it, plus builder double-turn and goods
//! edge cases.

mod common;

use carcassonne::{
    Action, BuilderDoubleTurn, FeatureKind, Figure, Game, Pending, PlayError, Rules, TileSet,
};
use common::{
    feature_score, field_score, scenario_sets, scenario_with, summary, tile, turn, turn_with,
};
use FeatureKind::{City, Field, Road};
use Figure::{Builder, LargeFollower, Pig};

const IC: &[TileSet] = &[TileSet::InnsAndCathedrals];
const TB: &[TileSet] = &[TileSet::TradersAndBuilders];

fn during(s: &[carcassonne::Score]) -> Vec<(usize, u32, FeatureKind)> {
    summary(
        &s.iter()
            .filter(|s| !s.final_scoring)
            .cloned()
            .collect::<Vec<_>>(),
    )
}

fn at_end(s: &[carcassonne::Score]) -> Vec<(usize, u32, FeatureKind)> {
    summary(
        &s.iter()
            .filter(|s| s.final_scoring && s.kind_name() != "goods")
            .cloned()
            .collect::<Vec<_>>(),
    )
}

#[test]
fn ic01_large_follower_counts_2_only_blue_scores_the_road() {
    let mut g = scenario_sets(&["Red", "Blue"], IC, &["U", "U", "W", "W", "U"]);
    turn(&mut g, "U", (1, 0), 0, None);
    turn(&mut g, "U", (2, 0), 0, None);
    turn(&mut g, "W", (0, 1), 0, Some("R1"));
    turn_with(&mut g, "W", (2, 1), 0, Some((LargeFollower, "R3")));
    let s = turn(&mut g, "U", (1, 1), 0, None);
    assert_eq!(during(&s), vec![(1, 3, Road)]);
    assert_eq!(feature_score(&s[0]).strength, 2);
    assert_eq!(g.scores(), vec![0, 3]);
    assert_eq!(
        g.supply(1, LargeFollower),
        1,
        "the large follower came back"
    );
}

#[test]
fn ic02_inn_road_complete_2_per_tile_incomplete_0() {
    let mut g = scenario_sets(&["Alice", "Bob"], IC, &["IC-C", "IC-B", "W"]);
    turn(&mut g, "IC-C", (-1, 0), 0, Some("R1"));
    turn(&mut g, "IC-B", (-2, 0), 0, Some("R1"));
    let s = turn(&mut g, "W", (1, 0), 0, None);
    assert_eq!(during(&s), vec![(0, 6, Road)]);
    assert_eq!(
        at_end(&s),
        vec![(1, 0, Road)],
        "Bob's unfinished inn road: an event worth 0"
    );
    assert_eq!(g.scores(), vec![6, 0]);
}

#[test]
fn ic03_inn_of_ic_c_belongs_only_to_its_east_road() {
    let mut g = scenario_sets(&["Alice", "Bob"], IC, &["IC-C", "W"]);
    turn(&mut g, "IC-C", (1, 0), 0, None);
    let s = turn(&mut g, "W", (-1, 0), 0, Some("R1"));
    assert_eq!(during(&s), vec![(1, 3, Road)]);
    assert_eq!(g.scores(), vec![0, 3]);
}

#[test]
fn ic04_cathedral_city_completed_7_tiles_1_shield_is_24() {
    let mut g = scenario_sets(&["Blue", "Red"], IC, &["IC-K", "N", "D", "M", "E", "E"]);
    turn(&mut g, "IC-K", (0, -1), 0, Some("C1"));
    turn(&mut g, "N", (1, -1), 3, None);
    turn(&mut g, "D", (1, 0), 0, None);
    turn(&mut g, "M", (0, -2), 2, None);
    turn(&mut g, "E", (1, -2), 3, None);
    let s = turn(&mut g, "E", (-1, -1), 1, None);
    assert_eq!(during(&s), vec![(0, 24, City)]);
    assert_eq!(
        (feature_score(&s[0]).tiles, feature_score(&s[0]).pennants),
        (7, 1)
    );
    assert_eq!(g.scores(), vec![24, 0]);
}

#[test]
fn ic05_cathedral_complete_15_incomplete_cathedral_city_0() {
    let mut g = scenario_sets(&["Alice", "Bob"], IC, &["IC-K", "H", "H", "IC-K", "E"]);
    turn(&mut g, "IC-K", (0, -1), 0, Some("C1"));
    turn(&mut g, "H", (0, -2), 0, None);
    turn(&mut g, "H", (1, -1), 1, None);
    turn(&mut g, "IC-K", (2, -1), 0, Some("C1"));
    let s = turn(&mut g, "E", (-1, -1), 1, None);
    assert_eq!(during(&s), vec![(0, 15, City)]);
    assert_eq!(at_end(&s), vec![(1, 0, City)]);
    assert_eq!(g.scores(), vec![15, 0]);
}

#[test]
fn ic05_variant_ignore_scores_the_unfinished_cathedral_city_normally() {
    let mut config = carcassonne::Config::new(2);
    config.sets.push(TileSet::InnsAndCathedrals);
    config.rules.unfinished_inns_cathedrals = carcassonne::UnfinishedInnsCathedrals::Ignore;
    config.explicit_draws = true;
    config.stack = Some(
        ["IC-K", "H", "H", "IC-K", "E"]
            .iter()
            .map(|t| tile(t))
            .collect(),
    );
    let mut g = Game::new(config, 0).unwrap();
    turn(&mut g, "IC-K", (0, -1), 0, Some("C1"));
    turn(&mut g, "H", (0, -2), 0, None);
    turn(&mut g, "H", (1, -1), 1, None);
    turn(&mut g, "IC-K", (2, -1), 0, Some("C1"));
    let s = turn(&mut g, "E", (-1, -1), 1, None);
    assert_eq!(
        at_end(&s),
        vec![(1, 2, City)],
        "2 tiles, as if there were no cathedral"
    );
}

#[test]
fn ic06_large_farmer_beats_one_normal_farmer() {
    let mut g = scenario_sets(&["Red", "Blue"], IC, &["E", "H", "F", "E", "U", "U", "B"]);
    turn(&mut g, "E", (0, -1), 2, Some("F1"));
    turn(&mut g, "H", (0, -2), 1, None);
    turn(&mut g, "F", (-1, -2), 0, None);
    turn(&mut g, "E", (1, -2), 3, Some("F1"));
    turn(&mut g, "U", (1, 0), 0, None);
    turn_with(&mut g, "U", (-1, 0), 0, Some((LargeFollower, "F1")));
    let s = turn(&mut g, "B", (-1, -1), 0, None);
    assert_eq!(at_end(&s), vec![(1, 6, Field), (1, 3, Field)]);
    assert_eq!(g.scores(), vec![0, 9]);
}

#[test]
fn tb01_goods_go_to_the_completing_player() {
    let mut g = scenario_sets(
        &["Blue", "Red"],
        TB,
        &["TB-G", "U", "TB-Q", "TB-G", "W", "D"],
    );
    turn(&mut g, "TB-G", (0, -1), 2, Some("C1"));
    turn(&mut g, "U", (1, 0), 0, None);
    turn(&mut g, "TB-Q", (1, -1), 0, None);
    turn(&mut g, "TB-G", (2, -1), 3, None);
    turn(&mut g, "W", (-1, 0), 0, None);
    let s = turn(&mut g, "D", (2, 0), 0, None);
    assert_eq!(during(&s), vec![(0, 10, City)]);
    assert_eq!(g.goods(1), [1, 2, 0], "Red: 1 wine, 2 grain");
    assert_eq!(g.goods(0), [0, 0, 0]);
    assert_eq!(g.scores(), vec![10, 20]);
}

#[test]
fn tb02_goods_with_no_knight_in_the_city() {
    let mut g = scenario_sets(&["Alice", "Bob"], TB, &["TB-F", "TB-E", "E"]);
    turn(&mut g, "TB-F", (0, -1), 2, None);
    turn(&mut g, "TB-E", (1, -1), 0, None);
    turn(&mut g, "E", (2, -1), 3, None);
    assert_eq!(g.goods(0), [0, 2, 0]);
    assert_eq!(g.scores(), vec![10, 0]);
}

#[test]
fn tb03_goods_tie_both_players_score_10() {
    let mut g = scenario_sets(&["Alice", "Bob"], TB, &["TB-K", "TB-L", "H", "I", "H"]);
    turn(&mut g, "TB-K", (0, -1), 2, None);
    turn(&mut g, "TB-L", (1, -1), 1, None);
    turn(&mut g, "H", (2, -1), 1, None);
    turn(&mut g, "I", (3, -1), 0, None);
    turn(&mut g, "H", (1, -2), 0, None);
    assert_eq!((g.goods(0), g.goods(1)), ([0, 0, 1], [0, 0, 1]));
    assert_eq!(g.scores(), vec![10, 10]);
}

#[test]
fn tb04_pig_owner_of_the_field_scores_4_per_city() {
    let tiles = ["H", "E", "E", "E", "U", "B", "V"];
    let mut g = scenario_sets(&["Blue", "Red"], TB, &tiles);
    turn(&mut g, "H", (0, -1), 0, Some("F1"));
    turn(&mut g, "E", (0, -2), 2, Some("F1"));
    turn_with(&mut g, "E", (-1, -1), 3, Some((Pig, "F1")));
    turn(&mut g, "E", (0, 1), 2, None);
    turn(&mut g, "U", (1, 0), 0, Some("F1"));
    turn(&mut g, "B", (1, -1), 0, None);
    let s = turn(&mut g, "V", (-1, -2), 1, None);
    assert_eq!(at_end(&s), vec![(0, 8, Field)]);
    assert_eq!(
        field_score(s.iter().find(|s| s.feature() == Some(Field)).unwrap()).points_per_city,
        4
    );
    assert_eq!(g.scores(), vec![8, 0]);
}

#[test]
fn tb05_pig_in_a_tied_field_pig_owner_8_other_owner_6() {
    let mut g = scenario_sets(&["Alice", "Bob"], TB, &["H", "E", "E", "V"]);
    turn(&mut g, "H", (0, -1), 0, Some("F1"));
    turn(&mut g, "E", (0, -2), 2, Some("F1"));
    turn_with(&mut g, "E", (-1, -1), 3, Some((Pig, "F1")));
    let s = turn(&mut g, "V", (-1, -2), 1, None);
    assert_eq!(at_end(&s), vec![(0, 8, Field), (1, 6, Field)]);
    assert_eq!(g.scores(), vec![8, 6]);
}

/// TB06 through a game: two ring cities nobody occupies. Blue completes the first (wine,
/// wine, grain and a plain corner), Red the second (wine corner, wine band, grain, cloth, a
/// plain corner and band), so Red ends with wine 2, grain 1, cloth 1 and Blue with wine 2,
/// grain 1: wine tie 10 + 10, grain tie 10 + 10, cloth Red 10; Red 30, Blue 20 (S003's
/// example). With a plain corner instead of the cloth tile nobody holds cloth and nobody
/// scores it: 20 each.
#[test]
fn tb06_goods_final_scoring_table() {
    for cloth in [true, false] {
        let corner = if cloth { "TB-K" } else { "N" };
        let tiles = [
            "TB-G", "TB-T", "N", "TB-W", "U", corner, "TB-Q", "TB-U", "N", "G", "TB-F",
        ];
        let mut g = scenario_sets(&["Red", "Blue"], TB, &tiles);
        // The first ring, below the start tile: Blue closes it.
        turn(&mut g, "TB-G", (0, 1), 2, None);
        turn(&mut g, "TB-T", (1, 1), 3, None);
        turn(&mut g, "N", (0, 2), 1, None);
        turn(&mut g, "TB-W", (1, 2), 0, None);
        assert_eq!(g.goods(1), [2, 1, 0], "Blue: 2 wine, 1 grain");
        // A filler shifts the turns, then the second ring, 2 x 3, west of the first.
        turn(&mut g, "U", (1, 0), 0, None);
        turn(&mut g, corner, (-1, 1), 3, None);
        turn(&mut g, "TB-Q", (-2, 1), 0, None);
        turn(&mut g, "TB-U", (-3, 1), 2, None);
        turn(&mut g, "N", (-3, 2), 1, None);
        turn(&mut g, "G", (-2, 2), 0, None);
        let s = turn(&mut g, "TB-F", (-1, 2), 0, None);
        assert_eq!(g.goods(0), [2, 1, cloth as u8], "Red");
        assert!(g.is_over());
        let goods: Vec<(usize, u32, &str)> = s
            .iter()
            .map(|s| match &s.reason {
                carcassonne::Reason::Goods(t) => (s.player, s.points, t.goods.name()),
                _ => panic!("only goods score: {s}"),
            })
            .collect();
        let mut expected = vec![
            (0, 10, "wine"),
            (1, 10, "wine"),
            (0, 10, "grain"),
            (1, 10, "grain"),
        ];
        if cloth {
            expected.push((0, 10, "cloth"));
        }
        assert_eq!(goods, expected);
        assert_eq!(g.scores(), if cloth { vec![30, 20] } else { vec![20, 20] });
    }
}

#[test]
fn b01_builder_double_turn_builder_redeployed_in_part_2() {
    let tiles = ["W", "U", "E", "U", "E", "L", "N"];
    let mut g = scenario_sets(&["Blue", "Red"], TB, &tiles);
    turn(&mut g, "W", (-1, 0), 0, None);
    turn(&mut g, "U", (1, 0), 0, Some("R1"));
    turn(&mut g, "E", (0, 1), 2, None);
    turn_with(&mut g, "U", (2, 0), 0, Some((Builder, "R1")));
    assert!(
        !g.is_second_part(),
        "a builder deployed this turn does not trigger"
    );
    turn(&mut g, "E", (1, 1), 2, None);
    assert_eq!(g.current_player(), 1);
    let s = turn(&mut g, "L", (3, 0), 0, Some("C1"));
    assert_eq!(during(&s), vec![(1, 5, Road)]);
    assert_eq!(
        (g.supply(1, Builder), g.followers_in_supply(1)),
        (1, 6),
        "thief and builder back"
    );
    assert_eq!(g.current_player(), 1, "Red plays a second turn part");
    assert!(g.is_second_part());
    assert_eq!(g.pending(), Pending::Draw);
    let s = turn_with(&mut g, "N", (3, -1), 2, Some((Builder, "C1")));
    assert!(during(&s).is_empty());
    assert_eq!(at_end(&s), vec![(1, 2, City)]);
    assert_eq!(g.current_player(), 0, "turn 7 would be Blue's");
    assert_eq!(g.scores(), vec![0, 7]);
    let placements = g
        .actions()
        .iter()
        .filter(|a| matches!(a, Action::Place { .. }))
        .count();
    assert_eq!(placements, 7);
}

#[test]
fn b02_builder_no_chain_reaction() {
    let mut g = scenario_sets(&["Red", "Blue"], TB, &["U", "E", "U", "E", "U", "U"]);
    turn(&mut g, "U", (1, 0), 0, Some("R1"));
    turn(&mut g, "E", (0, 1), 2, None);
    turn_with(&mut g, "U", (2, 0), 0, Some((Builder, "R1")));
    turn(&mut g, "E", (1, 1), 2, None);
    turn(&mut g, "U", (3, 0), 0, None);
    assert_eq!(g.current_player(), 0, "double turn");
    turn(&mut g, "U", (4, 0), 0, None);
    assert_eq!(g.current_player(), 1, "no third part");
    assert!(g.is_over());
    assert_eq!(
        g.scores(),
        vec![5, 0],
        "road (0,0)..(4,0) open at the start tile: 5"
    );
}

/// B02's board up to the turn that triggers Red's double turn, with OPT-5 as given.
fn optional_double_turn_board(tiles: &[&str]) -> Game {
    let mut rules = Rules::default();
    rules.builder_double_turn = BuilderDoubleTurn::Optional;
    let mut g = scenario_with(&["Red", "Blue"], rules, None, tiles, TB);
    turn(&mut g, "U", (1, 0), 0, Some("R1"));
    turn(&mut g, "E", (0, 1), 2, None);
    turn_with(&mut g, "U", (2, 0), 0, Some((Builder, "R1")));
    turn(&mut g, "E", (1, 1), 2, None);
    turn(&mut g, "U", (3, 0), 0, None); // extends Red's builder road
    g
}

#[test]
fn opt5_optional_double_turn_taken() {
    let mut g = optional_double_turn_board(&["U", "E", "U", "E", "U", "U"]);
    assert_eq!(g.pending(), Pending::DoubleTurn);
    assert_eq!(g.current_player(), 0);
    assert_eq!(g.legal_actions(), vec![Action::DoubleTurn, Action::Pass]);
    assert_eq!(g.legal_action_count(), 2);
    let err = g.play("place U 4,0 R0".parse().unwrap()).unwrap_err();
    assert!(matches!(err, PlayError::WrongDecision { .. }), "{err}");
    assert_eq!(g.pending(), Pending::DoubleTurn, "refused: nothing changed");
    g.play(Action::DoubleTurn).unwrap();
    assert!(g.is_second_part());
    assert_eq!((g.current_player(), g.pending()), (0, Pending::Draw));
    turn(&mut g, "U", (4, 0), 0, None);
    assert!(g.is_over(), "no third part");
    assert_eq!(g.scores(), vec![5, 0]);
}

#[test]
fn opt5_optional_double_turn_declined() {
    let mut g = optional_double_turn_board(&["U", "E", "U", "E", "U", "U"]);
    g.play(Action::Pass).unwrap();
    assert!(!g.is_second_part());
    assert_eq!(
        (g.current_player(), g.pending()),
        (1, Pending::Draw),
        "Blue's turn"
    );
    turn(&mut g, "U", (4, 0), 0, None);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![5, 0]);
    let record: Vec<String> = g.actions().iter().map(|a| a.to_string()).collect();
    assert!(record.contains(&"pass".to_owned()));
}

#[test]
fn opt5_no_choice_when_no_tile_is_left() {
    // The triggering tile is the last: the game ends instead of asking.
    let g = optional_double_turn_board(&["U", "E", "U", "E", "U"]);
    assert!(g.is_over());
}

#[test]
fn b02_variant_other_players_never_trigger_a_builder() {
    let mut g = scenario_sets(&["Red", "Blue"], TB, &["U", "U", "U", "U", "E"]);
    turn(&mut g, "U", (1, 0), 0, Some("R1"));
    turn(&mut g, "U", (-1, 0), 0, None);
    turn_with(&mut g, "U", (2, 0), 0, Some((Builder, "R1")));
    turn(&mut g, "U", (3, 0), 0, None);
    assert_eq!(
        g.current_player(),
        0,
        "Blue's tile extended Red's road: no double turn"
    );
    assert_eq!(g.pending(), Pending::Draw);
}

#[test]
fn builder_and_pig_deployment_rules() {
    let mut g = scenario_sets(&["Red", "Blue"], TB, &["U", "U", "U", "W"]);
    g.draw(tile("U")).unwrap();
    g.play("place U 1,0 R0".parse().unwrap()).unwrap();
    // No own follower in the road yet: no builder; no own farmer in the fields: no pig.
    let legal = g.legal_actions();
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::Deploy {
            figure: Builder | Pig,
            ..
        }
    )));
    let builder: Action = "deploy builder 1,0 road WE".parse().unwrap();
    let err = g.play(builder).unwrap_err();
    assert!(matches!(err, PlayError::IllegalDeployment { .. }));
    assert!(err.to_string().contains("builder needs"), "{err}");
    let err = g
        .play("deploy pig 1,0 road WE".parse().unwrap())
        .unwrap_err();
    assert!(
        err.to_string().contains("pig goes only on a field"),
        "{err}"
    );
    g.play("deploy follower 1,0 road WE".parse().unwrap())
        .unwrap();
    turn(&mut g, "U", (-1, 0), 0, None);
    g.draw(tile("U")).unwrap();
    g.play("place U 2,0 R0".parse().unwrap()).unwrap();
    assert!(
        g.is_legal(builder.with_pos(2, 0)),
        "own thief in the road: builder allowed"
    );
    assert!(
        !g.is_legal("deploy follower 2,0 road WE".parse().unwrap()),
        "occupied"
    );
    // A builder does not go on a road this tile completes.
    g.play(Action::Pass).unwrap();
    g.draw(tile("W")).unwrap();
    g.play("place W -2,0 R0".parse().unwrap()).unwrap();
    assert!(!g.is_legal(builder.with_pos(-2, 0)));
}

trait WithPos {
    fn with_pos(self, x: i32, y: i32) -> Action;
}

impl WithPos for Action {
    fn with_pos(self, x: i32, y: i32) -> Action {
        match self {
            Action::Deploy {
                figure,
                feature,
                location,
                ..
            } => Action::Deploy {
                figure,
                pos: carcassonne::Position::new(x, y),
                feature,
                location,
            },
            other => other,
        }
    }
}

#[test]
fn x04_farmer_on_an_inner_field() {
    let mut g = scenario_sets(&["Red", "Blue"], IC, &["IC-H"]);
    let s = turn(&mut g, "IC-H", (0, -1), 0, Some("F1"));
    assert!(
        during(&s).is_empty(),
        "the 2-tile city closes with nobody in it"
    );
    assert_eq!(at_end(&s), vec![(0, 3, Field)]);
    assert_eq!(g.scores(), vec![3, 0]);
}

#[test]
fn six_players_need_inns_and_cathedrals() {
    let mut config = carcassonne::Config::new(6);
    assert!(Game::new(config.clone(), 0).is_err());
    config.sets.push(TileSet::InnsAndCathedrals);
    let g = Game::new(config, 0).unwrap();
    assert_eq!(g.players(), 6);
    assert_eq!(g.tiles_left(), 72 + 18 - 2);
}

#[test]
fn elements_switch_on_and_off_on_their_own() {
    // I&C tiles without inn scoring and without large followers.
    let mut config = carcassonne::Config::new(2);
    config.sets.push(TileSet::InnsAndCathedrals);
    config.elements.inns = Some(false);
    config.elements.large_followers = Some(0);
    config.explicit_draws = true;
    config.stack = Some(["IC-C", "IC-B", "W"].iter().map(|t| tile(t)).collect());
    let mut g = Game::new(config, 0).unwrap();
    assert_eq!(g.supply(0, LargeFollower), 0);
    turn(&mut g, "IC-C", (-1, 0), 0, Some("R1"));
    turn(&mut g, "IC-B", (-2, 0), 0, Some("R1"));
    let s = turn(&mut g, "W", (1, 0), 0, None);
    assert_eq!(during(&s), vec![(0, 3, Road)], "no inn: 1 per tile");
    // A pig without Traders & Builders tiles (as JCloisterZone's pig-scoring file does).
    let mut config = carcassonne::Config::new(2);
    config.elements.pigs = Some(1);
    let g = Game::new(config, 0).unwrap();
    assert_eq!((g.supply(0, Pig), g.supply(0, Builder)), (1, 0));
}

#[test]
fn builder_second_part_closes_a_feature_and_scores_it() {
    // Red's builder road is extended in part 1; in part 2 Red closes the start tile's city
    // with a knight deployed on the closing tile: 4 points in the same turn.
    let mut g = scenario_sets(&["Red", "Blue"], TB, &["U", "E", "U", "E", "U", "E"]);
    turn(&mut g, "U", (1, 0), 0, Some("R1"));
    turn(&mut g, "E", (0, 1), 2, None);
    turn_with(&mut g, "U", (2, 0), 0, Some((Builder, "R1")));
    turn(&mut g, "E", (1, 1), 2, None);
    turn(&mut g, "U", (3, 0), 0, None);
    assert!(g.is_second_part());
    let s = turn(&mut g, "E", (0, -1), 2, Some("C1"));
    assert_eq!(during(&s), vec![(0, 4, City)]);
    assert_eq!(
        g.current_player(),
        1,
        "the turn passes after the second part"
    );
}
