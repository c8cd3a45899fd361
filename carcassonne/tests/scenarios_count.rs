//! The Count of Carcassonne (spec `expansions.md` §1.3): TS-04 to TS-07 and TS-32 as tests
//! named after them; the City of Carcassonne as the starting area (its outer edge profile,
//! fields and roads), as a completed city for farmers and the King; the quarters: entering the
//! City (C.2, D-C-6), moving out before a scoring in seat order (C.3), the blocked quarter,
//! and the Market at the end (C.4). Positions are JCloisterZone's (piece 7 at (0, 0)); the
//! spec's §1.3 coordinates are these shifted by (+2, −1).

mod common;

use carcassonne::{
    Action, Config, EdgeKind, Event, FeatureKind, Figure, Game, Pending, PlayError, Position,
    Quarter, Rules, Side, TileSet, Token,
};
use common::{feature_score, field_score, scenario_with, tile, turn, turn_events, turn_with};

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
        .map(|s| (s.points, s.kind_name(), field_score(s).cities))
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
    assert!(g
        .draws()
        .iter()
        .all(|t| !t.tile().unwrap().kind().is_city_of_carcassonne()));
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
        .filter(|s| s.feature() == Some(FeatureKind::Road))
        .map(|s| (s.points, feature_score(s).tiles))
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
fn the_count_refuses_a_start_tile() {
    let mut c = Config::new(2);
    c.sets.push(TileSet::Count);
    c.start = Some(carcassonne::StartTile {
        tile: tile("D"),
        rotation: carcassonne::Rotation::R0,
    });
    let err = Game::new(c.clone(), 0).unwrap_err().to_string();
    assert!(err.contains("starting area"), "{err}");
}

#[test]
fn a_river_with_the_count_starts_at_the_city() {
    // D-R2-6: accepted with a warning; the start player lays the spring against the City
    // before the first turn, then plays the river stage as usual.
    let mut c = Config::new(2);
    c.sets.extend([TileSet::Count, TileSet::River2]);
    assert_eq!(c.warnings().len(), 1);
    assert!(Config::new(2).warnings().is_empty());
    let mut g = Game::new(c, 5).unwrap();
    assert_eq!(
        g.current_tile(),
        Some(tile("R2-01")),
        "the spring comes first"
    );
    assert_eq!(
        g.tiles_left(),
        71 + 12 - 1,
        "no base start tile; the spring drawn"
    );
    let legal = g.legal_actions();
    assert!(!legal.is_empty());
    for a in &legal {
        let Action::Place { pos, rotation, .. } = *a else {
            panic!("{a}")
        };
        // Against the City, its river flowing out to an empty position.
        assert!(
            pos.x >= -3 && pos.x <= 2 && pos.y >= -2 && pos.y <= 2,
            "{a}"
        );
        let kind = tile("R2-01").kind();
        let out = Side::ALL
            .into_iter()
            .find(|s| kind.edge(*s, rotation) == EdgeKind::River)
            .unwrap();
        assert!(g.board().tile_at(pos.neighbour(out)).is_none(), "{a}");
    }
    let spring = legal[0];
    let events = g.play(spring).unwrap();
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::FigureDeployed { .. })));
    assert_eq!(
        g.current_player(),
        0,
        "the start player then plays the first turn"
    );
    assert_eq!(g.open_river_ends().len(), 1);
    assert!(g
        .current_tile()
        .unwrap()
        .kind()
        .edges()
        .contains(&EdgeKind::River));
    // A whole game plays out.
    while !g.is_over() {
        let a = g.legal_actions()[0];
        g.play(a).unwrap();
    }
}

