//! Under the Big Top (spec `expansions.md` §2): TS-12, TS-13 and TS-14 as tests named after
//! them, and the rules around them — the big top at the end (before the other final scoring,
//! after the Count's Market), with a builder's double turn, the pyramid completed in a first
//! turn part, the animal pool as a chance node, and refused actions that change nothing.
//! Positions are ours (the start tile `D` at (0, 0)); the spec's boards are laid out with real
//! tiles around it.

mod common;

use carcassonne::{
    Action, Animal, Event, Figure, Game, Outcome, Pending, PlayError, Position, Reason, Rules,
    TileSet,
};
use common::{scenario_with, tile, turn, turn_events, turn_with};

fn circus(names: &[&str], extra: &[TileSet], rules: Rules, tiles: &[&str]) -> Game {
    let mut sets = vec![TileSet::BigTop];
    sets.extend_from_slice(extra);
    scenario_with(names, rules, None, tiles, &sets)
}

fn pos(x: i32, y: i32) -> Position {
    Position::new(x, y)
}

/// A turn part that lays `id` and sends a follower up the acrobat site at `site`.
fn acrobat_turn(g: &mut Game, id: &str, at: (i32, i32), r: u8, site: (i32, i32)) -> Vec<Event> {
    let mut events = g.draw(tile(id)).unwrap();
    let place = Action::Place {
        tile: tile(id),
        pos: pos(at.0, at.1),
        rotation: carcassonne::Rotation::from_quarter_turns(r),
    };
    events.extend(g.play(place).unwrap_or_else(|e| panic!("{place}: {e}")));
    let acrobat = Action::Acrobat {
        pos: pos(site.0, site.1),
    };
    events.extend(g.play(acrobat).unwrap_or_else(|e| panic!("{acrobat}: {e}")));
    events
}

/// Points of the score events of `events` as (player, points, kind), play only.
fn during(events: &[Event]) -> Vec<(usize, u32, &'static str)> {
    events
        .iter()
        .filter_map(Event::score)
        .filter(|s| !s.final_scoring)
        .map(|s| (s.player, s.points, s.kind_name()))
        .collect()
}

/// TS-12's board: the big top on BT-01 at (0, 1); Red's knight at (1, 0) and farmer at (1, 1),
/// Blue's acrobat on AC-01 at (-1, 1), all in its 3×3 area; Blue's highwayman at (2, 0)
/// outside it. Yellow is to lay BT-05.
fn ts12_board() -> Game {
    let tiles = ["BT-01", "AC-01", "U", "D", "U", "U", "B", "U", "BT-05", "U"];
    let mut g = circus(&["Red", "Blue", "Yellow"], &[], Rules::default(), &tiles);
    let events = turn_events(&mut g, "BT-01", (0, 1), 0, None); // Red: the first site
    assert!(events.contains(&Event::BigTopMoved {
        from: None,
        to: pos(0, 1)
    }));
    assert_eq!(g.big_top(), Some(pos(0, 1)));
    acrobat_turn(&mut g, "AC-01", (-1, 1), 0, (-1, 1)); // Blue's acrobat
    turn(&mut g, "U", (0, 2), 1, None); // Yellow
    turn(&mut g, "D", (1, 0), 0, Some("C1")); // Red's knight
    turn(&mut g, "U", (2, 0), 0, Some("R1")); // Blue's highwayman, outside the area
    turn(&mut g, "U", (3, 0), 0, None); // Yellow
    turn(&mut g, "B", (1, 1), 0, Some("F1")); // Red's farmer
    turn(&mut g, "U", (4, 0), 0, None); // Blue
    g
}

