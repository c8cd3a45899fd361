//! Monte Carlo tree search (UCT) over the generic decision and chance API.
//!
//! **Hidden draws.** The order of the tiles still in the stack is hidden; their kinds and
//! numbers are public. The search never reads the game's own generator: every iteration plays
//! on a copy whose draw generator is reseeded from the bot's generator (in games with automatic
//! draws), and samples the outcomes of explicit chance nodes from
//! [`Game::chance_outcomes`] with their probabilities (in explicit-draw games). Each iteration
//! is thus one sample of the hidden draws from the distribution every player knows
//! (determinisation by sampling, a fresh sample per iteration).
//!
//! **Tree.** Closed-loop: a decision node holds the legal actions of one state; an action's arm
//! keeps its visits and its total reward for the seat that decides there; the arm's children
//! are keyed by the chance outcomes that followed the action in that iteration (the tiles
//! drawn, discarded ones included), so that different draws lead to different nodes. An arm
//! that is followed by no chance node has one child. Arms are chosen by UCT,
//! `mean + exploration · sqrt(ln(parent visits) / arm visits)`, untried actions first (in an
//! order shuffled by the bot's generator); a new node is evaluated by a uniformly random
//! playout to the end of the game. The move played is the most visited arm of the root.
//!
//! **Rewards** are in `[0, 1]` for every seat ([`MctsReward`]): the share of the win, or the
//! score margin over the best opponent squashed by `tanh`.

use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::action::Action;
use crate::chance::{below, Outcome};
use crate::game::Game;

/// The points of score margin at which [`MctsReward::Margin`] gives 0.5 + 0.5·tanh(1) ≈ 0.88.
pub const MARGIN_SCALE: f64 = 20.0;

/// What a playout's result is worth to each seat, in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MctsReward {
    /// 1 for the sole highest score, split evenly between the seats tied for it, 0 otherwise.
    Win,
    /// `0.5 + 0.5 · tanh((own score − best other score) / MARGIN_SCALE)`: wins by more are
    /// worth more, and a close loss more than a rout ([`MARGIN_SCALE`] points).
    Margin,
}

impl MctsReward {
    /// The reward's name: `win` or `margin`.
    pub const fn name(self) -> &'static str {
        match self {
            MctsReward::Win => "win",
            MctsReward::Margin => "margin",
        }
    }

    /// Each seat's reward for final (or current) `scores`.
    pub fn rewards(self, scores: &[u32]) -> Vec<f64> {
        let best = scores.iter().copied().max().unwrap_or(0);
        match self {
            MctsReward::Win => {
                let tied = scores.iter().filter(|&&s| s == best).count().max(1) as f64;
                scores
                    .iter()
                    .map(|&s| if s == best { 1.0 / tied } else { 0.0 })
                    .collect()
            }
            MctsReward::Margin => (0..scores.len())
                .map(|p| {
                    let other = scores
                        .iter()
                        .enumerate()
                        .filter(|&(q, _)| q != p)
                        .map(|(_, &s)| s)
                        .max()
                        .unwrap_or(0);
                    let margin = scores[p] as f64 - other as f64;
                    0.5 + 0.5 * (margin / MARGIN_SCALE).tanh()
                })
                .collect(),
        }
    }
}

/// The settings of a Monte Carlo tree search bot ([`crate::Bot::mcts`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// Iterations (one descent, one playout) per decision; the search stops after this many,
    /// or earlier when the time budget runs out. At least 1 is run.
    pub iterations: u32,
    /// Wall-clock time per decision; `None` searches exactly `iterations` (reproducible with
    /// the bot's seed). With a budget the number of iterations depends on the machine.
    pub time_budget: Option<Duration>,
    /// The UCT exploration constant `c`.
    pub exploration: f64,
    /// What a playout's result is worth.
    pub reward: MctsReward,
}

impl Default for MctsOptions {
    /// 1,000 iterations, no time budget, exploration 0.5, margin rewards.
    fn default() -> MctsOptions {
        MctsOptions {
            iterations: 1000,
            time_budget: None,
            exploration: 0.5,
            reward: MctsReward::Margin,
        }
    }
}