fn act(g: &mut Game, text: &str) -> Vec<Event> {
    let action: Action = text.parse().unwrap();
    g.play(action).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn texts(g: &Game) -> Vec<String> {
    g.legal_actions().iter().map(|a| a.to_string()).collect()
}

/// A player who completed nothing for themselves puts a follower into `quarter` and leaves the
/// Count where he is.
fn enter(g: &mut Game, quarter: &str) {
    assert_eq!(g.pending(), Pending::EnterCity);
    act(g, &format!("enter follower {quarter}"));
    assert_eq!(g.pending(), Pending::MoveCount);
    act(g, "pass");
}

#[test]
fn ts04_gaining_a_follower_in_the_city() {
    let mut g = count_game(&["Blue", "Red"], &["E", "E"], &[]);
    assert_eq!(
        g.count_quarter(),
        Some(Quarter::Castle),
        "the Count starts in the Castle"
    );
    turn(&mut g, "E", (-1, -2), 0, Some("C1")); // Blue's knight, north of COC-02
    let scores = turn(&mut g, "E", (-1, -3), 2, None); // Red closes the city
    assert_eq!(
        scores
            .iter()
            .map(|s| (s.player, s.points))
            .collect::<Vec<_>>(),
        vec![(0, 4)]
    );
    // Red received nothing, Blue scored: Red may enter any quarter, the Castle included.
    assert_eq!((g.pending(), g.current_player()), (Pending::EnterCity, 1));
    assert_eq!(
        texts(&g),
        vec![
            "enter follower castle",
            "enter follower market",
            "enter follower blacksmith",
            "enter follower cathedral",
            "pass"
        ]
    );
    let events = act(&mut g, "enter follower cathedral");
    assert!(events.contains(&Event::FigureEnteredCity {
        player: 1,
        figure: Figure::Follower,
        quarter: Quarter::Cathedral
    }));
    assert_eq!(
        texts(&g),
        vec![
            "count market",
            "count blacksmith",
            "count cathedral",
            "pass"
        ]
    );
    act(&mut g, "count blacksmith");
    assert_eq!(g.count_quarter(), Some(Quarter::Blacksmith));
    assert_eq!(
        g.quarter_figures(Quarter::Cathedral),
        vec![(1, Figure::Follower)]
    );
    assert_eq!(
        g.followers_in_supply(1),
        6,
        "the follower left Red's supply"
    );
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![4, 0]);
}

#[test]
fn ts04_variant_a_the_active_player_scored_too() {
    // Red also had a knight in the city: a tie, both score, no offer.
    let g = variant_c(Figure::Follower, Rules::default(), &[(0, 8), (1, 8)]);
    assert!(g.is_over(), "no offer: Red scored");
}

#[test]
fn ts04_variant_b_a_farmer_does_not_spoil_it() {
    let mut g = count_game(&["Blue", "Red"], &["E", "E"], &[]);
    turn(&mut g, "E", (-1, -2), 0, Some("C1"));
    turn(&mut g, "E", (-1, -3), 2, Some("F1")); // a farmer on the new tile's own field
    assert_eq!(g.pending(), Pending::EnterCity);
}

/// TS-04 variant C's board: Blue's `blue` and Red's knight in one city, which Red closes;
/// every player has one follower; `scores` are the city's.
fn variant_c(blue: Figure, rules: Rules, scores: &[(usize, u32)]) -> Game {
    let mut config = Config::new(2);
    config.names = vec!["Blue".into(), "Red".into()];
    config.sets = vec![TileSet::Base, TileSet::InnsAndCathedrals, TileSet::Count];
    config.followers = 1;
    config.rules = rules;
    config.explicit_draws = true;
    config.stack = Some(["E", "E", "N", "N"].iter().map(|t| tile(t)).collect());
    let mut g = Game::new(config, 0).unwrap();
    turn_with(&mut g, "E", (-1, -2), 0, Some((blue, "C1")));
    turn(&mut g, "E", (0, -2), 0, Some("C1")); // Red's knight, a city of its own for now
    turn(&mut g, "N", (-1, -3), 2, None);
    let got = turn(&mut g, "N", (0, -3), 3, None); // joins and closes the city: 4 tiles
    assert_eq!(
        got.iter().map(|s| (s.player, s.points)).collect::<Vec<_>>(),
        scores
    );
    g
}

