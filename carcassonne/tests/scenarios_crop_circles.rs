//! Crop Circles (spec `expansions.md` §3.7): TS-30 and TS-31 as tests named after them, and the
//! rules around them — a circle in the first part of a builder's double turn (CR.5), large
//! followers and the builders and pigs left alone (D-CR-1), ringmasters (Under the Big Top)
//! added, returned and taken as reference figures as followers of the kind of feature they
//! stand in (§3.7.4), figures in the City of Carcassonne's quarters ignored (D-C-11), the
//! prompt when nobody can act (CR.4, and JCloisterZone's reading), a field circle without
//! farmers, Crop Circles I, and refused actions that change nothing. Positions are ours; the
//! boards are laid out with real tiles.

mod common;

use carcassonne::{
    Action, Config, CropOption, Event, FeatureKind, Figure, Game, Location, Pending, PlayError,
    Position, Quarter, Rules, TileSet,
};
use common::{scenario_with, tile, turn_events, turn_with};

fn pos(x: i32, y: i32) -> Position {
    Position::new(x, y)
}

fn loc(text: &str) -> Location {
    text.parse().unwrap()
}

fn crop_game(names: &[&str], extra: &[TileSet], start: Option<&str>, tiles: &[&str]) -> Game {
    crop_game_with(names, Rules::default(), extra, start, tiles)
}

fn crop_game_with(
    names: &[&str],
    rules: Rules,
    extra: &[TileSet],
    start: Option<&str>,
    tiles: &[&str],
) -> Game {
    let mut sets = vec![TileSet::CropCircles, TileSet::CropCircles1];
    sets.retain(|s| tiles.iter().any(|t| tile(t).kind().set == *s));
    if sets.is_empty() {
        sets.push(TileSet::CropCircles);
    }
    sets.extend_from_slice(extra);
    scenario_with(names, rules, start, tiles, &sets)
}

fn crop_deploy(figure: Figure, x: i32, y: i32, feature: FeatureKind, at: &str) -> Action {
    Action::CropDeploy {
        figure,
        pos: pos(x, y),
        feature,
        location: loc(at),
    }
}

fn crop_return(figure: Figure, x: i32, y: i32, feature: FeatureKind, at: &str) -> Action {
    Action::CropReturn {
        figure,
        pos: pos(x, y),
        feature,
        location: loc(at),
    }
}

/// `player`'s figures on the board: (figure, position, feature, location), in deployment order.
fn figures_of(g: &Game, player: usize) -> Vec<(Figure, Position, FeatureKind, String)> {
    g.figures()
        .into_iter()
        .filter(|f| f.player == player)
        .map(|f| (f.figure, f.pos, f.feature, f.location.to_string()))
        .collect()
}

/// Plays `action`, which must be legal, and returns its events.
fn play(g: &mut Game, action: Action) -> Vec<Event> {
    assert!(
        g.legal_actions().contains(&action),
        "{action} is not among {:?}",
        g.legal_actions()
    );
    g.play(action).unwrap_or_else(|e| panic!("{action}: {e}"))
}

/// Plays `action`, which must be refused with an error of the crop circles naming why, and
/// checks that the game did not change.
fn refused(g: &mut Game, action: Action) -> String {
    let before = g.clone();
    let err = g.play(action).expect_err("refused");
    assert!(
        matches!(
            err,
            PlayError::IllegalCropAction { .. } | PlayError::WrongDecision { .. }
        ),
        "{action}: {err}"
    );
    assert!(*g == before, "{action} changed the game");
    assert!(!g.is_legal(action));
    err.to_string()
}

/// The TS-30 board: Red, Green, Blue; Red a knight in city Y at (0, 1), Green a knight in city
/// X at (1, 1), Blue a highwayman; then Red lays CC2-05 at (-1, 1) (two separate cities N and
/// S) and puts a knight in its city N.
fn ts30_board() -> Game {
    let tiles = ["E", "E", "U", "CC2-05", "B"];
    let mut g = crop_game(&["Red", "Green", "Blue"], &[], None, &tiles);
    turn_with(&mut g, "E", (0, 1), 2, Some((Figure::Follower, "C1"))); // Red: city Y
    turn_with(&mut g, "E", (1, 1), 2, Some((Figure::Follower, "C1"))); // Green: city X
    turn_with(&mut g, "U", (1, 0), 0, Some((Figure::Follower, "R1"))); // Blue: a highwayman
    let events = turn_events(&mut g, "CC2-05", (-1, 1), 0, Some((Figure::Follower, "C1")));
    assert!(common::scores(&events).is_empty(), "nothing completed");
    g
}