/// What the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run (0 when the decision had a single legal action: nothing to search).
    pub iterations: u32,
    /// Tree nodes (decision nodes) built.
    pub nodes: usize,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// A decision node: one state's legal actions, the first `arms.len()` of them tried.
struct Decision {
    seat: u8,
    visits: u32,
    actions: Vec<Action>,
    /// Index into `Tree::arms`, one per tried action, in the order of `actions`.
    arms: Vec<u32>,
}

/// An action taken at a decision node.
struct Arm {
    visits: u32,
    /// Sum of the rewards of the seat deciding at the parent.
    total: f64,
    /// The decision nodes reached, keyed by the chance outcomes that followed the action.
    children: Vec<(u64, u32)>,
}

struct Tree {
    decisions: Vec<Decision>,
    arms: Vec<Arm>,
}

/// FNV-1a: a fixed, fast hash for the chance keys.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ *b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The key of the chance outcomes `draws` (1 for none).
fn chance_key(draws: &[Outcome]) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    draws.hash(&mut h);
    h.finish()
}

/// Resolves pending chance nodes of an explicit-draw game with outcomes sampled by their
/// probabilities; automatic games have none pending.
fn settle_chance(game: &mut Game, rng: &mut Pcg64Mcg) {
    while game.pending().is_chance() {
        let outcomes = game.chance_outcomes();
        if outcomes.is_empty() {
            return;
        }
        let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mut acc = 0.0;
        let mut chosen = outcomes[outcomes.len() - 1].0;
        for (o, p) in &outcomes {
            acc += p;
            if x < acc {
                chosen = *o;
                break;
            }
        }
        if game.resolve(chosen).is_err() {
            return;
        }
    }
}

impl Tree {
    fn node(&mut self, game: &Game, rng: &mut Pcg64Mcg, buffer: &mut Vec<Action>) -> u32 {
        game.legal_actions_into(buffer);
        let mut actions = buffer.clone();
        // Fisher–Yates: untried actions are expanded in this order.
        for i in (1..actions.len()).rev() {
            let j = below(rng, i + 1);
            actions.swap(i, j);
        }
        self.decisions.push(Decision {
            seat: game.current_player() as u8,
            visits: 0,
            arms: Vec::with_capacity(actions.len()),
            actions,
        });
        (self.decisions.len() - 1) as u32
    }
}

/// Plays uniformly random actions (and samples chance) until the game is over.
fn playout(game: &mut Game, rng: &mut Pcg64Mcg) {
    while !game.is_over() {
        settle_chance(game, rng);
        // Drawn by index, without listing: the same choice as from the list.
        if !matches!(game.play_chosen(|n| below(rng, n)), Ok(Some(_))) {
            return;
        }
    }
}

