//! The base-game scenarios of `spec/base.md` §4 (T01–T15b, X01–X03, X05), each a test named
//! after it, plus the base-game edge cases of §5 that no scenario covers.

mod common;

use carcassonne::{
    Action, Event, FarmCityScoring, FeatureKind, Figure, Location, Pending, PlayError, Position,
    Rotation, Rules, Score, SmallCityScoring,
};
use common::{feature_score, field_score, scenario, scenario_from, summary, tile, turn};
use FeatureKind::{City, Field, Monastery, Road};

fn during(scores: &[Score]) -> Vec<(usize, u32, FeatureKind)> {
    summary(
        &scores
            .iter()
            .filter(|s| !s.final_scoring)
            .cloned()
            .collect::<Vec<_>>(),
    )
}

fn at_end(scores: &[Score]) -> Vec<(usize, u32, FeatureKind)> {
    summary(
        &scores
            .iter()
            .filter(|s| s.final_scoring)
            .cloned()
            .collect::<Vec<_>>(),
    )
}

const RED: usize = 0;
const BLUE: usize = 1;

#[test]
fn t01_completed_road_of_4_tiles_between_two_junctions() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["U", "W", "W"]);
    assert!(turn(&mut g, "U", (1, 0), 0, Some("R1")).is_empty());
    assert!(turn(&mut g, "W", (-1, 0), 0, None).is_empty());
    let s = turn(&mut g, "W", (2, 0), 0, None);
    assert_eq!(during(&s), vec![(RED, 4, Road)]);
    assert!(feature_score(&s[0]).complete);
    assert_eq!(feature_score(&s[0]).tiles, 4);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![4, 0]);
}

#[test]
fn t02_same_turn_deploy_score_and_return() {
    let mut g = scenario(&["Blue", "Red"], Rules::default(), &["W", "W", "E"]);
    turn(&mut g, "W", (-1, 0), 0, None);
    let s = turn(&mut g, "W", (1, 0), 0, Some("R3"));
    assert_eq!(during(&s), vec![(1, 3, Road)]);
    assert_eq!(g.scores(), vec![0, 3]);
    assert_eq!(
        g.followers_in_supply(1),
        7,
        "the thief came back in the same turn"
    );
    assert!(g.figures().is_empty());
}

#[test]
fn t03_completed_city_3_tiles_and_1_shield_is_8() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["F", "E"]);
    turn(&mut g, "F", (0, -1), 1, Some("C1"));
    let s = turn(&mut g, "E", (0, -2), 2, None);
    assert_eq!(during(&s), vec![(RED, 8, City)]);
    assert_eq!(
        (feature_score(&s[0]).tiles, feature_score(&s[0]).pennants),
        (3, 1)
    );
    assert_eq!(g.scores(), vec![8, 0]);
}

#[test]
fn t04_completed_city_4_tiles_no_shield_is_8() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["N", "N", "D"]);
    turn(&mut g, "N", (0, -1), 2, Some("C1"));
    turn(&mut g, "N", (1, -1), 3, None);
    let s = turn(&mut g, "D", (1, 0), 0, None);
    assert_eq!(during(&s), vec![(RED, 8, City)]);
    assert_eq!(g.scores(), vec![8, 0]);
}

#[test]
fn t05_two_segments_of_one_tile_in_one_city_count_the_tile_once() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["I", "N", "N", "N"]);
    turn(&mut g, "I", (0, 1), 2, Some("C2"));
    turn(&mut g, "N", (1, 1), 3, None);
    turn(&mut g, "N", (1, 2), 0, None);
    let s = turn(&mut g, "N", (0, 2), 1, None);
    assert_eq!(during(&s), vec![(RED, 8, City)], "4 tiles, not 5 segments");
    assert_eq!(feature_score(&s[0]).tiles, 4);
    assert_eq!(g.scores(), vec![8, 0]);
}