/// TS-30 (option A; the S003 example): Red lays the shield circle and deploys a knight in its
/// city N, then chooses A. Green adds a knight to city X, Blue (no knight) is skipped, and Red
/// may add a knight to city N of the new tile or to his city Y — not to its city S.
#[test]
fn ts30_option_a_adds_knights_where_players_have_knights() {
    let mut g = ts30_board();
    assert_eq!(g.pending(), Pending::CropOption);
    assert_eq!((g.current_player(), g.active_player()), (0, 0));
    let round = g.crop_round().unwrap();
    assert_eq!(
        (round.pos, round.circle, round.option),
        (pos(-1, 1), FeatureKind::City, None)
    );
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::CropOption {
                option: CropOption::Deploy
            },
            Action::CropOption {
                option: CropOption::Return
            },
        ]
    );
    assert!(!g.can_pass(), "the choice is mandatory (CR.1)");
    let events = play(
        &mut g,
        Action::CropOption {
            option: CropOption::Deploy,
        },
    );
    assert_eq!(
        events,
        vec![Event::CropOptionChosen {
            player: 0,
            option: CropOption::Deploy,
            circle: FeatureKind::City,
            pos: pos(-1, 1),
        }]
    );
    // Green, on the left of Red: one knight more in city X only.
    assert_eq!(g.pending(), Pending::CropDeploy);
    assert_eq!((g.current_player(), g.active_player()), (1, 0));
    let x = crop_deploy(Figure::Follower, 1, 1, FeatureKind::City, "S");
    assert_eq!(g.legal_actions(), vec![x, Action::Pass]);
    // Not onto Red's city Y, nor onto the highwayman's road.
    let why = refused(
        &mut g,
        crop_deploy(Figure::Follower, 0, 1, FeatureKind::City, "S"),
    );
    assert!(why.contains("already has a follower"), "{why}");
    let why = refused(
        &mut g,
        crop_deploy(Figure::Follower, 1, 0, FeatureKind::Road, "WE"),
    );
    assert!(why.contains("circle's kind"), "{why}");
    let events = play(&mut g, x);
    assert_eq!(
        events,
        vec![Event::FigureDeployed {
            player: 1,
            figure: Figure::Follower,
            pos: pos(1, 1),
            feature: FeatureKind::City,
            location: loc("S"),
        }]
    );
    // Blue has a highwayman but no knight: skipped. Red last: city Y or city N of the new
    // tile, not its city S.
    assert_eq!(g.pending(), Pending::CropDeploy);
    assert_eq!(g.current_player(), 0);
    let y = crop_deploy(Figure::Follower, 0, 1, FeatureKind::City, "S");
    let n = crop_deploy(Figure::Follower, -1, 1, FeatureKind::City, "N");
    assert_eq!(g.legal_actions(), vec![y, n, Action::Pass]);
    let why = refused(
        &mut g,
        crop_deploy(Figure::Follower, -1, 1, FeatureKind::City, "S"),
    );
    assert!(why.contains("already has a follower"), "{why}");
    refused(
        &mut g,
        Action::CropOption {
            option: CropOption::Return,
        },
    );
    play(&mut g, n);
    // The round is over: Green draws next.
    assert_eq!(g.pending(), Pending::Draw);
    assert_eq!(g.active_player(), 1);
    assert!(g.crop_round().is_none());
    assert_eq!(
        figures_of(&g, 0),
        vec![
            (Figure::Follower, pos(0, 1), FeatureKind::City, "S".into()),
            (Figure::Follower, pos(-1, 1), FeatureKind::City, "N".into()),
            (Figure::Follower, pos(-1, 1), FeatureKind::City, "N".into()),
        ]
    );
    assert_eq!(g.followers_in_supply(0), 4);
    assert_eq!(g.followers_in_supply(1), 5);
    assert_eq!(g.followers_in_supply(2), 6);
    // The picture shows the circle and its kind; the text board marks it.
    let svg = carcassonne::render::board_svg(&g);
    assert_eq!(
        svg.matches("<title>crop circle: knights (city)</title>")
            .count(),
        1
    );
    assert!(carcassonne::render::board_text(&g).contains('@'));
}

