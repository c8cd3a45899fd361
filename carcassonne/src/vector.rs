//! Many games stepped together, for reinforcement learning: [`VectorEnv`].
//!
//! Every game is a turn-based multi-agent environment: each step applies the action id (see
//! [`crate::encoding`]) of the seat that decides now in each game. A game that ends is scored
//! (rewards by [`RewardScheme`] for every seat, at the step that ended it) and replaced at once
//! by a new game ("same-step" auto-reset): after a step, the observations, deciding seats and
//! legal ids are those of the new game, while `terminated`, the rewards and the final scores
//! are those of the game that ended. Tiles are drawn by each game's seeded generator; game `k`
//! (counting from 0) of environment `i` has seed `seed + i + k · num_envs`, so the trajectory
//! of every environment depends only on the seed and its own actions, never on the number of
//! threads.
//!
//! With the `parallel` feature, [`VectorEnv::with_threads`] steps the games on a rayon pool of
//! which the stepping thread is one (see there).

#[cfg(feature = "parallel")]
use std::cell::RefCell;
#[cfg(feature = "parallel")]
use std::sync::Arc;

use thiserror::Error;

use crate::action::Action;
use crate::config::Config;
use crate::encoding::{observation_into, observation_len, ActionSpace, RewardScheme};
use crate::error::ConfigError;
use crate::game::Game;

/// Why a [`VectorEnv`] could not be made or stepped. After an error nothing has changed. Not
/// `#[non_exhaustive]`: the bindings map every error exhaustively.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VectorError {
    /// The config cannot become a game.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The config has explicit draws; the environment draws tiles itself.
    #[error("a vectorised environment draws tiles itself: explicit_draws must be false")]
    ExplicitDraws,
    /// No environments were asked for.
    #[error("num_envs must be at least 1")]
    NoEnvs,
    /// A step was given a number of actions other than the number of environments.
    #[error("{given} actions given for {envs} environments")]
    ActionCount {
        /// Actions given.
        given: usize,
        /// Environments.
        envs: usize,
    },
    /// An action id is not one of the legal ids of its environment.
    #[error("environment {env}: action id {id} is not legal now (legal ids: {legal})")]
    IllegalAction {
        /// The environment's index.
        env: usize,
        /// The id given.
        id: i64,
        /// The legal ids, abbreviated.
        legal: String,
    },
    /// The thread pool could not be built.
    #[error("cannot start the thread pool: {0}")]
    Threads(String),
}

/// The id [`write_ids`] writes for an action without one (none in practice), and then drops.
const NO_ID: u32 = u32::MAX;

/// One environment: its game, the seed of its next game, and the ids of its legal actions.
#[derive(Clone, Debug)]
struct Slot {
    game: Game,
    next_seed: u64,
    ids: Vec<u32>,
}

impl Slot {
    /// Whether `id` is one of the legal ids.
    fn is_legal(&self, id: i64) -> bool {
        u32::try_from(id).is_ok_and(|id| self.ids.contains(&id))
    }

    /// Keeps the ids of the legal actions, in their order ([`write_ids`], with room for four
    /// placements per open position, so that the placements need no count first).
    fn refresh(&mut self, space: &ActionSpace) {
        let room = 4 * self.game.board.open_positions().len();
        write_ids(&self.game, space, &mut self.ids, room);
    }
}

/// Replaces the contents of `ids` by the ids of `game`'s legal actions, in their order, written
/// by [`Game::write_legal_actions`]: a placement's id straight from the board's scan, with no
/// list of actions between. `ids` is first given `room` places; when the actions outnumber
/// them, nothing is written, and they are written again into as many places as there are
/// actions.
fn write_ids(game: &Game, space: &ActionSpace, ids: &mut Vec<u32>, room: usize) {
    // Every legal action has an id (tested in `encoding`): `NO_ID` is never kept, and the ids
    // are searched for it only when one was written.
    let missing = std::cell::Cell::new(false);
    let id = |a: Action| {
        space.id(game, a).map_or_else(
            || {
                missing.set(true);
                NO_ID
            },
            |id| id as u32,
        )
    };
    ids.resize(room, 0);
    let n = match game.write_legal_actions(ids, id) {
        Ok(n) => n,
        Err(n) => {
            ids.resize(n, 0);
            game.write_legal_actions(ids, id).unwrap_or(0)
        }
    };
    ids.truncate(n);
    if missing.get() {
        ids.retain(|&i| i != NO_ID);
    }
}