#[test]
fn t06_joined_city_tie_both_players_score_10() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["D", "M", "N"]);
    turn(&mut g, "D", (1, 0), 0, Some("C1"));
    turn(&mut g, "M", (0, -1), 2, Some("C1"));
    g.draw(tile("N")).unwrap();
    let pos = Position::new(1, -1);
    g.play(Action::Place {
        tile: tile("N"),
        pos,
        rotation: Rotation::R270,
    })
    .unwrap();
    // Turn 3: Red may not put a knight on the joined (occupied) city.
    let knight = Action::Deploy {
        figure: Figure::Follower,
        pos,
        feature: City,
        location: "SW".parse().unwrap(),
    };
    assert!(!g.legal_actions().contains(&knight));
    let before = g.clone();
    assert!(matches!(
        g.play(knight),
        Err(PlayError::IllegalDeployment { .. })
    ));
    assert_eq!(g, before, "an illegal action leaves the game as it was");
    let events = g.play(Action::Pass).unwrap();
    let s = common::scores(&events);
    assert_eq!(during(&s), vec![(RED, 10, City), (BLUE, 10, City)]);
    assert_eq!(g.scores(), vec![10, 10]);
}

#[test]
fn t07_monastery_complete_9_and_incomplete_at_end() {
    let tiles = ["B", "V", "W", "V", "W", "A", "V", "U", "J"];
    let mut g = scenario(&["Eva", "Carol"], Rules::default(), &tiles);
    turn(&mut g, "B", (0, 1), 0, Some("M1"));
    turn(&mut g, "V", (1, 0), 0, None);
    turn(&mut g, "W", (1, 1), 3, None);
    turn(&mut g, "V", (1, 2), 1, None);
    turn(&mut g, "W", (0, 2), 0, None);
    turn(&mut g, "A", (0, 3), 2, Some("M1"));
    turn(&mut g, "V", (-1, 2), 2, None);
    turn(&mut g, "U", (-1, 1), 1, None);
    let s = turn(&mut g, "J", (-1, 0), 0, None);
    assert_eq!(during(&s), vec![(0, 9, Monastery)]);
    assert_eq!(at_end(&s), vec![(1, 4, Monastery)]);
    assert_eq!(g.scores(), vec![9, 4]);
}

#[test]
fn t08a_two_tile_city_closed_with_same_turn_knight_scores_4() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["E"]);
    let s = turn(&mut g, "E", (0, -1), 2, Some("C1"));
    assert_eq!(during(&s), vec![(RED, 4, City)]);
    assert_eq!(g.scores(), vec![4, 0]);
}

#[test]
fn t08b_two_tile_city_with_small_city_legacy2_scores_2() {
    let mut rules = Rules::default();
    rules.small_city = SmallCityScoring::Legacy2;
    let mut g = scenario(&["Red", "Blue"], rules, &["E"]);
    let s = turn(&mut g, "E", (0, -1), 2, Some("C1"));
    assert_eq!(during(&s), vec![(RED, 2, City)]);
    assert_eq!(g.scores(), vec![2, 0]);
}

#[test]
fn t09_end_game_incomplete_road_3_and_incomplete_monastery_5() {
    let mut g = scenario(&["Red", "Yellow"], Rules::default(), &["U", "U", "E", "B"]);
    turn(&mut g, "U", (1, 0), 0, Some("R1"));
    turn(&mut g, "U", (2, 0), 0, None);
    turn(&mut g, "E", (0, 1), 2, None);
    let s = turn(&mut g, "B", (1, 1), 0, Some("M1"));
    assert_eq!(during(&s), vec![]);
    assert_eq!(at_end(&s), vec![(0, 3, Road), (1, 5, Monastery)]);
    assert_eq!(g.scores(), vec![3, 5]);
}

#[test]
fn t10_end_game_incomplete_city_2_tiles_and_1_shield_is_3() {
    let mut g = scenario(&["Blue", "Red"], Rules::default(), &["M"]);
    let s = turn(&mut g, "M", (0, -1), 2, Some("C1"));
    assert_eq!(at_end(&s), vec![(0, 3, City)]);
    assert!(!feature_score(&s[0]).complete);
    assert_eq!(g.scores(), vec![3, 0]);
}