/// TS-30 with option B: every player with a knight takes one back — Green its only one, Red
/// one of his two; Blue's highwayman stays. Returning is mandatory, only a player's own
/// follower of the circle's kind, and the option is chosen once.
#[test]
fn ts30_option_b_takes_knights_back() {
    let mut g = ts30_board();
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Return,
        },
    );
    let why = refused(
        &mut g,
        Action::CropOption {
            option: CropOption::Deploy,
        },
    );
    assert!(why.contains("already chosen"), "{why}");
    assert_eq!(g.pending(), Pending::CropReturn);
    assert_eq!(g.current_player(), 1);
    assert!(!g.can_pass(), "option B is mandatory");
    let why = refused(&mut g, Action::Pass);
    assert!(why.contains("mandatory"), "{why}");
    // Not Red's knight, not Blue's highwayman (another kind).
    refused(
        &mut g,
        crop_return(Figure::Follower, 0, 1, FeatureKind::City, "S"),
    );
    let why = refused(
        &mut g,
        crop_return(Figure::Follower, 1, 0, FeatureKind::Road, "WE"),
    );
    assert!(why.contains("circle's kind"), "{why}");
    let x = crop_return(Figure::Follower, 1, 1, FeatureKind::City, "S");
    assert_eq!(g.legal_actions(), vec![x]);
    let events = play(&mut g, x);
    assert_eq!(
        events,
        vec![Event::FigureReturned {
            player: 1,
            figure: Figure::Follower,
            pos: pos(1, 1),
            feature: FeatureKind::City,
            location: loc("S"),
        }]
    );
    // Blue skipped; Red chooses which knight; a large follower he does not have is refused.
    assert_eq!((g.pending(), g.current_player()), (Pending::CropReturn, 0));
    let y = crop_return(Figure::Follower, 0, 1, FeatureKind::City, "S");
    let n = crop_return(Figure::Follower, -1, 1, FeatureKind::City, "N");
    assert_eq!(g.legal_actions(), vec![y, n]);
    let why = refused(
        &mut g,
        crop_return(Figure::LargeFollower, -1, 1, FeatureKind::City, "N"),
    );
    assert!(why.contains("no such follower"), "{why}");
    play(&mut g, y);
    assert_eq!(g.pending(), Pending::Draw);
    assert_eq!(
        figures_of(&g, 0),
        vec![(Figure::Follower, pos(-1, 1), FeatureKind::City, "N".into())]
    );
    assert!(figures_of(&g, 1).is_empty());
    assert_eq!(figures_of(&g, 2).len(), 1, "Blue's highwayman stays");
    assert_eq!(
        (0..3).map(|p| g.followers_in_supply(p)).collect::<Vec<_>>(),
        vec![6, 7, 6]
    );
}

/// TS-31 (option B; the S003 example): Green lays the pitchfork circle CC2-03 so that its city
/// completes a 2-tile city with Green's knight (Green +4, the knight returns), then chooses B:
/// Blue and Red each take a farmer back; Green has none (his monk is never affected).
#[test]
fn ts31_option_b_returns_farmers() {
    let tiles = ["B", "U", "U", "CC2-03", "E"];
    let mut g = crop_game(&["Green", "Blue", "Red"], &[], Some("E"), &tiles);
    turn_with(&mut g, "B", (0, 1), 0, Some((Figure::Follower, "M1"))); // Green: a monk
    turn_with(&mut g, "U", (1, 0), 1, Some((Figure::Follower, "F1"))); // Blue: a farmer
    turn_with(&mut g, "U", (-1, 0), 1, Some((Figure::Follower, "F2"))); // Red: a farmer
    let blue = figures_of(&g, 1);
    let red = figures_of(&g, 2);
    assert_eq!(
        (blue[0].2, red[0].2),
        (FeatureKind::Field, FeatureKind::Field)
    );
    let events = turn_events(&mut g, "CC2-03", (0, -1), 2, Some((Figure::Follower, "C1")));
    let scores = common::scores(&events);
    assert_eq!(
        common::summary(&scores),
        vec![(0, 4, FeatureKind::City)],
        "Green +4 for the 2-tile city"
    );
    assert_eq!(g.score(0), 4);
    assert_eq!(g.pending(), Pending::CropOption);
    assert_eq!(g.crop_round().unwrap().circle, FeatureKind::Field);
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Return,
        },
    );
    for (player, figures) in [(1, &blue), (2, &red)] {
        assert_eq!(
            (g.pending(), g.current_player()),
            (Pending::CropReturn, player)
        );
        let (figure, at, feature, location) = &figures[0];
        let action = crop_return(*figure, at.x, at.y, *feature, location);
        assert_eq!(g.legal_actions(), vec![action]);
        play(&mut g, action);
    }
    // Green has no farmer: nothing to return; the next turn is Blue's.
    assert_eq!(g.pending(), Pending::Draw);
    assert_eq!(g.active_player(), 1);
    assert_eq!(
        figures_of(&g, 0),
        vec![(
            Figure::Follower,
            pos(0, 1),
            FeatureKind::Monastery,
            "I".into()
        )]
    );
    assert!(figures_of(&g, 1).is_empty() && figures_of(&g, 2).is_empty());
    assert_eq!(g.scores(), vec![4, 0, 0]);
}