#[test]
fn ts04_variant_c_a_figure_back_this_turn_may_not_enter() {
    let g = variant_c(Figure::LargeFollower, Rules::default(), &[(0, 8)]);
    assert_eq!(g.followers_in_supply(1), 1, "Red's knight came back");
    // D-C-6: only the large follower, which was in supply before the turn, may enter.
    assert_eq!(
        texts(&g),
        vec![
            "enter large_follower castle",
            "enter large_follower market",
            "enter large_follower blacksmith",
            "enter large_follower cathedral",
            "pass"
        ]
    );
    let mut g2 = g.clone();
    let err = g2
        .play("enter follower castle".parse().unwrap())
        .unwrap_err();
    assert!(matches!(err, PlayError::IllegalCityAction { .. }), "{err}");
    assert!(g2 == g, "the refused action changed nothing");
    // With JCloisterZone's option the returned knight may enter too.
    let mut rules = Rules::default();
    rules.count_place_returned_figures = true;
    let g = variant_c(Figure::LargeFollower, rules, &[(0, 8)]);
    assert!(texts(&g).contains(&"enter follower castle".to_owned()));
}

/// Cities for the quarters: a knight's 2-tile city north of the City at column `x`, opened
/// by one player and closed by the next.
const NORTH: i32 = -2;

/// TS-05's board: Blacksmith {Red ×2, Blue ×1} (the Count moved to `count` by Blue's entry),
/// then Blue's highwayman on a road from COC-01; Red is to lay the tile that completes it.
fn ts05_board(count: &str) -> Game {
    let tiles = ["E", "E", "U", "E", "E", "E", "E", "U", "A"];
    let mut g = count_game(&["Red", "Blue"], &tiles, &[]);
    turn(&mut g, "E", (-2, NORTH), 0, Some("C1")); // Red's knight
    turn(&mut g, "E", (-2, NORTH - 1), 2, None); // Blue closes it: Red +4
    act(&mut g, "enter follower blacksmith");
    act(
        &mut g,
        &if count == "castle" {
            "pass".to_owned()
        } else {
            format!("count {count}")
        },
    );
    turn(&mut g, "U", (2, 0), 1, None); // Red: elsewhere
    turn(&mut g, "E", (-1, NORTH), 0, Some("C1")); // Blue's knight
    turn(&mut g, "E", (-1, NORTH - 1), 2, None); // Red closes it: Blue +4
    enter(&mut g, "blacksmith");
    turn(&mut g, "E", (0, NORTH), 0, Some("C1")); // Blue's knight
    turn(&mut g, "E", (0, NORTH - 1), 2, None); // Red closes it: Blue +4
    enter(&mut g, "blacksmith");
    turn(&mut g, "U", (-3, -1), 0, Some("R1")); // Blue's highwayman, joins R_W of COC-01
    assert_eq!(g.scores(), vec![4, 8]);
    let smiths = g.quarter_figures(Quarter::Blacksmith);
    assert_eq!(smiths.iter().filter(|f| f.0 == 0).count(), 2);
    assert_eq!(smiths.iter().filter(|f| f.0 == 1).count(), 1);
    g
}

#[test]
fn ts05_moving_out_from_the_blacksmith() {
    let mut g = ts05_board("castle");
    g.draw(tile("A")).unwrap();
    act(&mut g, "place A -4,-1 R270"); // the road ends at a monastery: 3 tiles, completed
    act(&mut g, "pass"); // no deployment
                         // The movement round: Blue first (left of Red), then Red.
    assert_eq!((g.pending(), g.current_player()), (Pending::LeaveCity, 1));
    assert_eq!(
        texts(&g),
        vec!["leave follower blacksmith -4,-1 road E", "pass"]
    );
    act(&mut g, "pass");
    assert_eq!(g.current_player(), 0);
    act(&mut g, "leave follower blacksmith -4,-1 road E");
    assert_eq!(g.current_player(), 0, "Red may move again");
    let events = act(&mut g, "leave follower blacksmith -4,-1 road E");
    let scores: Vec<(usize, u32)> = events
        .iter()
        .filter_map(Event::score)
        .filter(|s| !s.final_scoring)
        .map(|s| (s.player, s.points))
        .collect();
    assert_eq!(
        scores,
        vec![(0, 3)],
        "Red 2 against Blue 1: Red +3, Blue nothing"
    );
    assert_eq!(
        g.quarter_figures(Quarter::Blacksmith),
        vec![(1, Figure::Follower)]
    );
    assert_eq!(
        g.followers_in_supply(0),
        7,
        "both figures went home after the scoring"
    );
    assert_eq!(
        g.followers_in_supply(1),
        6,
        "Blue's thief home, one figure in the City"
    );
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![7, 8]);
}

