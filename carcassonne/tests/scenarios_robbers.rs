//! Robbers (spec `expansions.md` §3.6) and the score track: TS-27, TS-28 and TS-29 as tests
//! named after them, built by real play (every track position is reached by scoring features
//! on a board laid out with real tiles); the order of a turn part's features (D-GEN-1) in both
//! orders of a robbery chain; the robber owner's choice among simultaneous awards (RO.5);
//! robbers in the final scoring on and off (RO.9, D-RO-4); the placement variants; the Count's
//! C.2 with robbery points (D-C-2); refused actions that change nothing. Positions are ours.

mod common;

use carcassonne::{
    Action, Config, Event, Game, Pending, PlayError, Position, Reason, RobberPlacement,
    RobberState, Rotation, Rules, Score, TileSet,
};
use common::{scenario_with, tile};

fn pos(x: i32, y: i32) -> Position {
    Position::new(x, y)
}

fn robber_game(names: &[&str], rules: Rules, start: Option<&str>, tiles: &[&str]) -> Game {
    scenario_with(names, rules, start, tiles, &[TileSet::Robbers])
}

/// One turn part: draw `id`, place it at `at` with `r` quarter turns; then the robber
/// decisions in order, each `(seat asked, space or pass)` — exactly those are asked; then a
/// follower on the segment named `deploy`, or a pass. Returns every event.
fn play(
    g: &mut Game,
    id: &str,
    at: (i32, i32),
    r: u8,
    robbers: &[(usize, Option<u8>)],
    deploy: Option<&str>,
) -> Vec<Event> {
    let mut events = g
        .draw(tile(id))
        .unwrap_or_else(|e| panic!("draw {id}: {e}"));
    let rotation = Rotation::from_quarter_turns(r);
    let place = Action::Place {
        tile: tile(id),
        pos: pos(at.0, at.1),
        rotation,
    };
    events.extend(g.play(place).unwrap_or_else(|e| panic!("{place}: {e}")));
    events.extend(place_robbers(g, robbers));
    match deploy {
        Some(name) => {
            let seg = tile(id)
                .kind()
                .segments
                .iter()
                .find(|s| s.name == name)
                .expect("segment name");
            let action = Action::Deploy {
                figure: carcassonne::Figure::Follower,
                pos: pos(at.0, at.1),
                feature: seg.kind,
                location: seg.location(rotation),
            };
            events.extend(g.play(action).unwrap_or_else(|e| panic!("{action}: {e}")));
        }
        None => {
            if matches!(g.pending(), Pending::Deploy { .. }) {
                events.extend(g.play(Action::Pass).unwrap());
            }
        }
    }
    events
}

/// Answers the robber placements: each `(seat asked, space or pass)`, checking who is asked.
fn place_robbers(g: &mut Game, robbers: &[(usize, Option<u8>)]) -> Vec<Event> {
    let mut events = Vec::new();
    for &(seat, choice) in robbers {
        assert_eq!(g.pending(), Pending::PlaceRobber, "seat {seat} is asked");
        assert_eq!(g.current_player(), seat, "the seat asked");
        let action = choice.map_or(Action::Pass, |space| Action::PlaceRobber { space });
        events.extend(g.play(action).unwrap_or_else(|e| panic!("{action}: {e}")));
    }
    assert_ne!(g.pending(), Pending::PlaceRobber, "nobody else is asked");
    events
}

fn space(g: &Game, player: usize) -> u8 {
    g.track_position(player, 0).unwrap().space
}

fn scores_of(events: &[Event]) -> Vec<Score> {
    common::scores(events)
}

/// `(receiver, points, victim)` of the robbery scores among `events`.
fn robberies(events: &[Event]) -> Vec<(usize, u32, usize)> {
    scores_of(events)
        .iter()
        .filter_map(|s| match &s.reason {
            Reason::Robbery(r) => Some((s.player, s.points, r.victim)),
            _ => None,
        })
        .collect()
}

/// Every player's score equals his figure's value, and the positions are the scores modulo 50.
fn assert_track(g: &Game) {
    for p in 0..g.players() {
        let t = g.track_position(p, 0).unwrap();
        assert_eq!(t.value(), g.score(p));
        assert_eq!(u32::from(t.space), g.score(p) % 50);
    }
}

/// Every legal action has an action id naming it back (`encoding`).
fn assert_ids_round_trip(g: &Game) {
    let space = carcassonne::encoding::ActionSpace::of(g);
    let legal = g.legal_actions();
    let ids = space.legal_ids(g);
    assert_eq!(ids.len(), legal.len());
    for (a, id) in legal.iter().zip(ids) {
        assert_eq!(space.action(g, id), Some(*a), "id {id}");
    }
}

