//! Built-in players: a uniformly random bot, a greedy bot and a Monte Carlo tree search bot
//! ([`mcts`]), each with its own seeded generator so that games between them are reproducible.

pub mod mcts;

use std::fmt;
use std::str::FromStr;

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::action::Action;
use crate::chance::below;
use crate::error::{ParseError, PlayError};
use crate::game::{Game, Pending};
pub use mcts::{MctsOptions, MctsReward, SearchStats};

/// A built-in bot. Not `#[non_exhaustive]`: the bindings map every kind exhaustively, so a new
/// kind fails to compile there until it is handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Picks uniformly among the legal actions of every decision.
    Random,
    /// Picks the action with the best immediate score gain for itself: a placement is worth
    /// the best of its deployments (or passing), counting the points the turn scores; ties are
    /// broken uniformly at random.
    Greedy,
    /// Monte Carlo tree search ([`mcts`]): UCT with random playouts, the hidden draws sampled
    /// afresh in every iteration; its settings are [`MctsOptions`] ([`Bot::mcts`]).
    Mcts,
}

impl BotKind {
    /// Every kind, in the order of their C codes.
    pub const ALL: [BotKind; 3] = [BotKind::Random, BotKind::Greedy, BotKind::Mcts];

    /// The bot's name: `random`, `greedy` or `mcts`.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Mcts => "mcts",
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotKind {
    type Err = ParseError;

    /// Parses `random`, `greedy` or `mcts`.
    fn from_str(s: &str) -> Result<BotKind, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            "mcts" => Ok(BotKind::Mcts),
            _ => Err(ParseError::new("bot", s, "expected random, greedy or mcts")),
        }
    }
}

/// A bot with its own seeded generator (PCG-64 MCG).
///
/// The same kind, options, seed and sequence of games give the same choices (for
/// [`BotKind::Mcts`], only without a time budget).
#[derive(Clone, Debug)]
pub struct Bot {
    kind: BotKind,
    rng: Pcg64Mcg,
    buffer: Vec<Action>,
    mcts: MctsOptions,
    last_search: SearchStats,
}

impl Bot {
    /// A bot of `kind` whose choices are driven by `seed` (an MCTS bot with
    /// [`MctsOptions::default`]).
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: Pcg64Mcg::seed_from_u64(seed),
            buffer: Vec::with_capacity(128),
            mcts: MctsOptions::default(),
            last_search: SearchStats::default(),
        }
    }

    /// A Monte Carlo tree search bot with `options`, driven by `seed`.
    pub fn mcts(seed: u64, options: MctsOptions) -> Bot {
        Bot {
            mcts: options,
            ..Bot::new(BotKind::Mcts, seed)
        }
    }

    /// The same bot (kind and options) with its generator seeded by `seed`.
    pub fn reseeded(&self, seed: u64) -> Bot {
        Bot {
            rng: Pcg64Mcg::seed_from_u64(seed),
            last_search: SearchStats::default(),
            ..self.clone()
        }
    }

    /// The bot's kind.
    pub fn kind(&self) -> BotKind {
        self.kind
    }

    /// The search settings (used by [`BotKind::Mcts`] only).
    pub fn mcts_options(&self) -> MctsOptions {
        self.mcts
    }

    /// What the last [`Bot::choose`] of an MCTS bot searched (iterations, nodes, time); all
    /// zero for the other kinds.
    pub fn last_search(&self) -> SearchStats {
        self.last_search
    }

    /// Chooses the pending decision's action as [`Bot::choose`] does and plays it without
    /// events: true when an action was played, false when none is pending (a draw, or the
    /// game is over). A random bot plays its choice with [`Game::play_chosen`], without the
    /// second check of [`Game::play_quiet`].
    fn play_decision(&mut self, game: &mut Game) -> Result<bool, PlayError> {
        if self.kind == BotKind::Random {
            let rng = &mut self.rng;
            return Ok(game.play_chosen(|n| below(rng, n))?.is_some());
        }
        let Some(action) = self.choose(game) else {
            return Ok(false);
        };
        game.play_quiet(action)?;
        Ok(true)
    }

    /// The bot's choice for the pending decision, or `None` when no action is pending (a draw,
    /// or the game is over).
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        match self.kind {
            BotKind::Random => {
                // Drawn by index, without listing: the same choice as from the list.
                game.choose_legal_action(|n| below(&mut self.rng, n))
            }
            BotKind::Greedy => {
                game.legal_actions_into(&mut self.buffer);
                if self.buffer.is_empty() {
                    return None;
                }
                let me = game.current_player();
                let actions = std::mem::take(&mut self.buffer);
                let mut best = Vec::new();
                let mut best_gain = -1i64;
                for &action in &actions {
                    let gain = immediate_gain(game, action, me);
                    if gain > best_gain {
                        best_gain = gain;
                        best.clear();
                    }
                    if gain == best_gain {
                        best.push(action);
                    }
                }
                self.buffer = actions;
                let i = below(&mut self.rng, best.len());
                Some(best[i])
            }
            BotKind::Mcts => {
                let (action, stats) =
                    mcts::search(game, &self.mcts, &mut self.rng, &mut self.buffer);
                self.last_search = stats;
                action
            }
        }
    }
}