#[test]
fn ts06_the_counts_quarter_is_blocked() {
    let mut g = ts05_board("blacksmith");
    assert_eq!(g.count_quarter(), Some(Quarter::Blacksmith));
    g.draw(tile("A")).unwrap();
    act(&mut g, "place A -4,-1 R270");
    let events = act(&mut g, "pass");
    let scores: Vec<(usize, u32)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points))
        .collect();
    assert_eq!(
        scores,
        vec![(1, 3)],
        "no movement: Blue's thief alone scores 3"
    );
    // Red received nothing and Blue scored: Red may enter the City.
    assert_eq!((g.pending(), g.current_player()), (Pending::EnterCity, 0));
    enter(&mut g, "castle");
    assert!(
        g.is_over(),
        "figures in the Castle stay there and score nothing"
    );
    assert_eq!(g.scores(), vec![4, 11]);
}

/// TS-07's game: Market {Red ×1, Blue ×2}; Yellow lays the last tile. With `count_to_market`
/// Red moves the Count to the Market when entering.
fn ts07_game(count_to_market: bool) -> Game {
    let tiles = ["E", "E", "E", "E", "E", "U", "E", "U", "U"];
    let mut g = count_game(&["Red", "Blue", "Yellow"], &tiles, &[]);
    turn(&mut g, "E", (-2, NORTH), 0, Some("C1")); // Red's knight
    turn(&mut g, "E", (-2, NORTH - 1), 2, None); // Blue closes it
    enter(&mut g, "market");
    turn(&mut g, "E", (-1, NORTH), 0, Some("C1")); // Yellow's knight
    turn(&mut g, "E", (0, NORTH), 0, Some("C1")); // Red's knight
    turn(&mut g, "E", (0, NORTH - 1), 2, None); // Blue closes Red's city
    enter(&mut g, "market");
    turn(&mut g, "U", (2, 0), 1, None); // Yellow
    turn(&mut g, "E", (-1, NORTH - 1), 2, None); // Red closes Yellow's city
    act(&mut g, "enter follower market");
    act(
        &mut g,
        if count_to_market {
            "count market"
        } else {
            "pass"
        },
    );
    turn(&mut g, "U", (2, -1), 1, None); // Blue
    g.draw(tile("U")).unwrap();
    act(&mut g, "place U 2,-2 R90"); // Yellow lays the last tile
    act(&mut g, "pass");
    g
}

#[test]
fn ts07_the_market_at_the_end() {
    let mut g = ts07_game(false);
    let mut movers = Vec::new();
    while g.pending() == Pending::Market {
        movers.push(g.current_player());
        let legal = g.legal_actions();
        assert!(!legal.contains(&Action::Pass), "moving is mandatory");
        assert!(legal.iter().all(|a| matches!(
            a,
            Action::LeaveCity {
                quarter: Quarter::Market,
                feature: FeatureKind::Field,
                ..
            }
        )));
        g.play(legal[0]).unwrap();
    }
    assert_eq!(
        movers,
        vec![0, 1, 1],
        "Red, Blue, (Yellow and Red skipped), Blue"
    );
    assert!(g.is_over());
    assert!(g.quarter_figures(Quarter::Market).is_empty());
}

#[test]
fn ts07_variant_the_count_in_the_market() {
    let g = ts07_game(true);
    assert!(g.is_over(), "no Market moves");
    assert_eq!(
        g.quarter_figures(Quarter::Market).len(),
        3,
        "they score nothing"
    );
}

