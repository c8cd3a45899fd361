//! Flying Machines', Gold Mines' and Mage & Witch's elements (`config.elements.flier`, `gold`,
//! `mage_witch`, spec §3.1, §3.4, §3.5; issue 13 "each element switchable on its own"), each
//! switched off with the three sets in play: that set's tiles are ordinary tiles — no
//! decision, no event and no state of the element — while the two other elements play as
//! usual. Scenarios with real tiles, then whole seeded games.

mod common;

use carcassonne::{Action, Config, Event, FeatureKind, Figure, Game, Pending, Position, TileSet};
use common::{draw_and_place, tile};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn pos(x: i32, y: i32) -> Position {
    Position::new(x, y)
}

/// The element switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Off {
    Flier,
    Gold,
    Magic,
}

/// A game with the three sets and the element `off` switched off: explicit draws from
/// `tiles` when given, else the sets' whole stack drawn by the seeded generator.
fn game(off: Off, tiles: Option<&[&str]>, seed: u64) -> Game {
    let mut config = Config::new(2);
    config.sets.extend([
        TileSet::FlyingMachines,
        TileSet::GoldMines,
        TileSet::MageWitch,
    ]);
    match off {
        Off::Flier => config.elements.flier = Some(false),
        Off::Gold => config.elements.gold = Some(false),
        Off::Magic => config.elements.mage_witch = Some(false),
    }
    if let Some(tiles) = tiles {
        config.explicit_draws = true;
        config.stack = Some(tiles.iter().map(|t| tile(t)).collect());
    }
    let g = Game::new(config, seed).unwrap();
    let e = g.elements();
    assert_eq!(
        (e.flier, e.gold, e.mage_witch),
        (off != Off::Flier, off != Off::Gold, off != Off::Magic)
    );
    g
}

/// Whether `event` belongs to the element `off`.
fn of_element(off: Off, event: &Event) -> bool {
    match off {
        Off::Flier => matches!(
            event,
            Event::FlierLaunched { .. } | Event::DieRolled { .. } | Event::FlierReturned { .. }
        ),
        Off::Gold => {
            matches!(event, Event::IngotPlaced { .. } | Event::IngotTaken { .. })
                || event
                    .score()
                    .is_some_and(|s| matches!(s.reason, carcassonne::Reason::Gold(_)))
        }
        Off::Magic => {
            matches!(
                event,
                Event::MagicFigureMoved { .. } | Event::MagicFigureRemoved { .. }
            ) || event.score().is_some_and(|s| match &s.reason {
                carcassonne::Reason::Feature(f) => f.magic.is_some(),
                _ => false,
            })
        }
    }
}

/// Whether the pending decision belongs to the element `off`.
fn asks_for(off: Off, pending: Pending) -> bool {
    match off {
        Off::Flier => matches!(pending, Pending::FlierRoll | Pending::Landing { .. }),
        Off::Gold => matches!(pending, Pending::Ingot { .. } | Pending::TakeIngot),
        Off::Magic => matches!(pending, Pending::Magic | Pending::RemoveMagic),
    }
}

/// The state of the element `off` is empty.
fn assert_no_state(off: Off, g: &Game) {
    match off {
        Off::Flier => assert!(g.flight().is_none()),
        Off::Gold => {
            assert_eq!(g.ingots_in_supply(), 0);
            assert!(g.ingots_on_board().is_empty());
            assert!((0..g.players()).all(|p| g.ingots(p) == 0));
        }
        Off::Magic => assert!(g.magic_figures().is_empty()),
    }
}

/// Flying machines off: FM-02 (all field, a machine flying west) offers its field and the
/// pass, no flight; GM-05 still asks for its second ingot, MW-05 still for a magic figure.
#[test]
fn without_the_flier_element_flying_machine_tiles_are_ordinary() {
    let mut g = game(Off::Flier, Some(&["FM-02", "GM-05", "MW-05"]), 0);
    let events = draw_and_place(&mut g, "FM-02", (0, 1), 0);
    assert!(!events.iter().any(|e| of_element(Off::Flier, e)));
    assert_eq!(g.pending(), Pending::Deploy { pos: pos(0, 1) });
    let field = tile("FM-02").kind().segments[0].location(carcassonne::Rotation::R0);
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::Deploy {
                figure: Figure::Follower,
                pos: pos(0, 1),
                feature: FeatureKind::Field,
                location: field,
            },
            Action::Pass
        ],
        "a farmer, as on any all-field tile"
    );
    let before = g.clone();
    assert!(g
        .play(Action::Fly {
            figure: Figure::Follower
        })
        .is_err());
    assert!(g == before, "a refused flight changed the game");
    g.play(Action::Pass).unwrap();
    assert_no_state(Off::Flier, &g);
    // Blue's GM-05 at (1,0): the start and FM-02 around it, a choice (GM.1).
    draw_and_place(&mut g, "GM-05", (1, 0), 0);
    assert_eq!(g.pending(), Pending::Ingot { pos: pos(1, 0) });
    g.play(Action::PlaceIngot { pos: pos(0, 1) }).unwrap();
    g.play(Action::Pass).unwrap();
    assert_eq!(g.ingots_on_board().len(), 2);
    // Red's MW-05 at (-1,1): a magic figure must go onto a road or city (MW.1).
    draw_and_place(&mut g, "MW-05", (-1, 1), 0);
    assert_eq!(g.pending(), Pending::Magic);
}

