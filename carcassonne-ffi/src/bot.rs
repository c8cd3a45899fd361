//! The `carc_bot` handle: the core's built-in bots (random, greedy, Monte Carlo tree search),
//! so that a C game client can offer them as AI opponents.

use std::time::Duration;

use carcassonne::bots::{MctsOptions, MctsReward};
use carcassonne::{Bot, BotKind};

use crate::boundary::{arg_mut, arg_ref, carc_status, fail, ffi, require, write_out};
use crate::game::carc_game;
use crate::types::{action_to_c, carc_action};

/// Bot kind: picks uniformly among the legal actions.
pub const CARC_BOT_RANDOM: u32 = 0;
/// Bot kind: the best immediate score gain, ties broken at random.
pub const CARC_BOT_GREEDY: u32 = 1;
/// Bot kind: Monte Carlo tree search (UCT with random playouts; the hidden order of the tiles
/// is sampled afresh in every iteration, never read from the game). Settings:
/// `carc_mcts_options`.
pub const CARC_BOT_MCTS: u32 = 2;

/// `carc_mcts_options.reward`: `0.5 + 0.5 tanh((own score - best other score) / 20)`.
pub const CARC_MCTS_REWARD_MARGIN: u32 = 0;
/// `carc_mcts_options.reward`: 1 for the win (split between tied winners), 0 otherwise.
pub const CARC_MCTS_REWARD_WIN: u32 = 1;

/// The settings of an MCTS bot (`carc_bot_new_mcts`); `carc_mcts_options_default` fills in the
/// defaults.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct carc_mcts_options {
    /// Iterations (one descent, one random playout) per decision; 0 means no limit, and then
    /// `time_budget_ms` must be set. Default 1000.
    pub iterations: u32,
    /// Wall-clock time per decision in milliseconds; 0 means none (the search is then
    /// reproducible with the seed). The search stops at whichever limit comes first.
    pub time_budget_ms: u32,
    /// The UCT exploration constant (finite, not negative). Default 0.5.
    pub exploration: f64,
    /// `CARC_MCTS_REWARD_MARGIN` (default) or `CARC_MCTS_REWARD_WIN`.
    pub reward: u32,
}

/// What the last `carc_bot_choose` of an MCTS bot searched (all 0 for the other kinds).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct carc_search_stats {
    /// Iterations run (0 when only one action was legal).
    pub iterations: u32,
    /// Decision nodes of the search tree.
    pub nodes: u64,
    /// Wall-clock time of the search in microseconds.
    pub elapsed_us: u64,
}

/// A bot: opaque to C. Created by `carc_bot_new` or `carc_bot_new_mcts`; owned by the caller
/// until passed to `carc_bot_free`. A bot keeps no pointer to any game.
pub struct carc_bot {
    bot: Bot,
}

fn kind_from_c(kind: u32) -> Result<BotKind, carc_status> {
    match kind {
        CARC_BOT_RANDOM => Ok(BotKind::Random),
        CARC_BOT_GREEDY => Ok(BotKind::Greedy),
        CARC_BOT_MCTS => Ok(BotKind::Mcts),
        other => fail(
            carc_status::CARC_INVALID_ARGUMENT,
            format!("unknown bot kind {other}"),
        ),
    }
}

fn kind_to_c(kind: BotKind) -> u32 {
    match kind {
        BotKind::Random => CARC_BOT_RANDOM,
        BotKind::Greedy => CARC_BOT_GREEDY,
        BotKind::Mcts => CARC_BOT_MCTS,
    }
}

fn reward_to_c(reward: MctsReward) -> u32 {
    match reward {
        MctsReward::Margin => CARC_MCTS_REWARD_MARGIN,
        MctsReward::Win => CARC_MCTS_REWARD_WIN,
    }
}

fn options_to_c(o: &MctsOptions) -> carc_mcts_options {
    carc_mcts_options {
        iterations: if o.iterations == u32::MAX {
            0
        } else {
            o.iterations
        },
        time_budget_ms: o
            .time_budget
            .map_or(0, |d| d.as_millis().min(u32::MAX as u128) as u32),
        exploration: o.exploration,
        reward: reward_to_c(o.reward),
    }
}

fn options_from_c(c: &carc_mcts_options) -> Result<MctsOptions, carc_status> {
    let invalid = |message: String| fail(carc_status::CARC_INVALID_ARGUMENT, message);
    let reward = match c.reward {
        CARC_MCTS_REWARD_MARGIN => MctsReward::Margin,
        CARC_MCTS_REWARD_WIN => MctsReward::Win,
        other => return invalid(format!("unknown MCTS reward {other}")),
    };
    if !(c.exploration.is_finite() && c.exploration >= 0.0) {
        return invalid(format!(
            "exploration must be finite and not negative, not {}",
            c.exploration
        ));
    }
    if c.iterations == 0 && c.time_budget_ms == 0 {
        return invalid("an MCTS bot needs iterations or a time budget (both are 0)".into());
    }
    Ok(MctsOptions {
        iterations: if c.iterations == 0 {
            u32::MAX
        } else {
            c.iterations
        },
        time_budget: (c.time_budget_ms > 0).then(|| Duration::from_millis(c.time_budget_ms as u64)),
        exploration: c.exploration,
        reward,
    })
}

/// Writes the default MCTS settings (1000 iterations, no time budget, exploration 0.5, margin
/// reward) into `*out`.
///
/// # Safety
/// `out` must be NULL (then `CARC_NULL_ARGUMENT`) or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_mcts_options_default(out: *mut carc_mcts_options) -> carc_status {
    ffi!({ write_out(out, "out", options_to_c(&MctsOptions::default())) })
}