/// What one environment writes in a step: its rows of the output buffers.
struct Row<'a> {
    rewards: &'a mut [f32],
    scores: &'a mut [u32],
    terminated: &'a mut bool,
    current: &'a mut u8,
    observation: &'a mut [u8],
}

/// The settings shared by every environment of a [`VectorEnv`].
#[derive(Clone, Debug)]
struct Shared {
    config: Config,
    space: ActionSpace,
    reward: RewardScheme,
    radius: Option<usize>,
    envs: u64,
}

impl Shared {
    /// Applies the action of id `id` (one of the slot's legal ids) and writes the row.
    fn step(&self, slot: &mut Slot, id: u32, row: Row<'_>) {
        // The id was checked against this state's legal ids, and ids round-trip (tested in
        // `encoding`): the action is legal, so it is played without a second check.
        let action = self.space.action(&slot.game, id as usize);
        debug_assert!(action.is_some());
        if let Some(action) = action {
            let played = slot.game.play_listed(action);
            debug_assert!(played.is_ok());
        }
        row.rewards.fill(0.0);
        *row.terminated = slot.game.is_over();
        for (p, s) in row.scores.iter_mut().enumerate() {
            *s = slot.game.score(p);
        }
        if *row.terminated {
            for (r, v) in row.rewards.iter_mut().zip(self.reward.rewards(row.scores)) {
                *r = v as f32;
            }
            self.reset(slot);
        }
        self.write(slot, row.current, row.observation);
    }

    /// Replaces the slot's game by its next one.
    fn reset(&self, slot: &mut Slot) {
        // The config was validated when the environment was made.
        if let Ok(game) = Game::new(self.config.clone(), slot.next_seed) {
            slot.game = game;
        }
        slot.next_seed = slot.next_seed.wrapping_add(self.envs);
    }

    /// Refreshes the slot's legal ids and writes its deciding seat and observation.
    fn write(&self, slot: &mut Slot, current: &mut u8, observation: &mut [u8]) {
        slot.refresh(&self.space);
        *current = slot.game.current_player() as u8;
        if let Some(radius) = self.radius {
            observation_into(&slot.game, radius, observation);
        }
    }
}

/// Many games of one config, stepped together (see the module documentation).
///
/// ```
/// use carcassonne::vector::VectorEnv;
/// use carcassonne::{encoding::RewardScheme, Config};
///
/// let mut env = VectorEnv::new(Config::new(2), 4, 7, RewardScheme::Rank, None).unwrap();
/// let mut finished = 0;
/// while finished < 4 {
///     let actions: Vec<i64> = (0..4).map(|i| env.legal_ids(i)[0] as i64).collect();
///     env.step(&actions).unwrap();
///     finished += env.terminated().iter().filter(|t| **t).count();
/// }
/// ```
#[derive(Debug)]
pub struct VectorEnv {
    shared: Shared,
    seed: u64,
    slots: Vec<Slot>,
    rewards: Vec<f32>,
    scores: Vec<u32>,
    terminated: Vec<bool>,
    current: Vec<u8>,
    observations: Vec<u8>,
    /// Threads a step runs on (1: the calling thread alone).
    #[cfg(feature = "parallel")]
    threads: usize,
}

impl VectorEnv {
    /// `num_envs` games of `config`, environment `i` starting with seed `seed + i`; rewards by
    /// `reward`; observations with window radius `observation_radius` (`None`: no
    /// observations are computed, the fast path).
    ///
    /// # Errors
    /// [`VectorError::Config`] for an invalid config, [`VectorError::ExplicitDraws`],
    /// [`VectorError::NoEnvs`].
    pub fn new(
        config: Config,
        num_envs: usize,
        seed: u64,
        reward: RewardScheme,
        observation_radius: Option<usize>,
    ) -> Result<VectorEnv, VectorError> {
        if config.explicit_draws {
            return Err(VectorError::ExplicitDraws);
        }
        if num_envs == 0 {
            return Err(VectorError::NoEnvs);
        }
        let first = Game::new(config.clone(), seed)?;
        let players = config.players;
        let shared = Shared {
            space: ActionSpace::of(&first),
            config,
            reward,
            radius: observation_radius,
            envs: num_envs as u64,
        };
        let obs_len = observation_radius.map_or(0, observation_len);
        let mut env = VectorEnv {
            shared,
            seed,
            slots: Vec::with_capacity(num_envs),
            rewards: vec![0.0; num_envs * players],
            scores: vec![0; num_envs * players],
            terminated: vec![false; num_envs],
            current: vec![0; num_envs],
            observations: vec![0; num_envs * obs_len.max(1)],
            #[cfg(feature = "parallel")]
            threads: 1,
        };
        env.reset(seed);
        Ok(env)
    }

