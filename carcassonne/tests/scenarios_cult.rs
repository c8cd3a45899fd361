//! The Cult (spec `expansions.md` §1.5): TS-09, TS-10 and TS-11 as tests named after them, and
//! the challenge in all its cases. The spec's synthetic all-field filler `T-FLD` does not exist
//! among real tiles, so the boards ring the buildings with a road of base tiles whose inner
//! edges are fields; the buildings and their neighbourhoods are the spec's.

mod common;

use carcassonne::{
    Action, Config, Event, FeatureKind, Game, PlayError, Position, Rotation, Rules, StartTile,
    TileSet,
};
use common::{tile, turn, turn_events};

/// A two-player Cult game (Red first) with explicit draws from `tiles`, starting from `start`
/// turned by `r` quarter turns at (0, 0).
fn cult_game(rules: Rules, start: &str, r: u8, tiles: &[&str]) -> Game {
    let mut config = Config::new(2);
    config.names = vec!["Red".into(), "Blue".into()];
    config.sets.push(TileSet::Cult);
    config.rules = rules;
    config.explicit_draws = true;
    config.start = Some(StartTile {
        tile: tile(start),
        rotation: Rotation::from_quarter_turns(r),
    });
    config.stack = Some(tiles.iter().map(|t| tile(t)).collect());
    Game::new(config, 0).unwrap()
}

/// The ring of road tiles around the building at (0, 1), in the order they are laid: the start
/// tile (road W–N) is its north side; (1, 0) holds the other building.
const RING: [(&str, (i32, i32), u8); 6] = [
    ("V", (-1, 0), 3), // road E, S
    ("U", (-1, 1), 1), // road N, S
    ("V", (-1, 2), 2), // road N, E
    ("U", (0, 2), 0),  // road W, E
    ("V", (1, 2), 1),  // road W, N
    ("U", (0, -1), 1), // beyond the ring: north of the start tile
];

/// The TS-09 board: `centre` (with a follower of Red) at (0, 1), `corner` (with a follower of
/// Blue) at (1, 0), the ring laid, and the last ring tile (1, 1) still to come.
fn ts09_board(centre: &str, corner: &str, last: bool) -> Game {
    let mut tiles = vec![centre, corner];
    tiles.extend(RING.iter().map(|(t, _, _)| *t));
    if last {
        tiles.push("V");
    }
    let mut g = cult_game(Rules::default(), "V", 1, &tiles);
    turn(&mut g, centre, (0, 1), 0, Some(segment(centre)));
    turn(&mut g, corner, (1, 0), 0, Some(segment(corner)));
    for (t, pos, r) in RING {
        turn(&mut g, t, pos, r, None);
    }
    g
}

/// The building segment of a monastery or shrine tile.
fn segment(id: &str) -> &'static str {
    if id.starts_with("CU") {
        "S1"
    } else {
        "M1"
    }
}

fn returned(events: &[Event]) -> Vec<(usize, FeatureKind, Position)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::FigureReturned {
                player,
                feature,
                pos,
                ..
            } => Some((*player, *feature, *pos)),
            _ => None,
        })
        .collect()
}

#[test]
fn ts09_shrine_wins() {
    let mut g = ts09_board("CU-01", "B", true);
    assert_eq!(g.current_player(), 0, "Red lays the last tile");
    let events = turn_events(&mut g, "V", (1, 1), 3, None);
    let scored: Vec<(usize, u32, &str)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points, s.kind_name()))
        .collect();
    assert_eq!(scored, vec![(0, 9, "shrine")], "Red +9, Blue nothing");
    assert_eq!(
        returned(&events),
        vec![
            (0, FeatureKind::Shrine, Position::new(0, 1)),
            (1, FeatureKind::Monastery, Position::new(1, 0)),
        ],
        "the heretic comes home with its points, the monk without"
    );
    assert_eq!((g.followers_in_supply(0), g.followers_in_supply(1)), (7, 7));
    assert!(g.figures().is_empty(), "the monastery is unoccupied now");
    assert_eq!(g.scores(), vec![9, 0]);
}

