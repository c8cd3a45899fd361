//! Gold Mines (spec `expansions.md` §3.4): TS-20 to TS-23 as tests named after them, and the
//! rules around them — gold claimed through a monastery's and a shrine's 3×3, the
//! distribution after each part of a builder's double turn, the players' choice when it
//! matters (and JCloisterZone's automatic reading), an exhausted supply (D-GM-1), and refused
//! actions that change nothing. Positions are ours; the boards are laid out with real tiles.

mod common;

use carcassonne::{
    gold_points, Action, Config, Event, Figure, Game, GoldDistribution, Pending, PlayError,
    Position, Rotation, Rules, StartTile, TileSet,
};
use common::{deploy_or_pass, draw_and_place, scenario_with, tile};

fn pos(x: i32, y: i32) -> Position {
    Position::new(x, y)
}

fn gold_game(names: &[&str], start: Option<&str>, extra: &[TileSet], tiles: &[&str]) -> Game {
    gold_game_with(names, Rules::default(), start, extra, tiles)
}

fn gold_game_with(
    names: &[&str],
    rules: Rules,
    start: Option<&str>,
    extra: &[TileSet],
    tiles: &[&str],
) -> Game {
    let mut sets = vec![TileSet::GoldMines];
    sets.extend_from_slice(extra);
    scenario_with(names, rules, start, tiles, &sets)
}

/// One turn part: draw `id`, place it at `at` with `r` quarter turns; the second ingot on
/// `ingot` when asked (a panic if asked without one, or given one and not asked); then deploy
/// `deploy` (figure and segment name) or pass. Returns every event.
fn gold_turn(
    g: &mut Game,
    id: &str,
    at: (i32, i32),
    r: u8,
    ingot: Option<(i32, i32)>,
    deploy: Option<(Figure, &str)>,
) -> Vec<Event> {
    let mut events = draw_and_place(g, id, at, r);
    match (g.pending(), ingot) {
        (Pending::Ingot { .. }, Some((x, y))) => {
            let action = Action::PlaceIngot { pos: pos(x, y) };
            events.extend(g.play(action).unwrap_or_else(|e| panic!("{action}: {e}")));
        }
        (Pending::Ingot { .. }, None) => panic!("{id}: the second ingot is asked for"),
        (_, Some(_)) => panic!("{id}: the second ingot is not asked for"),
        (_, None) => {}
    }
    events.extend(deploy_or_pass(g, id, at, r, deploy));
    events
}

/// The ingots placed by `events`, in order.
fn placed(events: &[Event]) -> Vec<Position> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::IngotPlaced { pos } => Some(*pos),
            _ => None,
        })
        .collect()
}

/// The ingots taken in `events`: (player, tile), in order.
fn taken(events: &[Event]) -> Vec<(usize, Position)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::IngotTaken { player, pos } => Some((*player, *pos)),
            _ => None,
        })
        .collect()
}

/// Supply, board and players hold the 16 ingots.
fn assert_conserved(g: &Game) {
    let board: u32 = g.ingots_on_board().iter().map(|&(_, n)| u32::from(n)).sum();
    let held: u32 = (0..g.players()).map(|p| u32::from(g.ingots(p))).sum();
    assert_eq!(u32::from(g.ingots_in_supply()) + board + held, 16);
}