// Seats of the S003 examples.
const BLUE: usize = 0;
const RED: usize = 1;
const YELLOW: usize = 2;
const GREEN: usize = 3;

/// TS-27 (S003's placement example): Blue, Red, Yellow, Green; Blue's and Yellow's robbers on
/// the track, Red's and Green's in supply. Red's robber tile: Red places his; Yellow's is on
/// the track (skipped, may not move it); Green may place; Blue is not asked.
#[test]
fn ts27_placement_order() {
    let tiles = ["RB-02", "U", "RB-02", "U", "U", "RB-02"];
    let mut g = robber_game(
        &["Blue", "Red", "Yellow", "Green"],
        Rules::default(),
        None,
        &tiles,
    );
    // Blue's robber tile: Blue places (all figures are on 0); one more: Red, who declines
    // (D-RO-1: nobody else).
    let events = play(
        &mut g,
        "RB-02",
        (1, 0),
        1,
        &[(BLUE, Some(0)), (RED, None)],
        None,
    );
    assert!(events.contains(&Event::RobberPlaced {
        player: BLUE,
        space: 0
    }));
    play(&mut g, "U", (2, 0), 0, &[], None); // Red
                                             // Yellow's robber tile: Yellow places; one more: Green (Blue's is on the track), declines.
    play(
        &mut g,
        "RB-02",
        (3, 0),
        1,
        &[(YELLOW, Some(0)), (GREEN, None)],
        None,
    );
    play(&mut g, "U", (4, 0), 0, &[], None); // Green
    play(&mut g, "U", (-1, 0), 0, &[], None); // Blue
    assert_eq!(g.robber(BLUE), Some(RobberState::OnTrack(0)));
    assert_eq!(g.robber(RED), Some(RobberState::InSupply));
    assert_eq!(g.robber(YELLOW), Some(RobberState::OnTrack(0)));
    assert_eq!(g.robber(GREEN), Some(RobberState::InSupply));
    // Red's robber tile: Red places beside a Blue figure; then Green, not Yellow, not Blue.
    g.draw(tile("RB-02")).unwrap();
    g.play(Action::Place {
        tile: tile("RB-02"),
        pos: pos(5, 0),
        rotation: Rotation::R90,
    })
    .unwrap();
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::PlaceRobber, RED)
    );
    assert_ids_round_trip(&g);
    assert!(g.legal_actions().contains(&Action::PlaceRobber {
        space: space(&g, BLUE)
    }));
    g.play(Action::PlaceRobber { space: 0 }).unwrap();
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::PlaceRobber, GREEN)
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::PlaceRobber { space: 0 }, Action::Pass]
    );
    g.play(Action::PlaceRobber { space: 0 }).unwrap();
    assert_eq!(g.pending(), Pending::Deploy { pos: pos(5, 0) });
    assert_eq!(g.current_player(), RED);
    for p in [BLUE, RED, YELLOW, GREEN] {
        assert_eq!(g.robber(p), Some(RobberState::OnTrack(0)));
    }
}

/// The board of TS-28, turn by turn (Blue, Red, Yellow, Green): Red's 2×2 city of corners
/// (N, N, M, M: 4 tiles, 2 pennants, 12 points), Blue's (N, M, M, M: 14 points), then the
/// robber tiles on the road through the start tile, Red's follower on it, and the road closed
/// (5 tiles, 5 points to Red).
fn ts28_until_the_robbery() -> (Game, Vec<Event>) {
    let tiles = [
        "N", "N", "M", "M", "M", "M", "M", "N", "RB-02", "A", "RB-02", "A",
    ];
    let mut g = robber_game(
        &["Blue", "Red", "Yellow", "Green"],
        Rules::default(),
        None,
        &tiles,
    );
    play(&mut g, "N", (0, 1), 2, &[], None); // Blue
    play(&mut g, "N", (1, 1), 3, &[], Some("C1")); // Red: his city
    play(&mut g, "M", (-1, 1), 3, &[], None); // Yellow
    play(&mut g, "M", (0, 2), 1, &[], None); // Green
    play(&mut g, "M", (-2, 1), 2, &[], Some("C1")); // Blue: his city
    let events = play(&mut g, "M", (1, 2), 0, &[], None); // Red closes his city
    assert_eq!(scores_of(&events)[0].points, 12);
    play(&mut g, "M", (-2, 2), 1, &[], None); // Yellow
    let events = play(&mut g, "N", (-1, 2), 0, &[], None); // Green closes Blue's city
    assert_eq!(scores_of(&events)[0].points, 14);
    assert_eq!((space(&g, RED), space(&g, BLUE)), (12, 14));
    // Blue's robber beside Red's figure; Red (one more) declines.
    play(
        &mut g,
        "RB-02",
        (1, 0),
        1,
        &[(BLUE, Some(12)), (RED, None)],
        None,
    );
    play(&mut g, "A", (2, 0), 1, &[], Some("R1")); // Red's follower on the road
                                                   // Yellow's robber beside Blue's figure; Green declines.
    play(
        &mut g,
        "RB-02",
        (-1, 0),
        1,
        &[(YELLOW, Some(14)), (GREEN, None)],
        None,
    );
    assert_eq!(g.robber(BLUE), Some(RobberState::OnTrack(12)));
    assert_eq!(g.robber(YELLOW), Some(RobberState::OnTrack(14)));
    assert_track(&g);
    let events = play(&mut g, "A", (-2, 0), 3, &[], None); // Green closes the road
    (g, events)
}