/// Gold off: GM-05 (two road curves) puts no ingot anywhere and asks nothing; its roads take
/// a highwayman as any road would; FM-02 still offers a flight, MW-05 a magic figure.
#[test]
fn without_the_gold_element_gold_mine_tiles_are_ordinary() {
    let mut g = game(Off::Gold, Some(&["GM-05", "FM-02", "MW-05"]), 0);
    assert_no_state(Off::Gold, &g);
    // GM-05 at (1,0): its west curve continues the start's road east.
    let events = draw_and_place(&mut g, "GM-05", (1, 0), 0);
    assert!(!events.iter().any(|e| of_element(Off::Gold, e)));
    assert_eq!(g.pending(), Pending::Deploy { pos: pos(1, 0) });
    let roads = g
        .legal_actions()
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Deploy {
                    feature: FeatureKind::Road,
                    ..
                }
            )
        })
        .count();
    assert_eq!(roads, 2, "its two curves");
    let before = g.clone();
    assert!(g.play(Action::PlaceIngot { pos: pos(0, 0) }).is_err());
    assert!(g == before);
    g.play("deploy follower 1,0 road NW".parse().unwrap())
        .unwrap();
    assert_no_state(Off::Gold, &g);
    // Blue's FM-02 at (0,1): a flight is offered (FM.1).
    draw_and_place(&mut g, "FM-02", (0, 1), 0);
    assert!(g.legal_actions().contains(&Action::Fly {
        figure: Figure::Follower
    }));
    g.play(Action::Pass).unwrap();
    draw_and_place(&mut g, "MW-05", (-1, 1), 0);
    assert_eq!(g.pending(), Pending::Magic);
}

/// Mage & Witch off: MW-05 asks for no magic figure; FM-02 still offers a flight, GM-05 still
/// asks for its second ingot.
#[test]
fn without_the_mage_witch_element_mage_tiles_are_ordinary() {
    let mut g = game(Off::Magic, Some(&["MW-05", "FM-02", "GM-05"]), 0);
    let events = draw_and_place(&mut g, "MW-05", (0, 1), 1);
    assert!(!events.iter().any(|e| of_element(Off::Magic, e)));
    assert_eq!(g.pending(), Pending::Deploy { pos: pos(0, 1) });
    let before = g.clone();
    assert!(g
        .play(Action::RemoveMagic {
            figure: carcassonne::MagicFigure::Mage
        })
        .is_err());
    assert!(g == before);
    g.play(Action::Pass).unwrap();
    assert_no_state(Off::Magic, &g);
    draw_and_place(&mut g, "FM-02", (0, 2), 0);
    assert!(g.legal_actions().contains(&Action::Fly {
        figure: Figure::Follower
    }));
    g.play(Action::Pass).unwrap();
    draw_and_place(&mut g, "GM-05", (1, 0), 0);
    assert_eq!(g.pending(), Pending::Ingot { pos: pos(1, 0) });
}

/// Whole games (the three sets' and the base game's tiles, seeded draws, random decisions
/// that fly one time in three when they can): with an element off, never a decision, event or
/// state of it; the other two elements' events all occur.
#[test]
fn whole_games_with_one_element_off_never_meet_it() {
    for off in [Off::Flier, Off::Gold, Off::Magic] {
        let mut seen = [false; 3]; // flights, ingots, magic figures
        for seed in 0..6u64 {
            let mut g = game(off, None, seed);
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut below = |n: usize| ((rng.next_u64() as u128 * n as u128) >> 64) as usize;
            while !g.is_over() {
                assert!(!asks_for(off, g.pending()), "{off:?}: {:?}", g.pending());
                let legal = g.legal_actions();
                if off == Off::Flier {
                    assert!(!legal.iter().any(|a| matches!(a, Action::Fly { .. })));
                }
                let flights: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Fly { .. }))
                    .collect();
                let action = if !flights.is_empty() && below(3) == 0 {
                    flights[below(flights.len())]
                } else {
                    legal[below(legal.len())]
                };
                for e in g.play(action).unwrap() {
                    assert!(!of_element(off, &e), "{off:?}: {e:?}");
                    for (k, element) in [Off::Flier, Off::Gold, Off::Magic].iter().enumerate() {
                        seen[k] |= of_element(*element, &e);
                    }
                }
                assert_no_state(off, &g);
            }
        }
        let expected = [off != Off::Flier, off != Off::Gold, off != Off::Magic];
        assert_eq!(seen, expected, "{off:?}: the other elements play");
    }
}