#[test]
fn t10_legacy2_does_not_apply_to_unfinished_cities() {
    let mut rules = Rules::default();
    rules.small_city = SmallCityScoring::Legacy2;
    let mut g = scenario(&["Blue", "Red"], rules, &["M"]);
    turn(&mut g, "M", (0, -1), 2, Some("C1"));
    assert_eq!(g.scores(), vec![3, 0]);
}

#[test]
fn t11_end_game_majority_in_incomplete_city_green_8_black_0() {
    let tiles = ["U", "U", "U", "U", "G", "R", "F", "F", "Q"];
    let mut g = scenario(&["Green", "Black"], Rules::default(), &tiles);
    turn(&mut g, "U", (-1, 0), 0, None);
    turn(&mut g, "U", (-2, 0), 0, None);
    turn(&mut g, "U", (1, 0), 0, None);
    turn(&mut g, "U", (2, 0), 0, None);
    turn(&mut g, "G", (-2, 1), 0, Some("C1"));
    turn(&mut g, "R", (2, 1), 2, Some("C1"));
    turn(&mut g, "F", (0, 1), 0, Some("C1"));
    turn(&mut g, "F", (-1, 1), 0, None);
    let s = turn(&mut g, "Q", (1, 1), 2, None);
    assert_eq!(at_end(&s), vec![(0, 8, City)]);
    assert_eq!(g.scores(), vec![8, 0]);
}

#[test]
fn t12_farms_blue_6_red_3_incomplete_city_gives_nothing() {
    let mut g = scenario(&["Blue", "Red"], Rules::default(), &["E", "H", "U", "E"]);
    turn(&mut g, "E", (0, -1), 2, Some("F1"));
    turn(&mut g, "H", (0, -2), 1, None);
    turn(&mut g, "U", (-1, 0), 0, None);
    let s = turn(&mut g, "E", (1, -2), 3, Some("F1"));
    assert_eq!(at_end(&s), vec![(0, 6, Field), (1, 3, Field)]);
    assert_eq!(
        (field_score(&s[0]).cities, field_score(&s[1]).cities),
        (2, 1)
    );
    assert_eq!(g.scores(), vec![6, 3]);
}

fn big_field_board(red_second_farmer: bool) -> carcassonne::Game {
    let tiles = ["E", "H", "F", "E", "U", "U", "B"];
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &tiles);
    turn(&mut g, "E", (0, -1), 2, Some("F1"));
    turn(&mut g, "H", (0, -2), 1, None);
    turn(&mut g, "F", (-1, -2), 0, red_second_farmer.then_some("F2"));
    turn(&mut g, "E", (1, -2), 3, Some("F1"));
    turn(&mut g, "U", (1, 0), 0, None);
    turn(&mut g, "U", (-1, 0), 0, Some("F1"));
    turn(&mut g, "B", (-1, -1), 0, None);
    g
}

#[test]
fn t13_farms_majority_red_6_on_big_field_blue_3_on_small_field() {
    let g = big_field_board(true);
    assert_eq!(g.scores(), vec![6, 3]);
}

#[test]
fn t14_farms_tie_on_big_field_both_6_blue_3_more_from_small_field() {
    let g = big_field_board(false);
    assert_eq!(g.scores(), vec![6, 9]);
}

fn t15_board(rule: FarmCityScoring) -> (carcassonne::Game, Vec<Score>) {
    let mut rules = Rules::default();
    rules.farm_city_scoring = rule;
    let mut g = scenario(&["Blue", "Red"], rules, &["D", "W", "U"]);
    turn(&mut g, "D", (0, -1), 2, Some("F1"));
    turn(&mut g, "W", (-1, -1), 0, None);
    let s = turn(&mut g, "U", (1, 0), 0, Some("F1"));
    (g, s)
}

