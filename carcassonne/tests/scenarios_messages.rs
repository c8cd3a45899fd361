//! Messages (spec `expansions.md` §3.2), first part: the messenger as each player's second
//! scoring figure (M.1: the receiver chooses which figure moves, asked only when the two stand
//! on different spaces), the merge before the final scoring (M.6), the dark landings (M.2,
//! D-MS-10, D-MS-1, M.5, M.8, `message_trigger_end_state`; here through
//! [`Game::message_earned`]), refused choices that change nothing. Built by real play on a board
//! of base tiles; positions are ours. The message deck itself (M.3–M.7) is not built yet.

mod common;

use carcassonne::{
    Action, Event, Game, Message, Outcome, Pending, PlayError, Position, Rotation, Rules, TileSet,
};
use common::{scenario_with, tile};

const RED: usize = 0;
const BLUE: usize = 1;

fn pos(x: i32, y: i32) -> Position {
    Position::new(x, y)
}

/// One turn part: draw `id`, place it at `at` with `r` quarter turns, a follower on the
/// segment named `deploy` or a pass. Returns every event.
fn play(g: &mut Game, id: &str, at: (i32, i32), r: u8, deploy: Option<&str>) -> Vec<Event> {
    let mut events = g.draw(tile(id)).unwrap();
    let rotation = Rotation::from_quarter_turns(r);
    let place = Action::Place {
        tile: tile(id),
        pos: pos(at.0, at.1),
        rotation,
    };
    events.extend(g.play(place).unwrap_or_else(|e| panic!("{place}: {e}")));
    let action = match deploy {
        Some(name) => {
            let seg = tile(id)
                .kind()
                .segments
                .iter()
                .find(|s| s.name == name)
                .expect("segment name");
            Action::Deploy {
                figure: carcassonne::Figure::Follower,
                pos: pos(at.0, at.1),
                feature: seg.kind,
                location: seg.location(rotation),
            }
        }
        None => Action::Pass,
    };
    events.extend(g.play(action).unwrap_or_else(|e| panic!("{action}: {e}")));
    events
}

fn values(g: &Game, player: usize) -> (u32, u32) {
    (
        g.track_position(player, 0).unwrap().value(),
        g.track_position(player, 1).unwrap().value(),
    )
}

/// The board: Red's road of 5 tiles on row 0 closed by Blue (Red's 5 points in Blue's turn,
/// both figures on 0: the scoring figure moves without asking), then Red's road of 5 tiles on
/// row 1 closed by Red himself (his figures on 5 and 0: he is asked). Stops at that choice.
fn until_the_choice(rules: Rules) -> Game {
    let tiles = ["U", "U", "W", "W", "U", "U", "U", "X", "X", "U"];
    let mut g = scenario_with(&["Red", "Blue"], rules, None, &tiles, &[TileSet::Messages]);
    assert_eq!(g.track_figures(), 2);
    assert!(g.has_score_track());
    play(&mut g, "U", (1, 0), 0, Some("R1")); // Red
    play(&mut g, "U", (2, 0), 0, None); // Blue
    play(&mut g, "W", (3, 0), 0, None); // Red
    let events = play(&mut g, "W", (-1, 0), 0, None); // Blue closes Red's road
    let scores = common::scores(&events);
    assert_eq!((scores[0].player, scores[0].points), (RED, 5));
    assert_eq!(
        values(&g, RED),
        (5, 0),
        "both on 0: the scoring figure, unasked"
    );
    play(&mut g, "U", (0, 1), 0, None); // Red
    play(&mut g, "U", (2, 1), 0, None); // Blue
    play(&mut g, "U", (1, 1), 0, Some("R1")); // Red
    play(&mut g, "X", (3, 1), 0, None); // Blue
    g.draw(tile("X")).unwrap(); // Red closes his own road
    g.play(Action::Place {
        tile: tile("X"),
        pos: pos(-1, 1),
        rotation: Rotation::R0,
    })
    .unwrap();
    g.play(Action::Pass).unwrap();
    g
}

