//! Mage & Witch (spec `expansions.md` §3.5): TS-24, TS-25 and TS-26 as tests named after them,
//! and the rules around them — a merge by a tile that is also a mage tile (one move, D-MW-2),
//! a forced removal (MW.2), a figure leaving an unoccupied completed city (D-MW-4), the mage
//! on an unfinished inn road at the end (D-MW-3), and refused moves that change nothing.
//! Positions are ours; the boards are laid out with real tiles.

mod common;

use carcassonne::{
    Action, Event, FeatureKind, Figure, Game, Location, MagicFigure, Pending, PlayError, Position,
    Reason, Rotation, Rules, TileSet,
};
use common::{deploy_or_pass, draw_and_place, scenario_with, tile};

fn pos(x: i32, y: i32) -> Position {
    Position::new(x, y)
}

fn magic_game(names: &[&str], start: Option<&str>, extra: &[TileSet], tiles: &[&str]) -> Game {
    let mut sets = vec![TileSet::MageWitch];
    sets.extend_from_slice(extra);
    scenario_with(names, Rules::default(), start, tiles, &sets)
}

/// `magic mage 1,-1 city N` for the segment named `name` of the tile at `at`.
fn magic(g: &Game, figure: MagicFigure, at: (i32, i32), name: &str) -> Action {
    let placed = g.board().tile_at(pos(at.0, at.1)).expect("a tile there");
    let seg = placed
        .tile
        .kind()
        .segments
        .iter()
        .find(|s| s.name == name)
        .expect("segment name");
    Action::PlaceMagic {
        figure,
        pos: placed.pos,
        feature: seg.kind,
        location: seg.location(placed.rotation),
    }
}

/// One turn part: draw `id`, place it at `at` with `r` quarter turns; then `then` plays the
/// magic step when one is asked (a panic if asked without one); then deploy or pass.
fn magic_turn(
    g: &mut Game,
    id: &str,
    at: (i32, i32),
    r: u8,
    then: Option<(MagicFigure, (i32, i32), &str)>,
    deploy: Option<(Figure, &str)>,
) -> Vec<Event> {
    let mut events = draw_and_place(g, id, at, r);
    match (g.pending(), then) {
        (Pending::Magic, Some((figure, on, name))) => {
            let action = magic(g, figure, on, name);
            events.extend(g.play(action).unwrap_or_else(|e| panic!("{action}: {e}")));
        }
        (Pending::Magic, None) => panic!("{id}: a magic figure must move"),
        (pending, Some(_)) => panic!("{id}: no magic step is asked ({})", pending.name()),
        (_, None) => {}
    }
    events.extend(deploy_or_pass(g, id, at, r, deploy));
    events
}

/// (player, points, magic figure) of the scores made during play.
fn awards(events: &[Event]) -> Vec<(usize, u32, Option<MagicFigure>)> {
    events
        .iter()
        .filter_map(Event::score)
        .filter(|s| !s.final_scoring)
        .map(|s| match &s.reason {
            Reason::Feature(f) => (s.player, s.points, f.magic),
            _ => (s.player, s.points, None),
        })
        .collect()
}

fn removed(events: &[Event]) -> Vec<MagicFigure> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MagicFigureRemoved { figure } => Some(*figure),
            _ => None,
        })
        .collect()
}

