//! Property tests over random configurations, on the stable toolchain: configs built by the
//! fuzz targets' generator ([`carcassonne_fuzz::any_config`]: 1–6 players, names, first and
//! youngest seats, any set combination of every set including both editions of one set, every
//! rule option and element, explicit or automatic draws, a start tile, custom stacks with
//! tiles of any set including river and River II tiles) from seeded random bytes, each played
//! to the end at random with the invariants of the fuzz targets at every step
//! ([`carcassonne_fuzz::check_position`]: legal actions agree with their count and `is_legal`,
//! a pending chance node has outcomes adding up to 1), and at the end: no tile dealt more often
//! than the stack held it, the record replays to an equal game. A refused config must give a
//! short error that is not an internal one.
//!
//! A failure prints the case's seed and bytes: put the bytes (after a first byte 0) into
//! `corpus/config_play/` to keep the case in the fuzz corpus.

use std::collections::BTreeSet;

use arbitrary::Unstructured;
use carcassonne::{Config, Outcome, TileId, TileSet};
use carcassonne_fuzz::{any_config, play_to_end, FUZZED_ELEMENTS, FUZZED_RULES};

/// SplitMix64.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The random bytes of case `seed`.
fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed;
    (0..len).map(|_| splitmix(&mut state) as u8).collect()
}

fn is_river(t: TileId) -> bool {
    matches!(t.kind().set, TileSet::River | TileSet::River2)
}

/// What the random configs covered.
#[derive(Default)]
struct Coverage {
    played: usize,
    refused: usize,
    sets: BTreeSet<&'static str>,
    players: BTreeSet<usize>,
    custom_stacks: usize,
    river_stacks: usize,
    explicit: usize,
    fork_stacks: usize,
    steps: usize,
}

fn run_cases(first: u64, cases: u64, coverage: &mut Coverage) {
    for case in first..first + cases {
        let data = bytes(case, 700);
        let mut u = Unstructured::new(&data);
        let config: Config = any_config(&mut u).expect("700 bytes make a config");
        let seed = splitmix(&mut case.clone());
        let mut state = seed;
        let custom = config.stack.clone();
        let explicit = config.explicit_draws;
        let sets: Vec<&'static str> = config.sets.iter().map(|s| s.name()).collect();
        let players = config.players;
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            play_to_end(config, seed, &mut |n| {
                splitmix(&mut state) as usize % n.max(1)
            })
        }));
        let game = match played {
            Ok(game) => game,
            Err(_) => panic!(
                "random config case {case} fails; its bytes: {}",
                data.iter().map(|b| format!("{b:02x}")).collect::<String>()
            ),
        };
        let Some(game) = game else {
            coverage.refused += 1;
            continue;
        };
        coverage.played += 1;
        coverage.steps += game.actions().len() + game.draws().len();
        coverage.sets.extend(sets);
        coverage.players.insert(players);
        coverage.explicit += usize::from(explicit);
        if let Some(stack) = custom {
            coverage.custom_stacks += 1;
            if stack.iter().any(|t| is_river(*t)) {
                coverage.river_stacks += 1;
            }
            if stack.iter().any(|t| t.as_str() == "R2-02") {
                coverage.fork_stacks += 1;
            }
            // Every tile drawn was in the custom stack.
            for outcome in game.draws() {
                if let Outcome::Tile(t) = outcome {
                    assert!(
                        stack.contains(t),
                        "case {case}: {t} drawn, not in the stack"
                    );
                }
            }
        }
    }
}

#[test]
fn random_configs_play_to_the_end_with_every_invariant() {
    let mut coverage = Coverage::default();
    run_cases(0, 20_000, &mut coverage);
    let c = &coverage;
    println!(
        "random configs: {} played to the end ({} steps), {} refused; {} custom stacks ({} with \
         river tiles, {} with the River II fork), {} with explicit draws; players {:?}",
        c.played,
        c.steps,
        c.refused,
        c.custom_stacks,
        c.river_stacks,
        c.fork_stacks,
        c.explicit,
        c.players
    );
    // The generator reaches what it is for.
    assert!(c.played >= 7000, "too few valid configs: {}", c.played);
    assert!(c.refused >= 1000, "too few refused configs: {}", c.refused);
    assert!(c.river_stacks >= 400 && c.fork_stacks >= 100);
    assert!(c.explicit >= 2000);
    assert_eq!(c.players, (1..=6).collect(), "every player count");
    let every: BTreeSet<&str> = TileSet::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(c.sets, every, "every set in some played game");
}

#[test]
fn the_generator_sets_every_rule_option_and_element() {
    let config = Config::new(2);
    for (what, value, fuzzed) in [
        (
            "rules",
            serde_json::to_value(&config.rules).unwrap(),
            &FUZZED_RULES[..],
        ),
        (
            "elements",
            serde_json::to_value(&config.elements).unwrap(),
            &FUZZED_ELEMENTS[..],
        ),
    ] {
        let fields: BTreeSet<&str> = value
            .as_object()
            .unwrap_or_else(|| panic!("{what} are not a JSON object"))
            .keys()
            .map(String::as_str)
            .collect();
        let fuzzed: BTreeSet<&str> = fuzzed.iter().copied().collect();
        assert_eq!(
            fields, fuzzed,
            "the {what} any_config sets differ from the config's"
        );
    }
}