#[test]
fn ts12_big_top_scoring() {
    let mut g = ts12_board();
    assert_eq!(g.current_player(), 2, "Yellow lays the second site");
    g.draw(tile("BT-05")).unwrap();
    g.play("place BT-05 3,1 R180".parse().unwrap()).unwrap();
    g.play("deploy follower 3,1 city S".parse().unwrap())
        .unwrap();
    // Phase 3.4: the big top at (0, 1) is scored; its token is drawn now.
    assert_eq!(g.pending(), Pending::AnimalToken);
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 6);
    let bear = outcomes
        .iter()
        .find(|(o, _)| *o == Outcome::Animal(Animal::Bear))
        .unwrap();
    assert!((bear.1 - 3.0 / 16.0).abs() < 1e-12, "3 bears of 16 tokens");
    let events = g.resolve(Outcome::Animal(Animal::Bear)).unwrap();
    // Red: knight and farmer, 2 × 5; Blue: the acrobat, 1 × 5 (the highwayman is outside);
    // Yellow: nothing.
    assert_eq!(during(&events), vec![(0, 10, "big_top"), (1, 5, "big_top")]);
    assert!(events.contains(&Event::AnimalRevealed {
        animal: Animal::Bear,
        pos: pos(0, 1)
    }));
    assert_eq!(
        g.big_top(),
        Some(pos(3, 1)),
        "the big top moved to the new site"
    );
    let bears = g
        .animals_left()
        .into_iter()
        .find(|(a, _)| *a == Animal::Bear)
        .unwrap();
    assert_eq!(bears.1, 2, "the bear token left the game");
    assert_eq!(g.scores(), vec![10, 5, 0]);
    assert_eq!(g.figures().len(), 4, "every figure stays");
}

#[test]
fn ts12_variant_the_new_site_inside_the_old_area() {
    let mut g = ts12_board();
    g.draw(tile("BT-05")).unwrap();
    g.play("place BT-05 1,2 R180".parse().unwrap()).unwrap();
    g.play("deploy follower 1,2 city S".parse().unwrap())
        .unwrap();
    let events = g.resolve(Outcome::Animal(Animal::Bear)).unwrap();
    assert_eq!(
        during(&events),
        vec![(0, 10, "big_top"), (1, 5, "big_top"), (2, 5, "big_top")],
        "Yellow's knight on the new site counts: it lies in the old site's area"
    );
}

/// TS-13's board: AC-03 at (0, 1) with Red's acrobat; Blue's from a tile laid diagonally at
/// (1, 0); Red's third from a tile at (-1, 1).
fn ts13_board(extra: &[TileSet], rules: Rules, tiles: &[&str]) -> Game {
    let mut g = circus(&["Red", "Blue"], extra, rules, tiles);
    acrobat_turn(&mut g, "AC-03", (0, 1), 0, (0, 1));
    acrobat_turn(&mut g, "U", (1, 0), 0, (0, 1));
    g
}

#[test]
fn ts13_acrobat_pyramid() {
    let mut g = ts13_board(&[], Rules::default(), &["AC-03", "U", "A", "U", "U"]);
    // Red completes the pyramid from (-1, 1): Red 2, Blue 1.
    acrobat_turn(&mut g, "A", (-1, 1), 3, (0, 1));
    assert_eq!(g.acrobat_sites()[0].acrobats, vec![0, 1, 0]);
    assert_eq!(g.supply(0, Figure::Follower), 5);
    // A later turn: Blue lays a tile and scores the pyramid instead of deploying.
    g.draw(tile("U")).unwrap();
    g.play("place U 2,0 R0".parse().unwrap()).unwrap();
    let legal = g.legal_actions();
    let pyramid = Action::ScorePyramid { pos: pos(0, 1) };
    assert!(legal.contains(&pyramid));
    assert!(
        !legal.contains(&Action::Acrobat { pos: pos(0, 1) }),
        "a complete pyramid takes no fourth acrobat"
    );
    let events = g.play(pyramid).unwrap();
    assert_eq!(
        during(&events),
        vec![(0, 10, "acrobats"), (1, 5, "acrobats")]
    );
    let returned = events
        .iter()
        .filter(|e| matches!(e, Event::AcrobatReturned { .. }))
        .count();
    assert_eq!(returned, 3, "all three acrobats go home");
    assert_eq!(g.supply(0, Figure::Follower), 7);
    assert_eq!(g.supply(1, Figure::Follower), 7);
    assert!(
        g.acrobat_sites()[0].acrobats.is_empty(),
        "the site is free again"
    );
    assert_eq!(g.scores(), vec![10, 5]);
}