/// TS-20: a gold tile whose only neighbour is one tile puts the second ingot there; with two or
/// more the active player is asked, and the choices are exactly the neighbours on the board.
#[test]
fn ts20_ingot_placement() {
    let tiles = ["GM-01", "GM-05", "GM-02"];
    let mut g = gold_game(&["Red", "Blue"], None, &[], &tiles);
    // GM-01 (road S, W) at (1, 0): its one neighbour is the start tile.
    let events = gold_turn(&mut g, "GM-01", (1, 0), 1, None, None);
    assert_eq!(placed(&events), vec![pos(1, 0), pos(0, 0)]);
    // GM-05 at (-1, 0): again only the start tile around it.
    let events = gold_turn(&mut g, "GM-05", (-1, 0), 0, None, None);
    assert_eq!(placed(&events), vec![pos(-1, 0), pos(0, 0)]);
    // GM-02 (city E, N) at (1, -1): the start tile and GM-01 around it.
    g.draw(tile("GM-02")).unwrap();
    let events = g.play("place GM-02 1,-1 R90".parse().unwrap()).unwrap();
    assert_eq!(
        placed(&events),
        vec![pos(1, -1)],
        "the gold tile's ingot first"
    );
    assert_eq!(g.pending(), Pending::Ingot { pos: pos(1, -1) });
    assert_eq!(g.current_player(), 0);
    let mut legal = g.legal_actions();
    legal.sort();
    assert_eq!(
        legal,
        vec![
            Action::PlaceIngot { pos: pos(0, 0) },
            Action::PlaceIngot { pos: pos(1, 0) }
        ]
    );
    assert!(!g.can_pass(), "the second ingot is mandatory");
    // Bad input: a tile outside the 8-neighbourhood, the gold tile itself, an empty spot.
    for bad in [pos(-1, 0), pos(1, -1), pos(0, -1)] {
        let before = g.clone();
        let err = g.play(Action::PlaceIngot { pos: bad }).unwrap_err();
        assert!(matches!(err, PlayError::IllegalGoldAction { .. }), "{err}");
        assert!(g == before, "a refused ingot changed the game");
    }
    let events = g.play(Action::PlaceIngot { pos: pos(1, 0) }).unwrap();
    assert_eq!(placed(&events), vec![pos(1, 0)]);
    assert!(matches!(g.pending(), Pending::Deploy { .. }));
    let mut board = g.ingots_on_board();
    board.sort();
    assert_eq!(
        board,
        vec![
            (pos(-1, 0), 1),
            (pos(0, 0), 2),
            (pos(1, -1), 1),
            (pos(1, 0), 2)
        ]
    );
    assert_eq!(g.ingots_in_supply(), 10);
    assert_conserved(&g);
    // The picture stacks each tile's ingots with their count.
    let svg = carcassonne::render::board_svg(&g);
    assert_eq!(svg.matches("<title>1 gold ingot(s)</title>").count(), 2);
    assert_eq!(svg.matches("<title>2 gold ingot(s)</title>").count(), 2);
}

/// TS-21: Red, the only knight of a completed city holding 2 + 1 ingots, takes all 3; no
/// decision is asked.
#[test]
fn ts21_single_owner_takes_all() {
    let tiles = ["GM-01", "GM-05", "G", "GM-02", "E", "B"];
    let mut g = gold_game(&["Red", "Blue"], None, &[], &tiles);
    gold_turn(&mut g, "GM-01", (1, 0), 1, None, None); // ingots (1,0), (0,0)
    gold_turn(&mut g, "GM-05", (-1, 0), 0, None, None); // ingots (-1,0), (0,0)
    gold_turn(&mut g, "G", (0, -1), 1, None, None); // the city goes on north
    gold_turn(&mut g, "GM-02", (1, -1), 1, Some((0, -1)), None); // ingots (1,-1), (0,-1)
    assert_eq!(g.current_player(), 0);
    let events = gold_turn(
        &mut g,
        "E",
        (0, -2),
        2,
        None,
        Some((Figure::Follower, "C1")),
    );
    let points: Vec<(usize, u32)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points))
        .collect();
    assert_eq!(points, vec![(0, 6)], "a city of 3 tiles");
    assert_eq!(
        taken(&events),
        vec![(0, pos(0, 0)), (0, pos(0, 0)), (0, pos(0, -1))]
    );
    assert_eq!(g.ingots(0), 3);
    assert_eq!(g.ingots(1), 0);
    let mut board = g.ingots_on_board();
    board.sort();
    assert_eq!(
        board,
        vec![(pos(-1, 0), 1), (pos(1, -1), 1), (pos(1, 0), 1)],
        "ingots outside the city stay"
    );
    assert_eq!(g.pending(), Pending::Draw, "nothing was asked");
    assert_conserved(&g);
    // The end: 3 ingots score 3 (GM.6), after the other final scoring.
    gold_turn(&mut g, "B", (2, 0), 0, None, None);
    assert!(g.is_over());
    assert_eq!(g.scores()[0], 6 + 3);
}