/// TS-24: a completed city of 8 tiles with 2 pennants (20 points) with the mage: Red's and
/// Blue's knights each score 20 + 8 = 28; the mage goes back to the reserve.
#[test]
fn ts24_mage_in_a_completed_city() {
    let tiles = [
        "R", "F", "U", "U", "U", "F", "G", "MW-05", "E", "E", "G", "B",
    ];
    let mut g = magic_game(&["Red", "Blue"], None, &[], &tiles);
    magic_turn(&mut g, "R", (0, -1), 2, None, None); // Red: the start's city goes W and E
    magic_turn(
        &mut g,
        "F",
        (1, -1),
        0,
        None,
        Some((Figure::Follower, "C1")),
    ); // Blue's knight
    magic_turn(&mut g, "U", (1, 0), 0, None, None);
    magic_turn(&mut g, "U", (2, 0), 0, None, None);
    magic_turn(&mut g, "U", (3, 0), 0, None, None);
    magic_turn(&mut g, "F", (-1, -1), 0, None, None);
    magic_turn(
        &mut g,
        "G",
        (3, -1),
        0,
        None,
        Some((Figure::Follower, "C1")),
    ); // Red's knight
       // Blue's mage tile: the mage onto the city (at the R tile).
    let events = magic_turn(
        &mut g,
        "MW-05",
        (0, 1),
        1,
        Some((MagicFigure::Mage, (0, -1), "C1")),
        None,
    );
    assert!(events.contains(&Event::MagicFigureMoved {
        figure: MagicFigure::Mage,
        pos: pos(0, -1),
        feature: FeatureKind::City,
        location: "EWS".parse::<Location>().unwrap(),
    }));
    magic_turn(&mut g, "E", (-2, -1), 1, None, None); // the west end
    magic_turn(&mut g, "E", (4, -1), 3, None, None); // the east end
    assert_eq!(g.current_player(), 0);
    let events = magic_turn(&mut g, "G", (2, -1), 0, None, None); // Red joins and completes
    let mage = Some(MagicFigure::Mage);
    assert_eq!(awards(&events), vec![(0, 28, mage), (1, 28, mage)]);
    let city = events
        .iter()
        .filter_map(Event::score)
        .find_map(|s| match &s.reason {
            Reason::Feature(f) => Some(f.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!((city.tiles, city.pennants), (8, 2));
    assert_eq!(removed(&events), vec![MagicFigure::Mage]);
    assert!(g.magic_figures().is_empty());
}

/// TS-25: one tile completes two roads: Blue's of 5 tiles with the witch scores ⌈5/2⌉ = 3,
/// Red's of 3 tiles with the mage 3 + 3 = 6; both figures go back to the reserve.
#[test]
fn ts25_witch_and_mage_in_two_roads() {
    let tiles = [
        "E", "U", "B", "U", "B", "A", "U", "B", "A", "MW-05", "MW-05", "W",
    ];
    let mut g = magic_game(&["Red", "Blue"], None, &[], &tiles);
    magic_turn(&mut g, "E", (0, -1), 2, None, None); // Red closes the start's city
    magic_turn(
        &mut g,
        "U",
        (-1, 0),
        0,
        None,
        Some((Figure::Follower, "R1")),
    ); // Blue's road
    magic_turn(&mut g, "B", (1, -1), 0, None, None);
    magic_turn(&mut g, "U", (-2, 0), 0, None, None);
    magic_turn(&mut g, "B", (2, -1), 0, None, None);
    magic_turn(&mut g, "A", (-3, 0), 3, None, None); // Blue's road ends in the west
    magic_turn(&mut g, "U", (2, 0), 0, None, Some((Figure::Follower, "R1"))); // Red's road
    magic_turn(&mut g, "B", (3, -1), 0, None, None);
    magic_turn(&mut g, "A", (3, 0), 1, None, None); // Red's road ends in the east
    magic_turn(
        &mut g,
        "MW-05",
        (0, 1),
        1,
        Some((MagicFigure::Witch, (-1, 0), "R1")),
        None,
    );
    magic_turn(
        &mut g,
        "MW-05",
        (-1, 1),
        1,
        Some((MagicFigure::Mage, (2, 0), "R1")),
        None,
    );
    assert_eq!(g.magic_figures().len(), 2);
    // The picture shows both, each once, on the roads they stand on.
    let svg = carcassonne::render::board_svg(&g);
    assert_eq!(svg.matches("<title>the mage on road</title>").count(), 1);
    assert_eq!(svg.matches("<title>the witch on road</title>").count(), 1);
    // Red lays the junction between the two road ends (its east road first).
    let events = magic_turn(&mut g, "W", (1, 0), 0, None, None);
    assert_eq!(
        awards(&events),
        vec![
            (0, 6, Some(MagicFigure::Mage)),
            (1, 3, Some(MagicFigure::Witch))
        ]
    );
    let mut gone = removed(&events);
    gone.sort();
    assert_eq!(gone, vec![MagicFigure::Mage, MagicFigure::Witch]);
    assert!(g.magic_figures().is_empty());
    let svg = carcassonne::render::board_svg(&g);
    assert!(!svg.contains("<title>the mage") && !svg.contains("<title>the witch"));
}

/// TS-26's board: the mage in the start's city (open to the north), the witch in the city of
/// the E at (1,-1) (open to the west); Red's R at (0,-1) joins them, still open.
fn ts26_board() -> Game {
    let tiles = ["U", "E", "MW-05", "MW-05", "R", "B"];
    let mut g = magic_game(&["Red", "Blue"], None, &[], &tiles);
    magic_turn(&mut g, "U", (1, 0), 0, None, None);
    magic_turn(&mut g, "E", (1, -1), 3, None, None);
    magic_turn(
        &mut g,
        "MW-05",
        (0, 1),
        1,
        Some((MagicFigure::Mage, (0, 0), "C1")),
        None,
    );
    magic_turn(
        &mut g,
        "MW-05",
        (1, 1),
        1,
        Some((MagicFigure::Witch, (1, -1), "C1")),
        None,
    );
    g.draw(tile("R")).unwrap();
    g.play("place R 0,-1 R90".parse().unwrap()).unwrap();
    g
}

/// TS-26: a tile that is not a mage tile joins the mage's and the witch's cities: before any
/// deployment Red must move one of them to another incomplete road or city.
#[test]
fn ts26_forced_separation() {
    let mut g = ts26_board();
    assert_eq!(g.pending(), Pending::Magic);
    assert_eq!(g.current_player(), 0);
    assert!(!g.can_pass());
    let legal = g.legal_actions();
    let joined = g.board().tile_at(pos(0, -1)).unwrap();
    assert!(!legal.is_empty());
    for a in &legal {
        let Action::PlaceMagic {
            pos: p, feature, ..
        } = *a
        else {
            panic!("{a} is not a magic move");
        };
        assert!(matches!(feature, FeatureKind::Road | FeatureKind::City));
        assert!(
            !(p == joined.pos || p == pos(0, 0) || p == pos(1, -1)) || feature == FeatureKind::Road,
            "{a}: the joined city is no target"
        );
    }
    // Both figures may move: the mage and the witch each have moves.
    assert!(legal.iter().any(|a| matches!(
        a,
        Action::PlaceMagic {
            figure: MagicFigure::Mage,
            ..
        }
    )));
    assert!(legal.iter().any(|a| matches!(
        a,
        Action::PlaceMagic {
            figure: MagicFigure::Witch,
            ..
        }
    )));
    // Bad input: into the joined city (the other's feature, or its own), a field, nothing.
    let bad = [
        magic(&g, MagicFigure::Mage, (1, -1), "C1"),
        magic(&g, MagicFigure::Witch, (0, -1), "C1"),
        magic(&g, MagicFigure::Mage, (0, 1), "F1"),
        Action::Pass,
        Action::RemoveMagic {
            figure: MagicFigure::Mage,
        },
    ];
    for action in bad {
        let before = g.clone();
        let err = g.play(action).unwrap_err();
        assert!(
            matches!(
                err,
                PlayError::IllegalMagicAction { .. } | PlayError::WrongDecision { .. }
            ),
            "{action}: {err}"
        );
        assert!(g == before, "refused {action} changed the game");
    }
    let err = g
        .clone()
        .play(magic(&g, MagicFigure::Mage, (1, -1), "C1"))
        .unwrap_err();
    assert!(
        err.to_string().contains("never in the same feature"),
        "{err}"
    );
    // The witch moves to the road; then the deployment.
    let events = g.play(magic(&g, MagicFigure::Witch, (1, 0), "R1")).unwrap();
    assert!(matches!(events[..], [Event::MagicFigureMoved { .. }]));
    assert!(matches!(g.pending(), Pending::Deploy { .. }));
    let figures: Vec<(MagicFigure, Position, FeatureKind)> = g
        .magic_figures()
        .iter()
        .map(|m| (m.figure, m.pos, m.feature))
        .collect();
    assert_eq!(
        figures,
        vec![
            (MagicFigure::Mage, pos(0, 0), FeatureKind::City),
            (MagicFigure::Witch, pos(1, 0), FeatureKind::Road)
        ]
    );
}

/// D-MW-2: a mage tile that also joins the two figures' cities asks for one move only.
#[test]
fn a_merge_by_a_mage_tile_takes_one_move() {
    let tiles = ["MW-05", "V", "U", "G", "MW-05", "MW-04", "B"];
    let mut g = magic_game(&["Red", "Blue"], Some("B"), &[], &tiles);
    magic_turn(
        &mut g,
        "MW-05",
        (0, 1),
        1,
        Some((MagicFigure::Mage, (0, 1), "C1")),
        None,
    );
    magic_turn(&mut g, "V", (1, 0), 3, None, None);
    magic_turn(&mut g, "U", (2, 0), 0, None, None);
    magic_turn(&mut g, "G", (2, 1), 0, None, None);
    magic_turn(
        &mut g,
        "MW-05",
        (-1, 1),
        1,
        Some((MagicFigure::Witch, (2, 1), "C1")),
        None,
    );
    // Blue's MW-04 joins the mage's cap and the witch's band, and is a mage tile.
    g.draw(tile("MW-04")).unwrap();
    g.play("place MW-04 1,1 R0".parse().unwrap()).unwrap();
    assert_eq!(g.pending(), Pending::Magic);
    let witch_away = magic(&g, MagicFigure::Witch, (-1, 1), "C2");
    g.play(witch_away).unwrap();
    assert!(
        matches!(g.pending(), Pending::Deploy { .. }),
        "one move answers both (pending {})",
        g.pending().name()
    );
}

/// MW.2: a mage tile after which no road or city is open anywhere but the mage's own: the
/// mage, the only figure on the board, goes back to the reserve without asking.
#[test]
fn forced_removal_when_nothing_is_open() {
    let tiles = ["MW-05", "E", "B", "B", "E", "MW-05"];
    let mut g = magic_game(&["Red", "Blue"], Some("B"), &[], &tiles);
    magic_turn(
        &mut g,
        "MW-05",
        (1, 0),
        0,
        Some((MagicFigure::Mage, (1, 0), "C1")),
        None,
    );
    magic_turn(&mut g, "E", (1, 1), 0, None, None); // closes the south cap
    magic_turn(&mut g, "B", (0, -1), 0, None, None);
    magic_turn(&mut g, "B", (0, -2), 0, None, None);
    magic_turn(&mut g, "E", (1, -2), 2, None, None);
    assert_eq!(g.magic_figures().len(), 1);
    // MW-05 at (1,-1) closes both caps around it: nothing is open any more.
    let events = magic_turn(&mut g, "MW-05", (1, -1), 0, None, None);
    assert_eq!(removed(&events), vec![MagicFigure::Mage]);
    assert!(g.magic_figures().is_empty());
}

/// MW.2 with both figures on the board and nowhere to go: the player removes one of them.
#[test]
fn removal_is_a_choice_with_both_on_the_board() {
    let tiles = ["MW-05", "MW-05", "E", "E", "B", "B", "E", "MW-05"];
    let mut g = magic_game(&["Red", "Blue"], Some("B"), &[], &tiles);
    magic_turn(
        &mut g,
        "MW-05",
        (1, 0),
        0,
        Some((MagicFigure::Mage, (1, 0), "C1")),
        None,
    );
    magic_turn(
        &mut g,
        "MW-05",
        (-1, 0),
        0,
        Some((MagicFigure::Witch, (-1, 0), "C1")),
        None,
    );
    magic_turn(&mut g, "E", (1, 1), 0, None, None);
    magic_turn(&mut g, "E", (-1, 1), 0, None, None);
    magic_turn(&mut g, "B", (0, -1), 0, None, None);
    magic_turn(&mut g, "B", (0, -2), 0, None, None);
    magic_turn(&mut g, "E", (1, -2), 2, None, None);
    // Blue's MW-05 at (1,-1) closes the mage's city; the witch's (open north at (-1,-1)) is
    // the only open one: the witch cannot stay, the mage cannot join it.
    g.draw(tile("MW-05")).unwrap();
    g.play("place MW-05 1,-1 R0".parse().unwrap()).unwrap();
    assert_eq!(g.pending(), Pending::RemoveMagic);
    let mut legal = g.legal_actions();
    legal.sort();
    assert_eq!(
        legal,
        vec![
            Action::RemoveMagic {
                figure: MagicFigure::Mage
            },
            Action::RemoveMagic {
                figure: MagicFigure::Witch
            }
        ]
    );
    let events = g
        .play(Action::RemoveMagic {
            figure: MagicFigure::Witch,
        })
        .unwrap();
    assert_eq!(removed(&events), vec![MagicFigure::Witch]);
    assert!(matches!(g.pending(), Pending::Deploy { .. }));
}

/// D-MW-4: a magic figure leaves its road or city when it is completed, occupied or not.
#[test]
fn a_magic_figure_leaves_an_unoccupied_completed_city() {
    let tiles = ["MW-05", "E", "B"];
    let mut g = magic_game(&["Red", "Blue"], Some("B"), &[], &tiles);
    magic_turn(
        &mut g,
        "MW-05",
        (1, 0),
        0,
        Some((MagicFigure::Witch, (1, 0), "C2")),
        None,
    );
    let events = magic_turn(&mut g, "E", (1, 1), 0, None, None);
    assert!(awards(&events).is_empty(), "nobody owns the city");
    assert_eq!(removed(&events), vec![MagicFigure::Witch]);
    assert!(g.magic_figures().is_empty());
}

/// D-MW-3: the mage adds 1 per tile at the end also to an unfinished inn road, which scores 0
/// (Inns & Cathedrals' default).
#[test]
fn the_mage_adds_to_an_unfinished_inn_road_at_the_end() {
    // IC-... an inn road: find one in the catalogue, then lay it east of the start.
    let inn = carcassonne::catalogue()
        .set(TileSet::InnsAndCathedrals)
        .find(|id| {
            let k = id.kind();
            k.segments
                .iter()
                .any(|s| s.inn && s.kind == FeatureKind::Road)
                && k.segments
                    .iter()
                    .all(|s| s.kind != FeatureKind::Road || s.inn)
        })
        .expect("an inn tile with one road");
    let inn_kind = inn.kind();
    // Its rotation with a road on the west edge, to continue the start's road.
    let (rotation, road) = Rotation::ALL
        .into_iter()
        .find_map(|r| {
            inn_kind
                .segments
                .iter()
                .find(|s| s.kind == FeatureKind::Road && s.location(r).to_string().contains('W'))
                .map(|s| (r, s))
        })
        .expect("a rotation");
    let tiles = [inn_kind.id, "MW-05"];
    let mut g = magic_game(
        &["Red", "Blue"],
        None,
        &[TileSet::InnsAndCathedrals],
        &tiles,
    );
    g.draw(inn).unwrap();
    g.play(Action::Place {
        tile: inn,
        pos: pos(1, 0),
        rotation,
    })
    .unwrap();
    g.play(Action::Deploy {
        figure: Figure::Follower,
        pos: pos(1, 0),
        feature: FeatureKind::Road,
        location: road.location(rotation),
    })
    .unwrap();
    let events = magic_turn(
        &mut g,
        "MW-05",
        (0, 1),
        1,
        Some((MagicFigure::Mage, (1, 0), road.name)),
        None,
    );
    assert!(g.is_over());
    let end: Vec<(usize, u32, Option<MagicFigure>)> = events
        .iter()
        .filter_map(Event::score)
        .filter(|s| s.final_scoring)
        .filter_map(|s| match &s.reason {
            Reason::Feature(f) if f.kind == FeatureKind::Road => {
                Some((s.player, s.points, f.magic))
            }
            _ => None,
        })
        .collect();
    // The road: the start D's road and the inn tile's, open at both ends — 2 tiles.
    assert_eq!(inn_kind.id, "IC-A", "the first inn tile with one road");
    assert_eq!(
        end,
        vec![(0, 2, Some(MagicFigure::Mage))],
        "0 for the unfinished inn road, +1 per tile"
    );
}

/// TS-26's last branch (MW.3 with MW.2): Red's R joins the mage's city and the witch's, and
/// leaves no other road or city open anywhere: neither figure can move (the mage may not stay
/// in its feature, nor join the witch), so Red removes one of them — both are on the board, so
/// Red chooses — before the deployment; the other stays in the joined city.
#[test]
fn ts26_no_destination_after_a_merge_removes_one() {
    let tiles = ["B", "B", "N", "MW-05", "E", "MW-05", "E", "B", "R"];
    let mut g = magic_game(&["Red", "Blue"], Some("B"), &[], &tiles);
    magic_turn(&mut g, "B", (-1, 0), 0, None, None); // Red
    magic_turn(&mut g, "B", (1, 0), 0, None, None); // Blue
    magic_turn(&mut g, "N", (-1, -1), 1, None, None); // Red: city A, open east and north
    magic_turn(
        &mut g,
        "MW-05",
        (1, -1),
        1,
        Some((MagicFigure::Mage, (-1, -1), "C1")),
        None,
    ); // Blue: the mage into city A; MW-05's west cap is city B
    magic_turn(&mut g, "E", (2, -1), 3, None, None); // Red closes MW-05's east cap
    magic_turn(
        &mut g,
        "MW-05",
        (-1, -2),
        0,
        Some((MagicFigure::Witch, (1, -1), "C2")),
        None,
    ); // Blue: its south cap closes A's north; the witch into city B
    magic_turn(&mut g, "E", (-1, -3), 2, None, None); // Red closes the north cap
    magic_turn(&mut g, "B", (2, 0), 0, None, None); // Blue
    assert_eq!(g.magic_figures().len(), 2);
    // Red's R at (0,-1): west into A, east into B, open to the north.
    g.draw(tile("R")).unwrap();
    let events = g.play("place R 0,-1 R0".parse().unwrap()).unwrap();
    assert!(removed(&events).is_empty());
    assert_eq!((g.pending(), g.current_player()), (Pending::RemoveMagic, 0));
    let mut legal = g.legal_actions();
    legal.sort();
    assert_eq!(
        legal,
        vec![
            Action::RemoveMagic {
                figure: MagicFigure::Mage
            },
            Action::RemoveMagic {
                figure: MagicFigure::Witch
            }
        ]
    );
    // Bad input: a move into the joined city (its own feature, or the other's).
    for bad in [
        magic(&g, MagicFigure::Mage, (0, -1), "C1"),
        magic(&g, MagicFigure::Witch, (-1, -1), "C1"),
        Action::Pass,
    ] {
        let before = g.clone();
        assert!(g.play(bad).is_err(), "{bad}");
        assert!(g == before, "refused {bad} changed the game");
    }
    let events = g
        .play(Action::RemoveMagic {
            figure: MagicFigure::Witch,
        })
        .unwrap();
    assert_eq!(removed(&events), vec![MagicFigure::Witch]);
    assert_eq!(g.pending(), Pending::Deploy { pos: pos(0, -1) });
    let left: Vec<(MagicFigure, Position)> = g
        .magic_figures()
        .iter()
        .map(|m| (m.figure, m.pos))
        .collect();
    assert_eq!(left, vec![(MagicFigure::Mage, pos(-1, -1))]);
}

/// A cathedral city (Inns & Cathedrals IC-4) with the mage or the witch (MW.4, §3.5.4, §6b):
/// D's city at (0,0), IC-K's cathedral at (0,-1), and caps west, east and (to close it) north:
/// 5 tiles, no pennant. Red's knight is in it; Blue's MW-05 puts `figure` there. Completed
/// it is worth 3 per tile (15); the mage adds 1 per tile (20), the witch halves it rounded up
/// (8). Unfinished at the end (4 tiles) a cathedral city is worth 0 (IC-4); the mage still adds
/// 1 per tile (4, D-MW-3), the witch halves the 0 (0, still an award).
fn cathedral_city(figure: MagicFigure, complete: bool) -> (u32, u16, bool) {
    let mut tiles = vec!["IC-K", "E", "E", "MW-05"];
    if complete {
        tiles.extend(["E", "B"]);
    }
    let mut g = magic_game(
        &["Red", "Blue"],
        None,
        &[TileSet::InnsAndCathedrals],
        &tiles,
    );
    magic_turn(
        &mut g,
        "IC-K",
        (0, -1),
        0,
        None,
        Some((Figure::Follower, "C1")),
    ); // Red
    magic_turn(&mut g, "E", (-1, -1), 1, None, None); // Blue: the west cap
    magic_turn(&mut g, "E", (1, -1), 3, None, None); // Red: the east cap
    let events = magic_turn(
        &mut g,
        "MW-05",
        (0, 1),
        1,
        Some((figure, (0, -1), "C1")),
        None,
    ); // Blue
    let events = if complete {
        magic_turn(&mut g, "E", (0, -2), 2, None, None) // Red closes the north
    } else {
        assert!(g.is_over());
        events
    };
    let city: Vec<(u32, u16, bool, Option<MagicFigure>)> = events
        .iter()
        .filter_map(Event::score)
        .filter_map(|s| match &s.reason {
            Reason::Feature(f) if f.kind == FeatureKind::City && s.player == 0 => Some((
                s.points,
                f.tiles,
                f.cathedral && f.complete == complete,
                f.magic,
            )),
            _ => None,
        })
        .collect();
    assert_eq!(city.len(), 1, "{city:?}");
    assert_eq!(city[0].3, Some(figure));
    (city[0].0, city[0].1, city[0].2)
}

#[test]
fn a_completed_cathedral_city_with_the_mage() {
    assert_eq!(
        cathedral_city(MagicFigure::Mage, true),
        (3 * 5 + 5, 5, true)
    );
}

#[test]
fn a_completed_cathedral_city_with_the_witch() {
    assert_eq!(cathedral_city(MagicFigure::Witch, true), (8, 5, true));
}

#[test]
fn an_unfinished_cathedral_city_with_the_mage() {
    assert_eq!(cathedral_city(MagicFigure::Mage, false), (4, 4, true));
}

#[test]
fn an_unfinished_cathedral_city_with_the_witch() {
    assert_eq!(cathedral_city(MagicFigure::Witch, false), (0, 4, true));
}