/// CR.5: a crop circle laid in the first part of a builder's double turn is resolved before
/// the second tile is drawn.
#[test]
fn crop_circle_in_the_first_part_of_a_double_turn() {
    let tiles = ["U", "E", "V", "E", "CC2-01", "E", "B"];
    let mut g = crop_game(
        &["Red", "Blue"],
        &[TileSet::TradersAndBuilders],
        None,
        &tiles,
    );
    turn_with(&mut g, "U", (1, 0), 0, Some((Figure::Follower, "R1"))); // Red: a highwayman
    turn_with(&mut g, "E", (0, 1), 2, None);
    turn_with(&mut g, "V", (2, 0), 0, Some((Figure::Builder, "R1"))); // Red's builder
    turn_with(&mut g, "E", (-1, 1), 2, None);
    // CC2-01 turned 90°: its road N–W curve meets the builder's road at (2, 0); the club
    // circle ends its road S.
    let events = turn_events(&mut g, "CC2-01", (2, 1), 1, None);
    assert!(common::scores(&events).is_empty());
    assert!(!g.is_second_part(), "the first part is not over");
    assert_eq!((g.pending(), g.current_player()), (Pending::CropOption, 0));
    assert_eq!(g.crop_round().unwrap().circle, FeatureKind::Road);
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Deploy,
        },
    );
    // Blue has no highwayman: only Red adds one, onto his road (not next to the builder: the
    // builder is no reference figure).
    assert_eq!((g.pending(), g.current_player()), (Pending::CropDeploy, 0));
    let road = crop_deploy(Figure::Follower, 1, 0, FeatureKind::Road, "WE");
    assert_eq!(g.legal_actions(), vec![road, Action::Pass]);
    let why = refused(
        &mut g,
        crop_deploy(Figure::Builder, 1, 0, FeatureKind::Road, "WE"),
    );
    assert!(why.contains("never a builder"), "{why}");
    play(&mut g, road);
    // Now the second part: Red draws again.
    assert_eq!(g.pending(), Pending::Draw);
    assert_eq!(g.active_player(), 0);
    assert!(g.is_second_part());
    turn_with(&mut g, "E", (3, 0), 1, None);
    assert_eq!(g.active_player(), 1, "then Blue's turn");
}