/// TS-22 on the spec's own board (§3.4.5): the road A turned 270° at (0,0), U at (1,0) with 2
/// ingots, U at (2,0) with 1; Blue's highwayman on (1,0), Red's on (2,0). Both U lie in one
/// road, so only one highwayman can be deployed the usual way: Red's flies in (FM.3 lands on
/// an occupied road) from FM-02 at (2,1), one step north. The ingots come from gold tiles laid
/// beside the road (GM-02 at (1,-1) and GM-01 at (1,1) put their second ingot on (1,0), GM-01
/// at (2,-1) on (2,0)); only GM-01 and GM-02 have field edges, and every tile in the road's
/// 8-neighbourhood faces a road tile's field edge, so the scenario's stack holds GM-01 twice.
/// Red (active) lays A turned 90° at (3,0): the road of 4 tiles is complete, Red +4 and Blue
/// +4; the ingots go Red, Blue, Red — Red 2, Blue 1 — and the road's tiles are empty. Nobody
/// is asked: every tile offers the same claimants.
#[test]
fn ts22_tie_on_the_specs_board() {
    let tiles = ["B", "U", "U", "GM-02", "FM-02", "GM-01", "GM-01", "B", "A"];
    let mut config = Config::new(2);
    config
        .sets
        .extend([TileSet::GoldMines, TileSet::FlyingMachines]);
    config.names = vec!["Red".into(), "Blue".into()];
    config.explicit_draws = true;
    config.stack = Some(tiles.iter().map(|t| tile(t)).collect());
    config.start = Some(StartTile {
        tile: tile("A"),
        rotation: Rotation::R270,
    });
    let mut g = Game::new(config, 0).unwrap();
    gold_turn(&mut g, "B", (-1, 0), 0, None, None); // Red, away from the road
    gold_turn(&mut g, "U", (1, 0), 0, None, Some((Figure::Follower, "R1"))); // Blue
    gold_turn(&mut g, "U", (2, 0), 0, None, None); // Red: the road is Blue's
    gold_turn(&mut g, "GM-02", (1, -1), 0, Some((1, 0)), None); // Blue
                                                                // Red: FM-02 turned 90° flies north; one step lands on (2,0)'s road, the only landing.
    draw_and_place(&mut g, "FM-02", (2, 1), 1);
    g.play(Action::Fly {
        figure: Figure::Follower,
    })
    .unwrap();
    g.resolve(carcassonne::Outcome::Roll(1)).unwrap();
    let on_road: Vec<(usize, Position)> = g.figures().iter().map(|f| (f.player, f.pos)).collect();
    assert_eq!(on_road, vec![(1, pos(1, 0)), (0, pos(2, 0))]);
    gold_turn(&mut g, "GM-01", (2, -1), 3, Some((2, 0)), None); // Blue
    gold_turn(&mut g, "GM-01", (1, 1), 1, Some((1, 0)), None); // Red
    gold_turn(&mut g, "B", (-1, 1), 0, None, None); // Blue
    let on = |g: &Game, x: i32| {
        g.ingots_on_board()
            .iter()
            .find(|&&(p, _)| p == pos(x, 0))
            .map_or(0, |&(_, n)| n)
    };
    assert_eq!(
        [0, 1, 2, 3].map(|x| on(&g, x)),
        [0, 2, 1, 0],
        "2 + 1 ingots on the road"
    );
    assert_eq!(g.current_player(), 0);
    let events = gold_turn(&mut g, "A", (3, 0), 1, None, None); // Red closes the road
    let points: Vec<(usize, u32, u16)> = events
        .iter()
        .filter_map(Event::score)
        .filter(|s| !s.final_scoring)
        .map(|s| (s.player, s.points, common::feature_score(s).tiles))
        .collect();
    assert_eq!(points, vec![(0, 4, 4), (1, 4, 4)]);
    let takers: Vec<usize> = taken(&events).into_iter().map(|(p, _)| p).collect();
    assert_eq!(takers, vec![0, 1, 0]);
    let mut from: Vec<Position> = taken(&events).into_iter().map(|(_, p)| p).collect();
    from.sort();
    assert_eq!(from, vec![pos(1, 0), pos(1, 0), pos(2, 0)]);
    assert_eq!((g.ingots(0), g.ingots(1)), (2, 1));
    assert_eq!(
        [0, 1, 2, 3].map(|x| on(&g, x)),
        [0, 0, 0, 0],
        "the road's tiles are empty"
    );
    assert_conserved(&g);
    // The last tile: at the end 2 ingots score 2, 1 scores 1 (GM.6).
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![4 + 2, 4 + 1]);
}