#[test]
fn a_large_follower_in_the_city_moves_out_with_strength_two() {
    // Inns & Cathedrals with the Count: the large follower may enter the City and leaves it
    // with its strength.
    let tiles = ["U", "E", "E", "U", "A"];
    let mut g = count_game(&["Red", "Blue"], &tiles, &[TileSet::InnsAndCathedrals]);
    turn(&mut g, "U", (2, 0), 1, None); // Red, elsewhere
    turn(&mut g, "E", (-1, NORTH), 0, Some("C1")); // Blue's knight
    turn(&mut g, "E", (-1, NORTH - 1), 2, None); // Red closes it: Blue +4
    act(&mut g, "enter large_follower blacksmith");
    act(&mut g, "pass");
    turn(&mut g, "U", (-3, -1), 0, Some("R1")); // Blue's thief on R_W
    g.draw(tile("A")).unwrap();
    act(&mut g, "place A -4,-1 R270");
    act(&mut g, "pass");
    // Blue has no figure in the City: Red decides at once.
    assert_eq!((g.pending(), g.current_player()), (Pending::LeaveCity, 0));
    let events = act(&mut g, "leave large_follower blacksmith -4,-1 road E");
    let scores: Vec<(usize, u32, u8)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points, feature_score(s).strength))
        .collect();
    assert_eq!(scores, vec![(0, 3, 2)], "Red 2 against Blue's thief 1");
    assert_eq!(
        g.supply(0, Figure::LargeFollower),
        1,
        "home after the scoring"
    );
}

#[test]
fn the_city_as_a_starting_area_only() {
    // The board side without flags: no Count, no quarters, no City decisions (§1.3).
    let mut config = Config::new(2);
    config.sets.push(TileSet::Count);
    config.elements.count = Some(false);
    let mut g = Game::new(config, 9).unwrap();
    assert_eq!(g.count_quarter(), None);
    assert_eq!(g.board().len(), 12);
    while !g.is_over() {
        assert!(matches!(
            g.pending(),
            Pending::Place { .. } | Pending::Deploy { .. }
        ));
        let a = g.legal_actions()[0];
        g.play(a).unwrap();
    }
}

#[test]
fn a_builder_double_turn_gives_two_chances_to_enter_the_city() {
    // Traders & Builders with the Count: each turn part is judged on its own (S001 table).
    let tiles = ["U", "E", "U", "E", "U", "E", "D", "E"];
    let mut g = count_game(&["Red", "Blue"], &tiles, &[TileSet::TradersAndBuilders]);
    turn(&mut g, "U", (-2, -2), 0, Some("R1")); // Red's thief, a road north of the City
    turn(&mut g, "E", (-2, -3), 0, None); // Blue
    turn_with(&mut g, "U", (-1, -2), 0, Some((Figure::Builder, "R1"))); // Red's builder
    turn(&mut g, "E", (-1, -3), 0, Some("C1")); // Blue's knight, a city open to the north
    turn(&mut g, "U", (2, 0), 1, None); // Red, elsewhere
    turn(&mut g, "E", (0, -3), 2, Some("C1")); // Blue's knight, a city open to the south
                                               // Red extends the builder's road and closes Blue's southern city: Blue +4, Red nothing.
    turn(&mut g, "D", (0, -2), 0, None);
    assert_eq!((g.pending(), g.current_player()), (Pending::EnterCity, 0));
    enter(&mut g, "castle");
    assert!(g.is_second_part(), "then the builder's second turn part");
    // The second part closes Blue's other city: a second chance.
    turn(&mut g, "E", (-1, -4), 2, None);
    assert_eq!((g.pending(), g.current_player()), (Pending::EnterCity, 0));
    enter(&mut g, "market");
    assert_eq!(
        g.quarter_figures(Quarter::Castle),
        vec![(0, Figure::Follower)]
    );
    assert_eq!(g.scores(), vec![0, 8]);
}

/// A Count game under `rules` (Red, Blue) with explicit draws from `tiles`.
fn count_game_with(rules: Rules, tiles: &[&str], sets: &[TileSet]) -> Game {
    let mut all = vec![TileSet::Count];
    all.extend_from_slice(sets);
    scenario_with(&["Red", "Blue"], rules, None, tiles, &all)
}

/// TS-04 under `rules`: Blue's knight in a 2-tile city that Red closes (Blue +4), and Red's
/// follower enters the Cathedral. Returns the game and the entry's events.
fn ts04_entry(rules: Rules) -> (Game, Vec<Event>) {
    let sets = [TileSet::Count];
    let mut g = scenario_with(&["Blue", "Red"], rules, None, &["E", "E"], &sets);
    turn(&mut g, "E", (-1, -2), 0, Some("C1"));
    turn(&mut g, "E", (-1, -3), 2, None);
    assert_eq!((g.pending(), g.current_player()), (Pending::EnterCity, 1));
    let events = act(&mut g, "enter follower cathedral");
    (g, events)
}