#[test]
fn ts13_only_normal_followers_become_acrobats() {
    // Red has one follower, a large follower and a ringmaster: once the follower climbed, no
    // acrobat is offered to Red, and an acrobat action is refused, changing nothing.
    let mut rules = Rules::default();
    rules.farmers = true;
    let mut config = carcassonne::Config::new(2);
    config.sets = vec![TileSet::Base, TileSet::BigTop, TileSet::InnsAndCathedrals];
    config.followers = 1;
    config.rules = rules;
    config.explicit_draws = true;
    config.stack = Some(["AC-03", "U", "A", "U"].iter().map(|t| tile(t)).collect());
    let mut g = Game::new(config, 0).unwrap();
    acrobat_turn(&mut g, "AC-03", (0, 1), 0, (0, 1));
    turn(&mut g, "U", (1, 0), 0, None);
    g.draw(tile("A")).unwrap();
    g.play("place A -1,1 R270".parse().unwrap()).unwrap();
    assert_eq!(g.supply(0, Figure::LargeFollower), 1);
    assert_eq!(g.supply(0, Figure::Ringmaster), 1);
    let acrobat = Action::Acrobat { pos: pos(0, 1) };
    assert!(!g.legal_actions().contains(&acrobat));
    let before = g.clone();
    let err = g.play(acrobat).unwrap_err();
    assert!(
        matches!(err, PlayError::IllegalDeployment { reason, .. } if reason.contains("normal follower")),
        "{err}"
    );
    assert!(g == before, "the refused action changed nothing");
}

#[test]
fn ts13_refused_acrobats_and_pyramids_change_nothing() {
    let mut g = ts13_board(&[], Rules::default(), &["AC-03", "U", "A", "U", "U", "U"]);
    acrobat_turn(&mut g, "A", (-1, 1), 3, (0, 1)); // complete
                                                   // Blue lays a tile far from the site: no acrobat there (full, and not in the 3×3 area).
    g.draw(tile("U")).unwrap();
    g.play("place U 2,0 R0".parse().unwrap()).unwrap();
    for bad in [
        Action::Acrobat { pos: pos(0, 1) },
        Action::Acrobat { pos: pos(2, 0) },
        Action::ScorePyramid { pos: pos(2, 0) },
    ] {
        let before = g.clone();
        assert!(g.play(bad).is_err(), "{bad}");
        assert!(g == before, "{bad} changed the game");
    }
    // Deploying ends the step: the pyramid is no longer offered in this turn part.
    g.play("deploy follower 2,0 road WE".parse().unwrap())
        .unwrap();
    let before = g.clone();
    let err = g.play(Action::ScorePyramid { pos: pos(0, 1) }).unwrap_err();
    assert!(
        matches!(
            err,
            PlayError::DrawPending | PlayError::WrongDecision { .. }
        ),
        "{err}"
    );
    assert!(g == before);
}

#[test]
fn ts14_ringmaster_bonus_while_outnumbered() {
    // A road of 5 tiles from the monastery A at (0, 1) to the monastery A at (4, 1): Blue's
    // highwaymen at both ends, Red's ringmaster at (2, 1) in between; the big-top site BT-01 at
    // (1, 2) and the acrobat tile AC-01 at (3, 2) lie around the ringmaster, AC-02 at (4, 2)
    // does not.
    let tiles = [
        "U", "A", "U", "U", "U", "U", "U", "A", "BT-01", "AC-02", "AC-01", "U",
    ];
    let mut g = circus(&["Red", "Blue"], &[], Rules::default(), &tiles);
    turn(&mut g, "U", (1, 0), 0, None); // Red
    turn(&mut g, "A", (0, 1), 3, Some("R1")); // Blue's highwayman
    turn(&mut g, "U", (2, 0), 0, None); // Red
    turn(&mut g, "U", (3, 0), 0, None); // Blue
    turn_with(&mut g, "U", (2, 1), 0, Some((Figure::Ringmaster, "R1"))); // Red's ringmaster
    turn(&mut g, "U", (4, 0), 0, None); // Blue
    turn(&mut g, "U", (1, 1), 0, None); // Red joins the ringmaster's road to Blue's
    turn(&mut g, "A", (4, 1), 1, Some("R1")); // Blue's second highwayman
    turn(&mut g, "BT-01", (1, 2), 0, None); // Red: the big top goes up
    turn(&mut g, "AC-02", (4, 2), 0, None); // Blue
    turn(&mut g, "AC-01", (3, 2), 0, None); // Red
    let events = turn_events(&mut g, "U", (3, 1), 0, None); // Blue closes the road
                                                            // Blue 2 against Red's ringmaster 1: Blue scores the 5-tile road; Red scores nothing for
                                                            // the road, but 2 per circus tile around the ringmaster: (1, 2) and (3, 2).
    assert_eq!(during(&events), vec![(1, 5, "road"), (0, 4, "ringmaster")]);
    let bonus = events
        .iter()
        .filter_map(Event::score)
        .find(|s| s.kind_name() == "ringmaster")
        .unwrap();
    assert!(
        matches!(&bonus.reason, Reason::Ringmaster(r) if r.circus_tiles == 2 && r.pos == pos(2, 1))
    );
    assert_eq!(
        g.supply(0, Figure::Ringmaster),
        1,
        "the ringmaster went home"
    );
}