/// A shorter road than TS-22's: (1,0)–(2,0)–(3,0) with Red's highwayman at (1,0) and Blue's
/// at (3,0), an ingot on each of its tiles once Red lays GM-08 at (2,0) (its own, and the one
/// placed before at (1,0) and (3,0)); the start is a monastery (B) so that every edge is a
/// field.
fn three_tile_road_board(rules: Rules) -> (Game, Vec<Event>) {
    let tiles = ["A", "B", "U", "B", "GM-01", "A", "GM-02", "B", "GM-08", "B"];
    let mut g = gold_game_with(&["Red", "Blue"], rules, Some("B"), &[], &tiles);
    gold_turn(&mut g, "A", (1, 0), 3, None, Some((Figure::Follower, "R1"))); // Red
    gold_turn(&mut g, "B", (1, -1), 0, None, None);
    gold_turn(&mut g, "U", (2, -1), 1, None, None);
    gold_turn(&mut g, "B", (3, -1), 0, None, None);
    gold_turn(&mut g, "GM-01", (1, 1), 1, Some((1, 0)), None); // Red: ingots (1,1), (1,0)
    gold_turn(&mut g, "A", (3, 0), 1, None, Some((Figure::Follower, "R1"))); // Blue
    gold_turn(&mut g, "GM-02", (3, 1), 2, None, None); // Red: ingots (3,1), (3,0), forced
    gold_turn(&mut g, "B", (0, -1), 0, None, None); // Blue
    assert_eq!(g.current_player(), 0);
    let events = gold_turn(&mut g, "GM-08", (2, 0), 0, Some((1, -1)), None); // Red
    (g, events)
}

/// TS-22's rule on a road of 3 tiles with an ingot on each: both score 3; the ingots go Red,
/// Blue, Red (from the active player, one at a time) — Red 2, Blue 1, and the road's tiles
/// are empty.
#[test]
fn a_tie_shares_one_ingot_at_a_time() {
    let (g, events) = three_tile_road_board(Rules::default());
    let points: Vec<(usize, u32)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points))
        .collect();
    assert_eq!(points, vec![(0, 3), (1, 3)]);
    let takers: Vec<usize> = taken(&events).into_iter().map(|(p, _)| p).collect();
    assert_eq!(takers, vec![0, 1, 0]);
    assert_eq!((g.ingots(0), g.ingots(1)), (2, 1));
    for p in [pos(1, 0), pos(2, 0), pos(3, 0)] {
        assert!(
            g.ingots_on_board().iter().all(|&(q, _)| q != p),
            "{p} still has gold"
        );
    }
    assert_eq!(
        g.pending(),
        Pending::Draw,
        "every tile offered the same claimants"
    );
    assert_conserved(&g);
}

/// TS-23: the final value of the ingots, by the spec's table (GM.6): Red's 102 points and 7
/// ingots make 123; the table's boundaries.
#[test]
fn ts23_final_gold_value() {
    assert_eq!(102 + gold_points(7), 123);
    for (ingots, points) in [
        (0, 0),
        (1, 1),
        (3, 3),
        (4, 8),
        (6, 12),
        (7, 21),
        (9, 27),
        (10, 40),
        (16, 64),
    ] {
        assert_eq!(gold_points(ingots), points, "{ingots} ingots");
    }
}

