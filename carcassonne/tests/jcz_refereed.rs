//! Complete games refereed by a real JCloisterZone engine (`../shared/jcz/refereed/`): every
//! game of every set we implement replays to the end, every message checked (the acting
//! player, the decision it answers), with every assertion holding; the folders of sets we do
//! not implement yet are refused, naming the set.

mod common;

use carcassonne::{Action, ImportError, JczGame};

/// The folders of sets this library implements.
const IN_SCOPE: [&str; 11] = [
    "base-greedy",
    "inns-traders",
    "king-robber",
    "cult",
    "count",
    "river-1",
    "river-2",
    "big-top",
    "flier",
    "goldmines",
    "mage-witch",
];

/// The folders of later issues, and the set each names.
const LATER: [(&str, &str); 2] = [("corn-circles", "corn-circles/2"), ("ferries", "ferries")];

fn games(folder: &str) -> Vec<std::path::PathBuf> {
    let dir = common::shared().join("jcz/refereed").join(folder);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jcz"))
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 4, "{folder}: 4 games");
    paths
}

fn replay(folder: &str) -> Vec<JczGame> {
    games(folder)
        .into_iter()
        .map(|path| {
            let name = path.display().to_string();
            let jcz = JczGame::from_path(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                jcz.game.is_over(),
                "{name}: the game ends with its last tile"
            );
            let results = jcz.check();
            assert!(results.len() >= 3, "{name}: assertions");
            for r in &results {
                assert!(r.judged && r.ok, "{name}: {:?}: {}", r.text, r.detail);
            }
            jcz
        })
        .collect()
}

#[test]
fn base_games() {
    replay("base-greedy");
}

#[test]
fn inns_and_cathedrals_with_traders_and_builders_games() {
    replay("inns-traders");
}

#[test]
fn king_and_robber_games() {
    replay("king-robber");
}

#[test]
fn cult_games() {
    replay("cult");
}

#[test]
fn river_games() {
    replay("river-1");
}

/// River II as JCloisterZone plays it: the volcano lake is an ordinary tile.
#[test]
fn river_2_games() {
    replay("river-2");
}

/// The Count as JCloisterZone plays it: figures enter the City, the Count is moved, figures
/// leave before scorings — decided by the players the messages name.
#[test]
fn count_games() {
    let games = replay("count");
    let count = |f: fn(&Action) -> bool| {
        games
            .iter()
            .map(|g| g.game.actions().iter().filter(|a| f(a)).count())
            .sum::<usize>()
    };
    assert!(count(|a| matches!(a, Action::EnterCity { .. })) >= 8);
    assert!(count(|a| matches!(a, Action::MoveCount { .. })) >= 3);
    assert!(count(|a| matches!(a, Action::LeaveCity { .. })) >= 4);
}

/// Under the Big Top as JCloisterZone plays it: the animal tokens JCloisterZone drew with its
/// generator, acrobats, pyramids scored, ringmasters.
#[test]
fn big_top_games() {
    let games = replay("big-top");
    let actions = |f: fn(&Action) -> bool| {
        games
            .iter()
            .map(|g| g.game.actions().iter().filter(|a| f(a)).count())
            .sum::<usize>()
    };
    assert!(actions(|a| matches!(a, Action::Acrobat { .. })) >= 10);
    assert!(actions(|a| matches!(a, Action::ScorePyramid { .. })) >= 2);
    assert!(
        actions(|a| matches!(
            a,
            Action::Deploy {
                figure: carcassonne::Figure::Ringmaster,
                ..
            }
        )) >= 4
    );
    // Every big-top site but the first draws a token, and the last big top one more.
    for g in &games {
        let animals = g
            .game
            .draws()
            .iter()
            .filter(|o| o.animal().is_some())
            .count();
        assert_eq!(
            animals, 12,
            "12 big-top sites: 11 moves and the final scoring"
        );
    }
}

/// Flying Machines as JCloisterZone plays it: each launch's roll from its `random`, the
/// landing it then asks for (even the only one), and flights with nowhere to land.
#[test]
fn flier_games() {
    let games = replay("flier");
    let flights: usize = games
        .iter()
        .map(|g| {
            g.game
                .actions()
                .iter()
                .filter(|a| matches!(a, Action::Fly { .. }))
                .count()
        })
        .sum();
    let rolls: usize = games
        .iter()
        .map(|g| g.game.draws().iter().filter(|o| o.roll().is_some()).count())
        .sum();
    // 4 + 5 + 4 + 3 launches in the four files; game 3 and game 4 each have one with nowhere to
    // land (an all-field tile, an empty position).
    assert_eq!(flights, 16);
    assert_eq!(rolls, 16);
}