/// TS-28 (S003's figure 1): Red on 12 with Blue's robber, Blue on 14 with Yellow's. Red scores
/// 5: Red 12 → 17; Blue robs 3: Blue 14 → 17, Blue's robber goes home; Yellow's robber does not
/// rob robbery points and travels with Blue's figure to 17 (RO.7).
#[test]
fn ts28_rogue_chain() {
    let (g, events) = ts28_until_the_robbery();
    assert_eq!((g.score(RED), g.score(BLUE)), (17, 17));
    assert_eq!((space(&g, RED), space(&g, BLUE)), (17, 17));
    assert_eq!(robberies(&events), vec![(BLUE, 3, RED)]);
    assert_eq!(g.score(YELLOW), 0, "Yellow's robber robs no robbery points");
    assert_eq!(g.robber(BLUE), Some(RobberState::InSupply));
    assert_eq!(g.robber(YELLOW), Some(RobberState::OnTrack(17)));
    // The events in order: Red's road, Blue's robbery, Yellow's robber travelling with Blue,
    // Red's follower home, Blue's robber home (phase 4.3).
    let order: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) => Some(format!("{} +{} {}", s.player, s.points, s.kind_name())),
            Event::RobberMoved {
                player,
                from,
                to,
                with,
            } => Some(format!("robber {player} {from}->{to} with {with:?}")),
            Event::RobberReturned { player } => Some(format!("robber {player} home")),
            Event::FigureReturned { player, .. } => Some(format!("figure {player} home")),
            _ => None,
        })
        .collect();
    assert_eq!(
        order,
        vec![
            "1 +5 road",
            "0 +3 robbery",
            "robber 2 14->17 with Some(0)",
            "figure 1 home",
            "robber 0 home"
        ]
    );
    let robbery = scores_of(&events)
        .into_iter()
        .find(|s| s.kind_name() == "robbery")
        .unwrap();
    assert_eq!(
        robbery.to_string(),
        "player 1 +3 for a robbery: half of player 2's 5 points on space 12"
    );
    assert_track(&g);
}

/// TS-28 goes on: Red and Blue both stand on 17 with Yellow's robber; Blue scores first (a
/// 2-tile city closed with the start tile: 4 points), so Yellow robs Blue (2) and his robber
/// goes home; Red, who did not move, is not robbed.
#[test]
fn ts28_whoever_scores_first_is_robbed() {
    let tiles = [
        "N", "N", "M", "M", "M", "M", "M", "N", "RB-02", "A", "RB-02", "A", "E",
    ];
    let mut g = robber_game(
        &["Blue", "Red", "Yellow", "Green"],
        Rules::default(),
        None,
        &tiles,
    );
    play(&mut g, "N", (0, 1), 2, &[], None);
    play(&mut g, "N", (1, 1), 3, &[], Some("C1"));
    play(&mut g, "M", (-1, 1), 3, &[], None);
    play(&mut g, "M", (0, 2), 1, &[], None);
    play(&mut g, "M", (-2, 1), 2, &[], Some("C1"));
    play(&mut g, "M", (1, 2), 0, &[], None);
    play(&mut g, "M", (-2, 2), 1, &[], None);
    play(&mut g, "N", (-1, 2), 0, &[], None);
    play(
        &mut g,
        "RB-02",
        (1, 0),
        1,
        &[(BLUE, Some(12)), (RED, None)],
        None,
    );
    play(&mut g, "A", (2, 0), 1, &[], Some("R1"));
    play(
        &mut g,
        "RB-02",
        (-1, 0),
        1,
        &[(YELLOW, Some(14)), (GREEN, None)],
        None,
    );
    play(&mut g, "A", (-2, 0), 3, &[], None);
    assert_eq!(g.robber(YELLOW), Some(RobberState::OnTrack(17)));
    // Blue closes the start tile's city with a cap and a knight: 4 points, robbed by Yellow.
    let events = play(&mut g, "E", (0, -1), 2, &[], Some("C1"));
    assert_eq!(robberies(&events), vec![(YELLOW, 2, BLUE)]);
    assert_eq!((g.score(BLUE), g.score(RED), g.score(YELLOW)), (21, 17, 2));
    assert_eq!(g.robber(YELLOW), Some(RobberState::InSupply));
    assert!(g.is_over());
    assert_track(&g);
}