/// D-CR-1 with Inns & Cathedrals and Traders & Builders: a large follower is a reference
/// figure; option B takes it back, and the builder left without its owner's follower goes back
/// with it. The builder's double turn, earned when the circle's tile extended its road, follows
/// the round.
#[test]
fn large_followers_count_and_a_lonely_builder_goes_home() {
    let tiles = ["U", "E", "U", "E", "CC2-01", "E", "E"];
    let mut g = crop_game(
        &["Red", "Blue"],
        &[TileSet::InnsAndCathedrals, TileSet::TradersAndBuilders],
        None,
        &tiles,
    );
    turn_with(&mut g, "U", (1, 0), 0, Some((Figure::LargeFollower, "R1")));
    turn_with(&mut g, "E", (0, 1), 2, None);
    turn_with(&mut g, "U", (2, 0), 0, Some((Figure::Builder, "R1")));
    turn_with(&mut g, "E", (-1, 1), 2, None);
    // The club circle CC2-01 extends Red's road (with his builder).
    turn_with(&mut g, "CC2-01", (3, 0), 0, None);
    assert_eq!((g.pending(), g.current_player()), (Pending::CropOption, 0));
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Return,
        },
    );
    // Blue has no highwayman; Red returns his large follower, and the builder goes with it.
    assert_eq!((g.pending(), g.current_player()), (Pending::CropReturn, 0));
    let large = crop_return(Figure::LargeFollower, 1, 0, FeatureKind::Road, "WE");
    assert_eq!(g.legal_actions(), vec![large]);
    let events = play(&mut g, large);
    let returned: Vec<(Figure, Position)> = events
        .iter()
        .filter_map(|e| match e {
            Event::FigureReturned { figure, pos, .. } => Some((*figure, *pos)),
            _ => None,
        })
        .collect();
    assert_eq!(
        returned,
        vec![
            (Figure::LargeFollower, pos(1, 0)),
            (Figure::Builder, pos(2, 0))
        ]
    );
    assert!(figures_of(&g, 0).is_empty());
    assert_eq!(g.supply(0, Figure::LargeFollower), 1);
    assert_eq!(g.supply(0, Figure::Builder), 1);
    assert!(g.is_second_part());
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 0));
}

/// Option A with a large follower in supply: each follower kind in supply may be added.
#[test]
fn option_a_offers_every_follower_kind_in_supply() {
    let tiles = ["U", "E", "CC2-01", "E"];
    let mut g = crop_game(
        &["Red", "Blue"],
        &[TileSet::InnsAndCathedrals],
        None,
        &tiles,
    );
    turn_with(&mut g, "U", (1, 0), 0, Some((Figure::Follower, "R1")));
    turn_with(&mut g, "E", (0, 1), 2, None);
    turn_with(&mut g, "CC2-01", (2, 0), 0, None);
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Deploy,
        },
    );
    assert_eq!((g.pending(), g.current_player()), (Pending::CropDeploy, 0));
    assert_eq!(
        g.legal_actions(),
        vec![
            crop_deploy(Figure::Follower, 1, 0, FeatureKind::Road, "WE"),
            crop_deploy(Figure::LargeFollower, 1, 0, FeatureKind::Road, "WE"),
            Action::Pass,
        ]
    );
    play(
        &mut g,
        crop_deploy(Figure::LargeFollower, 1, 0, FeatureKind::Road, "WE"),
    );
    assert_eq!(g.supply(0, Figure::LargeFollower), 0);
    assert_eq!(g.pending(), Pending::Draw);
}

/// CR.4: the active player chooses even when nobody has a follower of the circle's kind (and
/// then nobody acts); with JCloisterZone's reading the round is skipped only when no figure at
/// all is out of supply.
#[test]
fn the_option_is_asked_even_when_nobody_can_act() {
    let tiles = ["CC2-05", "E"];
    // Nobody has a figure at all.
    let mut g = crop_game(&["Red", "Blue"], &[], None, &tiles);
    turn_with(&mut g, "CC2-05", (0, 1), 1, None);
    assert_eq!(g.pending(), Pending::CropOption);
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Deploy,
        },
    );
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 1));
    // JCloisterZone's reading: no figure out of supply, no prompt.
    let mut g = crop_game_with(&["Red", "Blue"], Rules::jcloisterzone(), &[], None, &tiles);
    let events = turn_events(&mut g, "CC2-05", (0, 1), 1, None);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::CropOptionChosen { .. })));
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 1));
    // ... but a figure of any kind anywhere makes it ask, even with no knight on the board.
    let tiles = ["U", "CC2-05", "E"];
    let mut g = crop_game_with(&["Red", "Blue"], Rules::jcloisterzone(), &[], None, &tiles);
    turn_with(&mut g, "U", (1, 0), 0, Some((Figure::Follower, "R1")));
    turn_with(&mut g, "CC2-05", (0, 1), 1, None);
    assert_eq!((g.pending(), g.current_player()), (Pending::CropOption, 1));
}

/// Without the farmers rule a field circle has no effect: nothing is asked. A road or city
/// circle still is.
#[test]
fn a_field_circle_without_farmers_asks_nothing() {
    let mut rules = Rules::default();
    rules.farmers = false;
    let tiles = ["CC2-03", "CC2-05", "E"];
    let mut g = crop_game_with(&["Red", "Blue"], rules, &[], None, &tiles);
    turn_with(&mut g, "CC2-03", (0, 1), 1, None);
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 1));
    turn_with(&mut g, "CC2-05", (1, 1), 1, None);
    assert_eq!(g.pending(), Pending::CropOption);
}

