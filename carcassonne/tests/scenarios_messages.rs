//! Messages (spec `expansions.md` §3.2): the messenger as each player's second scoring figure
//! (M.1: the receiver chooses which figure moves, asked only when the two stand on different
//! spaces), the merge before the final scoring (M.6), the dark landings (M.2, D-MS-10, D-MS-1,
//! M.5, M.8, `message_trigger_end_state`), the message deck (M.2–M.4: one message a turn, chains
//! from a message's points), TS-16 with every variant of its text, each of the eight messages
//! with its ties and the cases with nothing to act on, the extra tile's nested turn part (M.7),
//! and refused actions that change nothing. Built by real play on boards of base tiles;
//! positions are ours.

mod common;

use carcassonne::{
    Action, Event, Game, Message, Pending, PlayError, Position, Rotation, Rules, TileSet,
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

/// M.1 in another player's turn: Blue closes Red's road, and the choice of Red's figure is
/// Red's decision (`current_player` is Red while the turn stays Blue's); no seat can choose
/// for another, since a `scoring_figure` action is always the deciding seat's. Red's
/// messenger landing on a dark space in Blue's turn earns nothing (M.5).
#[test]
fn the_receiver_chooses_in_another_players_turn() {
    // One tile more than the turns played, so that the game is not over (M.6's merge).
    let tiles = ["U", "U", "W", "W", "U", "U", "U", "X", "U", "X", "U"];
    let mut g = scenario_with(
        &["Red", "Blue"],
        Rules::default(),
        None,
        &tiles,
        &[TileSet::Messages],
    );
    play(&mut g, "U", (1, 0), 0, Some("R1")); // Red
    play(&mut g, "U", (2, 0), 0, None); // Blue
    play(&mut g, "W", (3, 0), 0, None); // Red
    play(&mut g, "W", (-1, 0), 0, None); // Blue closes Red's road: 5 points, unasked
    assert_eq!(values(&g, RED), (5, 0));
    play(&mut g, "U", (0, 1), 0, None); // Red
    play(&mut g, "U", (2, 1), 0, None); // Blue
    play(&mut g, "U", (1, 1), 0, Some("R1")); // Red
    play(&mut g, "X", (3, 1), 0, None); // Blue
    play(&mut g, "U", (1, 2), 0, None); // Red, away from the road
    play(&mut g, "X", (-1, 1), 0, None); // Blue closes Red's road of 5 tiles
    assert_eq!(g.pending(), Pending::ChooseScoringFigure);
    assert_eq!((g.current_player(), g.active_player()), (RED, BLUE));
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::ScoringFigure { figure: 0 },
            Action::ScoringFigure { figure: 1 }
        ]
    );
    let blue = g.score(BLUE);
    let events = g.play(Action::ScoringFigure { figure: 1 }).unwrap();
    let scores = common::scores(&events);
    assert_eq!((scores[0].player, scores[0].points), (RED, 5));
    assert_eq!(
        values(&g, RED),
        (5, 5),
        "the messenger: 0 -> 5, a dark space"
    );
    assert_eq!((g.score(RED), g.score(BLUE)), (10, blue));
    assert!(!g.message_earned(), "M.5: never in another player's turn");
    assert_ne!(g.pending(), Pending::DrawMessage);
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
    // The messenger's landing on 5 earned a message: the knights, with no knight of Red's
    // on the board, is worth its 2 points at once (both figures on 5: the scoring figure).
    assert_eq!(g.pending(), Pending::DrawMessage);
    let events = g
        .resolve(carcassonne::Outcome::Message(Message::Knights))
        .unwrap();
    assert_eq!(common::scores(&events)[0].points, 2);
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

// ----- the message deck (M.2–M.7) -----

use carcassonne::{Figure, Outcome, Reason, Score};

/// One turn part: draw `id`, place it at `at` turned `r`, deploy `deploy` (figure and segment
/// name) or pass; every choice of the moving figure asked on the way is answered from
/// `choices` in order (a panic if answers are left over); a choice asked when none is left is
/// where it stops, as at anything else pending. Returns every event.
fn part(
    g: &mut Game,
    id: &str,
    at: (i32, i32),
    r: u8,
    deploy: Option<(Figure, &str)>,
    choices: &[u8],
) -> Vec<Event> {
    let mut events = common::draw_and_place(g, id, at, r);
    events.extend(common::deploy_or_pass(g, id, at, r, deploy));
    let mut left = choices.iter();
    while g.pending() == Pending::ChooseScoringFigure {
        let Some(&figure) = left.next() else {
            break;
        };
        events.extend(choose(g, figure));
    }
    assert_eq!(left.next(), None, "{id}: a choice left unasked");
    events
}

/// Answers the pending choice of the moving figure.
fn choose(g: &mut Game, figure: u8) -> Vec<Event> {
    assert_eq!(g.pending(), Pending::ChooseScoringFigure);
    let action = Action::ScoringFigure { figure };
    g.play(action).unwrap_or_else(|e| panic!("{action}: {e}"))
}

/// Draws `message` at the pending message draw.
fn draw_message(g: &mut Game, message: Message) -> Vec<Event> {
    assert_eq!(g.pending(), Pending::DrawMessage, "a message is due");
    g.resolve(Outcome::Message(message))
        .unwrap_or_else(|e| panic!("message {message}: {e}"))
}

fn follower(segment: &str) -> Option<(Figure, &str)> {
    Some((Figure::Follower, segment))
}

fn messages_drawn(events: &[Event]) -> Vec<(usize, Message)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MessageDrawn { player, message } => Some((*player, *message)),
            _ => None,
        })
        .collect()
}

/// The message scores among `events`: (player, points, seal, counted).
fn message_scores(events: &[Event]) -> Vec<(usize, u32, bool, u16)> {
    common::scores(events)
        .iter()
        .filter_map(|s: &Score| match &s.reason {
            Reason::Message(m) => Some((s.player, s.points, m.seal, m.counted)),
            _ => None,
        })
        .collect()
}

