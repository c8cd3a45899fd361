//! The Count of Carcassonne (spec `expansions.md` §1.3), so far the City of Carcassonne as the
//! starting area: TS-32 as a test named after it, the City's outer edge profile, its three
//! fields and roads, and the City as a completed city for farmers and the King. Positions are
//! JCloisterZone's (piece 7 at (0, 0)); the spec's §1.3 coordinates are these shifted by
//! (+2, −1).

mod common;

use carcassonne::{
    Action, Config, EdgeKind, Event, FeatureKind, Game, Position, Rules, Side, TileSet, Token,
};
use common::{scenario_with, tile, turn, turn_events};

fn count_game(names: &[&str], tiles: &[&str], sets: &[TileSet]) -> Game {
    let mut all = vec![TileSet::Count];
    all.extend_from_slice(sets);
    scenario_with(names, Rules::default(), None, tiles, &all)
}

#[test]
fn ts32_city_of_carcassonne_as_a_completed_city_for_farms() {
    let mut g = count_game(&["Red"], &["B", "E"], &[]);
    // B east of COC-08, a farmer on its field (joins field F2).
    turn(&mut g, "B", (2, 0), 0, Some("F1"));
    // E turned 270°: its city joins K_E of COC-12: a 2-tile city, completed and unoccupied.
    let events = turn_events(&mut g, "E", (2, 1), 3, None);
    assert!(g.is_over());
    let scores: Vec<(u32, &str, u16)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.points, s.kind_name(), s.cities))
        .collect();
    // The field borders the completed city {COC-12, (2, 1)} and the City of Carcassonne.
    assert_eq!(scores, vec![(6, "field", 2)], "the monastery has no monk");
    assert_eq!(g.scores(), vec![6]);
}

#[test]
fn the_city_is_the_starting_area() {
    let g = Game::new(
        {
            let mut c = Config::new(2);
            c.sets.push(TileSet::Count);
            c
        },
        1,
    )
    .unwrap();
    let pieces: Vec<(String, i32, i32)> = g.board().tiles()[..12]
        .iter()
        .map(|t| (t.tile.to_string(), t.pos.x, t.pos.y))
        .collect();
    assert_eq!(pieces[0], ("COC-01".to_owned(), -2, -1));
    assert_eq!(pieces[6], ("COC-07".to_owned(), 0, 0));
    assert_eq!(pieces[11], ("COC-12".to_owned(), 1, 1));
    // The base start tile is not used: 71 base tiles wait in the stack, no piece of the City.
    assert_eq!(g.tiles_left(), 71 - 1, "one drawn already");
    assert!(g.draws().iter().all(|t| !t.kind().is_city_of_carcassonne()));
    // No follower can go on the City's pieces: they are never the tile just laid.
    assert!(g.last_placed().is_none());
}

#[test]
fn outer_edge_profile() {
    // Clockwise from the north-west corner (spec §1.3.1): N: field, field, field, road;
    // E: field, field, city; S (east to west): field, road, field, city; W (south to north):
    // field, field, road.
    let g = count_game(&["Red"], &["U"], &[]);
    let edge = |x: i32, y: i32, side: Side| {
        let t = g.board().tile_at(Position::new(x, y)).unwrap();
        t.tile.kind().edge(side, t.rotation)
    };
    use EdgeKind::{City, Field, Road};
    let north: Vec<EdgeKind> = (-2..=1).map(|x| edge(x, -1, Side::N)).collect();
    assert_eq!(north, vec![Field, Field, Field, Road]);
    let east: Vec<EdgeKind> = (-1..=1).map(|y| edge(1, y, Side::E)).collect();
    assert_eq!(east, vec![Field, Field, City]);
    let south: Vec<EdgeKind> = (-2..=1).rev().map(|x| edge(x, 1, Side::S)).collect();
    assert_eq!(south, vec![Field, Road, Field, City]);
    let west: Vec<EdgeKind> = (-1..=1).rev().map(|y| edge(-2, y, Side::W)).collect();
    assert_eq!(west, vec![Field, Field, Road]);
    // A straight road continues R_W (west of COC-01) only lying east–west.
    let mut g = count_game(&["Red"], &["U"], &[]);
    g.draw(tile("U")).unwrap();
    let at = |a: &Action| matches!(a, Action::Place { pos, .. } if *pos == Position::new(-3, -1));
    let rotations: Vec<u16> = g
        .legal_actions()
        .iter()
        .filter(|a| at(a))
        .map(|a| match a {
            Action::Place { rotation, .. } => rotation.degrees(),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(rotations, vec![0, 180]);
}

#[test]
fn roads_of_the_city_end_at_its_wall_and_score_as_roads() {
    // R_W: COC-01 plus a road ending in a monastery: a completed 2-tile road.
    let mut g = count_game(&["Red", "Blue"], &["A", "E"], &[]);
    let scores = turn(&mut g, "A", (-3, -1), 3, Some("R1"));
    let road: Vec<(u32, u16)> = scores
        .iter()
        .filter(|s| s.feature == FeatureKind::Road)
        .map(|s| (s.points, s.tiles))
        .collect();
    assert_eq!(road, vec![(2, 2)]);
}

#[test]
fn the_city_counts_for_the_king() {
    // One completed city on the board and the City of Carcassonne: the King scores 2 (K.5).
    let mut g = count_game(&["Red", "Blue"], &["E", "U"], &[TileSet::KingAndRobber]);
    turn(&mut g, "E", (-2, 2), 0, None); // closes K_S of COC-09: a 2-tile city
    assert_eq!(g.token_holder(Token::King), Some(0));
    turn(&mut g, "U", (-3, 0), 1, None);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![2, 0]);
}

#[test]
fn the_count_refuses_a_start_tile_and_rivers() {
    let mut c = Config::new(2);
    c.sets.push(TileSet::Count);
    c.start = Some(carcassonne::StartTile {
        tile: tile("D"),
        rotation: carcassonne::Rotation::R0,
    });
    let err = Game::new(c.clone(), 0).unwrap_err().to_string();
    assert!(err.contains("starting area"), "{err}");
    c.start = None;
    c.sets.push(TileSet::River2);
    let err = Game::new(c, 0).unwrap_err().to_string();
    assert!(err.contains("river"), "{err}");
}