#[test]
fn t15a_one_city_beside_two_fields_of_one_player_pays_per_field() {
    let (g, s) = t15_board(FarmCityScoring::PerField);
    assert_eq!(at_end(&s), vec![(0, 3, Field), (0, 3, Field)]);
    assert_eq!(g.scores(), vec![6, 0]);
}

#[test]
fn t15b_once_per_player_option_pays_the_city_once() {
    let (g, s) = t15_board(FarmCityScoring::OncePerPlayer);
    let paid: Vec<_> = at_end(&s).into_iter().filter(|(_, p, _)| *p > 0).collect();
    assert_eq!(paid, vec![(0, 3, Field)]);
    assert_eq!(g.scores(), vec![3, 0]);
}

#[test]
fn x01_unplaceable_tile_is_discarded_and_the_same_player_draws_again() {
    let mut g = scenario_from(&["Red", "Blue"], Rules::default(), Some("C"), &["B", "E"]);
    assert_eq!(g.pending(), Pending::Draw);
    let events = g.draw(tile("B")).unwrap();
    assert!(events.contains(&Event::TileDiscarded {
        player: 0,
        tile: tile("B")
    }));
    assert_eq!(g.pending(), Pending::Draw, "the same player draws again");
    assert_eq!(g.current_player(), 0);
    assert_eq!(g.tiles_left(), 1);
    g.draw(tile("E")).unwrap();
    assert_eq!(g.pending(), Pending::Place { tile: tile("E") });

    // When the discarded tile was the last one, the game ends.
    let mut g = scenario_from(&["Red", "Blue"], Rules::default(), Some("C"), &["B"]);
    let events = g.draw(tile("B")).unwrap();
    assert!(matches!(events.last(), Some(Event::GameOver { .. })));
    assert!(g.is_over());
}

#[test]
fn x01_automatic_draws_discard_too() {
    let mut config = carcassonne::Config::new(2);
    config.start = Some(carcassonne::StartTile {
        tile: tile("C"),
        rotation: Rotation::R0,
    });
    config.stack = Some(vec![tile("B"), tile("B"), tile("E")]);
    let g = carcassonne::Game::new(config.clone(), 1).unwrap();
    assert_eq!(
        g.current_tile(),
        Some(tile("E")),
        "monasteries never fit beside tile C"
    );
    let (last, before) = g.draws().split_last().unwrap();
    assert_eq!(*last, tile("E").into());
    assert!(before.iter().all(|t| *t == tile("B").into()));
    config.stack = Some(vec![tile("B"), tile("B")]);
    let g = carcassonne::Game::new(config, 1).unwrap();
    assert!(g.is_over(), "every tile was discarded: the game ends");
    assert_eq!(g.draws().len(), 2);
}

#[test]
fn x02_road_loop_is_complete() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["V", "V", "V", "V"]);
    turn(&mut g, "V", (0, 1), 3, Some("R1"));
    turn(&mut g, "V", (1, 1), 0, None);
    turn(&mut g, "V", (1, 2), 1, None);
    let s = turn(&mut g, "V", (0, 2), 2, None);
    assert_eq!(during(&s), vec![(RED, 4, Road)]);
    assert_eq!(g.scores(), vec![4, 0]);
}

#[test]
fn x03_road_ending_at_a_city_gate() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["U", "W", "T"]);
    turn(&mut g, "U", (1, 0), 0, Some("R1"));
    turn(&mut g, "W", (-1, 0), 0, None);
    let s = turn(&mut g, "T", (2, 0), 1, None);
    assert_eq!(during(&s), vec![(RED, 4, Road)]);
    assert_eq!(g.scores(), vec![4, 0]);
}

#[test]
fn x05_field_touching_one_city_through_two_segments_counts_it_once() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["I", "N", "N", "N"]);
    turn(&mut g, "I", (0, 1), 2, Some("F1"));
    turn(&mut g, "N", (1, 1), 3, None);
    turn(&mut g, "N", (1, 2), 0, None);
    let s = turn(&mut g, "N", (0, 2), 1, None);
    assert_eq!(at_end(&s), vec![(RED, 3, Field)]);
    assert_eq!(g.scores(), vec![3, 0]);
}