#[test]
fn challenge_monastery_wins() {
    // The mirror of TS-09: the monk's monastery in the middle is completed first.
    let mut g = ts09_board("B", "CU-01", true);
    let events = turn_events(&mut g, "V", (1, 1), 3, None);
    assert_eq!(
        returned(&events),
        vec![
            (0, FeatureKind::Monastery, Position::new(0, 1)),
            (1, FeatureKind::Shrine, Position::new(1, 0)),
        ]
    );
    assert_eq!(g.scores(), vec![9, 0]);
}

#[test]
fn challenge_neither_completed_both_score_at_the_end() {
    // Without the last tile the game ends with both buildings incomplete: both score as
    // incomplete buildings (CU.4): the shrine 8 (itself and 7 neighbours), the monastery 4.
    let g = ts09_board("CU-01", "B", false);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![8, 4]);
}

#[test]
fn challenge_needs_both_buildings_occupied() {
    // The monastery completes unoccupied: no effect on the heretic, who stays.
    let mut tiles = vec!["CU-01", "B"];
    tiles.extend(RING.iter().map(|(t, _, _)| *t));
    tiles.extend(["V", "E"]);
    let mut g = cult_game(Rules::default(), "V", 1, &tiles);
    turn(&mut g, "CU-01", (0, 1), 0, Some("S1"));
    turn(&mut g, "B", (1, 0), 0, None);
    for (t, pos, r) in RING {
        turn(&mut g, t, pos, r, None);
    }
    let events = turn_events(&mut g, "V", (1, 1), 3, None);
    // The shrine is completed and scores; the monastery beside it is unoccupied.
    assert_eq!(
        returned(&events),
        vec![(0, FeatureKind::Shrine, Position::new(0, 1))]
    );
    assert_eq!(g.scores(), vec![9, 0]);
}

/// TS-10's board: the shrine (0, 1) and the monastery (1, 1) side by side inside a closed ring
/// of road tiles; the start tile is the ring's (0, 0).
const TS10_RING: [(&str, (i32, i32), u8); 8] = [
    ("V", (-1, 0), 3),
    ("U", (-1, 1), 1),
    ("V", (-1, 2), 2),
    ("U", (0, 2), 0),
    ("U", (1, 2), 0),
    ("V", (2, 2), 1),
    ("U", (2, 1), 1),
    ("V", (2, 0), 0),
];

#[test]
fn ts10_simultaneous_completion() {
    let mut tiles = vec!["CU-01", "B"];
    tiles.extend(TS10_RING.iter().map(|(t, _, _)| *t));
    tiles.push("U");
    let mut g = cult_game(Rules::default(), "U", 0, &tiles);
    turn(&mut g, "CU-01", (0, 1), 0, Some("S1"));
    turn(&mut g, "B", (1, 1), 0, Some("M1"));
    for (t, pos, r) in TS10_RING {
        turn(&mut g, t, pos, r, None);
    }
    assert_eq!(g.current_player(), 0);
    let events = turn_events(&mut g, "U", (1, 0), 0, None);
    let scored: Vec<(usize, u32, &str)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points, s.kind_name()))
        .collect();
    assert_eq!(
        scored,
        vec![(0, 9, "shrine"), (1, 9, "monastery")],
        "both complete with the same tile: both score"
    );
    assert_eq!(g.scores(), vec![9, 9]);
}

/// TS-11's board: monasteries at (0, 0) (the start tile) and (2, 0), road tiles above them.
fn ts11_board(rules: Rules, extra: &[&str]) -> Game {
    let mut tiles = vec!["U", "U", "U", "B", "CU-01"];
    tiles.extend_from_slice(extra);
    let mut g = cult_game(rules, "B", 0, &tiles);
    turn(&mut g, "U", (0, -1), 0, None);
    turn(&mut g, "U", (1, -1), 0, None);
    turn(&mut g, "U", (2, -1), 0, None);
    turn(&mut g, "B", (2, 0), 0, None);
    g
}

fn place(id: &str, (x, y): (i32, i32), r: u8) -> Action {
    Action::Place {
        tile: tile(id),
        pos: Position::new(x, y),
        rotation: Rotation::from_quarter_turns(r),
    }
}