/// Gold in the 3×3 of a completed monastery or shrine (`centre`) goes to its owner — here
/// Red, while Blue completes it.
fn monastic_claim(centre: &str, extra: &[TileSet]) {
    let tiles = ["V", "E", centre, "GM-05", "V", "E", "E", "E"];
    let mut g = gold_game(&["Red", "Blue"], Some("E"), extra, &tiles);
    gold_turn(&mut g, "V", (1, 0), 2, None, None);
    gold_turn(&mut g, "E", (0, 1), 3, None, None);
    gold_turn(
        &mut g,
        centre,
        (1, 1),
        0,
        None,
        Some((Figure::Follower, "M1")),
    );
    let monk_at = g.figures()[0].feature;
    assert!(monk_at.is_monastic());
    gold_turn(&mut g, "GM-05", (2, 0), 0, Some((1, 1)), None); // ingots (2,0), (1,1)
    gold_turn(&mut g, "V", (2, 1), 2, None, None);
    gold_turn(&mut g, "E", (2, 2), 1, None, None);
    gold_turn(&mut g, "E", (1, 2), 2, None, None);
    assert_eq!(g.current_player(), 1);
    let events = gold_turn(&mut g, "E", (0, 2), 2, None, None); // Blue completes it
    let points: Vec<(usize, u32)> = events
        .iter()
        .filter_map(Event::score)
        .filter(|s| !s.final_scoring)
        .map(|s| (s.player, s.points))
        .collect();
    assert_eq!(points, vec![(0, 9)]);
    let mut got = taken(&events);
    got.sort();
    assert_eq!(got, vec![(0, pos(1, 1)), (0, pos(2, 0))]);
    assert_eq!((g.ingots(0), g.ingots(1)), (2, 0));
    assert_conserved(&g);
}

#[test]
fn gold_claimed_through_a_monasterys_3x3() {
    // The monastery B has its own segment name.
    let b = tile("B").kind();
    assert_eq!(b.segments[0].name, "M1");
    monastic_claim("B", &[]);
}

#[test]
fn gold_claimed_through_a_shrines_3x3() {
    let shrine = tile("CU-01").kind();
    assert_eq!(shrine.segments[0].name, "S1");
    monastic_claim_shrine();
}

fn monastic_claim_shrine() {
    let tiles = ["V", "E", "CU-01", "GM-05", "V", "E", "E", "E"];
    let mut g = gold_game(&["Red", "Blue"], Some("E"), &[TileSet::Cult], &tiles);
    gold_turn(&mut g, "V", (1, 0), 2, None, None);
    gold_turn(&mut g, "E", (0, 1), 3, None, None);
    gold_turn(
        &mut g,
        "CU-01",
        (1, 1),
        0,
        None,
        Some((Figure::Follower, "S1")),
    );
    gold_turn(&mut g, "GM-05", (2, 0), 0, Some((1, 1)), None);
    gold_turn(&mut g, "V", (2, 1), 2, None, None);
    gold_turn(&mut g, "E", (2, 2), 1, None, None);
    gold_turn(&mut g, "E", (1, 2), 2, None, None);
    let events = gold_turn(&mut g, "E", (0, 2), 2, None, None);
    let scores: Vec<(usize, u32, &str)> = events
        .iter()
        .filter_map(Event::score)
        .filter(|s| !s.final_scoring)
        .map(|s| (s.player, s.points, s.kind_name()))
        .collect();
    assert_eq!(scores, vec![(0, 9, "shrine")]);
    assert_eq!((g.ingots(0), g.ingots(1)), (2, 0));
    assert_conserved(&g);
}

/// A builder's double turn: the first part's claims are distributed before the second part
/// starts (GM.3 after each turn part, §3.4.4).
#[test]
fn gold_is_distributed_after_each_part_of_a_double_turn() {
    let tiles = ["G", "GM-02", "G", "B", "E", "B"];
    let mut g = gold_game(
        &["Red", "Blue"],
        None,
        &[TileSet::TradersAndBuilders],
        &tiles,
    );
    gold_turn(
        &mut g,
        "G",
        (0, -1),
        1,
        None,
        Some((Figure::Follower, "C1")),
    ); // Red's knight
    gold_turn(&mut g, "GM-02", (1, -1), 1, Some((0, -1)), None); // Blue: (1,-1), (0,-1)
    gold_turn(&mut g, "G", (0, -2), 1, None, Some((Figure::Builder, "C1"))); // Red's builder
    gold_turn(&mut g, "B", (-1, -1), 0, None, None); // Blue
    let events = gold_turn(&mut g, "E", (0, -3), 2, None, None); // Red completes the city
    assert_eq!(taken(&events), vec![(0, pos(0, -1))]);
    assert!(g.is_second_part(), "the builder's second part follows");
    assert_eq!(g.pending(), Pending::Draw);
    assert_eq!(g.ingots(0), 1);
    let before_second: usize = events
        .iter()
        .position(|e| matches!(e, Event::IngotTaken { .. }))
        .unwrap();
    assert!(
        !events[before_second..]
            .iter()
            .any(|e| matches!(e, Event::TilePlaced { .. })),
        "the ingot is taken after the first part's tile"
    );
    assert_conserved(&g);
}