// ----- §5 edge cases of the base game not covered above -----

#[test]
fn edge_13_corner_contact_alone_is_not_adjacency() {
    let g = scenario(&["Red", "Blue"], Rules::default(), &["B"]);
    let mut g = g;
    g.draw(tile("B")).unwrap();
    let diagonal = Action::Place {
        tile: tile("B"),
        pos: Position::new(1, 1),
        rotation: Rotation::R0,
    };
    assert!(!g.is_legal(diagonal));
    assert!(matches!(
        g.play(diagonal),
        Err(PlayError::IllegalPlacement { .. })
    ));
}

#[test]
fn edge_10_monastery_placed_into_a_full_hole_scores_9_at_once() {
    // Eight tiles around (0, 1) (the start tile is one), then a monastery into the hole.
    let tiles = ["U", "U", "B", "B", "B", "B", "B", "B"];
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &tiles);
    turn(&mut g, "U", (-1, 0), 0, None);
    turn(&mut g, "U", (1, 0), 0, None);
    for (x, y) in [(-1, 1), (1, 1), (-1, 2), (1, 2), (0, 2)] {
        turn(&mut g, "B", (x, y), 0, None);
    }
    let s = turn(&mut g, "B", (0, 1), 0, Some("M1"));
    assert_eq!(
        during(&s),
        vec![(BLUE, 9, Monastery)],
        "the 8th turn is Blue's"
    );
    assert_eq!(feature_score(&s[0]).tiles, 9);
    assert_eq!(g.followers_in_supply(BLUE), 7);
}

#[test]
fn edge_23_one_tile_completes_several_features() {
    // Two roads end on the crossroads X: both thieves score in the same turn.
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["W", "U", "X"]);
    turn(&mut g, "W", (-1, 0), 0, Some("R2"));
    turn(&mut g, "U", (1, 0), 0, Some("R1"));
    // X at (2, 0) closes the start road (W junction .. X) and leaves W's south road open.
    let s = turn(&mut g, "X", (2, 0), 0, None);
    assert_eq!(during(&s), vec![(BLUE, 4, Road)]);
    assert_eq!(at_end(&s), vec![(RED, 1, Road)]);
}

#[test]
fn edge_16_only_the_tile_just_placed_and_only_figures_in_supply() {
    let mut g = scenario(&["Red", "Blue"], Rules::default(), &["U", "U"]);
    g.draw(tile("U")).unwrap();
    g.play(Action::Place {
        tile: tile("U"),
        pos: Position::new(1, 0),
        rotation: Rotation::R0,
    })
    .unwrap();
    let elsewhere = Action::Deploy {
        figure: Figure::Follower,
        pos: Position::new(0, 0),
        feature: City,
        location: "N".parse().unwrap(),
    };
    assert!(matches!(
        g.play(elsewhere),
        Err(PlayError::IllegalDeployment { .. })
    ));
    let wrong_place = Action::Deploy {
        figure: Figure::Follower,
        pos: Position::new(1, 0),
        feature: City,
        location: Location::CENTRE,
    };
    assert!(!g.is_legal(wrong_place));
}

#[test]
fn edge_follower_supply_runs_out_then_only_tiles_are_placed() {
    let mut config = carcassonne::Config::new(2);
    config.followers = 1;
    config.explicit_draws = true;
    config.stack = Some(vec![tile("U"), tile("U"), tile("U")]);
    let mut g = carcassonne::Game::new(config, 0).unwrap();
    turn(&mut g, "U", (1, 0), 0, Some("F1"));
    turn(&mut g, "U", (2, 0), 0, None);
    g.draw(tile("U")).unwrap();
    g.play(Action::Place {
        tile: tile("U"),
        pos: Position::new(3, 0),
        rotation: Rotation::R0,
    })
    .unwrap();
    // Red has no follower left: the deploy step is skipped entirely.
    assert!(g.is_over());
}