    /// Steps the games on `threads` threads (1: on the calling thread alone, the default).
    /// Results are the same for every number of threads. Steps of fewer than 32 games per
    /// thread run on the calling thread alone (handing them over would cost more than it
    /// saves).
    ///
    /// Each thread that steps environments on more than one thread gets a rayon pool of
    /// `threads` threads, kept for the thread's life and shared by all its environments with
    /// that number of threads. When `threads` is the number of cores
    /// (`std::thread::available_parallelism`, the size of rayon's global pool by default),
    /// the calling thread is one of them (`ThreadPoolBuilder::use_current_thread`): a step
    /// starts at once on it while the pool's other threads join in, and ends without it being
    /// woken, where handing each step to a pool of other threads and back cost about 50 µs a
    /// step on the 2-core machines of the README (`SPEED.md`). Rayon makes that membership
    /// permanent: rayon's parallel iterators (and [`crate::bots::play_games`]) called later
    /// on that thread run on that pool, of as many threads as the global pool would give
    /// them. For other numbers of threads, and on a thread that already works for rayon, the
    /// pool is a plain pool of other threads.
    ///
    /// # Errors
    /// [`VectorError::Threads`] if the pool cannot be started (on this thread; a step on
    /// another thread whose pool cannot be started runs on that thread alone).
    #[cfg(feature = "parallel")]
    pub fn with_threads(mut self, threads: usize) -> Result<VectorEnv, VectorError> {
        if threads > 1 {
            stepping_pool(threads).map_err(|e| VectorError::Threads(e.to_string()))?;
        }
        self.threads = threads.max(1);
        Ok(self)
    }

    /// Number of threads the games are stepped on.
    pub fn threads(&self) -> usize {
        #[cfg(feature = "parallel")]
        return self.threads;
        #[cfg(not(feature = "parallel"))]
        1
    }

    /// Starts every environment afresh: environment `i` with seed `seed + i`. Rewards and
    /// `terminated` are cleared.
    pub fn reset(&mut self, seed: u64) {
        self.seed = seed;
        let n = self.shared.envs;
        self.slots.clear();
        for i in 0..n {
            let game_seed = seed.wrapping_add(i);
            // The config was validated in `new`.
            let Ok(game) = Game::new(self.shared.config.clone(), game_seed) else {
                return;
            };
            self.slots.push(Slot {
                game,
                next_seed: game_seed.wrapping_add(n),
                ids: Vec::with_capacity(128),
            });
        }
        self.rewards.fill(0.0);
        self.terminated.fill(false);
        let stride = self.observation_stride();
        let players = self.players();
        for (i, slot) in self.slots.iter_mut().enumerate() {
            self.scores[i * players..(i + 1) * players].copy_from_slice(&slot.game.scores());
            self.shared.write(
                slot,
                &mut self.current[i],
                &mut self.observations[i * stride..(i + 1) * stride],
            );
        }
    }