/// The element switched off: the circle is printed on the tile (it ends roads) but no round
/// follows.
#[test]
fn the_element_switched_off_plays_the_tiles_as_ordinary_tiles() {
    let mut config = Config::new(2);
    config.sets.push(TileSet::CropCircles);
    config.elements.crop_circles = Some(false);
    config.explicit_draws = true;
    config.stack = Some(vec![tile("CC2-05"), tile("E")]);
    let mut g = Game::new(config, 0).unwrap();
    turn_with(&mut g, "CC2-05", (0, 1), 1, None);
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 1));
    assert!(!g.elements().crop_circles);
}

/// Crop Circles I: CC1-06's three roads end at the club circle; each is its own road.
#[test]
fn crop_circles_1_tiles_end_roads_at_the_circle() {
    let tiles = ["CC1-06", "E"];
    let mut g = crop_game(&["Red", "Blue"], &[], None, &tiles);
    assert!(g.config().sets.contains(&TileSet::CropCircles1));
    // CC1-06 turned 90°: roads E, N, W end at the circle; its road W meets the start's road E.
    let events = turn_events(&mut g, "CC1-06", (1, 0), 1, Some((Figure::Follower, "R1")));
    assert!(common::scores(&events).is_empty());
    assert_eq!(g.pending(), Pending::CropOption);
    assert_eq!(g.crop_round().unwrap().circle, FeatureKind::Road);
    // Both crop-circle sets together are refused (D-CR-3).
    let mut config = Config::new(2);
    config
        .sets
        .extend([TileSet::CropCircles, TileSet::CropCircles1]);
    let err = Game::new(config, 0).unwrap_err();
    assert!(err.to_string().contains("crop_circles1"), "{err}");
}

/// The notation of the crop circles' actions parses back, and a record with a round replays.
#[test]
fn crop_actions_round_trip_through_notation_and_records() {
    for text in [
        "crop_option deploy",
        "crop_option return",
        "crop_deploy large_follower -1,2 field NL.NR",
        "crop_return ringmaster 3,0 road WE",
    ] {
        let action: Action = text.parse().unwrap();
        assert_eq!(action.to_string(), text);
    }
    assert!("crop_option maybe".parse::<Action>().is_err());
    assert!("crop_deploy follower 1,0".parse::<Action>().is_err());
    let mut g = ts30_board();
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Return,
        },
    );
    play(
        &mut g,
        crop_return(Figure::Follower, 1, 1, FeatureKind::City, "S"),
    );
    let replayed = Game::from_json(&g.to_json()).unwrap();
    assert!(replayed == g);
}

/// The ringmasters' board (Under the Big Top): Red's ringmaster on the road of the start tile,
/// Blue's ringmaster on a field, Green's follower on a road south of the start; then Red lays
/// the club circle CC2-01 on the east end of his road. The round's option is pending.
fn ringmaster_board() -> Game {
    let tiles = ["U", "U", "V", "CC2-01", "E"];
    let mut g = crop_game(&["Red", "Blue", "Green"], &[TileSet::BigTop], None, &tiles);
    assert_eq!(g.supply(0, Figure::Ringmaster), 1);
    turn_with(&mut g, "U", (1, 0), 0, Some((Figure::Ringmaster, "R1")));
    turn_with(&mut g, "U", (-1, 0), 0, Some((Figure::Ringmaster, "F1")));
    turn_with(&mut g, "V", (0, 1), 0, Some((Figure::Follower, "R1")));
    let events = turn_events(&mut g, "CC2-01", (2, 0), 0, None);
    assert!(common::scores(&events).is_empty());
    assert_eq!((g.pending(), g.current_player()), (Pending::CropOption, 0));
    assert_eq!(g.crop_round().unwrap().circle, FeatureKind::Road);
    g
}