/// Searches `root` and returns the most visited legal action (`None` when no decision is
/// pending), with what the search did.
pub(crate) fn search(
    root: &Game,
    options: &MctsOptions,
    rng: &mut Pcg64Mcg,
    buffer: &mut Vec<Action>,
) -> (Option<Action>, SearchStats) {
    let start = Instant::now();
    root.legal_actions_into(buffer);
    match buffer.len() {
        0 => return (None, SearchStats::default()),
        1 => {
            let only = buffer[0];
            return (
                Some(only),
                SearchStats {
                    elapsed: start.elapsed(),
                    ..SearchStats::default()
                },
            );
        }
        _ => {}
    }
    let mut tree = Tree {
        decisions: Vec::with_capacity(options.iterations.min(1 << 16) as usize + 1),
        arms: Vec::with_capacity(options.iterations.min(1 << 16) as usize),
    };
    tree.node(root, rng, buffer);
    let mut path: Vec<(u32, u8)> = Vec::with_capacity(256);
    // One game for every iteration's descent and playout: `clone_from` copies the root into
    // its buffers, which stop growing after the first playouts (no allocation per iteration).
    let mut sim = root.clone();
    let mut iterations = 0u32;
    let budget = options.time_budget;
    while iterations < options.iterations.max(1) {
        if let Some(limit) = budget {
            if iterations > 0 && start.elapsed() >= limit {
                break;
            }
        }
        iterations += 1;
        sim.clone_from(root);
        sim.rng = Pcg64Mcg::seed_from_u64(rng.next_u64());
        path.clear();
        let mut d = 0usize;
        loop {
            let node = &tree.decisions[d];
            if node.actions.is_empty() {
                break;
            }
            let seat = node.seat;
            let (arm, action) = if node.arms.len() < node.actions.len() {
                let action = node.actions[node.arms.len()];
                tree.arms.push(Arm {
                    visits: 0,
                    total: 0.0,
                    children: Vec::new(),
                });
                let arm = (tree.arms.len() - 1) as u32;
                tree.decisions[d].arms.push(arm);
                (arm, action)
            } else {
                let log_n = (node.visits.max(1) as f64).ln();
                let mut best = (f64::NEG_INFINITY, 0usize);
                for (i, &a) in node.arms.iter().enumerate() {
                    let arm = &tree.arms[a as usize];
                    let n = arm.visits.max(1) as f64;
                    let value = arm.total / n + options.exploration * (log_n / n).sqrt();
                    if value > best.0 {
                        best = (value, i);
                    }
                }
                (node.arms[best.1], node.actions[best.1])
            };
            tree.decisions[d].visits += 1;
            path.push((arm, seat));
            let before = sim.draws().len();
            if sim.play_quiet(action).is_err() {
                // Only after a (practically impossible) collision of chance keys: the node's
                // actions are another state's. Evaluate the state reached so far.
                path.pop();
                break;
            }
            settle_chance(&mut sim, rng);
            let key = chance_key(&sim.draws()[before..]);
            let found = tree.arms[arm as usize]
                .children
                .iter()
                .find(|(k, _)| *k == key)
                .map(|&(_, child)| child);
            match found {
                Some(child) => d = child as usize,
                None => {
                    let child = tree.node(&sim, rng, buffer);
                    tree.arms[arm as usize].children.push((key, child));
                    break;
                }
            }
        }
        playout(&mut sim, rng);
        let rewards = options.reward.rewards(&sim.scores());
        for &(arm, seat) in &path {
            let arm = &mut tree.arms[arm as usize];
            arm.visits += 1;
            arm.total += rewards.get(seat as usize).copied().unwrap_or(0.0);
        }
    }
    let root_node = &tree.decisions[0];
    let best = root_node
        .arms
        .iter()
        .enumerate()
        .max_by(|(_, &a), (_, &b)| {
            let (a, b) = (&tree.arms[a as usize], &tree.arms[b as usize]);
            a.visits.cmp(&b.visits).then(
                (a.total / a.visits.max(1) as f64)
                    .partial_cmp(&(b.total / b.visits.max(1) as f64))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        })
        .map(|(i, _)| root_node.actions[i]);
    (
        best,
        SearchStats {
            iterations,
            nodes: tree.decisions.len(),
            elapsed: start.elapsed(),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, BotKind};
    use crate::{Config, TileSet};

    fn options(iterations: u32) -> MctsOptions {
        MctsOptions {
            iterations,
            ..MctsOptions::default()
        }
    }

    #[test]
    fn rewards_split_wins_and_squash_margins() {
        assert_eq!(MctsReward::Win.rewards(&[10, 4]), vec![1.0, 0.0]);
        assert_eq!(MctsReward::Win.rewards(&[7, 9, 9]), vec![0.0, 0.5, 0.5]);
        let m = MctsReward::Margin.rewards(&[30, 10, 20]);
        assert!((m[0] - (0.5 + 0.5 * (10.0 / MARGIN_SCALE).tanh())).abs() < 1e-12);
        assert!((m[1] - (0.5 - 0.5 * (20.0 / MARGIN_SCALE).tanh())).abs() < 1e-12);
        assert!(m.iter().all(|r| (0.0..=1.0).contains(r)));
    }

    /// The search never reads the game's own generator: the same bot chooses the same action
    /// whatever order the hidden tiles will come in.
    #[test]
    fn the_hidden_draw_order_is_not_read() {
        let mut game = Game::new(Config::new(2), 11).unwrap();
        for _ in 0..9 {
            let a = game.legal_actions()[0];
            game.play(a).unwrap();
        }
        let mut other = game.clone();
        other.rng = Pcg64Mcg::seed_from_u64(999);
        assert_ne!(game, other, "the generators differ");
        let mut a = Bot::mcts(5, options(300));
        let mut b = Bot::mcts(5, options(300));
        assert_eq!(a.choose(&game), b.choose(&other));
        assert_eq!(a.last_search().iterations, 300);
        assert_eq!(a.last_search().nodes, b.last_search().nodes);
    }

    /// Same seed, same choices; a single legal action is returned without a search; no decision
    /// pending gives None.
    #[test]
    fn searches_are_reproducible() {
        let game = Game::new(Config::new(3), 2).unwrap();
        let first = Bot::mcts(1, options(200)).choose(&game);
        assert_eq!(first, Bot::mcts(1, options(200)).choose(&game));
        assert!(game.legal_actions().contains(&first.unwrap()));
        let mut explicit = Config::new(2);
        explicit.explicit_draws = true;
        let waiting = Game::new(explicit, 0).unwrap();
        let mut bot = Bot::mcts(1, options(10));
        assert_eq!(bot.choose(&waiting), None);
        // A river tile that fits in one way only, somewhere in a few games.
        let only = (0..50u64)
            .find_map(|seed| {
                let mut config = Config::new(2);
                config.sets.push(TileSet::River);
                let mut game = Game::new(config, seed).unwrap();
                while !game.is_over() {
                    if game.legal_action_count() == 1 {
                        return Some(game);
                    }
                    let a = game.legal_actions()[0];
                    game.play(a).unwrap();
                }
                None
            })
            .expect("a decision with one legal action");
        assert_eq!(bot.choose(&only), Some(only.legal_actions()[0]));
        assert_eq!(bot.last_search().iterations, 0);
    }

    /// A time budget stops the search; at least one iteration runs.
    #[test]
    fn a_time_budget_stops_the_search() {
        let game = Game::new(Config::new(2), 3).unwrap();
        let mut bot = Bot::mcts(
            0,
            MctsOptions {
                iterations: u32::MAX,
                time_budget: Some(Duration::from_millis(20)),
                ..MctsOptions::default()
            },
        );
        assert!(bot.choose(&game).is_some());
        let stats = bot.last_search();
        assert!(stats.iterations >= 1 && stats.iterations < u32::MAX);
    }

    /// Every set, through the generic API: whole games where every seat is an MCTS bot, with
    /// automatic and with explicit draws (chance sampled by the caller), end with legal play.
    #[test]
    fn every_set_is_played_through_the_generic_api() {
        for explicit in [false, true] {
            let mut config = Config::new(3);
            config.sets = vec![
                TileSet::Base,
                TileSet::InnsAndCathedrals,
                TileSet::TradersAndBuilders,
                TileSet::River,
                TileSet::River2,
                TileSet::Count,
                TileSet::KingAndRobber,
                TileSet::Cult,
            ];
            config.explicit_draws = explicit;
            let mut game = Game::new(config, 8).unwrap();
            let mut bots: Vec<Bot> = (0..3).map(|p| Bot::mcts(p, options(8))).collect();
            let mut rng = Pcg64Mcg::seed_from_u64(1);
            while !game.is_over() {
                if game.pending().is_chance() {
                    settle_chance(&mut game, &mut rng);
                    continue;
                }
                let action = bots[game.current_player()].choose(&game).unwrap();
                game.play(action).unwrap();
            }
            assert!(game.actions().len() > 100);
        }
    }

    /// Against the greedy bot, in seeded 2-player games (the MCTS bot in both seats in turn).
    #[test]
    fn beats_greedy_in_seeded_games() {
        let mut wins = 0;
        for seed in 0..4u64 {
            let mut game = Game::new(Config::new(2), seed).unwrap();
            let seat = (seed % 2) as usize;
            let mut bots = [
                Bot::mcts(seed, options(300)),
                Bot::new(BotKind::Greedy, seed),
            ];
            if seat == 1 {
                bots.swap(0, 1);
            }
            while !game.is_over() {
                let action = bots[game.current_player()].choose(&game).unwrap();
                game.play_quiet(action).unwrap();
            }
            let scores = game.scores();
            wins += usize::from(scores[seat] > scores[1 - seat]);
        }
        assert!(wins >= 3, "{wins} of 4");
    }
}