/// Creates a bot of `kind` (`CARC_BOT_RANDOM`, `CARC_BOT_GREEDY`, or `CARC_BOT_MCTS` with the
/// default settings) whose choices are driven by `seed`, into `*out`. The caller owns the bot
/// and must release it with `carc_bot_free`. `CARC_INVALID_ARGUMENT` for an unknown kind.
///
/// # Safety
/// `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_bot_new(
    kind: u32,
    seed: u64,
    out: *mut *mut carc_bot,
) -> carc_status {
    ffi!({
        require(out, "out")?;
        let bot = Bot::new(kind_from_c(kind)?, seed);
        write_out(out, "out", Box::into_raw(Box::new(carc_bot { bot })))
    })
}

/// Creates a Monte Carlo tree search bot with `*options` (copied; NULL means the defaults),
/// driven by `seed`, into `*out`. The caller owns the bot and must release it with
/// `carc_bot_free`. `CARC_INVALID_ARGUMENT` for an unknown reward, a negative or non-finite
/// exploration, or neither iterations nor a time budget.
///
/// # Safety
/// `options` must be NULL or point to a `carc_mcts_options`; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_bot_new_mcts(
    seed: u64,
    options: *const carc_mcts_options,
    out: *mut *mut carc_bot,
) -> carc_status {
    ffi!({
        require(out, "out")?;
        let options = if options.is_null() {
            MctsOptions::default()
        } else {
            options_from_c(arg_ref(options, "options")?)?
        };
        let bot = Bot::mcts(seed, options);
        write_out(out, "out", Box::into_raw(Box::new(carc_bot { bot })))
    })
}

/// Releases a bot. `carc_bot_free(NULL)` does nothing; the pointer must not be used again.
///
/// # Safety
/// `bot` must be NULL or a bot from this library not freed before.
#[no_mangle]
pub unsafe extern "C" fn carc_bot_free(bot: *mut carc_bot) {
    if !bot.is_null() {
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            // SAFETY: a live bot from `Box::into_raw`, by the caller's contract.
            drop(unsafe { Box::from_raw(bot) });
        }));
    }
}

/// The bot's kind (`CARC_BOT_*`) into `*out`.
///
/// # Safety
/// `bot` must be NULL or a live bot; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_bot_kind(bot: *const carc_bot, out: *mut u32) -> carc_status {
    ffi!({ write_out(out, "out", kind_to_c(arg_ref(bot, "bot")?.bot.kind())) })
}

/// The settings of an MCTS bot into `*out`; `CARC_INVALID_ARGUMENT` for another kind.
///
/// # Safety
/// `bot` must be NULL or a live bot; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_bot_mcts_options(
    bot: *const carc_bot,
    out: *mut carc_mcts_options,
) -> carc_status {
    ffi!({
        let b = arg_ref(bot, "bot")?;
        require(out, "out")?;
        if b.bot.kind() != BotKind::Mcts {
            return fail(
                carc_status::CARC_INVALID_ARGUMENT,
                "the bot is not an MCTS bot",
            );
        }
        write_out(out, "out", options_to_c(&b.bot.mcts_options()))
    })
}

/// The bot's choice for the decision pending in `game`, into `*out` (a copy, stamped with the
/// game's current epoch, ready for `carc_game_play`). The game is not changed; the bot's
/// generator advances. `CARC_NO_DECISION` when a chance node is pending or the game is over.
/// An MCTS bot searches for its iterations or time budget before returning.
///
/// # Safety
/// `bot` must be NULL or a live bot, `game` NULL or a live game (neither used by another
/// thread during the call); `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_bot_choose(
    bot: *mut carc_bot,
    game: *const carc_game,
    out: *mut carc_action,
) -> carc_status {
    ffi!({
        let b = arg_mut(bot, "bot")?;
        let g = crate::game::live(game)?;
        require(out, "out")?;
        let Some(action) = b.bot.choose(g.game()) else {
            return fail(
                carc_status::CARC_NO_DECISION,
                format!("no decision is pending ({})", g.game().pending().name()),
            );
        };
        write_out(out, "out", action_to_c(&action, g.epoch()))
    })
}

/// What the bot's last `carc_bot_choose` searched, into `*out` (all 0 for random and greedy
/// bots and before the first choice).
///
/// # Safety
/// `bot` must be NULL or a live bot; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_bot_last_search(
    bot: *const carc_bot,
    out: *mut carc_search_stats,
) -> carc_status {
    ffi!({
        let s = arg_ref(bot, "bot")?.bot.last_search();
        write_out(
            out,
            "out",
            carc_search_stats {
                iterations: s.iterations,
                nodes: s.nodes as u64,
                elapsed_us: s.elapsed.as_micros().min(u64::MAX as u128) as u64,
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every core kind and reward has a C code that maps back.
    #[test]
    fn codes_round_trip() {
        for kind in BotKind::ALL {
            assert_eq!(kind_from_c(kind_to_c(kind)), Ok(kind));
        }
        for reward in [MctsReward::Margin, MctsReward::Win] {
            let o = MctsOptions {
                reward,
                time_budget: Some(Duration::from_millis(7)),
                ..MctsOptions::default()
            };
            assert_eq!(options_from_c(&options_to_c(&o)), Ok(o));
        }
        assert!(kind_from_c(3).is_err());
    }
}