/// TS-29 (S003's figure 2): Blue on 20 with Red's and Green's robbers; Blue scores 4 → 24, Red
/// +2, Green +2, both robbers go home (RO.6). Blue, Red, Green: Blue's 2-tile city (4), then
/// his 2×2 city of four pennant corners (16); Red's robber tile lets Red and then Green (one
/// more) place beside him; Blue's road of 4 is closed.
#[test]
fn ts29_two_robbers() {
    let tiles = ["E", "M", "M", "M", "M", "U", "A", "RB-02", "A"];
    let (blue, red, green) = (0, 1, 2);
    let mut g = robber_game(&["Blue", "Red", "Green"], Rules::default(), None, &tiles);
    let events = play(&mut g, "E", (0, -1), 2, &[], Some("C1")); // Blue: 4
    assert_eq!(scores_of(&events)[0].points, 4);
    play(&mut g, "M", (0, 1), 2, &[], None); // Red
    play(&mut g, "M", (1, 1), 3, &[], None); // Green
    play(&mut g, "M", (0, 2), 1, &[], Some("C1")); // Blue's knight
    let events = play(&mut g, "M", (1, 2), 0, &[], None); // Red closes it: 16 to Blue
    assert_eq!(scores_of(&events)[0].points, 16);
    assert_eq!(space(&g, blue), 20);
    play(&mut g, "U", (2, 1), 1, &[], None); // Green
    play(&mut g, "A", (1, 0), 1, &[], Some("R1")); // Blue's follower on the road
    play(
        &mut g,
        "RB-02",
        (-1, 0),
        1,
        &[(red, Some(20)), (green, Some(20))],
        None,
    );
    let events = play(&mut g, "A", (-2, 0), 3, &[], None); // Green closes the road: 4
    assert_eq!(robberies(&events), vec![(green, 2, blue), (red, 2, blue)]);
    assert_eq!((g.score(blue), g.score(red), g.score(green)), (24, 2, 2));
    assert_eq!(g.robber(red), Some(RobberState::InSupply));
    assert_eq!(g.robber(green), Some(RobberState::InSupply));
    assert_track(&g);
}

/// The D-GEN-1 board: Red, Blue, Yellow, Green. Red's follower on a road through the start tile
/// (closed west), another on a 1-tile road stub south of (1,0); Green's 2-tile city (4 points);
/// Blue's robber beside Red (0), Yellow's beside Green (4). Red's junction at (1,0) closes both
/// roads: A (4 tiles) and B (2 tiles).
fn chain_game() -> Game {
    let tiles = ["U", "B", "A", "E", "A", "RB-04", "RB-04", "B", "W"];
    let (red, blue, yellow, green) = (0, 1, 2, 3);
    let mut g = robber_game(
        &["Red", "Blue", "Yellow", "Green"],
        Rules::default(),
        None,
        &tiles,
    );
    play(&mut g, "U", (-1, 0), 0, &[], Some("R1")); // Red: road A
    play(&mut g, "B", (0, 1), 0, &[], None); // Blue
    play(&mut g, "A", (-2, 0), 3, &[], None); // Yellow closes road A's west end
    play(&mut g, "E", (0, -1), 2, &[], Some("C1")); // Green: 4
    play(&mut g, "A", (1, 1), 2, &[], Some("R1")); // Red: road B
    play(
        &mut g,
        "RB-04",
        (-1, -1),
        0,
        &[(blue, Some(0)), (yellow, None)],
        None,
    );
    play(
        &mut g,
        "RB-04",
        (1, -1),
        0,
        &[(yellow, Some(4)), (green, None)],
        None,
    );
    play(&mut g, "B", (-1, 1), 0, &[], None); // Green
    assert_eq!(g.robber(blue), Some(RobberState::OnTrack(0)));
    assert_eq!(g.robber(yellow), Some(RobberState::OnTrack(4)));
    assert_eq!((space(&g, red), space(&g, green)), (0, 4));
    g.draw(tile("W")).unwrap();
    g.play(Action::Place {
        tile: tile("W"),
        pos: pos(1, 0),
        rotation: Rotation::R0,
    })
    .unwrap();
    g.play(Action::Pass).unwrap();
    g
}