    /// Applies `actions[i]` (an action id) in environment `i`, for every environment, then
    /// resets the games that ended.
    ///
    /// # Errors
    /// [`VectorError::ActionCount`] or [`VectorError::IllegalAction`] (the first environment
    /// whose id is not legal); then no game has changed.
    pub fn step(&mut self, actions: &[i64]) -> Result<(), VectorError> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(VectorError::ActionCount {
                given: actions.len(),
                envs: n,
            });
        }
        let players = self.players();
        let stride = self.observation_stride();
        let shared = &self.shared;
        // One environment's step, with its rows of the output buffers.
        let step_one =
            |((((((slot, &id), rewards), scores), terminated), current), observation)| {
                let row = Row {
                    rewards,
                    scores,
                    terminated,
                    current,
                    observation,
                };
                // Checked to be one of the slot's legal ids, so a `u32`.
                shared.step(slot, id as u32, row);
            };
        #[cfg(feature = "parallel")]
        if let Some((pool, chunk)) = pool_for(self.threads, n) {
            use rayon::prelude::*;
            // One hand-over to the pool per step: the check and the steps run in the same
            // `install` (waking the pool's threads twice a step cost a large share of it).
            return pool.install(|| {
                let illegal = self
                    .slots
                    .par_iter()
                    .zip(actions.par_iter())
                    .with_min_len(chunk)
                    .position_first(|(slot, &id)| !slot.is_legal(id));
                if let Some(env) = illegal {
                    return Err(illegal_action(&self.slots, env, actions));
                }
                self.slots
                    .par_iter_mut()
                    .zip(actions.par_iter())
                    .zip(self.rewards.par_chunks_mut(players))
                    .zip(self.scores.par_chunks_mut(players))
                    .zip(self.terminated.par_iter_mut())
                    .zip(self.current.par_iter_mut())
                    .zip(self.observations.par_chunks_mut(stride))
                    .with_min_len(chunk)
                    .for_each(step_one);
                Ok(())
            });
        }
        let illegal = self
            .slots
            .iter()
            .zip(actions)
            .position(|(slot, &id)| !slot.is_legal(id));
        if let Some(env) = illegal {
            return Err(illegal_action(&self.slots, env, actions));
        }
        self.slots
            .iter_mut()
            .zip(actions)
            .zip(self.rewards.chunks_mut(players))
            .zip(self.scores.chunks_mut(players))
            .zip(self.terminated.iter_mut())
            .zip(self.current.iter_mut())
            .zip(self.observations.chunks_mut(stride))
            .for_each(step_one);
        Ok(())
    }

    /// Bytes per environment in the observation buffer: the observation's length, or 1
    /// (unused) without observations, so that the buffer always splits into one row per
    /// environment.
    fn observation_stride(&self) -> usize {
        self.observation_len().max(1)
    }

    /// Number of environments.
    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Number of seats in every game.
    pub fn players(&self) -> usize {
        self.shared.config.players
    }

    /// The config of every game.
    pub fn config(&self) -> &Config {
        &self.shared.config
    }

    /// The seed given to the last [`VectorEnv::reset`] (or to [`VectorEnv::new`]).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The reward scheme.
    pub fn reward(&self) -> RewardScheme {
        self.shared.reward
    }

    /// The action-id numbering of every game.
    pub fn action_space(&self) -> ActionSpace {
        self.shared.space
    }

    /// The observation window's radius, if observations are computed.
    pub fn observation_radius(&self) -> Option<usize> {
        self.shared.radius
    }

    /// Bytes of one environment's observation (0 without observations).
    pub fn observation_len(&self) -> usize {
        self.shared.radius.map_or(0, observation_len)
    }

    /// Environment `i`'s game (its current one: after an auto-reset, the new game).
    ///
    /// # Panics
    /// If `i` is not below [`VectorEnv::num_envs`].
    pub fn game(&self, i: usize) -> &Game {
        &self.slots[i].game
    }

    /// The ids of the legal actions of environment `i`, in the order of
    /// [`Game::legal_actions`].
    ///
    /// # Panics
    /// If `i` is not below [`VectorEnv::num_envs`].
    pub fn legal_ids(&self, i: usize) -> &[u32] {
        &self.slots[i].ids
    }

    /// The rewards of the last step, `num_envs × players` (row-major): 0 except for the games
    /// that ended in it.
    pub fn rewards(&self) -> &[f32] {
        &self.rewards
    }

    /// The scores after the last step, `num_envs × players`: the final scores of a game that
    /// ended in it, else the current scores.
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// Whether each environment's game ended in the last step (and was replaced).
    pub fn terminated(&self) -> &[bool] {
        &self.terminated
    }

    /// The seat that decides next in each environment.
    pub fn current_players(&self) -> &[u8] {
        &self.current
    }

    /// The observations, `num_envs × observation_len()` bytes (empty without observations).
    pub fn observations(&self) -> &[u8] {
        if self.shared.radius.is_some() {
            &self.observations
        } else {
            &[]
        }
    }

    /// Writes the dense masks of the legal ids into `out` (`num_envs × action_space().size()`
    /// entries, row-major; every entry is overwritten).
    ///
    /// # Panics
    /// If `out` has another length.
    pub fn masks_into(&self, out: &mut [bool]) {
        let size = self.shared.space.size();
        assert_eq!(out.len(), self.slots.len() * size, "mask buffer length");
        out.fill(false);
        for (slot, row) in self.slots.iter().zip(out.chunks_mut(size)) {
            for &id in &slot.ids {
                row[id as usize] = true;
            }
        }
    }
}