/// D-CR-1 / §3.7.4 with Under the Big Top, option A: a ringmaster is a follower of the kind
/// of feature it stands in. Blue's ringmaster on a field is no highwayman: Blue is skipped.
/// Green (a highwayman, his ringmaster in supply) may add a follower or his ringmaster to his
/// road and adds the ringmaster; Red's ringmaster on the road is his reference figure: he adds
/// a follower next to it.
#[test]
fn option_a_adds_a_ringmaster_and_a_ringmaster_is_a_reference_figure() {
    let mut g = ringmaster_board();
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Deploy,
        },
    );
    assert_eq!((g.pending(), g.current_player()), (Pending::CropDeploy, 2));
    let green_road = |figure| crop_deploy(figure, 0, 1, FeatureKind::Road, "SW");
    assert_eq!(
        g.legal_actions(),
        vec![
            green_road(Figure::Follower),
            green_road(Figure::Ringmaster),
            Action::Pass
        ]
    );
    let events = play(&mut g, green_road(Figure::Ringmaster));
    assert_eq!(
        events,
        vec![Event::FigureDeployed {
            player: 2,
            figure: Figure::Ringmaster,
            pos: pos(0, 1),
            feature: FeatureKind::Road,
            location: loc("SW"),
        }]
    );
    assert_eq!(g.supply(2, Figure::Ringmaster), 0);
    // Red: his ringmaster is out, so only a follower, onto the ringmaster's road.
    assert_eq!((g.pending(), g.current_player()), (Pending::CropDeploy, 0));
    let red_road = crop_deploy(Figure::Follower, 1, 0, FeatureKind::Road, "WE");
    assert_eq!(g.legal_actions(), vec![red_road, Action::Pass]);
    refused(
        &mut g,
        crop_deploy(Figure::Ringmaster, 1, 0, FeatureKind::Road, "WE"),
    );
    play(&mut g, red_road);
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 1));
    assert_eq!(
        figures_of(&g, 0),
        vec![
            (
                Figure::Ringmaster,
                pos(1, 0),
                FeatureKind::Road,
                "WE".into()
            ),
            (Figure::Follower, pos(1, 0), FeatureKind::Road, "WE".into()),
        ]
    );
    let blue: Vec<(Figure, Position, FeatureKind)> = figures_of(&g, 1)
        .into_iter()
        .map(|(f, p, k, _)| (f, p, k))
        .collect();
    assert_eq!(
        blue,
        vec![(Figure::Ringmaster, pos(-1, 0), FeatureKind::Field)],
        "Blue's farmer-ringmaster untouched"
    );
    assert_eq!(figures_of(&g, 2).len(), 2);
}

/// D-CR-1 with Under the Big Top, option B: Green returns his follower; Red, whose only
/// highwayman is his ringmaster, returns the ringmaster; Blue's ringmaster on a field stays.
#[test]
fn option_b_returns_a_ringmaster_standing_on_a_feature_of_the_circles_kind() {
    let mut g = ringmaster_board();
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Return,
        },
    );
    assert_eq!((g.pending(), g.current_player()), (Pending::CropReturn, 2));
    let green = crop_return(Figure::Follower, 0, 1, FeatureKind::Road, "SW");
    assert_eq!(g.legal_actions(), vec![green]);
    play(&mut g, green);
    assert_eq!((g.pending(), g.current_player()), (Pending::CropReturn, 0));
    let red = crop_return(Figure::Ringmaster, 1, 0, FeatureKind::Road, "WE");
    assert_eq!(g.legal_actions(), vec![red]);
    // Blue's ringmaster is not Red's to return, and is no highwayman anyway.
    let blue_field = {
        let f = &g.figures()[1];
        assert_eq!((f.player, f.figure), (1, Figure::Ringmaster));
        Action::CropReturn {
            figure: f.figure,
            pos: f.pos,
            feature: f.feature,
            location: f.location,
        }
    };
    refused(&mut g, blue_field);
    let events = play(&mut g, red);
    assert_eq!(
        events,
        vec![Event::FigureReturned {
            player: 0,
            figure: Figure::Ringmaster,
            pos: pos(1, 0),
            feature: FeatureKind::Road,
            location: loc("WE"),
        }]
    );
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 1));
    assert_eq!(g.supply(0, Figure::Ringmaster), 1);
    assert!(figures_of(&g, 0).is_empty() && figures_of(&g, 2).is_empty());
    let blue = figures_of(&g, 1);
    assert_eq!(
        (blue.len(), blue[0].0, blue[0].2),
        (1, Figure::Ringmaster, FeatureKind::Field)
    );
}