/// TS-16's board, up to Red's scoring figure on 7 and his messenger on 3, both scored in Blue's
/// turns (no message): a 7-tile road of Red's on row 0 closed by Blue (the first award moves
/// the scoring figure: both figures stood on 0), then a 3-tile road of his down from (3, 0)
/// closed by Blue (Red chooses the messenger). Red keeps two knights, at (-1, 0) and (3, 0).
/// `b_end` is the rotation of the tile closing the second road at (3, 2): 2 (roads west,
/// north, east) or 1 (roads south, west, north: no road to the east).
fn seven_and_three(g: &mut Game, b_end: u8) {
    part(g, "U", (1, 0), 0, follower("R1"), &[]); // Red: road A
    part(g, "U", (2, 0), 0, None, &[]); // Blue
    part(g, "D", (-1, 0), 0, follower("C1"), &[]); // Red: a knight
    part(g, "U", (-2, 0), 0, None, &[]); // Blue
    part(g, "L", (3, 0), 0, follower("C1"), &[]); // Red: a knight; road A's east end
    let events = part(g, "W", (-3, 0), 0, None, &[]); // Blue closes road A: 7 tiles
    assert_eq!(message_scores(&events), vec![]);
    assert_eq!(
        values(g, RED),
        (7, 0),
        "both on 0: the scoring figure, unasked"
    );
    part(g, "U", (3, 1), 1, follower("R1"), &[]); // Red: road B
    part(g, "W", (3, 2), b_end, None, &[1]); // Blue closes road B: Red's messenger 0 → 3
    assert_eq!(values(g, RED), (7, 3));
    assert_eq!(
        g.pending(),
        Pending::Draw,
        "nothing drawn in Blue's turn (M.5)"
    );
    assert_eq!(g.active_player(), RED);
}

/// TS-16's main line: Red's tile closes his 3-tile road; the choice is Red's. Stops there.
fn ts16_main(rules: Rules, extra: &[&str]) -> Game {
    let mut tiles = vec!["U", "U", "D", "U", "L", "W", "U", "W", "U", "U", "W"];
    tiles.extend_from_slice(extra);
    let mut g = scenario_with(&["Red", "Blue"], rules, None, &tiles, &[TileSet::Messages]);
    seven_and_three(&mut g, 2);
    part(&mut g, "U", (-3, 1), 1, follower("R1"), &[]); // Red: road C
    part(&mut g, "U", (4, 0), 0, None, &[]); // Blue
    let events = part(&mut g, "W", (-3, 2), 2, None, &[]); // Red closes road C: 3 tiles
    assert_eq!(
        common::scores(&events),
        vec![],
        "the award waits for the choice"
    );
    assert_eq!(g.pending(), Pending::ChooseScoringFigure);
    assert_eq!(g.current_player(), RED);
    g
}

/// TS-16, main line: the scoring figure 7 → 10 (dark) earns a message in phase 4; the knights
/// with 2 knights of Red's give 4, moved on the messenger 3 → 7 (not dark): no further
/// message. At the end the figures 10 and 7 merge into one at 17.
#[test]
fn ts_16_main_line() {
    let mut g = ts16_main(Rules::default(), &[]);
    let events = choose(&mut g, 0);
    assert_eq!(values(&g, RED), (10, 3));
    assert!(g.message_earned());
    assert_eq!(g.pending(), Pending::DrawMessage, "phase 4: the draw");
    assert_eq!(g.current_player(), RED);
    assert_eq!(messages_drawn(&events), vec![]);
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 8, "every message still unseen");
    assert!(outcomes.iter().all(|(_, p)| (p - 0.125).abs() < 1e-12));
    let events = draw_message(&mut g, Message::Knights);
    assert_eq!(messages_drawn(&events), vec![(RED, Message::Knights)]);
    assert_eq!(g.message_in_hand(), Some(Message::Knights));
    assert_eq!(
        g.pending(),
        Pending::ResolveMessage {
            message: Message::Knights
        }
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::MessagePoints, Action::MessageAction]
    );
    let events = g.play(Action::MessageAction).unwrap();
    assert_eq!(common::scores(&events), vec![], "Red chooses the figure");
    assert_eq!(g.message_in_hand(), None);
    assert_eq!(g.messages_under_deck(), vec![Message::Knights], "M.3");
    let events = choose(&mut g, 1);
    assert_eq!(message_scores(&events), vec![(RED, 4, false, 2)]);
    assert_eq!(messages_drawn(&events), vec![], "3 → 7: no chain");
    // The stack is empty: the game ends, the figures merge before the final scoring (M.6).
    assert!(g.is_over());
    assert!(events.contains(&Event::FiguresMerged {
        player: RED,
        scoring_figure: 10,
        messenger: 7
    }));
    // Nothing else scored during play; the final scoring adds Red's two 1-tile cities.
    let finals: u32 = common::scores(&events)
        .iter()
        .filter(|s| s.final_scoring && s.player == RED)
        .map(|s| s.points)
        .sum();
    assert_eq!(finals, 2);
    assert_eq!(g.track_position(RED, 0).unwrap().value(), 17 + finals);
    assert_eq!(g.score(RED), 19);
}

/// TS-16, the alternative: the 2 points of the seal on the messenger 3 → 5 (dark) chain: another
/// message at once (M.4, D-MS-6).
#[test]
fn ts_16_seal_points_chain() {
    let mut g = ts16_main(Rules::default(), &[]);
    choose(&mut g, 0);
    draw_message(&mut g, Message::Knights);
    g.play(Action::MessagePoints).unwrap();
    let events = choose(&mut g, 1);
    assert_eq!(message_scores(&events), vec![(RED, 2, true, 0)]);
    assert_eq!(values(&g, RED), (10, 5));
    assert_eq!(g.pending(), Pending::DrawMessage, "the chain");
    assert_eq!(g.active_player(), RED);
    // The knights went under the deck: the next is one of the 7 never drawn.
    let outcomes: Vec<Outcome> = g.chance_outcomes().into_iter().map(|(o, _)| o).collect();
    assert_eq!(outcomes.len(), 7);
    assert!(!outcomes.contains(&Outcome::Message(Message::Knights)));
    let before = g.clone();
    assert!(
        g.resolve(Outcome::Message(Message::Knights)).is_err(),
        "not on top"
    );
    assert_eq!(g, before);
    // The coats of arms: no pennant in Red's cities, 0 points; the chain ends.
    draw_message(&mut g, Message::CoatsOfArms);
    assert_eq!(
        g.legal_actions(),
        vec![Action::MessagePoints, Action::MessageAction]
    );
    let events = g.play(Action::MessageAction).unwrap();
    assert_eq!(message_scores(&events), vec![(RED, 0, false, 0)]);
    assert!(g.is_over(), "no further message: the game ends");
}

/// TS-16 (a): the messenger 3 → 6 instead: no dark space, no message.
#[test]
fn ts_16_a_messenger_not_on_a_dark_space() {
    let mut g = ts16_main(Rules::default(), &["U"]);
    let events = choose(&mut g, 1);
    assert_eq!(values(&g, RED), (7, 6));
    assert!(!g.message_earned());
    assert_eq!(messages_drawn(&events), vec![]);
    assert_eq!(g.pending(), Pending::Draw, "no message: Blue's turn");
    assert_eq!(g.active_player(), BLUE);
}