/// D-GEN-1: the active player chooses the order of the features his tile completed, and it
/// changes the robberies. Road A (4) first: Red 0 → 4, Blue robs 2; then road B (2) leaves 4,
/// where Yellow's robber stands beside Green: Yellow robs 1. Road B first: Red 0 → 2, Blue robs
/// 1; road A leaves 2, where no robber stands.
#[test]
fn the_order_of_two_features_changes_a_robbery_chain() {
    let (red, blue, yellow, green) = (0, 1, 2, 3);
    let g = chain_game();
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::ScoreOrder, red)
    );
    let legal = g.legal_actions();
    let named = |x: i32, y: i32| {
        *legal
            .iter()
            .find(|a| matches!(a, Action::ScoreFirst { pos: p, .. } if *p == pos(x, y)))
            .unwrap_or_else(|| panic!("no feature named at {x},{y} in {legal:?}"))
    };
    let (road_a, road_b) = (named(-1, 0), named(1, 1));
    assert_ids_round_trip(&g);
    assert_eq!(legal.len(), 2);
    let text = road_a.to_string();
    assert_eq!(text.parse::<Action>().unwrap(), road_a);
    // A bad order: a feature not completed, the wrong decision kind; nothing changes.
    let before = g.clone();
    let mut bad = g.clone();
    for action in [
        "score_first 0,-1 city S".parse::<Action>().unwrap(),
        Action::Pass,
        Action::Rob { player: 1 },
    ] {
        let e = bad.play(action).unwrap_err();
        assert!(
            matches!(
                e,
                PlayError::IllegalScoreOrder { .. } | PlayError::WrongDecision { .. }
            ),
            "{e}"
        );
        assert!(bad == before, "{action} changed the game");
    }

    let mut a_first = g.clone();
    let events = a_first.play(road_a).unwrap();
    assert_eq!(robberies(&events), vec![(blue, 2, red), (yellow, 1, red)]);
    assert_eq!(
        (0..4).map(|p| a_first.score(p)).collect::<Vec<_>>(),
        vec![6, 2, 1, 4]
    );
    assert_eq!(a_first.robber(blue), Some(RobberState::InSupply));
    assert_eq!(a_first.robber(yellow), Some(RobberState::InSupply));
    assert_track(&a_first);

    let mut b_first = g.clone();
    let events = b_first.play(road_b).unwrap();
    assert_eq!(robberies(&events), vec![(blue, 1, red)]);
    assert_eq!(
        (0..4).map(|p| b_first.score(p)).collect::<Vec<_>>(),
        vec![6, 1, 0, 4]
    );
    assert_eq!(b_first.robber(yellow), Some(RobberState::OnTrack(4)));
    assert_eq!(space(&b_first, green), 4);
    assert_track(&b_first);
}

/// Without a robber on the track the order cannot matter: the engine scores the features in
/// its fixed order and asks nothing.
#[test]
fn no_order_is_asked_when_no_robber_is_on_the_track() {
    let tiles = ["U", "B", "A", "E", "A", "W"];
    let mut g = robber_game(
        &["Red", "Blue", "Yellow", "Green"],
        Rules::default(),
        None,
        &tiles,
    );
    play(&mut g, "U", (-1, 0), 0, &[], Some("R1"));
    play(&mut g, "B", (0, 1), 0, &[], None);
    play(&mut g, "A", (-2, 0), 3, &[], None);
    play(&mut g, "E", (0, -1), 2, &[], Some("C1"));
    play(&mut g, "A", (1, 1), 2, &[], Some("R1"));
    let events = play(&mut g, "W", (1, 0), 0, &[], None);
    let roads: Vec<u32> = scores_of(&events).iter().map(|s| s.points).collect();
    assert_eq!(
        roads,
        vec![2, 4],
        "the tile's segment order: road B (south) first"
    );
    assert!(g.is_over());
}

/// RO.5 board (X start: four road ends in the middle): P0's follower and P1's on two roads
/// that one curve joins into a loop; P2's robber beside both on 0.
fn ro5_game() -> Game {
    let tiles = ["V", "V", "RB-02", "V"];
    let mut g = robber_game(&["P0", "P1", "P2"], Rules::default(), Some("X"), &tiles);
    play(&mut g, "V", (1, 0), 1, &[], Some("R1")); // P0
    play(&mut g, "V", (0, -1), 3, &[], Some("R1")); // P1
    play(
        &mut g,
        "RB-02",
        (-1, 0),
        1,
        &[(2, Some(0)), (0, None)],
        None,
    ); // P2
    play(&mut g, "V", (1, -1), 0, &[], None); // P0 closes the loop: 4 tiles, 4 each
    g
}