/// The quarters' board (the Count): Blue and Red each have a follower in the Castle, which
/// they entered after the other closed their city; Red has a knight in an open city east of
/// the City; then Blue lays the shield circle CC2-05 north of the City. The option is pending.
fn quarters_board() -> Game {
    let tiles = ["E", "E", "E", "E", "E", "CC2-05", "E"];
    let mut g = crop_game(&["Red", "Blue"], &[TileSet::Count], None, &tiles);
    let enter_castle = |g: &mut Game, player: usize| {
        assert_eq!(
            (g.pending(), g.current_player()),
            (Pending::EnterCity, player)
        );
        play(g, "enter follower castle".parse().unwrap());
        play(g, Action::Pass); // the Count stays
    };
    turn_with(&mut g, "E", (-2, -2), 0, Some((Figure::Follower, "C1"))); // Red's knight
    turn_with(&mut g, "E", (-2, -3), 2, None); // Blue closes it: Red +4
    enter_castle(&mut g, 1);
    turn_with(&mut g, "E", (2, 0), 1, Some((Figure::Follower, "C1"))); // Red: an open city
    turn_with(&mut g, "E", (-1, -2), 0, Some((Figure::Follower, "C1"))); // Blue's knight
    turn_with(&mut g, "E", (-1, -3), 2, None); // Red closes it: Blue +4
    enter_castle(&mut g, 0);
    assert_eq!(
        g.quarter_figures(Quarter::Castle),
        vec![(1, Figure::Follower), (0, Figure::Follower)]
    );
    assert_eq!(g.scores(), vec![4, 4]);
    let events = turn_events(&mut g, "CC2-05", (-2, -4), 1, None);
    assert!(common::scores(&events).is_empty());
    assert_eq!((g.pending(), g.current_player()), (Pending::CropOption, 1));
    assert_eq!(g.crop_round().unwrap().circle, FeatureKind::City);
    g
}

/// D-C-11, D-CR-1 (with the Count), option B: figures in the City's quarters are not on a
/// landscape tile. Red returns his knight on the board, never his follower in the Castle;
/// Blue, whose only figure out is in the Castle, is skipped; the Castle keeps both.
#[test]
fn option_b_ignores_figures_in_the_quarters() {
    let mut g = quarters_board();
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Return,
        },
    );
    assert_eq!((g.pending(), g.current_player()), (Pending::CropReturn, 0));
    // Red's only knight on the board: the one in the city at (2, 0).
    let knight = {
        let f = &g.figures()[0];
        assert_eq!(
            (f.player, f.pos, f.feature),
            (0, pos(2, 0), FeatureKind::City)
        );
        Action::CropReturn {
            figure: f.figure,
            pos: f.pos,
            feature: f.feature,
            location: f.location,
        }
    };
    let legal = g.legal_actions();
    assert_eq!(legal, vec![knight]);
    play(&mut g, legal[0]);
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 0));
    assert!(g.figures().is_empty());
    assert_eq!(
        g.quarter_figures(Quarter::Castle),
        vec![(1, Figure::Follower), (0, Figure::Follower)]
    );
}

/// D-C-11, D-CR-1 (with the Count), option A: a follower in the Castle is no reference figure.
/// Red adds a knight to his city on the board; Blue, with a follower in the Castle and none in
/// a city, is skipped.
#[test]
fn option_a_ignores_figures_in_the_quarters() {
    let mut g = quarters_board();
    play(
        &mut g,
        Action::CropOption {
            option: CropOption::Deploy,
        },
    );
    assert_eq!((g.pending(), g.current_player()), (Pending::CropDeploy, 0));
    let knight = {
        let f = &g.figures()[0];
        assert_eq!(
            (f.player, f.pos, f.feature),
            (0, pos(2, 0), FeatureKind::City)
        );
        Action::CropDeploy {
            figure: Figure::Follower,
            pos: f.pos,
            feature: f.feature,
            location: f.location,
        }
    };
    let legal = g.legal_actions();
    assert_eq!(legal, vec![knight, Action::Pass]);
    play(&mut g, legal[0]);
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 0));
    assert_eq!(figures_of(&g, 0).len(), 2);
    assert!(figures_of(&g, 1).is_empty());
    assert_eq!(g.quarter_figures(Quarter::Castle).len(), 2);
}