/// TS-16 (b): Blue's figure landing on a dark space during Red's turn gives Blue nothing (M.5),
/// and Red nothing either.
#[test]
fn ts_16_b_another_players_dark_landing() {
    // Red closes Blue's 5-tile road in Red's own turn: Blue 0 → 5.
    let tiles = ["U", "U", "W", "U", "W", "U"];
    let mut g = scenario_with(
        &["Red", "Blue"],
        Rules::default(),
        None,
        &tiles,
        &[TileSet::Messages],
    );
    part(&mut g, "U", (1, 0), 0, None, &[]); // Red
    part(&mut g, "U", (-1, 0), 0, follower("R1"), &[]); // Blue
    part(&mut g, "W", (-2, 0), 0, None, &[]); // Red
    part(&mut g, "U", (0, 1), 0, None, &[]); // Blue
    let events = part(&mut g, "W", (2, 0), 0, None, &[]); // Red closes Blue's road
    let scores = common::scores(&events);
    assert_eq!((scores[0].player, scores[0].points), (BLUE, 5));
    assert_eq!(scores[0].track_figure, Some(0));
    assert_eq!(values(&g, BLUE), (5, 0));
    assert_eq!(values(&g, RED), (0, 0));
    assert_eq!(messages_drawn(&events), vec![]);
    assert!(!g.message_earned());
    assert_eq!(
        g.pending(),
        Pending::Draw,
        "Blue's turn: nothing for anybody"
    );
    assert_eq!(g.active_player(), BLUE);
}

/// TS-16's board with a tile of Red's closing two of his roads at once at (4, 1): road D
/// (3 tiles, from (3, 0) east and down) first, then road C (from (3, 2) east and up): 3 tiles,
/// or 2 with `two_tile_c`. Stops at the first choice of the moving figure.
fn ts16_two_roads(rules: Rules, two_tile_c: bool) -> Game {
    let c_tile = if two_tile_c { "W" } else { "V" };
    let tiles = [
        "U", "U", "D", "U", "L", "W", "U", "W", "V", "U", c_tile, "U", "W", "U",
    ];
    let mut g = scenario_with(&["Red", "Blue"], rules, None, &tiles, &[TileSet::Messages]);
    seven_and_three(&mut g, if two_tile_c { 1 } else { 2 });
    part(&mut g, "V", (4, 0), 0, follower("R1"), &[]); // Red: road D
    part(&mut g, "U", (-3, 1), 1, None, &[]); // Blue
    if two_tile_c {
        part(&mut g, "W", (4, 2), 3, follower("R1"), &[]); // Red: road C, its north end
    } else {
        part(&mut g, "V", (4, 2), 1, follower("R1"), &[]); // Red: road C
    }
    part(&mut g, "U", (-4, 0), 0, None, &[]); // Blue
    part(&mut g, "W", (4, 1), 3, None, &[]); // Red closes both
    if g.pending() == Pending::ScoreOrder {
        // D-GEN-1: both awards are Red's, and their order decides which spaces his figures
        // pass (D-MS-10): Red chooses it — road D first here.
        g.play(score_first(&g, pos(4, 0))).unwrap();
    }
    assert_eq!(g.pending(), Pending::ChooseScoringFigure);
    g
}

/// The legal `score_first` naming the feature whose first figure stands on the tile at `at`.
fn score_first(g: &Game, at: Position) -> Action {
    g.legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::ScoreFirst { pos, .. } if *pos == at))
        .unwrap_or_else(|| panic!("no feature to score first at {at}"))
}

/// D-GEN-1 with the Messages: two features of the active player completed at once, the order
/// can change the spaces his figures pass, so he chooses it (here road C, 2 tiles, first);
/// with `message_trigger_end_state` only the end positions count and nothing is asked.
#[test]
fn the_active_player_orders_his_awards() {
    let tiles = [
        "U", "U", "D", "U", "L", "W", "U", "W", "V", "U", "W", "U", "W", "U",
    ];
    let build = |rules: Rules| {
        let mut g = scenario_with(&["Red", "Blue"], rules, None, &tiles, &[TileSet::Messages]);
        seven_and_three(&mut g, 1);
        part(&mut g, "V", (4, 0), 0, follower("R1"), &[]);
        part(&mut g, "U", (-3, 1), 1, None, &[]);
        part(&mut g, "W", (4, 2), 3, follower("R1"), &[]);
        part(&mut g, "U", (-4, 0), 0, None, &[]);
        part(&mut g, "W", (4, 1), 3, None, &[]);
        g
    };
    let mut g = build(Rules::default());
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::ScoreOrder, RED)
    );
    let legal = g.legal_actions();
    assert_eq!(legal.len(), 2);
    g.play(score_first(&g, pos(4, 2))).unwrap();
    let events = choose(&mut g, 1); // road C's 2 on the messenger: 3 → 5
    assert_eq!(common::scores(&events)[0].points, 2);
    let events = choose(&mut g, 0); // road D's 3 on the scoring figure: 7 → 10
    assert_eq!(common::scores(&events)[0].points, 3);
    assert_eq!(values(&g, RED), (10, 5));
    assert_eq!(g.pending(), Pending::DrawMessage);
    let mut rules = Rules::default();
    rules.message_trigger_end_state = true;
    let g = build(rules);
    assert_eq!(g.pending(), Pending::ChooseScoringFigure, "no order asked");
}

/// TS-16, pass-through (D-MS-10): road D on the scoring figure 7 → 10 (dark), then road C on
/// it 10 → 13: the flag is set by D, and phase 4 draws one message.
#[test]
fn ts_16_pass_through() {
    let mut g = ts16_two_roads(Rules::default(), false);
    let first = choose(&mut g, 0);
    assert_eq!(common::scores(&first)[0].points, 3);
    assert_eq!(g.pending(), Pending::ChooseScoringFigure, "road C's award");
    let events = choose(&mut g, 0);
    assert_eq!(values(&g, RED), (13, 3));
    assert_eq!(common::scores(&events)[0].points, 3);
    assert_eq!(g.pending(), Pending::DrawMessage, "one message");
    let events = draw_message(&mut g, Message::Farmers);
    // No farmer of Red's: the seal's 2 points at once; Red chooses the figure (13 and 3).
    assert_eq!(messages_drawn(&events), vec![(RED, Message::Farmers)]);
    let events = choose(&mut g, 0);
    assert_eq!(message_scores(&events), vec![(RED, 2, true, 0)]);
    assert_eq!(values(&g, RED), (15, 3));
    // 13 → 15 is a dark space reached by a message's points: the chain (M.4).
    assert_eq!(g.pending(), Pending::DrawMessage);
}