#[test]
fn ts11_placement_restriction() {
    let mut g = ts11_board(Rules::default(), &["CU-03", "B"]);
    g.draw(tile("CU-01")).unwrap();
    // (1, 0) matches every edge, but lies beside two monasteries (CU.1).
    let between = place("CU-01", (1, 0), 0);
    assert!(!g.is_legal(between));
    assert!(!g
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Place { pos, .. } if *pos == Position::new(1, 0))));
    let before = g.clone();
    let err = g.play(between).unwrap_err();
    assert!(matches!(err, PlayError::IllegalPlacement { .. }), "{err}");
    assert!(err.to_string().contains("more than one monastery"), "{err}");
    assert!(g == before, "the refused placement changed nothing");
    g.play(place("CU-01", (3, 0), 0)).unwrap();
    g.play(Action::Pass).unwrap();
    // D-CU-4 (default on): no building gets a second partner.
    g.draw(tile("CU-03")).unwrap();
    assert!(
        !g.is_legal(place("CU-03", (3, -1), 1)),
        "monastery (2, 0) would border two shrines"
    );
}

#[test]
fn ts11_second_partner_rule_and_its_option() {
    for unique in [true, false] {
        let mut rules = Rules::default();
        rules.cult_unique_partner = unique;
        let mut g = ts11_board(rules, &["CU-03", "B"]);
        turn(&mut g, "CU-01", (3, 0), 0, None);
        g.draw(tile("CU-03")).unwrap();
        // A second shrine beside monastery (2, 0), which already borders shrine (3, 0).
        assert_eq!(
            g.is_legal(place("CU-03", (3, -1), 1)),
            !unique,
            "unique {unique}"
        );
        // Beside monastery (0, 0) only, which has no partner yet: legal either way.
        let away = place("CU-03", (-1, -1), 3);
        assert!(g.is_legal(away), "{away}");
        g.play(away).unwrap();
        g.play(Action::Pass).unwrap();
        g.draw(tile("B")).unwrap();
        // A monastery beside shrine (3, 0), which already borders monastery (2, 0).
        assert_eq!(
            g.is_legal(place("B", (4, 0), 0)),
            !unique,
            "unique {unique}"
        );
    }
}

/// Without the shrine element (`elements.shrines` off, JCloisterZone without `shrine`) a shrine
/// tile carries a monastery: TS-09's board then has two monasteries, no challenge, and the
/// completed one scores 9 as a monastery while the other monk stays.
#[test]
fn without_the_shrine_element_shrines_are_monasteries() {
    let mut tiles = vec!["CU-01", "B"];
    tiles.extend(RING.iter().map(|(t, _, _)| *t));
    tiles.push("V");
    let mut g = cult_game(Rules::default(), "V", 1, &tiles);
    let mut config = g.config().clone();
    config.elements.shrines = Some(false);
    g = Game::new(config, 0).unwrap();
    assert!(!g.elements().shrines);
    g.draw(tile("CU-01")).unwrap();
    g.play(place("CU-01", (0, 1), 0)).unwrap();
    let shrine_deploy = Action::Deploy {
        figure: carcassonne::Figure::Follower,
        pos: Position::new(0, 1),
        feature: FeatureKind::Shrine,
        location: "I".parse().unwrap(),
    };
    assert!(
        !g.is_legal(shrine_deploy),
        "there is no shrine to deploy on"
    );
    let monastery_deploy = Action::Deploy {
        figure: carcassonne::Figure::Follower,
        pos: Position::new(0, 1),
        feature: FeatureKind::Monastery,
        location: "I".parse().unwrap(),
    };
    g.play(monastery_deploy).unwrap();
    turn(&mut g, "B", (1, 0), 0, Some("M1"));
    for (t, pos, r) in RING {
        turn(&mut g, t, pos, r, None);
    }
    let events = turn_events(&mut g, "V", (1, 1), 3, None);
    let scored: Vec<(usize, u32, &str, bool)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points, s.kind_name(), s.final_scoring))
        .collect();
    // Red's completed monastery: itself and its 8 neighbours. Blue's monk was not challenged
    // away; the game ends with the last tile, and Blue's incomplete monastery at (1, 0) scores
    // itself and the 4 tiles around it: (0, 0), (0, 1), (1, 1) and, diagonally, (0, -1).
    assert_eq!(
        scored,
        vec![(0, 9, "monastery", false), (1, 5, "monastery", true)],
        "Red +9 for a monastery; Blue's monk stays and scores 5 at the end"
    );
    assert_eq!(
        returned(&events),
        vec![(0, FeatureKind::Monastery, Position::new(0, 1))],
        "no challenge: Blue's monk is not sent home"
    );
}