/// Gold Mines as JCloisterZone plays it: the second ingot where the file puts it (or forced),
/// the automatic distribution, the ingots' final scoring; ingots are conserved.
#[test]
fn gold_mines_games() {
    let games = replay("goldmines");
    for g in &games {
        let board: u32 = g
            .game
            .ingots_on_board()
            .iter()
            .map(|&(_, n)| u32::from(n))
            .sum();
        let held: u32 = (0..g.game.players())
            .map(|p| u32::from(g.game.ingots(p)))
            .sum();
        assert_eq!(u32::from(g.game.ingots_in_supply()) + board + held, 16);
        assert_eq!(
            g.game.ingots_in_supply(),
            0,
            "8 gold tiles placed 16 ingots"
        );
        let paid = g.scores.iter().filter(|s| s.kind_name() == "gold").count();
        let holders = (0..g.game.players())
            .filter(|&p| g.game.ingots(p) > 0)
            .count();
        assert_eq!(paid, holders, "every holder scores gold once");
    }
    let choices: usize = games
        .iter()
        .map(|g| {
            g.game
                .actions()
                .iter()
                .filter(|a| matches!(a, Action::PlaceIngot { .. }))
                .count()
        })
        .sum();
    assert_eq!(choices, 6 + 7 + 5 + 7, "the PLACE_TOKENs of the four files");
}

/// Mage & Witch as JCloisterZone plays it: every mage tile moves a figure.
#[test]
fn mage_witch_games() {
    for g in replay("mage-witch") {
        let moves = g
            .game
            .actions()
            .iter()
            .filter(|a| matches!(a, Action::PlaceMagic { .. }))
            .count();
        assert_eq!(moves, 8, "one move per mage tile");
    }
}

#[test]
fn every_folder_is_known() {
    let dir = common::shared().join("jcz/refereed");
    let mut folders: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let mut known: Vec<String> = IN_SCOPE
        .iter()
        .chain(LATER.iter().map(|(f, _)| f))
        .map(|f| f.to_string())
        .collect();
    known.sort();
    assert_eq!(folders, known);
}

#[test]
fn games_of_later_sets_are_refused_naming_the_set() {
    for (folder, set) in LATER {
        for path in games(folder) {
            match JczGame::from_path(&path) {
                Err(ImportError::Unsupported(what)) => {
                    assert!(what.contains(set), "{}: {what}", path.display())
                }
                other => panic!("{}: expected a refusal, got {other:?}", path.display()),
            }
        }
    }
}

/// A refereed game cut after message `last`, with `assertions` instead of its own.
fn cut(folder: &str, game: usize, last: usize, assertions: &[&str]) -> JczGame {
    let path = games(folder)[game - 1].clone();
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    file["replay"].as_array_mut().unwrap().truncate(last + 1);
    file["test"]["assertions"] = serde_json::json!(assertions);
    JczGame::parse(&file.to_string()).unwrap()
}

/// `Player can pass` / `Player can't pass` and `phase is` judge every decision of the Count,
/// at the points where JCloisterZone's refereed games stop for one.
#[test]
fn pass_and_phase_assertions_judge_every_count_decision() {
    let cases: [(usize, usize, &[&str]); 6] = [
        // game-1 #68: the turn's COMMIT; player 2 may enter the City.
        (1, 68, &["Player can pass", "phase is CocFollowerPhase"]),
        // #69: entered; the Count may be moved.
        (1, 69, &["Player can pass", "phase is CocCountPhase"]),
        // #219: the last COMMIT; the final moves out of the Market.
        (
            1,
            219,
            &["Player can pass", "phase is CocFinalScoringPhase"],
        ),
        // game-4 #60: the turn's COMMIT; the leave-the-City round asks player 0.
        (4, 60, &["Player can pass", "phase is CocScoringPhase"]),
        // game-2 #81: player 3 moved out of the City and must confirm with a COMMIT.
        (2, 81, &["Player can't pass", "phase is CocScoringPhase"]),
        // game-1 #66: a tile placed, a deployment possible.
        (1, 66, &["Player can pass", "phase is ActionPhase"]),
    ];
    for (game, last, assertions) in cases {
        let jcz = cut("count", game, last, assertions);
        for r in jcz.check() {
            assert!(r.judged && r.ok, "game-{game} cut after #{last}: {r:?}");
        }
    }
}