/// `count_move: clockwise` (JCloisterZone's house rule): after the entry the Count moves by
/// itself from the Castle to the Market; nobody is asked.
#[test]
fn count_move_clockwise() {
    let mut rules = Rules::default();
    rules.count_move = carcassonne::CountMove::Clockwise;
    let (g, events) = ts04_entry(rules);
    assert!(events.contains(&Event::CountMoved {
        player: 1,
        quarter: Quarter::Market
    }));
    assert_eq!(g.count_quarter(), Some(Quarter::Market));
    assert!(g.is_over(), "no Count decision");
    assert_eq!(g.scores(), vec![4, 0], "Blue's 2-tile city: 4");
}

/// `count_move: follow_figure` (JCloisterZone's `follow-meeple`): the Count moves into the
/// quarter the figure entered.
#[test]
fn count_move_follow_figure() {
    let mut rules = Rules::default();
    rules.count_move = carcassonne::CountMove::FollowFigure;
    let (g, events) = ts04_entry(rules);
    assert!(events.contains(&Event::CountMoved {
        player: 1,
        quarter: Quarter::Cathedral
    }));
    assert_eq!(g.count_quarter(), Some(Quarter::Cathedral));
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![4, 0]);
}

/// Without farmers the Market is closed: nobody enters it and the Count does not go there.
#[test]
fn without_farmers_the_market_is_closed() {
    let mut rules = Rules::default();
    rules.farmers = false;
    let mut g = count_game_with(rules, &["E", "E"], &[]);
    turn(&mut g, "E", (-1, -2), 0, Some("C1")); // Red's knight
    turn(&mut g, "E", (-1, -3), 2, None); // Blue closes it: Red +4
    assert_eq!(
        texts(&g),
        vec![
            "enter follower castle",
            "enter follower blacksmith",
            "enter follower cathedral",
            "pass"
        ]
    );
    act(&mut g, "enter follower cathedral");
    assert_eq!(
        texts(&g),
        vec!["count blacksmith", "count cathedral", "pass"]
    );
}

/// The end of a game where Blue has a follower in `quarter`: Red's knight in a 2-tile city
/// that Blue closes (Red +4, Blue enters `quarter` and moves the Count to the Cathedral), then
/// Red lays an open city north of COC-01 with nobody on it, the last tile.
fn final_moves_game(rules: Rules, quarter: &str) -> Game {
    let mut g = count_game_with(rules, &["E", "E", "E"], &[]);
    turn(&mut g, "E", (-1, NORTH), 0, Some("C1")); // Red's knight
    turn(&mut g, "E", (-1, NORTH - 1), 2, None); // Blue closes it: Red +4
    act(&mut g, &format!("enter follower {quarter}"));
    act(&mut g, "count cathedral");
    g.draw(tile("E")).unwrap();
    act(&mut g, "place E -2,-2 R0"); // an unfinished 1-tile city, open to the north
    act(&mut g, "pass");
    g
}

/// `count_final_scoring: all_quarters` (C.4's option, JCloisterZone `any-district`): before
/// the final scoring the Castle's figure moves onto an unfinished city, and scores it.
#[test]
fn count_final_scoring_all_quarters() {
    // The rulebook: only the Market empties; Blue's Castle figure scores nothing.
    let g = final_moves_game(Rules::default(), "castle");
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![4, 0]);

    let mut rules = Rules::default();
    rules.count_final_scoring = carcassonne::CountFinalScoring::AllQuarters;
    let mut g = final_moves_game(rules, "castle");
    // Blue, left of Red who laid the last tile, must move; the unfinished cities are the new
    // one and the City's two cities on its outer edge (COC-09 south, COC-12 east).
    assert_eq!((g.pending(), g.current_player()), (Pending::Market, 1));
    let mut offered = texts(&g);
    offered.sort();
    assert_eq!(
        offered,
        vec![
            "leave follower castle -2,-2 city N",
            "leave follower castle -2,1 city S",
            "leave follower castle 1,1 city E",
        ]
    );
    act(&mut g, "leave follower castle -2,-2 city N");
    assert!(g.is_over());
    // Blue's knight in a 1-tile unfinished city: 1 point (B-8.2).
    assert_eq!(g.scores(), vec![4, 1]);
}