/// [`VectorError::IllegalAction`] for environment `env`, whose id in `actions` is not legal,
/// with up to its first eight legal ids.
fn illegal_action(slots: &[Slot], env: usize, actions: &[i64]) -> VectorError {
    let slot = &slots[env];
    let mut ids: Vec<String> = slot.ids.iter().take(8).map(|i| i.to_string()).collect();
    if slot.ids.len() > 8 {
        ids.push(format!("… {} in all", slot.ids.len()));
    }
    VectorError::IllegalAction {
        env,
        id: actions[env],
        legal: ids.join(", "),
    }
}

/// Environments a step needs per thread of the pool to go to the pool: a step of one game is
/// about half a microsecond, and waking the pool's other threads costs several. On the 2-core
/// machine of `SPEED.md` (2026-11-29, pools the stepping thread is a member of), 2 threads
/// stepped 32 environments 1.06–1.10 times as fast as 1 thread, 64 environments 1.27–1.29
/// times and 128 about 1.5 times (medians of 7 alternating rounds, in `bench --vector-scaling
/// --envs E` runs with this limit lowered to 8).
#[cfg(feature = "parallel")]
const MIN_ENVS_PER_THREAD: usize = 32;

/// The calling thread's pool of `threads` threads to step `n` environments on and the fewest
/// environments a task takes (a few large chunks per thread), when `threads` is more than 1,
/// there are at least [`MIN_ENVS_PER_THREAD`] environments per thread and the pool starts.
#[cfg(feature = "parallel")]
fn pool_for(threads: usize, n: usize) -> Option<(Arc<rayon::ThreadPool>, usize)> {
    if threads < 2 || n < MIN_ENVS_PER_THREAD * threads {
        return None;
    }
    Some((stepping_pool(threads).ok()?, n / (4 * threads)))
}

#[cfg(feature = "parallel")]
thread_local! {
    /// The pools this thread steps environments on, one per number of threads (see
    /// [`stepping_pool`]), kept for the thread's life.
    static STEPPING_POOLS: RefCell<Vec<Arc<rayon::ThreadPool>>> = const { RefCell::new(Vec::new()) };
}