/// M.1: the receiver chooses which figure moves; both choices listed, with ids and notation
/// naming them back.
#[test]
fn the_receiver_chooses_the_figure() {
    let g = until_the_choice(Rules::default());
    assert_eq!(g.pending(), Pending::ChooseScoringFigure);
    assert_eq!(g.current_player(), RED);
    let legal = g.legal_actions();
    assert_eq!(
        legal,
        vec![
            Action::ScoringFigure { figure: 0 },
            Action::ScoringFigure { figure: 1 }
        ]
    );
    let space = carcassonne::encoding::ActionSpace::of(&g);
    let ids = space.legal_ids(&g);
    assert_eq!(ids.len(), 2);
    for (a, id) in legal.iter().zip(ids) {
        assert_eq!(space.action(&g, id), Some(*a));
        assert_eq!(a.to_string().parse::<Action>().unwrap(), *a);
    }
    assert_eq!(
        "scoring_figure 1".parse::<Action>().unwrap(),
        Action::ScoringFigure { figure: 1 }
    );
    assert!("scoring_figure 2".parse::<Action>().is_err());
    assert!(!g.message_earned(), "nothing moved yet in Red's turn");

    // The messenger: 0 → 5.
    let mut a = g.clone();
    let events = a.play(Action::ScoringFigure { figure: 1 }).unwrap();
    assert_eq!(common::scores(&events)[0].points, 5);
    assert_eq!(values(&a, RED), (5, 5));
    assert_eq!(a.score(RED), 10);
    // The scoring figure: 5 → 10.
    let mut b = g.clone();
    b.play(Action::ScoringFigure { figure: 0 }).unwrap();
    assert_eq!(values(&b, RED), (10, 0));
    assert_eq!(b.score(RED), 10);
}

/// Bad input: a figure that does not exist, or an action of another decision, is refused and
/// the game is unchanged.
#[test]
fn a_bad_choice_is_refused() {
    let mut g = until_the_choice(Rules::default());
    let before = g.clone();
    let err = g.play(Action::ScoringFigure { figure: 2 }).unwrap_err();
    assert!(
        matches!(err, PlayError::IllegalScoringFigure { .. }),
        "{err}"
    );
    assert_eq!(g, before);
    assert!(g.play(Action::Pass).is_err());
    assert!(g.play(Action::Rob { player: BLUE as u8 }).is_err());
    assert_eq!(g, before);
    // Outside the decision, a choice is refused too.
    let mut g = scenario_with(
        &["Red", "Blue"],
        Rules::default(),
        None,
        &["U"],
        &[TileSet::Messages],
    );
    g.draw(tile("U")).unwrap();
    let before = g.clone();
    assert!(g.play(Action::ScoringFigure { figure: 0 }).is_err());
    assert_eq!(g, before);
}

/// M.6: at the end the two figures merge (one at the sum, the other off the track), with no
/// score: the scores are unchanged.
#[test]
fn the_figures_merge_at_the_end() {
    let mut g = until_the_choice(Rules::default());
    g.play(Action::ScoringFigure { figure: 1 }).unwrap();
    assert_eq!(values(&g, RED), (5, 5));
    // The messenger landed on a dark space in Red's turn: he draws a message (M.2); the
    // knights, with no follower of his in a city, give their 2 points at once (the scoring
    // figure moves: both stand on 5).
    assert_eq!(g.pending(), Pending::DrawMessage);
    g.resolve(Outcome::Message(Message::Knights)).unwrap();
    assert_eq!(values(&g, RED), (7, 5));
    // Blue's last tile ends the game.
    let events = play(&mut g, "U", (4, 0), 0, None);
    assert!(g.is_over());
    assert!(events.contains(&Event::FiguresMerged {
        player: RED,
        scoring_figure: 7,
        messenger: 5
    }));
    assert!(events.contains(&Event::FiguresMerged {
        player: BLUE,
        scoring_figure: 0,
        messenger: 0
    }));
    let merged = events
        .iter()
        .position(|e| matches!(e, Event::FiguresMerged { .. }))
        .unwrap();
    assert!(
        events[merged..]
            .iter()
            .all(|e| !matches!(e, Event::Scored(s) if !s.final_scoring)),
        "the merge comes before the final scoring"
    );
    assert_eq!(g.track_figures(), 1);
    assert_eq!(g.track_position(RED, 0).unwrap().value(), 12);
    assert_eq!(g.track_position(RED, 1), None);
    assert_eq!(g.score(RED), 12);
}

/// Without the element the set changes nothing: no track, no figures.
#[test]
fn the_element_can_be_switched_off() {
    let mut config = carcassonne::Config::new(2);
    config.sets.push(TileSet::Messages);
    assert!(config.resolved_elements().messages);
    config.elements.messages = Some(false);
    let g = Game::new(config, 1).unwrap();
    assert!(!g.has_score_track());
    assert_eq!(g.track_figures(), 0);
    let mut config = carcassonne::Config::new(2);
    config.sets.push(TileSet::Messages);
    let g = Game::new(config.clone(), 1).unwrap();
    assert_eq!(g.track_figures(), 2);
    assert_eq!(config.stack_tiles().len(), {
        let mut base = carcassonne::Config::new(2);
        base.sets = vec![TileSet::Base];
        base.stack_tiles().len()
    });
    assert_eq!("messages".parse::<TileSet>().unwrap(), TileSet::Messages);
}