/// RO.5, D-RO-2: P0 and P1 share a road and both leave space 0, where P2's robber stands; P2
/// chooses whom it robs (half of 4: 2). Robbing oneself, a player not leaving the space, or
/// passing is refused and changes nothing.
#[test]
fn ro5_the_robbers_owner_chooses_among_one_features_awards() {
    let g = ro5_game();
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::ChooseRobbed, 2)
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::Rob { player: 0 }, Action::Rob { player: 1 }]
    );
    assert_eq!(
        g.scores(),
        vec![0, 0, 0],
        "nothing is paid before the choice"
    );
    assert_ids_round_trip(&g);
    for bad in [
        Action::Rob { player: 2 },
        Action::Rob { player: 5 },
        Action::Pass,
        Action::PlaceRobber { space: 0 },
    ] {
        let mut copy = g.clone();
        let e = copy.play(bad).unwrap_err();
        assert!(
            matches!(
                e,
                PlayError::IllegalRobberAction { .. } | PlayError::WrongDecision { .. }
            ),
            "{e}"
        );
        assert!(copy == g, "{bad} changed the game");
    }
    let e = g.clone().play(Action::Rob { player: 2 }).unwrap_err();
    assert!(e.to_string().contains("RO.8"), "{e}");
    for victim in [0usize, 1] {
        let mut copy = g.clone();
        let events = copy
            .play(Action::Rob {
                player: victim as u8,
            })
            .unwrap();
        assert_eq!(robberies(&events), vec![(2, 2, victim)]);
        assert_eq!(copy.score(2), 2);
        assert_eq!((copy.score(0), copy.score(1)), (4, 4));
        assert_eq!(copy.robber(2), Some(RobberState::InSupply));
        assert_track(&copy);
    }
}

/// RO.9, D-RO-4: P0's unfinished road (2 tiles) scores at the end, leaving P1's robber's space:
/// robbed with `robbers_in_final_scoring` (the default), not without.
#[test]
fn robbers_in_final_scoring_on_and_off() {
    for on in [true, false] {
        let mut rules = Rules::default();
        rules.robbers_in_final_scoring = on;
        let mut g = robber_game(&["P0", "P1"], rules, Some("X"), &["U", "RB-02"]);
        play(&mut g, "U", (1, 0), 0, &[], Some("R1"));
        let events = play(
            &mut g,
            "RB-02",
            (-1, 0),
            1,
            &[(1, Some(0)), (0, None)],
            None,
        );
        assert!(g.is_over());
        let final_scores: Vec<Score> = scores_of(&events);
        assert_eq!(final_scores[0].points, 2);
        assert!(final_scores[0].final_scoring);
        if on {
            assert_eq!(robberies(&events), vec![(1, 1, 0)]);
            assert!(final_scores[1].final_scoring);
            assert_eq!(g.scores(), vec![2, 1]);
            assert_eq!(g.robber(1), Some(RobberState::InSupply));
            let home = events
                .iter()
                .position(|e| *e == Event::RobberReturned { player: 1 })
                .unwrap();
            assert!(matches!(events[home + 1], Event::GameOver { .. }));
        } else {
            assert!(robberies(&events).is_empty());
            assert_eq!(g.scores(), vec![2, 0]);
            assert_eq!(g.robber(1), Some(RobberState::OnTrack(0)));
        }
        assert_track(&g);
    }
}

/// RO.5 during the final scoring: P0's farmer (south of the start tile's road) and P1's (north
/// of it, beside the start tile's city) end in one field when a road end joins them; the city
/// is complete, so both score 3 at the end, leaving space 0 where P2's robber stands. The
/// choice is asked after the last tile, and the game is over only once it is answered.
#[test]
fn a_robbery_choice_in_the_final_scoring() {
    let tiles = ["U", "U", "RB-04", "A"];
    let mut g = robber_game(&["P0", "P1", "P2"], Rules::default(), None, &tiles);
    play(&mut g, "U", (1, 0), 0, &[], Some("F2")); // P0: the south field
    play(&mut g, "U", (-1, 0), 0, &[], Some("F1")); // P1: the north field
    play(
        &mut g,
        "RB-04",
        (0, -1),
        2,
        &[(2, Some(0)), (0, None)],
        None,
    ); // closes the city
    let events = play(&mut g, "A", (2, 0), 1, &[], None); // the road's end joins the fields
    assert!(scores_of(&events).is_empty());
    assert!(!g.is_over());
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::ChooseRobbed, 2)
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::Rob { player: 0 }, Action::Rob { player: 1 }]
    );
    let events = g.play(Action::Rob { player: 1 }).unwrap();
    assert!(g.is_over());
    let all = scores_of(&events);
    assert_eq!(all.len(), 3);
    assert!(all.iter().all(|s| s.final_scoring));
    assert_eq!(robberies(&events), vec![(2, 2, 1)]);
    assert_eq!(g.scores(), vec![3, 3, 2]);
    assert!(matches!(events.last(), Some(Event::GameOver { .. })));
    assert_track(&g);
}