/// `count_final_moves_optional` (JCloisterZone's reading of D-C-10): a player may leave a
/// figure in the Market; it then scores nothing.
#[test]
fn count_final_moves_optional() {
    let g = final_moves_game(Rules::default(), "market");
    assert_eq!(g.pending(), Pending::Market);
    assert!(!g.can_pass(), "moving is mandatory by the rulebook");

    let mut rules = Rules::default();
    rules.count_final_moves_optional = true;
    let mut g = final_moves_game(rules, "market");
    assert_eq!((g.pending(), g.current_player()), (Pending::Market, 1));
    assert!(g.can_pass());
    act(&mut g, "pass");
    assert!(g.is_over(), "Blue passed and is asked no more");
    assert_eq!(
        g.quarter_figures(Quarter::Market),
        vec![(1, Figure::Follower)]
    );
    assert_eq!(
        g.scores(),
        vec![4, 0],
        "the figure in the Market scores nothing"
    );
}

/// `count_leave_to_unoccupied` (JCloisterZone's reading of D-C-7): a figure may leave the City
/// for a completed road nobody is on, and scores it alone.
#[test]
fn count_leave_to_unoccupied() {
    let play = |rules: Rules| {
        let mut g = count_game_with(rules, &["E", "E", "U", "A"], &[]);
        turn(&mut g, "E", (-1, NORTH), 0, Some("C1")); // Red's knight
        turn(&mut g, "E", (-1, NORTH - 1), 2, None); // Blue closes it: Red +4
        enter(&mut g, "blacksmith"); // Blue's follower in the Blacksmith
        turn(&mut g, "U", (-3, -1), 0, None); // Red extends R_W of COC-01, nobody on it
        g.draw(tile("A")).unwrap();
        act(&mut g, "place A -4,-1 R270"); // Blue: the road ends at a monastery, completed
        act(&mut g, "pass");
        g
    };
    // The rulebook: an unoccupied road is not scored, so nobody may move there.
    let g = play(Rules::default());
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![4, 0]);

    let mut rules = Rules::default();
    rules.count_leave_to_unoccupied = true;
    let mut g = play(rules);
    assert_eq!((g.pending(), g.current_player()), (Pending::LeaveCity, 1));
    assert_eq!(
        texts(&g),
        vec!["leave follower blacksmith -4,-1 road E", "pass"]
    );
    act(&mut g, "leave follower blacksmith -4,-1 road E");
    assert!(g.is_over());
    // The road COC-01, U, A: 3 tiles, 3 points for Blue.
    assert_eq!(g.scores(), vec![4, 3]);
}

/// `count_entry_feature_points_only` (JCloisterZone's reading of D-C-1/D-C-2): the King's
/// points during play (`continuously`) do not stop the holder from entering the City.
#[test]
fn count_entry_feature_points_only() {
    let play = |feature_points_only: bool| {
        let mut rules = Rules::default();
        rules.king_robber_scoring = carcassonne::KingRobberScoring::Continuously;
        rules.count_entry_feature_points_only = feature_points_only;
        let mut g = count_game_with(rules, &["E", "E", "E", "E"], &[TileSet::KingAndRobber]);
        turn(&mut g, "E", (-1, NORTH), 0, Some("C1")); // Red's knight
        turn(&mut g, "E", (-1, NORTH - 1), 2, None); // Blue closes it: Red +4, Blue the King
        assert_eq!(g.token_holder(Token::King), Some(1));
        act(&mut g, "pass"); // Blue may enter the City, and does not
        turn(&mut g, "E", (0, NORTH), 0, Some("C1")); // Red's knight
        turn(&mut g, "E", (0, NORTH - 1), 2, None); // Blue closes it: Red +4, Blue +1 (King)
        g
    };
    let g = play(false);
    assert!(g.is_over(), "Blue received a point: no entry");
    assert_eq!(g.scores(), vec![8, 1]);
    let g = play(true);
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::EnterCity, 1),
        "the King's point is not a feature's"
    );
    assert_eq!(g.scores(), vec![8, 1]);
}