/// The board of a choice: Red's city (its knight at (0,-1)) and Blue's road (its highwayman
/// at (1,0)) both run through the start tile; Red's L at (1,-1) completes both. An ingot lies
/// on the start tile (claimed by both) and one on (0,-1) (Red's only).
fn choice_board(rules: Rules) -> (Game, Vec<Event>) {
    let tiles = ["N", "V", "A", "GM-02", "GM-01", "B", "L", "B"];
    let mut g = gold_game_with(&["Red", "Blue"], rules, None, &[], &tiles);
    gold_turn(
        &mut g,
        "N",
        (0, -1),
        2,
        None,
        Some((Figure::Follower, "C1")),
    ); // Red
    gold_turn(&mut g, "V", (1, 0), 1, None, Some((Figure::Follower, "R1"))); // Blue
    gold_turn(&mut g, "A", (-1, 0), 3, None, None); // Red closes the road's west end
    gold_turn(&mut g, "GM-02", (-1, -1), 0, Some((0, -1)), None); // Blue
    gold_turn(&mut g, "GM-01", (-1, 1), 0, Some((0, 0)), None); // Red
    gold_turn(&mut g, "B", (2, 0), 0, None, None); // Blue
    let events = gold_turn(&mut g, "L", (1, -1), 3, None, None); // Red
    (g, events)
}

/// GM.4: the active player is asked which ingot to take when the tiles differ in who else may
/// claim them; taking the shared one first keeps both (Red 2), the other gives Blue one.
#[test]
fn the_player_chooses_the_ingot_when_it_matters() {
    let (g, events) = choice_board(Rules::default());
    let points: Vec<(usize, u32, &str)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points, s.kind_name()))
        .collect();
    assert_eq!(points, vec![(0, 6, "city"), (1, 4, "road")]);
    assert_eq!(g.pending(), Pending::TakeIngot);
    assert_eq!(g.current_player(), 0);
    let mut legal = g.legal_actions();
    legal.sort();
    assert_eq!(
        legal,
        vec![
            Action::TakeIngot { pos: pos(0, -1) },
            Action::TakeIngot { pos: pos(0, 0) }
        ]
    );
    assert!(!g.can_pass());
    // Bad input: a tile with gold nobody claimed, a tile without gold.
    for bad in [pos(-1, -1), pos(1, -1)] {
        let before = g.clone();
        let err = g.clone().play(Action::TakeIngot { pos: bad }).unwrap_err();
        assert!(matches!(err, PlayError::IllegalGoldAction { .. }), "{err}");
        assert!(g == before);
    }
    // The shared ingot first: Blue has nothing left to claim; Red takes the other.
    let mut shared = g.clone();
    let events = shared.play(Action::TakeIngot { pos: pos(0, 0) }).unwrap();
    assert_eq!(taken(&events), vec![(0, pos(0, 0)), (0, pos(0, -1))]);
    assert_eq!((shared.ingots(0), shared.ingots(1)), (2, 0));
    assert_eq!(shared.pending(), Pending::Draw);
    assert_conserved(&shared);
    // Red's own ingot first: Blue then takes the shared one.
    let mut own = g.clone();
    let events = own.play(Action::TakeIngot { pos: pos(0, -1) }).unwrap();
    assert_eq!(taken(&events), vec![(0, pos(0, -1)), (1, pos(0, 0))]);
    assert_eq!((own.ingots(0), own.ingots(1)), (1, 1));
    assert_conserved(&own);
}

/// JCloisterZone's reading (spec §8): nobody is asked; each takes from the tile with the most
/// claimants first.
#[test]
fn automatic_distribution_takes_the_most_claimed_tile_first() {
    let mut rules = Rules::default();
    rules.gold_distribution = GoldDistribution::Automatic;
    let (g, events) = choice_board(rules);
    assert_eq!(g.pending(), Pending::Draw);
    assert_eq!(taken(&events), vec![(0, pos(0, 0)), (0, pos(0, -1))]);
}