/// The calling thread's pool of `threads` threads (see [`VectorEnv::with_threads`]), started on
/// its first use: the calling thread is a member of it when `threads` is the number of cores
/// and the thread works for no rayon pool yet (a thread can be a member of one pool only).
#[cfg(feature = "parallel")]
fn stepping_pool(threads: usize) -> Result<Arc<rayon::ThreadPool>, rayon::ThreadPoolBuildError> {
    STEPPING_POOLS.with(|pools| {
        let mut pools = pools.borrow_mut();
        if let Some(pool) = pools.iter().find(|p| p.current_num_threads() == threads) {
            return Ok(Arc::clone(pool));
        }
        let builder = rayon::ThreadPoolBuilder::new().num_threads(threads);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let pool = if threads == cores && rayon::current_thread_index().is_none() {
            builder.use_current_thread().build()?
        } else {
            builder.build()?
        };
        let pool = Arc::new(pool);
        pools.push(Arc::clone(&pool));
        Ok(pool)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::observation;
    use crate::TileSet;

    /// Picks legal ids by a fixed rule, the same for the vector and the single games.
    fn pick(ids: &[u32], step: usize) -> u32 {
        ids[(step * 7 + 3) % ids.len()]
    }

    /// Environment `i` plays exactly the games `Game::new(config, seed + i + k * n)` would with
    /// the same actions, auto-resets into the next seed, and scores the end by the scheme.
    #[test]
    fn environments_replay_single_games_and_reset_to_the_next_seed() {
        let mut config = Config::new(2);
        config.sets.push(TileSet::InnsAndCathedrals);
        let n = 3;
        let mut env = VectorEnv::new(config.clone(), n, 40, RewardScheme::Rank, Some(2)).unwrap();
        let space = env.action_space();
        let mut games: Vec<Game> = (0..n)
            .map(|i| Game::new(config.clone(), 40 + i as u64).unwrap())
            .collect();
        let mut finished = vec![0u64; n];
        let mut step = 0;
        while finished.iter().all(|&f| f < 2) {
            for (i, game) in games.iter().enumerate() {
                assert_eq!(
                    env.legal_ids(i),
                    &space
                        .legal_ids(game)
                        .iter()
                        .map(|&id| id as u32)
                        .collect::<Vec<_>>()[..]
                );
                assert_eq!(env.current_players()[i] as usize, game.current_player());
                let w = observation_len(2);
                assert_eq!(
                    &env.observations()[i * w..(i + 1) * w],
                    &observation(game, 2)[..]
                );
            }
            let actions: Vec<i64> = (0..n)
                .map(|i| pick(env.legal_ids(i), step + i) as i64)
                .collect();
            env.step(&actions).unwrap();
            for (i, game) in games.iter_mut().enumerate() {
                let action = space.action(game, actions[i] as usize).unwrap();
                game.play(action).unwrap();
                let rewards = &env.rewards()[2 * i..2 * i + 2];
                assert_eq!(env.terminated()[i], game.is_over());
                assert_eq!(&env.scores()[2 * i..2 * i + 2], &game.scores()[..]);
                if game.is_over() {
                    let expected: Vec<f32> = RewardScheme::Rank
                        .rewards(&game.scores())
                        .into_iter()
                        .map(|r| r as f32)
                        .collect();
                    assert_eq!(rewards, &expected[..]);
                    finished[i] += 1;
                    let next = 40 + i as u64 + finished[i] * n as u64;
                    *game = Game::new(config.clone(), next).unwrap();
                    assert_eq!(env.game(i).seed(), next);
                } else {
                    assert_eq!(rewards, &[0.0, 0.0]);
                }
            }
            step += 1;
        }
    }

    /// A wrong count or an illegal id is refused, naming the environment, and changes nothing.
    #[test]
    fn illegal_actions_are_refused_without_change() {
        let mut env = VectorEnv::new(Config::new(2), 2, 5, RewardScheme::Margin, None).unwrap();
        assert!(env.observations().is_empty());
        let before: Vec<Game> = (0..2).map(|i| env.game(i).clone()).collect();
        let good = env.legal_ids(0)[0] as i64;
        assert_eq!(
            env.step(&[good]),
            Err(VectorError::ActionCount { given: 1, envs: 2 })
        );
        let err = env.step(&[good, -1]).unwrap_err();
        assert!(
            matches!(err, VectorError::IllegalAction { env: 1, id: -1, .. }),
            "{err}"
        );
        let bad = env.action_space().size() as i64;
        assert!(env.step(&[bad, good]).is_err());
        for (i, game) in before.iter().enumerate() {
            assert_eq!(env.game(i), game);
        }
        assert!(matches!(
            VectorEnv::new(Config::new(2), 0, 0, RewardScheme::Rank, None),
            Err(VectorError::NoEnvs)
        ));
        let mut explicit = Config::new(2);
        explicit.explicit_draws = true;
        assert!(matches!(
            VectorEnv::new(explicit, 1, 0, RewardScheme::Rank, None),
            Err(VectorError::ExplicitDraws)
        ));
        assert!(matches!(
            VectorEnv::new(Config::new(9), 1, 0, RewardScheme::Rank, None),
            Err(VectorError::Config(_))
        ));
    }

    /// On a pool the actions are checked in parallel: the error names the first illegal
    /// environment, and no game changes.
    #[cfg(feature = "parallel")]
    #[test]
    fn illegal_actions_on_a_pool_name_the_first_and_change_nothing() {
        let n = 2 * MIN_ENVS_PER_THREAD;
        let mut env = VectorEnv::new(Config::new(2), n, 9, RewardScheme::Rank, None)
            .and_then(|e| e.with_threads(2))
            .unwrap();
        let before: Vec<Game> = (0..n).map(|i| env.game(i).clone()).collect();
        let mut actions: Vec<i64> = (0..n).map(|i| env.legal_ids(i)[0] as i64).collect();
        actions[50] = -7;
        actions[40] = env.action_space().size() as i64;
        let err = env.step(&actions).unwrap_err();
        assert!(
            matches!(err, VectorError::IllegalAction { env: 40, .. }),
            "{err}"
        );
        for (i, game) in before.iter().enumerate() {
            assert_eq!(env.game(i), game, "environment {i}");
        }
        // With the actions legal again, every environment steps.
        actions[40] = env.legal_ids(40)[0] as i64;
        actions[50] = env.legal_ids(50)[0] as i64;
        env.step(&actions).unwrap();
        for (i, game) in before.iter().enumerate() {
            assert_eq!(env.game(i).actions().len(), game.actions().len() + 1, "{i}");
        }
    }

    /// With every set, the legal ids stay those of the game's own listing at every step, and
    /// so do the ids written without room first (written again after the count).
    #[test]
    fn legal_ids_follow_the_listing_with_every_set() {
        let mut config = Config::new(2);
        config.sets = crate::tile::TileSet::ALL
            .into_iter()
            .filter(|s| !s.is_other_edition())
            .collect();
        let n = 2;
        let mut env = VectorEnv::new(config, n, 11, RewardScheme::Rank, None).unwrap();
        let space = env.action_space();
        let mut ids = Vec::new();
        for step in 0..1500 {
            for i in 0..n {
                let listed: Vec<u32> = space
                    .legal_ids(env.game(i))
                    .iter()
                    .map(|&id| id as u32)
                    .collect();
                assert_eq!(
                    env.legal_ids(i),
                    &listed[..],
                    "step {step}, environment {i}"
                );
                write_ids(env.game(i), &space, &mut ids, 0);
                assert_eq!(ids, listed, "step {step}, environment {i}, no room");
            }
            let actions: Vec<i64> = (0..n)
                .map(|i| pick(env.legal_ids(i), step + i) as i64)
                .collect();
            env.step(&actions).unwrap();
        }
    }

    /// The dense masks hold exactly the legal ids.
    #[test]
    fn masks_match_the_legal_ids() {
        let env = VectorEnv::new(Config::new(3), 2, 1, RewardScheme::Rank, None).unwrap();
        let size = env.action_space().size();
        let mut masks = vec![true; 2 * size];
        env.masks_into(&mut masks);
        for i in 0..2 {
            let set: Vec<u32> = (0..size as u32)
                .filter(|&id| masks[i * size + id as usize])
                .collect();
            let mut legal = env.legal_ids(i).to_vec();
            legal.sort_unstable();
            assert_eq!(set, legal);
        }
    }

    /// Threads change nothing: the same seeds and actions give the same results, on 2 threads
    /// (on a 2-core machine, such as CI's, a pool the test's thread is a member of), on 3 (a
    /// plain pool), and on both stepped from another thread for a while.
    #[cfg(feature = "parallel")]
    #[test]
    fn threads_give_the_same_results() {
        let config = Config::new(2);
        // Enough environments for the pools, in chunks of unequal length.
        let n = 3 * MIN_ENVS_PER_THREAD + 5;
        let env = |threads| {
            VectorEnv::new(config.clone(), n, 9, RewardScheme::Rank, Some(3))
                .unwrap()
                .with_threads(threads)
                .unwrap()
        };
        let mut one = env(1);
        let mut others = [env(2), env(3)];
        assert_eq!(others.each_ref().map(VectorEnv::threads), [2, 3]);
        let step_and_compare = |one: &mut VectorEnv, others: &mut [VectorEnv], step| {
            let actions: Vec<i64> = (0..n)
                .map(|i| pick(one.legal_ids(i), step + i) as i64)
                .collect();
            one.step(&actions).unwrap();
            for other in others {
                other.step(&actions).unwrap();
                assert_eq!(one.rewards(), other.rewards());
                assert_eq!(one.terminated(), other.terminated());
                assert_eq!(one.observations(), other.observations());
                assert_eq!(one.current_players(), other.current_players());
                for i in 0..n {
                    assert_eq!(one.legal_ids(i), other.legal_ids(i));
                }
            }
        };
        for step in 0..200 {
            step_and_compare(&mut one, &mut others, step);
        }
        // Moved to another thread, which steps them on pools of its own.
        let (mut one, mut others) = std::thread::scope(|scope| {
            scope
                .spawn(move || {
                    for step in 200..300 {
                        step_and_compare(&mut one, &mut others, step);
                    }
                    (one, others)
                })
                .join()
                .unwrap()
        });
        for step in 300..400 {
            step_and_compare(&mut one, &mut others, step);
        }
    }
}