/// TS-16, pass-through with `message_trigger_end_state`: after phase 3 the scoring figure
/// stands on 13 and the messenger did not move: no message.
#[test]
fn ts_16_pass_through_with_the_end_state_reading() {
    let mut rules = Rules::default();
    rules.message_trigger_end_state = true;
    let mut g = ts16_two_roads(rules.clone(), false);
    choose(&mut g, 0);
    let events = choose(&mut g, 0);
    assert_eq!(values(&g, RED), (13, 3));
    assert!(!g.message_earned());
    assert_eq!(messages_drawn(&events), vec![]);
    assert_eq!(g.pending(), Pending::Draw, "Blue's turn");
    // The same turn with the messenger moved last: it ends on 6, the scoring figure on 10 —
    // the scoring figure moved in the turn and stands on a dark space: a message.
    let mut g = ts16_two_roads(rules, false);
    choose(&mut g, 0);
    choose(&mut g, 1);
    assert_eq!(values(&g, RED), (10, 6));
    assert_eq!(g.pending(), Pending::DrawMessage);
}

/// TS-16 (c): a second feature of the same turn landing on another dark space (the messenger
/// 3 → 5 after the scoring figure's 7 → 10) gives no second message (M.4: one per turn).
#[test]
fn ts_16_c_one_message_a_turn() {
    let mut g = ts16_two_roads(Rules::default(), true);
    let mut events = choose(&mut g, 0);
    assert_eq!(values(&g, RED), (10, 3));
    events.extend(choose(&mut g, 1));
    assert_eq!(common::scores(&events)[1].points, 2, "road C: 2 tiles");
    assert_eq!(values(&g, RED), (10, 5));
    assert_eq!(g.pending(), Pending::DrawMessage);
    events.extend(draw_message(&mut g, Message::SmallestMonastery));
    // No monk of Red's: the seal, on the scoring figure 10 → 12 (no chain).
    events.extend(choose(&mut g, 0));
    assert_eq!(messages_drawn(&events).len(), 1);
    assert_eq!(values(&g, RED), (12, 5));
    assert_eq!(g.pending(), Pending::Draw, "Blue's turn");
    assert_eq!(g.active_player(), BLUE);
}

/// A board where Red has followers on every kind of feature, then lands on a dark space in
/// his own turn (a 5-tile road of his closed by himself: 0 → 5) and a message is due.
///
/// - road R: 6 tiles, Red alone (his follower on (1, 0)), open;
/// - road S: 3 tiles, (1, 1)–(3, 1), Blue's large follower (strength 2) and Red's follower on
///   (3, 1), open;
/// - cities: (1, -1) and (3, -1), one tile each with a knight of Red's; (4, -1), one tile and a
///   pennant with Red's large follower;
/// - a monastery at (2, -1) with Red's monk, 5 tiles around;
/// - Red's farmer on the field north of row 0 (no completed city beside it).
///
/// Two tiles are left in the stack (a U and a W).
fn rich_board() -> Game {
    let tiles = [
        "U", "U", "E", "U", "B", "U", "E", "W", "U", "U", "M", "U", "U", "U", "U", "U", "W", "U",
        "W",
    ];
    let mut g = scenario_with(
        &["Red", "Blue"],
        Rules::default(),
        None,
        &tiles,
        &[TileSet::Messages, TileSet::InnsAndCathedrals],
    );
    let large = |s| Some((Figure::LargeFollower, s));
    part(&mut g, "U", (1, 0), 0, follower("R1"), &[]); // Red: road R
    part(&mut g, "U", (1, 1), 0, large("R1"), &[]); // Blue: road S
    part(&mut g, "E", (1, -1), 0, follower("C1"), &[]); // Red: a knight
    part(&mut g, "U", (2, 0), 0, None, &[]); // Blue
    part(&mut g, "B", (2, -1), 0, follower("M1"), &[]); // Red: a monk
    part(&mut g, "U", (3, 0), 0, None, &[]); // Blue
    part(&mut g, "E", (3, -1), 0, follower("C1"), &[]); // Red: a knight
    part(&mut g, "W", (-1, 0), 0, None, &[]); // Blue: road R's west end
    part(&mut g, "U", (3, 1), 0, follower("R1"), &[]); // Red: his part of road S
    part(&mut g, "U", (2, 1), 0, None, &[]); // Blue joins road S
    part(&mut g, "M", (4, -1), 1, large("C1"), &[]); // Red: a knight with a pennant
    part(&mut g, "U", (-1, 1), 1, None, &[]); // Blue
    part(&mut g, "U", (-1, 2), 1, follower("R1"), &[]); // Red: the road that will trigger
    part(&mut g, "U", (-1, 3), 1, None, &[]); // Blue
    part(&mut g, "U", (4, 0), 0, follower("F1"), &[]); // Red: a farmer
    part(&mut g, "U", (-2, 0), 0, None, &[]); // Blue
    let events = part(&mut g, "W", (-1, 4), 2, None, &[]); // Red closes his 5-tile road
    let scores = common::scores(&events);
    assert_eq!((scores[0].player, scores[0].points), (RED, 5));
    assert_eq!(values(&g, RED), (5, 0));
    assert_eq!(g.pending(), Pending::DrawMessage);
    g
}

/// The feature or field facts of the message score in `events`.
fn message_facts(events: &[Event]) -> carcassonne::MessageScore {
    common::scores(events)
        .into_iter()
        .find_map(|s| match s.reason {
            Reason::Message(m) => Some(m),
            _ => None,
        })
        .expect("a message score")
}

fn road(x: i32, y: i32, location: &str) -> Action {
    Action::MessageFeature {
        pos: pos(x, y),
        feature: carcassonne::FeatureKind::Road,
        location: location.parse().unwrap(),
    }
}

fn city(x: i32, y: i32) -> Action {
    Action::MessageFeature {
        pos: pos(x, y),
        feature: carcassonne::FeatureKind::City,
        location: "N".parse().unwrap(),
    }
}

/// Red's followers on the rich board, as "score and return" names them, in deployment order.
fn rich_followers() -> Vec<Action> {
    let f = |figure, x, y, feature: &str, location: &str| Action::MessageFollower {
        figure,
        pos: pos(x, y),
        feature: feature.parse().unwrap(),
        location: location.parse().unwrap(),
    };
    use Figure::{Follower, LargeFollower};
    vec![
        f(Follower, 1, 0, "road", "WE"),
        f(Follower, 1, -1, "city", "N"),
        f(Follower, 2, -1, "monastery", "I"),
        f(Follower, 3, -1, "city", "N"),
        f(Follower, 3, 1, "road", "WE"),
        f(LargeFollower, 4, -1, "city", "EN"),
        f(Follower, 4, 0, "field", "NL.NR.EL.WR"),
    ]
}