/// Refused placements change nothing: a space nobody's figure stands on, a space only one's
/// own figure stands on, moving a robber onto its own space, another player's robber moved.
#[test]
fn refused_robber_placements_change_nothing() {
    let (_, _, yellow, green) = (0, 1, 2, 3);
    let tiles = ["U", "B", "A", "E", "A", "RB-04", "RB-04"];
    let mut g = robber_game(
        &["Red", "Blue", "Yellow", "Green"],
        Rules::default(),
        None,
        &tiles,
    );
    play(&mut g, "U", (-1, 0), 0, &[], Some("R1"));
    play(&mut g, "B", (0, 1), 0, &[], None);
    play(&mut g, "A", (-2, 0), 3, &[], None);
    play(&mut g, "E", (0, -1), 2, &[], Some("C1")); // Green on 4
    play(&mut g, "A", (1, 1), 2, &[], None);
    // Blue's tile: Blue declines; Yellow (one more) places beside Green.
    play(
        &mut g,
        "RB-04",
        (-1, -1),
        0,
        &[(1, None), (yellow, Some(4))],
        None,
    );
    // Yellow's tile: Yellow may move his robber; then Green may place.
    g.draw(tile("RB-04")).unwrap();
    g.play(Action::Place {
        tile: tile("RB-04"),
        pos: pos(1, -1),
        rotation: Rotation::R0,
    })
    .unwrap();
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::PlaceRobber, yellow)
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::PlaceRobber { space: 0 }, Action::Pass]
    );
    for (bad, why) in [
        (Action::PlaceRobber { space: 7 }, "nobody's figure"),
        (Action::PlaceRobber { space: 4 }, "already stands there"),
        (Action::PlaceRobber { space: 50 }, "0 to 49"),
        (Action::Rob { player: 0 }, "rob"),
    ] {
        let mut copy = g.clone();
        let e = copy.play(bad).unwrap_err();
        assert!(e.to_string().contains(why), "{bad}: {e}");
        assert!(copy == g, "{bad} changed the game");
    }
    g.play(Action::PlaceRobber { space: 0 }).unwrap();
    assert_eq!(
        g.robber(yellow),
        Some(RobberState::OnTrack(0)),
        "Yellow's robber moved"
    );
    // Green: only his own figure stands on 4.
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::PlaceRobber, green)
    );
    let mut copy = g.clone();
    let e = copy.play(Action::PlaceRobber { space: 4 }).unwrap_err();
    assert!(e.to_string().contains("never only its owner's"), "{e}");
    assert!(copy == g);
    assert_eq!(
        g.legal_actions(),
        vec![Action::PlaceRobber { space: 0 }, Action::Pass]
    );
}

/// RO.1 variants: each other player in turn order (Z-Man Games), and every player before the
/// tile is placed (C3.1); the default asks one more only.
#[test]
fn placement_variants_ask_the_players_their_wording_names() {
    let tiles = ["RB-02"];
    // The default: P1, then one more (P2); P3 is not asked.
    let mut g = robber_game(
        &["P0", "P1", "P2", "P3"],
        Rules::default(),
        None,
        &["U", "RB-02"],
    );
    play(&mut g, "U", (1, 0), 0, &[], None);
    play(
        &mut g,
        "RB-02",
        (-1, 0),
        1,
        &[(1, Some(0)), (2, None)],
        None,
    );
    // Each other player in turn order.
    let mut rules = Rules::default();
    rules.robber_placement = RobberPlacement::EachOtherPlayer;
    let mut g = robber_game(&["P0", "P1", "P2", "P3"], rules, None, &tiles);
    play(
        &mut g,
        "RB-02",
        (1, 0),
        1,
        &[(0, None), (1, Some(0)), (2, None), (3, Some(0))],
        None,
    );
    assert_eq!(g.robber(1), Some(RobberState::OnTrack(0)));
    assert_eq!(g.robber(3), Some(RobberState::OnTrack(0)));
    // C3.1: before the tile is placed, from the active player clockwise; the tile is held.
    let mut rules = Rules::default();
    rules.robber_placement = RobberPlacement::BeforeTilePlacement;
    let mut g = robber_game(&["P0", "P1", "P2"], rules, None, &tiles);
    let events = g.draw(tile("RB-02")).unwrap();
    assert!(matches!(events[0], Event::TileDrawn { .. }));
    assert_eq!((g.pending(), g.current_player()), (Pending::PlaceRobber, 0));
    assert_eq!(g.current_tile(), Some(tile("RB-02")));
    place_robbers(&mut g, &[(0, Some(0)), (1, None), (2, Some(0))]);
    assert_eq!(
        g.pending(),
        Pending::Place {
            tile: tile("RB-02")
        }
    );
    assert_eq!(g.current_player(), 0);
    g.play(Action::Place {
        tile: tile("RB-02"),
        pos: pos(1, 0),
        rotation: Rotation::R90,
    })
    .unwrap();
    assert_eq!(
        g.pending(),
        Pending::Deploy { pos: pos(1, 0) },
        "no second round after it"
    );
}

