//! Built-in players: a uniformly random bot and a greedy bot, with seeded generators so that
//! games between them are reproducible.

use std::fmt;
use std::str::FromStr;

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::action::Action;
use crate::error::ParseError;
use crate::game::{Game, Pending};

/// A built-in bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BotKind {
    /// Picks uniformly among the legal actions of every decision.
    Random,
    /// Picks the action with the best immediate score gain for itself: a placement is worth
    /// the best of its deployments (or passing), counting the points the turn scores; ties are
    /// broken uniformly at random.
    Greedy,
}

impl BotKind {
    /// The bot's name: `random` or `greedy`.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
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

    /// Parses `random` or `greedy`.
    fn from_str(s: &str) -> Result<BotKind, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            _ => Err(ParseError::new("bot", s, "expected random or greedy")),
        }
    }
}

/// A bot with its own seeded generator (PCG-64 MCG).
#[derive(Clone, Debug)]
pub struct Bot {
    kind: BotKind,
    rng: Pcg64Mcg,
    buffer: Vec<Action>,
}

impl Bot {
    /// A bot of `kind` whose choices are driven by `seed`.
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: Pcg64Mcg::seed_from_u64(seed),
            buffer: Vec::with_capacity(128),
        }
    }

    /// The bot's kind.
    pub fn kind(&self) -> BotKind {
        self.kind
    }

    /// A uniform index below `n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        ((self.rng.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// The bot's choice for the pending decision, or `None` when no action is pending (a draw,
    /// or the game is over).
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        game.legal_actions_into(&mut self.buffer);
        if self.buffer.is_empty() {
            return None;
        }
        match self.kind {
            BotKind::Random => {
                let i = self.below(self.buffer.len());
                Some(self.buffer[i])
            }
            BotKind::Greedy => {
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
                let i = self.below(best.len());
                Some(best[i])
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
/// scores, one row per game.
pub fn play_games(
    config: &crate::Config,
    games: usize,
    seed: u64,
    bots: &[BotKind],
) -> Result<Vec<Vec<u32>>, crate::ConfigError> {
    config.validate()?;
    let mut rows = Vec::with_capacity(games);
    for i in 0..games as u64 {
        let game_seed = seed.wrapping_add(i);
        let mut game = Game::new(config.clone(), game_seed)?;
        let mut players: Vec<Bot> = (0..config.players)
            .map(|p| {
                let kind = bots
                    .get(p % bots.len().max(1))
                    .copied()
                    .unwrap_or(BotKind::Random);
                Bot::new(
                    kind,
                    game_seed
                        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                        .wrapping_add(p as u64),
                )
            })
            .collect();
        while !game.is_over() {
            let Some(action) = players[game.current_player()].choose(&game) else {
                break;
            };
            if game.play_quiet(action).is_err() {
                break;
            }
        }
        rows.push(game.scores());
    }
    Ok(rows)
}
