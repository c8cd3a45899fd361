//! King & Robber Baron (spec `expansions.md` §1.4): TS-08 as a test named after it, plus the
//! token rules it exercises (equal size does not take a token, several completions in one turn
//! part, completions count whoever scores them) and the final scoring variants.

mod common;

use carcassonne::{Config, Event, Game, KingRobberScoring, Rules, Token};
use common::{scenario_with, turn, turn_events};

/// TS-08's turns, realised on a board: (tile, position, rotation). Red, Blue and Yellow play
/// in turn; the comments name the completions of the spec's six lines.
const TS08: [(&str, (i32, i32), u8); 23] = [
    ("E", (0, 1), 2),  // R  city A
    ("E", (1, 1), 2),  // B  city B
    ("G", (0, 2), 1),  // Y  city A
    ("G", (1, 2), 1),  // R  city B
    ("U", (-1, 0), 0), // B  road X (through the start tile)
    ("A", (-2, 0), 3), // Y  road X
    ("E", (0, 3), 0),  // R  (1) completes city A, 3 tiles: King to Red
    ("E", (1, 3), 0),  // B  (2) completes city B, 3 tiles: equal, no change
    ("A", (1, 0), 1),  // Y  (3) completes road X, 4 tiles: Robber Baron to Yellow
    ("A", (0, 4), 3),  // R  road Y
    ("E", (2, 1), 2),  // B  city C
    ("G", (2, 2), 1),  // Y  city C
    ("A", (1, 4), 1),  // R  (4) completes road Y, 2 tiles: no change
    ("G", (2, 3), 1),  // B  city C
    ("G", (2, 4), 1),  // Y  city C
    ("E", (3, 1), 2),  // R  city D
    ("E", (2, 5), 0),  // B  (5) completes city C, 5 tiles: King to Blue
    ("G", (3, 2), 1),  // Y  city D
    ("G", (3, 3), 1),  // R  city D
    ("G", (3, 4), 1),  // B  city D
    ("G", (3, 5), 1),  // Y  city D
    ("E", (2, 6), 1),  // R  city E
    ("I", (3, 6), 0),  // B  (6) completes cities D (6 tiles) and E (2 tiles) at once
];

fn ts08_game(rules: Rules) -> (Game, Vec<Vec<Event>>) {
    let tiles: Vec<&str> = TS08.iter().map(|(t, _, _)| *t).collect();
    let mut g = scenario_with(
        &["Red", "Blue", "Yellow"],
        rules,
        None,
        &tiles,
        &[carcassonne::TileSet::KingAndRobber],
    );
    let mut turns = Vec::new();
    for (t, pos, r) in TS08 {
        turns.push(turn_events(&mut g, t, pos, r, None));
    }
    (g, turns)
}

#[test]
fn ts08_king_and_robber_transitions() {
    let (g, turns) = ts08_game(Rules::default());
    let taken = |i: usize| -> Vec<(usize, Token, u16)> {
        turns[i]
            .iter()
            .filter_map(|e| match e {
                Event::TokenTaken {
                    player,
                    token,
                    size,
                } => Some((*player, *token, *size)),
                _ => None,
            })
            .collect()
    };
    assert_eq!(taken(6), vec![(0, Token::King, 3)], "(1) Red completes A");
    assert!(taken(7).is_empty(), "(2) equal size does not take the King");
    assert_eq!(
        taken(8),
        vec![(2, Token::RobberBaron, 4)],
        "(3) Yellow, road X"
    );
    assert!(taken(12).is_empty(), "(4) a shorter road does not");
    assert_eq!(taken(16), vec![(1, Token::King, 5)], "(5) Blue completes C");
    assert_eq!(
        taken(22),
        vec![(1, Token::King, 6)],
        "(6) D and E in one turn part: the larger counts, Blue keeps the King"
    );
    assert!(g.is_over());
    assert_eq!(g.token_holder(Token::King), Some(1));
    assert_eq!(g.token_holder(Token::RobberBaron), Some(2));
    // Final: Blue 1 per completed city (A, B, C, D, E), Yellow 1 per road (X, Y).
    assert_eq!(g.scores(), vec![0, 5, 2]);
    let finals: Vec<(usize, u32, &str, String)> = turns[22]
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points, s.kind_name(), s.explanation()))
        .collect();
    assert_eq!(
        finals,
        vec![
            (1, 5, "king", "the King: 5 completed cities".to_owned()),
            (
                2,
                2,
                "robber_baron",
                "the Robber Baron: 2 completed roads".to_owned()
            ),
        ]
    );
}

#[test]
fn ts08_scoring_variants() {
    let with = |scoring| {
        let mut rules = Rules::default();
        rules.king_robber_scoring = scoring;
        ts08_game(rules).0.scores()
    };
    assert_eq!(with(KingRobberScoring::TenPerToken), vec![0, 10, 10]);
    assert_eq!(with(KingRobberScoring::FifteenForty), vec![0, 15, 15]);
    // Continuously: the holder before each turn part scores 1 per city (road) completed in
    // it: Red (King since A) for B and for C, Blue (King since C) for D and E, Yellow (Robber
    // since X) for road Y; the first completions find no holder; nothing at the end.
    assert_eq!(with(KingRobberScoring::Continuously), vec![2, 2, 1]);
}

#[test]
fn both_tokens_in_one_hand_score_40_under_15_40() {
    // Red completes a 2-tile city, then a 4-tile road: Red holds both tokens.
    let play = |scoring| {
        let mut rules = Rules::default();
        rules.king_robber_scoring = scoring;
        let mut g = scenario_with(
            &["Red", "Blue"],
            rules,
            None,
            &["E", "U", "A", "E", "A"],
            &[carcassonne::TileSet::KingAndRobber],
        );
        turn(&mut g, "E", (0, -1), 2, None); // Red closes the start tile's city (2 tiles)
        turn(&mut g, "U", (1, 0), 0, None); // Blue extends the start tile's road
        turn(&mut g, "A", (2, 0), 1, None); // Red: the road ends at a monastery
        turn(&mut g, "E", (1, -1), 0, None); // Blue
        turn(&mut g, "A", (-1, 0), 3, None); // Red closes the road: 4 tiles
        assert_eq!(g.token_holder(Token::King), Some(0));
        assert_eq!(g.token_holder(Token::RobberBaron), Some(0));
        g.scores()
    };
    assert_eq!(play(KingRobberScoring::FifteenForty), vec![40, 0]);
    assert_eq!(play(KingRobberScoring::TenPerToken), vec![20, 0]);
    assert_eq!(play(KingRobberScoring::PerCompletedFeature), vec![2, 0]);
}

#[test]
fn tokens_are_off_without_the_element() {
    let mut config = Config::new(2);
    config.sets.push(carcassonne::TileSet::KingAndRobber);
    config.elements.king = Some(false);
    let g = Game::new(config.clone(), 1).unwrap();
    assert!(!g.elements().king && g.elements().robber_baron);
    // A whole random game: never a King event.
    let mut g = Game::new(config, 1).unwrap();
    while !g.is_over() {
        let a = g.legal_actions()[0];
        for e in g.play(a).unwrap() {
            assert!(
                !matches!(
                    e,
                    Event::TokenTaken {
                        token: Token::King,
                        ..
                    }
                ),
                "the King is off"
            );
        }
    }
    assert_eq!(g.token_holder(Token::King), None);
}