/// The robber tiles are ordinary tiles without the robbers element: no track, no robber, no
/// decision; with it, a robber tile scores and takes followers like its base shape.
#[test]
fn robber_tiles_without_the_element_are_ordinary_tiles() {
    let mut config = Config::new(2);
    config.sets.push(TileSet::Robbers);
    config.elements.robbers = Some(false);
    config.explicit_draws = true;
    config.stack = Some(vec![tile("RB-04")]);
    let mut g = Game::new(config, 0).unwrap();
    assert!(!g.has_score_track());
    assert_eq!(g.track_figures(), 0);
    assert_eq!(g.track_position(0, 0), None);
    assert_eq!(g.robber(0), None);
    g.draw(tile("RB-04")).unwrap();
    g.play(Action::Place {
        tile: tile("RB-04"),
        pos: pos(0, -1),
        rotation: Rotation::R180,
    })
    .unwrap();
    assert_eq!(g.pending(), Pending::Deploy { pos: pos(0, -1) });
    let events = g
        .play("deploy follower 0,-1 city S".parse().unwrap())
        .unwrap();
    assert_eq!(
        scores_of(&events)[0].points,
        4,
        "a 2-tile city, as with tile E"
    );
    // With the element: the same, with a track.
    let mut g = robber_game(&["P0", "P1"], Rules::default(), None, &["RB-04"]);
    assert!(g.has_score_track());
    assert_eq!(g.track_figures(), 1);
    let events = play(
        &mut g,
        "RB-04",
        (0, -1),
        2,
        &[(0, Some(0)), (1, None)],
        Some("C1"),
    );
    assert_eq!(scores_of(&events)[0].points, 4);
    assert_eq!(g.robber(0), Some(RobberState::OnTrack(0)));
    assert_track(&g);
}

/// Every decision's notation parses back, and the new pendings have names.
#[test]
fn notation_round_trips() {
    for text in [
        "robber 17",
        "rob 2",
        "score_first 1,-2 city NW",
        "score_first 0,0 monastery I",
    ] {
        let a: Action = text.parse().unwrap();
        assert_eq!(a.to_string(), text);
    }
    for bad in ["robber 50", "robber", "rob 6", "rob x", "score_first 1,2"] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
    assert_eq!(Pending::PlaceRobber.name(), "place robber");
    assert_eq!(Pending::ChooseRobbed.name(), "choose robbed");
    assert_eq!(Pending::ScoreOrder.name(), "score order");
}

/// D-C-2 with the Count: Red's tile completes Blue's road (3 points) in Red's turn. With Red's
/// robber beside Blue, Red robs 2 — robbery points count as Red's scoring, so Red may not put
/// a figure into the City (C.2); without the robbery he may.
#[test]
fn dc2_robbery_points_count_as_the_active_players_scoring() {
    for rob in [true, false] {
        let mut g = scenario_with(
            &["Red", "Blue"],
            Rules::default(),
            None,
            &["RB-04", "U", "A"],
            &[TileSet::Count, TileSet::Robbers],
        );
        // Red's robber tile closes a small city of the City's wall; Red places his robber
        // beside Blue (or not); Blue, one more, declines.
        play(
            &mut g,
            "RB-04",
            (-2, 2),
            0,
            &[(0, rob.then_some(0)), (1, None)],
            None,
        );
        play(&mut g, "U", (-3, -1), 0, &[], Some("R1")); // Blue's road from the City's wall
        let events = play(&mut g, "A", (-4, -1), 3, &[], None); // Red closes it
        assert_eq!(scores_of(&events)[0].points, 3);
        assert_eq!(scores_of(&events)[0].player, 1);
        if rob {
            assert_eq!(robberies(&events), vec![(0, 2, 1)]);
            assert!(g.is_over(), "Red scored (robbery points): no City");
        } else {
            assert_eq!((g.pending(), g.current_player()), (Pending::EnterCity, 0));
        }
        assert_track(&g);
    }
}

/// JCloisterZone has no robbers: a game with the set (its element on or off) is refused by the
/// export with an error naming it, and nothing is written.
#[test]
fn jcloisterzone_export_refuses_robbers() {
    for element in [None, Some(false)] {
        let mut config = Config::new(2);
        config.rules = Rules::jcloisterzone();
        config.sets.push(TileSet::Robbers);
        config.elements.robbers = element;
        let game = Game::new(config, 1).unwrap();
        let e = game.to_jcz().unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("robbers") && text.contains("JCloisterZone has no Robbers"),
            "{text}"
        );
    }
}