/// Message 1, the shortest road (D-MS-11, TS-16's "#1 with majority ignored"): of Red's roads
/// (6 tiles alone; 3 tiles where Blue's large follower holds the majority) the 3-tile one is
/// the only choice, and Red scores its 3 (no road can hold Blue's two figures and Red's one on
/// 2 tiles, so the spec's 4 and 2 are 6 and 3 here); every figure stays.
#[test]
fn message_1_shortest_road_ignores_the_majority() {
    let mut g = rich_board();
    draw_message(&mut g, Message::ShortestRoad);
    assert_eq!(
        g.legal_actions(),
        vec![Action::MessagePoints, road(3, 1, "WE")]
    );
    let figures = g.figures();
    let events = g.play(road(3, 1, "WE")).unwrap();
    assert!(common::scores(&events).is_empty(), "Red chooses the figure");
    let events = choose(&mut g, 1);
    assert_eq!(message_scores(&events), vec![(RED, 3, false, 0)]);
    let facts = message_facts(&events).feature.unwrap();
    assert_eq!(
        (facts.kind, facts.tiles, facts.complete, facts.strength),
        (carcassonne::FeatureKind::Road, 3, false, 1)
    );
    assert_eq!(
        (facts.pos, facts.location),
        (pos(3, 1), "WE".parse().unwrap())
    );
    assert_eq!(g.figures(), figures, "the followers stay");
    assert_eq!(values(&g, RED), (5, 3));
    assert_eq!(g.score(BLUE), 0);
    assert_eq!(g.pending(), Pending::Draw, "Blue's turn");
}

/// Message 2, the smallest city: Red's cities are worth 1, 1 and 2 (a pennant); the two of
/// value 1 tie and Red chooses (D-MS-11).
#[test]
fn message_2_smallest_city_with_a_tie() {
    let mut g = rich_board();
    draw_message(&mut g, Message::SmallestCity);
    assert_eq!(
        g.legal_actions(),
        vec![Action::MessagePoints, city(1, -1), city(3, -1)]
    );
    g.play(city(3, -1)).unwrap();
    let events = choose(&mut g, 0);
    assert_eq!(message_scores(&events), vec![(RED, 1, false, 0)]);
    let facts = message_facts(&events).feature.unwrap();
    assert_eq!((facts.tiles, facts.pennants, facts.pos), (1, 0, pos(3, -1)));
    assert_eq!(values(&g, RED), (6, 0));
}

/// Message 3, the smallest monastery: Red's one monastery, 5 tiles around it: 6.
#[test]
fn message_3_smallest_monastery() {
    let mut g = rich_board();
    draw_message(&mut g, Message::SmallestMonastery);
    let monastery = Action::MessageFeature {
        pos: pos(2, -1),
        feature: carcassonne::FeatureKind::Monastery,
        location: "I".parse().unwrap(),
    };
    assert_eq!(g.legal_actions(), vec![Action::MessagePoints, monastery]);
    g.play(monastery).unwrap();
    let events = choose(&mut g, 1);
    assert_eq!(message_scores(&events), vec![(RED, 6, false, 0)]);
    assert_eq!(message_facts(&events).feature.unwrap().tiles, 6);
}

/// Message 4, 2 points per coat of arms in the cities holding Red's knights: one pennant.
#[test]
fn message_4_coats_of_arms() {
    let mut g = rich_board();
    draw_message(&mut g, Message::CoatsOfArms);
    assert_eq!(
        g.legal_actions(),
        vec![Action::MessagePoints, Action::MessageAction]
    );
    g.play(Action::MessageAction).unwrap();
    let events = choose(&mut g, 1);
    assert_eq!(message_scores(&events), vec![(RED, 2, false, 1)]);
}

/// Message 5, 2 points per knight: two followers and a large follower in cities, the large one
/// counting once (D-MS-8): 6.
#[test]
fn message_5_knights() {
    let mut g = rich_board();
    draw_message(&mut g, Message::Knights);
    g.play(Action::MessageAction).unwrap();
    let events = choose(&mut g, 1);
    assert_eq!(message_scores(&events), vec![(RED, 6, false, 3)]);
}

/// Message 6, 2 points per farmer: one.
#[test]
fn message_6_farmers() {
    let mut g = rich_board();
    draw_message(&mut g, Message::Farmers);
    g.play(Action::MessageAction).unwrap();
    let events = choose(&mut g, 0);
    assert_eq!(message_scores(&events), vec![(RED, 2, false, 1)]);
    assert_eq!(values(&g, RED), (7, 0));
}