#[test]
fn the_big_top_is_scored_at_the_end_before_anything_else() {
    // BT.5: Red's farmer on the site BT-01 at (0, 1), Blue's monk at (1, 1); the game ends.
    let mut g = circus(&["Red", "Blue"], &[], Rules::default(), &["BT-01", "B"]);
    turn(&mut g, "BT-01", (0, 1), 0, Some("F1"));
    g.draw(tile("B")).unwrap();
    g.play("place B 1,1 R0".parse().unwrap()).unwrap();
    g.play("deploy follower 1,1 monastery I".parse().unwrap())
        .unwrap();
    assert_eq!(g.pending(), Pending::AnimalToken, "the final big top first");
    let events = g.resolve(Outcome::Animal(Animal::Seal)).unwrap();
    let finals: Vec<(usize, u32, &str)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points, s.kind_name()))
        .collect();
    // Seal 4: Red's farmer and Blue's monk each 4; then Blue's unfinished monastery (itself,
    // BT-01 and D around it: 3) and Red's field (no completed city: 0).
    assert_eq!(
        finals,
        vec![
            (0, 4, "big_top"),
            (1, 4, "big_top"),
            (1, 3, "monastery"),
            (0, 0, "field")
        ]
    );
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![4, 7]);
}

/// A builder's double turn for Red: Red's highwayman at (1, 0) and builder at (2, 0) on the
/// road east of D; Blue's acrobat on AC-01 at (2, 1), Red's next to it; Red is to lay the
/// first part's tile.
fn double_turn_board(rules: Rules, tiles: &[&str]) -> Game {
    let mut g = circus(
        &["Red", "Blue"],
        &[TileSet::TradersAndBuilders],
        rules,
        tiles,
    );
    turn(&mut g, "U", (1, 0), 0, Some("R1")); // Red's highwayman
    turn(&mut g, "U", (-1, 0), 0, None); // Blue
    turn_with(&mut g, "U", (2, 0), 0, Some((Figure::Builder, "R1"))); // Red's builder
    g
}

#[test]
fn a_pyramid_completed_in_a_first_turn_part_waits_for_a_later_turn() {
    for jcz in [false, true] {
        let mut rules = Rules::default();
        rules.pyramid_scorable_in_second_part = jcz;
        let tiles = ["U", "U", "U", "AC-01", "B", "U", "U", "B", "U"];
        let mut g = double_turn_board(rules, &tiles);
        acrobat_turn(&mut g, "AC-01", (2, 1), 0, (2, 1)); // Blue's acrobat
        acrobat_turn(&mut g, "B", (1, 1), 0, (2, 1)); // Red's acrobat
        turn(&mut g, "U", (-2, 0), 0, None); // Blue
                                             // Red extends the builder's road and completes the pyramid: a double turn.
        acrobat_turn(&mut g, "U", (3, 0), 0, (2, 1));
        assert!(g.is_second_part(), "the builder's second part");
        g.draw(tile("B")).unwrap();
        g.play("place B 3,1 R0".parse().unwrap()).unwrap();
        let pyramid = Action::ScorePyramid { pos: pos(2, 1) };
        assert_eq!(
            g.legal_actions().contains(&pyramid),
            jcz,
            "AC.5: completed in this turn (JCloisterZone's reading: scorable)"
        );
        if jcz {
            continue;
        }
        g.play(Action::Pass).unwrap();
        // Blue's turn is a later turn.
        g.draw(tile("U")).unwrap();
        g.play("place U 4,0 R0".parse().unwrap()).unwrap();
        let events = g.play(pyramid).unwrap();
        assert_eq!(
            during(&events),
            vec![(0, 10, "acrobats"), (1, 5, "acrobats")]
        );
    }
}

#[test]
fn the_big_top_with_a_builder_double_turn() {
    // Each part may place a site: the first part's site takes the big top, the second part's
    // scores it and takes it. Red's builder beside it never counts; the highwayman is outside.
    let tiles = ["U", "U", "U", "U", "BT-03", "BT-05"];
    let mut g = double_turn_board(Rules::default(), &tiles);
    turn(&mut g, "U", (-2, 0), 0, None); // Blue
    turn(&mut g, "BT-03", (3, 0), 0, None); // Red extends the builder's road: a site
    assert_eq!(g.big_top(), Some(pos(3, 0)));
    assert!(g.is_second_part());
    g.draw(tile("BT-05")).unwrap();
    g.play("place BT-05 3,-1 R0".parse().unwrap()).unwrap();
    g.play(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::AnimalToken);
    let events = g.resolve(Outcome::Animal(Animal::Tiger)).unwrap();
    assert_eq!(during(&events), vec![], "the builder does not count (BT.4)");
    assert!(events.contains(&Event::BigTopMoved {
        from: Some(pos(3, 0)),
        to: pos(3, -1)
    }));
}