/// D-GM-1: with fewer than two ingots left, what is left goes, the gold tile first. Eight gold
/// tiles place the 16 (2 each, so an odd remainder cannot arise); a ninth (copies in a custom
/// stack) finds none.
#[test]
fn an_empty_supply_places_what_is_left() {
    let tiles = [
        "GM-08", "GM-08", "GM-08", "GM-08", "GM-08", "GM-08", "GM-08", "GM-08", "GM-08",
    ];
    let mut g = gold_game(&["Red", "Blue"], Some("GM-08"), &[], &tiles);
    // A row of crossings east of the start: each has one neighbour to the west but the
    // diagonal ones; the second ingot is forced onto the tile before it.
    for x in 1..=8 {
        let events = gold_turn(&mut g, "GM-08", (x, 0), 0, None, None);
        assert_eq!(placed(&events), vec![pos(x, 0), pos(x - 1, 0)], "tile {x}");
        assert_conserved(&g);
    }
    assert_eq!(g.ingots_in_supply(), 0);
    let events = gold_turn(&mut g, "GM-08", (9, 0), 0, None, None);
    assert!(placed(&events).is_empty(), "the supply is empty");
    assert_conserved(&g);
}

/// The Count (§3.4.4, C.3): a follower moved from a quarter into a completed road before its
/// scoring counts for the majority, so its owner is entitled to the road's gold. Red puts a
/// follower into the Blacksmith (C.2, after Blue's city scored), Blue's highwayman stands on
/// the road west of COC-01, Red's GM-02 puts its second ingot on that road's U; Red's A
/// closes the road (3 tiles) and Red moves his follower out onto it: a tie, both +3, and the
/// ingot goes to Red, the active player (GM.4). Had Red stayed in the City, Blue alone would
/// have scored and taken it.
#[test]
fn a_follower_moved_in_from_the_city_claims_gold() {
    let tiles = ["U", "E", "E", "U", "GM-02", "B", "A", "B"];
    let mut g = gold_game(&["Red", "Blue"], None, &[TileSet::Count], &tiles);
    let play = |g: &mut Game, text: &str| -> Vec<Event> {
        let action: Action = text.parse().unwrap();
        g.play(action).unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    gold_turn(&mut g, "U", (2, 0), 1, None, None); // Red, east of the City
    gold_turn(
        &mut g,
        "E",
        (-1, -2),
        0,
        None,
        Some((Figure::Follower, "C1")),
    ); // Blue's knight
    gold_turn(&mut g, "E", (-1, -3), 2, None, None); // Red closes it: Blue +4
    assert_eq!(g.pending(), Pending::EnterCity);
    play(&mut g, "enter follower blacksmith");
    play(&mut g, "pass"); // the Count stays in the Castle
    gold_turn(
        &mut g,
        "U",
        (-3, -1),
        0,
        None,
        Some((Figure::Follower, "R1")),
    ); // Blue
    gold_turn(&mut g, "GM-02", (-3, -2), 0, Some((-3, -1)), None); // Red: ingots (-3,-2), (-3,-1)
    gold_turn(&mut g, "B", (3, 0), 0, None, None); // Blue
    assert_eq!(
        g.ingots_on_board(),
        vec![(pos(-3, -2), 1), (pos(-3, -1), 1)]
    );
    // Red's A turned 270° at (-4,-1): the road A–U–COC-01 is complete.
    draw_and_place(&mut g, "A", (-4, -1), 3);
    play(&mut g, "pass");
    assert_eq!((g.pending(), g.current_player()), (Pending::LeaveCity, 0));
    let stay = g.clone();
    let events = play(&mut g, "leave follower blacksmith -4,-1 road E");
    let points: Vec<(usize, u32)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points))
        .collect();
    assert_eq!(points, vec![(0, 3), (1, 3)], "a tie: Red 1, Blue 1");
    assert_eq!(taken(&events), vec![(0, pos(-3, -1))]);
    assert_eq!((g.ingots(0), g.ingots(1)), (1, 0));
    assert_eq!(
        g.ingots_on_board(),
        vec![(pos(-3, -2), 1)],
        "outside the road"
    );
    assert_conserved(&g);
    // Without the move, Blue alone owns the road and takes the ingot.
    let mut g = stay;
    let events = play(&mut g, "pass");
    let points: Vec<(usize, u32)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points))
        .collect();
    assert_eq!(points, vec![(1, 3)]);
    assert_eq!(taken(&events), vec![(1, pos(-3, -1))]);
    assert_conserved(&g);
}