/// Message 8, score and return (D-MS-3): each of Red's followers may be named; with the
/// majority its feature is scored for him at the final scoring's rates and it goes home;
/// without it (road S: Blue's large follower) it goes home with no points.
#[test]
fn message_8_score_and_return() {
    let g = rich_board();
    let mut drawn = g.clone();
    draw_message(&mut drawn, Message::ScoreAndReturn);
    let mut legal = vec![Action::MessagePoints];
    legal.extend(rich_followers());
    assert_eq!(drawn.legal_actions(), legal);
    let returned = |events: &[Event]| {
        events
            .iter()
            .filter_map(|e| match e {
                Event::FigureReturned {
                    player,
                    figure,
                    pos,
                    ..
                } => Some((*player, *figure, *pos)),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    // (follower, points or None without the majority, figure choice when points are paid)
    let cases = [
        (0, Some(6)), // road R: 6 tiles, alone
        (2, Some(6)), // the monastery: 6
        (4, None),    // road S: Blue's large follower has the majority
        (5, Some(2)), // the city with a pennant, Red's large follower
        (6, Some(0)), // the farmer: no completed city beside the field
    ];
    for (k, points) in cases {
        let mut g = drawn.clone();
        let action = rich_followers()[k];
        let Action::MessageFollower { figure, pos, .. } = action else {
            unreachable!()
        };
        let mut events = g.play(action).unwrap();
        if g.pending() == Pending::ChooseScoringFigure {
            events.extend(choose(&mut g, 1));
        }
        let paid: Vec<u32> = message_scores(&events).iter().map(|s| s.1).collect();
        assert_eq!(paid, points.into_iter().collect::<Vec<_>>(), "{action}");
        assert_eq!(returned(&events), vec![(RED, figure, pos)], "{action}");
        assert_eq!(
            g.supply(RED, figure),
            drawn.supply(RED, figure) + 1,
            "{action}: home"
        );
        assert_eq!(g.figures().len(), drawn.figures().len() - 1);
        if k == 6 {
            let field = message_facts(&events).field.unwrap();
            assert_eq!((field.cities, field.points_per_city), (0, 3));
        }
    }
}

/// Bad input on a message in hand: an action for another message, one naming a feature that
/// is not of the lowest value or holds no follower of Red's, another player's follower, a
/// message action when no message is in hand — each refused naming why, the game unchanged.
#[test]
fn bad_message_actions_are_refused() {
    let mut g = rich_board();
    let before = g.clone();
    assert!(g.play(Action::MessagePoints).is_err(), "no message in hand");
    assert!(matches!(
        g.resolve(Outcome::Tile(tile("U"))),
        Err(carcassonne::DrawError::NoSuchOutcome(_))
    ));
    assert_eq!(g, before);
    draw_message(&mut g, Message::ShortestRoad);
    let before = g.clone();
    for bad in [
        Action::MessageAction,
        road(1, 0, "WE"), // road R: 6, not the lowest
        road(2, 1, "WE"), // road S, but not named by Red's follower
        city(1, -1),      // a city for the shortest road
        rich_followers()[0],
        Action::Pass,
        Action::ScoringFigure { figure: 1 },
    ] {
        let err = g.play(bad).unwrap_err();
        assert_eq!(g, before, "{bad}: {err}");
        if !matches!(bad, Action::Pass | Action::ScoringFigure { .. }) {
            assert!(
                matches!(err, PlayError::IllegalMessageAction { .. }),
                "{bad}: {err}"
            );
        }
    }
    let err = g.play(road(1, 0, "WE")).unwrap_err().to_string();
    assert!(err.contains("lowest value"), "{err}");
    // Score and return with Blue's large follower, or a figure Red has not there.
    let mut g = rich_board();
    draw_message(&mut g, Message::ScoreAndReturn);
    let before = g.clone();
    for bad in [
        Action::MessageFollower {
            figure: Figure::LargeFollower,
            pos: pos(1, 1),
            feature: carcassonne::FeatureKind::Road,
            location: "WE".parse().unwrap(),
        },
        Action::MessageFollower {
            figure: Figure::LargeFollower,
            pos: pos(1, 0),
            feature: carcassonne::FeatureKind::Road,
            location: "WE".parse().unwrap(),
        },
    ] {
        let err = g.play(bad).unwrap_err();
        assert!(
            matches!(err, PlayError::IllegalMessageAction { .. }),
            "{err}"
        );
        assert_eq!(g, before);
    }
    // Notation errors are parse errors.
    assert!("message_feature 1,0".parse::<Action>().is_err());
    assert!("message_points now".parse::<Action>().is_err());
    assert_eq!(
        "message_follower large_follower 4,-1 city EN"
            .parse::<Action>()
            .unwrap(),
        rich_followers()[5]
    );
}

/// A board where Red's roads tie (3 tiles each, both open, one follower of his on each) and so
/// do his monasteries (5 tiles around each); then Red closes a 5-tile road of his (0 → 5).
fn ties_board() -> Game {
    let tiles = ["U", "W", "U", "U", "U", "U", "B", "E", "B", "U", "W", "U"];
    let mut g = scenario_with(
        &["Red", "Blue"],
        Rules::default(),
        None,
        &tiles,
        &[TileSet::Messages],
    );
    part(&mut g, "U", (1, 0), 0, follower("R1"), &[]); // Red: road R
    part(&mut g, "W", (-1, 0), 0, None, &[]); // Blue: R's west end, Q's east end
    part(&mut g, "U", (-1, 1), 1, follower("R1"), &[]); // Red: the road that will trigger
    part(&mut g, "U", (-1, 2), 1, None, &[]); // Blue
    part(&mut g, "U", (-2, 0), 0, follower("R1"), &[]); // Red: road Q
    part(&mut g, "U", (-3, 0), 0, None, &[]); // Blue
    part(&mut g, "B", (0, 1), 0, follower("M1"), &[]); // Red: a monk
    part(&mut g, "E", (0, -1), 2, None, &[]); // Blue closes the start tile's city, empty
    part(&mut g, "B", (-2, 1), 0, follower("M1"), &[]); // Red: a monk
    part(&mut g, "U", (-1, 3), 1, None, &[]); // Blue
    part(&mut g, "W", (-1, 4), 2, None, &[]); // Red closes the 5-tile road
    assert_eq!(values(&g, RED), (5, 0));
    assert_eq!(g.pending(), Pending::DrawMessage);
    g
}

/// Messages 1 and 3 with ties (D-MS-11): two roads of 3, two monasteries of 6 — Red chooses,
/// and scores the one chosen.
#[test]
fn messages_1_and_3_with_ties() {
    let g = ties_board();
    let mut roads = g.clone();
    draw_message(&mut roads, Message::ShortestRoad);
    assert_eq!(
        roads.legal_actions(),
        vec![Action::MessagePoints, road(1, 0, "WE"), road(-2, 0, "WE")]
    );
    roads.play(road(-2, 0, "WE")).unwrap();
    let events = choose(&mut roads, 1);
    assert_eq!(message_scores(&events), vec![(RED, 3, false, 0)]);
    assert_eq!(message_facts(&events).feature.unwrap().pos, pos(-2, 0));

    let mut monasteries = g.clone();
    draw_message(&mut monasteries, Message::SmallestMonastery);
    let monastery = |x, y| Action::MessageFeature {
        pos: pos(x, y),
        feature: carcassonne::FeatureKind::Monastery,
        location: "I".parse().unwrap(),
    };
    assert_eq!(
        monasteries.legal_actions(),
        vec![Action::MessagePoints, monastery(0, 1), monastery(-2, 1)]
    );
    monasteries.play(monastery(0, 1)).unwrap();
    let events = choose(&mut monasteries, 1);
    assert_eq!(message_scores(&events), vec![(RED, 6, false, 0)]);
    // With no knight of Red's the city messages have nothing to act on.
    for m in [
        Message::SmallestCity,
        Message::CoatsOfArms,
        Message::Knights,
    ] {
        let mut x = g.clone();
        draw_message(&mut x, m);
        assert_eq!(
            x.pending(),
            Pending::ChooseScoringFigure,
            "{m}: its seal at once"
        );
        let events = choose(&mut x, 1);
        assert_eq!(message_scores(&events), vec![(RED, 2, true, 0)], "{m}");
    }
}

/// Red's 5-tile road closed by himself leaves him no follower on the board; `left` tiles stay
/// in the stack.
fn bare_board(left: &[&str]) -> Game {
    let mut tiles = vec!["U", "U", "W", "U", "U", "U", "W"];
    tiles.extend_from_slice(left);
    let mut g = scenario_with(
        &["Red", "Blue"],
        Rules::default(),
        None,
        &tiles,
        &[TileSet::Messages],
    );
    part(&mut g, "U", (1, 0), 0, follower("R1"), &[]); // Red
    part(&mut g, "U", (0, 1), 0, None, &[]); // Blue
    part(&mut g, "W", (-1, 0), 0, None, &[]); // Red
    part(&mut g, "U", (0, 2), 0, None, &[]); // Blue
    part(&mut g, "U", (2, 0), 0, None, &[]); // Red
    part(&mut g, "U", (0, 3), 0, None, &[]); // Blue
    part(&mut g, "W", (3, 0), 0, None, &[]); // Red closes his road: 5 tiles
    assert!(g.figures().is_empty());
    assert_eq!(g.pending(), Pending::DrawMessage);
    g
}

/// Every message with nothing to act on (no follower of Red's on the board; for the extra
/// tile, no tile left) gives its seal's 2 points at once, no decision asked; the extra tile
/// with a tile left is asked.
#[test]
fn messages_with_nothing_to_act_on_give_their_seal() {
    for left in [&["U"][..], &[][..]] {
        for m in Message::ALL {
            let mut g = bare_board(left);
            let events = draw_message(&mut g, m);
            assert_eq!(messages_drawn(&events), vec![(RED, m)]);
            if m == Message::ExtraTile && !left.is_empty() {
                assert_eq!(g.pending(), Pending::ResolveMessage { message: m });
                assert_eq!(
                    g.legal_actions(),
                    vec![Action::MessagePoints, Action::MessageAction]
                );
                continue;
            }
            assert_eq!(
                g.pending(),
                Pending::ChooseScoringFigure,
                "{m}: the seal at once"
            );
            assert_eq!(g.message_in_hand(), None, "{m}");
            assert_eq!(g.messages_under_deck(), vec![m]);
            let events = choose(&mut g, 1);
            assert_eq!(message_scores(&events), vec![(RED, 2, true, 0)], "{m}");
            if left.is_empty() {
                assert!(g.is_over(), "the last tile was laid");
            } else {
                assert_eq!(values(&g, RED), (5, 2));
            }
        }
    }
}

/// TS-16, message 7 with gold (M.7, D-MS-7): the extra tile completes Red's road whose tiles
/// carry 2 ingots; the road is scored, then the nested part's gold step gives Red both ingots,
/// before the outer phase 4 goes on (and ends Red's turn).
#[test]
fn ts_16_message_7_with_gold() {
    let tiles = ["GM-08", "W", "U", "U", "U", "U", "W", "W", "U"];
    let mut g = scenario_with(
        &["Red", "Blue"],
        Rules::default(),
        None,
        &tiles,
        &[TileSet::Messages, TileSet::GoldMines],
    );
    let events = part(&mut g, "GM-08", (1, 0), 0, follower("R2"), &[]); // Red: road G
    let ingots: Vec<Position> = events
        .iter()
        .filter_map(|e| match e {
            Event::IngotPlaced { pos } => Some(*pos),
            _ => None,
        })
        .collect();
    assert_eq!(
        ingots,
        vec![pos(1, 0), pos(0, 0)],
        "the second forced beside it"
    );
    part(&mut g, "W", (-1, 0), 0, None, &[]); // Blue: road G's west end
    part(&mut g, "U", (-1, 1), 1, follower("R1"), &[]); // Red: the road that will trigger
    part(&mut g, "U", (-1, 2), 1, None, &[]); // Blue
    part(&mut g, "U", (-1, 3), 1, None, &[]); // Red
    part(&mut g, "U", (1, 1), 1, None, &[]); // Blue
    part(&mut g, "W", (-1, 4), 2, None, &[]); // Red: 5 tiles, 0 → 5
    assert_eq!(
        g.ingots_on_board(),
        vec![(pos(1, 0), 1), (pos(0, 0), 1)],
        "the trigger road claims no ingot"
    );
    draw_message(&mut g, Message::ExtraTile);
    let events = g.play(Action::MessageAction).unwrap();
    assert!(events.is_empty());
    assert_eq!(g.pending(), Pending::Draw, "the extra tile is drawn");
    assert_eq!((g.active_player(), g.current_player()), (RED, RED));
    assert!(!g.is_second_part());
    let mut events = part(&mut g, "W", (2, 0), 0, None, &[1]); // completes road G: 4 tiles
    assert_eq!(message_scores(&events), vec![]);
    let scores = common::scores(&events);
    assert_eq!((scores[0].player, scores[0].points), (RED, 4));
    assert!(
        matches!(scores[0].reason, Reason::Feature(_)),
        "a tile-triggered score"
    );
    assert_eq!(values(&g, RED), (5, 4));
    let taken: Vec<(usize, Position)> = events
        .iter()
        .filter_map(|e| match e {
            Event::IngotTaken { player, pos } => Some((*player, *pos)),
            _ => None,
        })
        .collect();
    assert_eq!(taken.len(), 2);
    assert!(taken.iter().all(|&(p, _)| p == RED));
    assert_eq!(g.ingots(RED), 2);
    // The ingots were taken before the outer part went on to the next player.
    let last_ingot = events
        .iter()
        .rposition(|e| matches!(e, Event::IngotTaken { .. }))
        .unwrap();
    events.drain(..=last_ingot);
    assert!(events.iter().all(|e| !matches!(e, Event::Scored(_))));
    assert_eq!(g.pending(), Pending::Draw);
    assert_eq!(
        g.active_player(),
        BLUE,
        "4 is no dark space: no chain, Blue's turn"
    );
}

/// A robber on a messenger (§3.6.4, CLAR WICA 5/2013): Blue's robber on Red's messenger's space
/// robs when the messenger leaves it with points, not when the scoring figure scores.
#[test]
fn a_robber_on_a_messenger() {
    let tiles = [
        "U", "U", "D", "U", "L", "W", "U", "W", "U", "RB-02", "W", "U",
    ];
    let setup = |tiles: &[&str]| {
        let mut g = scenario_with(
            &["Red", "Blue"],
            Rules::default(),
            None,
            tiles,
            &[TileSet::Messages, TileSet::Robbers],
        );
        seven_and_three(&mut g, 2);
        part(&mut g, "U", (-3, 1), 1, follower("R1"), &[]); // Red: road C
        common::draw_and_place(&mut g, "RB-02", (4, 0), 1); // Blue: a robber tile
        assert_eq!(
            (g.pending(), g.current_player()),
            (Pending::PlaceRobber, BLUE)
        );
        let mut legal = g.legal_actions();
        legal.sort();
        assert_eq!(
            legal,
            vec![
                Action::PlaceRobber { space: 3 },
                Action::PlaceRobber { space: 7 },
                Action::Pass
            ],
            "beside the scoring figure or the messenger"
        );
        g.play(Action::PlaceRobber { space: 3 }).unwrap();
        assert_eq!(
            (g.pending(), g.current_player()),
            (Pending::PlaceRobber, RED)
        );
        g.play(Action::Pass).unwrap();
        common::deploy_or_pass(&mut g, "RB-02", (4, 0), 1, None);
        part(&mut g, "W", (-3, 2), 2, None, &[]); // Red closes road C: 3 points
        g
    };
    // The messenger leaves space 3: Blue robs 2 (its figures both on 0: the scoring figure);
    // Red lands on 6, no message.
    let mut g = setup(&tiles);
    let events = choose(&mut g, 1);
    let robbery = common::scores(&events)
        .into_iter()
        .find(|s| matches!(s.reason, Reason::Robbery(_)))
        .expect("a robbery");
    assert_eq!((robbery.player, robbery.points), (BLUE, 2));
    assert_eq!(values(&g, BLUE), (2, 0));
    assert_eq!(values(&g, RED), (7, 6));
    assert_eq!(messages_drawn(&events), vec![]);
    // The scoring figure leaves 7 instead: no robbery, and 10 earns a message.
    let mut g = setup(&tiles);
    let events = choose(&mut g, 0);
    assert!(common::scores(&events)
        .iter()
        .all(|s| !matches!(s.reason, Reason::Robbery(_))));
    assert_eq!(g.robber(BLUE), Some(carcassonne::RobberState::OnTrack(3)));
    assert_eq!(g.pending(), Pending::DrawMessage);
}

/// The extra tile is a turn part nested in the current one (M.7, D-MS-7): it extends the road
/// of Red's builder, yet no builder's part follows (the main part's tile did not extend it);
/// and after it the outer part's own steps go on with the outer tile: its crop circle's round
/// comes after the nested part (D-CR-2's counterpart), before the next player's turn.
#[test]
fn the_extra_tile_is_a_nested_turn_part() {
    let tiles = ["U", "W", "U", "U", "U", "U", "CC2-03", "U", "U"];
    let mut g = scenario_with(
        &["Red", "Blue"],
        Rules::default(),
        None,
        &tiles,
        &[
            TileSet::Messages,
            TileSet::TradersAndBuilders,
            TileSet::CropCircles,
        ],
    );
    part(&mut g, "U", (1, 0), 0, follower("R1"), &[]); // Red: road R
    part(&mut g, "W", (0, 1), 0, None, &[]); // Blue
    part(&mut g, "U", (2, 0), 0, Some((Figure::Builder, "R1")), &[]); // Red's builder on R
    part(&mut g, "U", (2, 1), 0, None, &[]); // Blue
    part(&mut g, "U", (1, 1), 0, follower("R1"), &[]); // Red: the road that will trigger
    part(&mut g, "U", (3, 1), 0, None, &[]); // Blue
                                             // Red closes the 5-tile road with a crop-circle tile away from road R.
    part(&mut g, "CC2-03", (4, 1), 1, None, &[]);
    assert_eq!(values(&g, RED), (5, 0));
    draw_message(&mut g, Message::ExtraTile);
    g.play(Action::MessageAction).unwrap();
    assert_eq!(g.pending(), Pending::Draw);
    part(&mut g, "U", (3, 0), 0, None, &[]); // the extra tile extends road R
                                             // Back in the outer part: its crop circle (the outer tile's), then Blue's turn — no
                                             // builder's part for the extra tile.
    assert_eq!(
        (g.pending(), g.current_player()),
        (Pending::CropOption, RED)
    );
    assert_eq!(g.crop_round().unwrap().pos, pos(4, 1));
    g.play(Action::CropOption {
        option: carcassonne::CropOption::Deploy,
    })
    .unwrap();
    assert_eq!(g.pending(), Pending::Draw);
    assert_eq!(
        g.active_player(),
        BLUE,
        "no builder's part from the extra tile"
    );
    assert!(!g.is_second_part());
}

/// The extra tile with no tile that fits: it is discarded and another drawn (D-MS-12, B-3.5);
/// with none left the message ends, and the turn goes on.
#[test]
fn an_extra_tile_that_fits_nowhere_is_replaced() {
    // A board of roads and fields only (the start tile is a straight road): the city tile C
    // fits nowhere. Red closes a 5-tile road of his own.
    let board = |left: &[&str]| {
        let mut tiles = vec!["U", "U", "W", "U", "U", "U", "W"];
        tiles.extend_from_slice(left);
        let mut g = scenario_with(
            &["Red", "Blue"],
            Rules::default(),
            Some("U"),
            &tiles,
            &[TileSet::Messages],
        );
        part(&mut g, "U", (1, 0), 0, follower("R1"), &[]); // Red
        part(&mut g, "U", (0, 1), 0, None, &[]); // Blue
        part(&mut g, "W", (-1, 0), 0, None, &[]); // Red
        part(&mut g, "U", (0, -1), 0, None, &[]); // Blue
        part(&mut g, "U", (2, 0), 0, None, &[]); // Red
        part(&mut g, "U", (0, 2), 0, None, &[]); // Blue
        part(&mut g, "W", (3, 0), 0, None, &[]); // Red: 5 tiles, 0 → 5
        draw_message(&mut g, Message::ExtraTile);
        g.play(Action::MessageAction).unwrap();
        assert_eq!(g.pending(), Pending::Draw, "the extra tile");
        g
    };
    let mut g = board(&["C", "U"]);
    let events = g.draw(tile("C")).unwrap();
    assert!(events.contains(&Event::TileDiscarded {
        player: RED,
        tile: tile("C")
    }));
    assert_eq!(
        g.pending(),
        Pending::Draw,
        "another draw for the extra tile"
    );
    assert_eq!(g.active_player(), RED);
    part(&mut g, "U", (4, 0), 0, None, &[]);
    assert!(g.is_over(), "the extra tile was the last");
    // With nothing left after the discard the message ends, and so does the game.
    let mut g = board(&["C"]);
    let events = g.draw(tile("C")).unwrap();
    assert!(events.contains(&Event::TileDiscarded {
        player: RED,
        tile: tile("C")
    }));
    assert!(g.is_over());
}

/// The SVG draws the messenger (a ring) beside the scoring figure, and names the message in
/// hand with its number in the game's numbering (C1 by default; C2 selectable).
#[test]
fn the_svg_shows_the_messenger_and_the_message_in_hand() {
    for (numbering, number) in [
        (carcassonne::MessageNumbering::C1, "#5"),
        (carcassonne::MessageNumbering::C2, "#6"),
    ] {
        let mut rules = Rules::default();
        rules.message_numbering = numbering;
        let mut g = ts16_main(rules, &[]);
        choose(&mut g, 0);
        draw_message(&mut g, Message::Knights);
        let svg = carcassonne::render::board_svg(&g);
        assert!(
            svg.contains("player 1 messenger: 3 points"),
            "the messenger"
        );
        assert!(svg.contains("player 1 scoring figure: 10 points"));
        assert!(
            svg.contains(&format!("player 1 holds message {number} (knights)")),
            "{numbering:?}"
        );
        assert!(svg.contains("the deck: 7 never drawn, 0 under it"));
    }
}