#[test]
fn market_figures_count_for_the_final_big_top() {
    // D-GEN-4: the Count's Market moves (F2) come before the final big top (F3). Blue's
    // follower in the Market moves onto BT-01's field at (1, 2), next to the big top on it,
    // and counts there (D-C-9: the owner chooses the tile).
    let mut rules = Rules::default();
    rules.count_final_moves_optional = false;
    let mut g = circus(
        &["Red", "Blue"],
        &[TileSet::Count],
        rules,
        &["E", "E", "BT-01"],
    );
    turn(&mut g, "E", (-1, -2), 0, Some("C1")); // Red's knight
    turn(&mut g, "E", (-1, -3), 2, None); // Blue closes it: Red +4
    g.play("enter follower market".parse().unwrap()).unwrap();
    g.play("count cathedral".parse().unwrap()).unwrap();
    turn(&mut g, "BT-01", (1, 2), 0, None); // Red: the big top goes up; the last tile
    assert_eq!((g.pending(), g.current_player()), (Pending::Market, 1));
    let onto_site = Action::LeaveCity {
        figure: Figure::Follower,
        quarter: carcassonne::Quarter::Market,
        pos: pos(1, 2),
        feature: carcassonne::FeatureKind::Field,
        location: "NL.NR.EL.ER.SL.SR.WL.WR".parse().unwrap(),
    };
    assert!(
        g.legal_actions().contains(&onto_site),
        "{:?}",
        g.legal_actions()
    );
    g.play(onto_site).unwrap();
    assert_eq!(g.pending(), Pending::AnimalToken);
    let events = g.resolve(Outcome::Animal(Animal::Elephant)).unwrap();
    let first = events.iter().filter_map(Event::score).next().unwrap();
    assert_eq!(
        (first.player, first.points, first.kind_name()),
        (1, 7, "big_top"),
        "Blue's farmer from the Market counts, before any other final scoring"
    );
}

#[test]
fn animal_draws_follow_the_pool() {
    // Automatic draws take the animals from the pool (16 tokens); explicit draws offer exactly
    // the animals left, each with its share of the tokens, and refuse an exhausted one.
    let mut g = circus(
        &["Red", "Blue"],
        &[],
        Rules::default(),
        &["BT-01", "BT-05", "U"],
    );
    turn(&mut g, "BT-01", (0, 1), 0, None);
    g.draw(tile("BT-05")).unwrap();
    g.play("place BT-05 1,1 R180".parse().unwrap()).unwrap();
    g.play(Action::Pass).unwrap();
    let before = g.clone();
    assert!(
        g.resolve(Outcome::Tile(tile("U"))).is_err(),
        "a tile is no animal"
    );
    assert!(g == before);
    g.resolve(Outcome::Animal(Animal::Elephant)).unwrap();
    assert!(g.animals_left().iter().all(|(a, _)| *a != Animal::Elephant));
    // The game ends with the next tile: the final big top cannot be an elephant any more.
    turn(&mut g, "U", (-1, 0), 0, None);
    assert_eq!(g.pending(), Pending::AnimalToken);
    let total: f64 = g.chance_outcomes().iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let before = g.clone();
    assert!(matches!(
        g.resolve(Outcome::Animal(Animal::Elephant)),
        Err(carcassonne::DrawError::NoSuchOutcome(_))
    ));
    assert!(g == before, "a refused outcome changes nothing");
    // Automatic games draw by themselves and record each animal.
    let mut config = carcassonne::Config::new(2);
    config.sets.push(TileSet::BigTop);
    let mut g = Game::new(config, 12).unwrap();
    while !g.is_over() {
        let a = g.legal_actions()[0];
        g.play(a).unwrap();
    }
    let animals = g.draws().iter().filter(|o| o.animal().is_some()).count();
    assert_eq!(animals, 12, "11 moves of the big top and its final scoring");
    assert!(
        Game::from_json(&g.to_json()).unwrap() == g,
        "records keep the animals"
    );
}