/// Points `player` gains by the end of the current turn part if it plays `action` (and then,
/// for a placement, the best of its deployments or passing).
fn immediate_gain(game: &Game, action: Action, player: usize) -> i64 {
    let mut next = game.clone();
    if next.play_quiet(action).is_err() {
        return -1;
    }
    if matches!(next.pending(), Pending::Deploy { .. }) && next.current_player() == player {
        // Nothing is scored before the deployment step ends.
        return next
            .legal_actions()
            .into_iter()
            .map(|a| immediate_gain(&next, a, player))
            .max()
            .unwrap_or(0);
    }
    next.score(player) as i64 - game.score(player) as i64
}

/// Plays `games` complete games of `config` between built-in bots (`bots[seat % bots.len()]`
/// for each seat; empty means all random), game `i` with seed `seed + i`, and returns the final
/// scores, one row per game. MCTS bots search with [`MctsOptions::default`]; see
/// [`play_games_with`] for other settings.
///
/// # Errors
/// [`ConfigError`](crate::ConfigError) naming the first problem of the config.
pub fn play_games(
    config: &crate::Config,
    games: usize,
    seed: u64,
    bots: &[BotKind],
) -> Result<Vec<Vec<u32>>, crate::ConfigError> {
    let bots: Vec<Bot> = bots.iter().map(|&kind| Bot::new(kind, 0)).collect();
    play_games_with(config, games, seed, &bots)
}

/// Like [`play_games`], with bots given as prototypes (kind and options, e.g. [`Bot::mcts`]):
/// in game `i` seat `p` plays `bots[p % bots.len()]` reseeded with
/// `(seed + i) · 0x9E3779B97F4A7C15 + p` (wrapping), so every game is reproducible on its own.
/// A game whose draws are explicit stops at its first chance node (bots answer decisions only).
/// With the `parallel` feature the games are played on rayon's pool (the current one: run
/// inside `ThreadPool::install` to choose the number of threads); the rows are the same, in
/// game order, for any number of threads.
///
/// # Errors
/// [`ConfigError`](crate::ConfigError) naming the first problem of the config.
pub fn play_games_with(
    config: &crate::Config,
    games: usize,
    seed: u64,
    bots: &[Bot],
) -> Result<Vec<Vec<u32>>, crate::ConfigError> {
    config.validate()?;
    let random = [Bot::new(BotKind::Random, 0)];
    let bots = if bots.is_empty() { &random[..] } else { bots };
    let play = |i: u64| -> Result<Vec<u32>, crate::ConfigError> {
        let game_seed = seed.wrapping_add(i);
        let mut game = Game::new(config.clone(), game_seed)?;
        let mut players: Vec<Bot> = (0..config.players)
            .map(|p| {
                bots[p % bots.len()].reseeded(
                    game_seed
                        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                        .wrapping_add(p as u64),
                )
            })
            .collect();
        while !game.is_over() {
            if !matches!(
                players[game.current_player()].play_decision(&mut game),
                Ok(true)
            ) {
                break;
            }
        }
        Ok(game.scores())
    };
    // Every game is independent and seeded on its own: the rows are the same for any number of
    // threads, in game order.
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..games as u64).into_par_iter().map(play).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        (0..games as u64).map(play).collect()
    }
}
