//! `carcassonne.VectorEnv` and `carcassonne.VectorStep`: many games stepped in Rust in one
//! call (the core's `vector::VectorEnv`), results as numpy arrays.

use numpy::{AllowTypeChange, PyArray1, PyArrayLike1, PyArrayMethods};
use pyo3::prelude::*;

use carcassonne::encoding::{RewardScheme, OBSERVATION_PLANES};
use carcassonne::vector::{VectorEnv, VectorError};

use crate::game::PyGame;
use crate::{make_config, ConfigError, IllegalActionError, Keywords};

/// The largest observation radius accepted (as for `Game.observation`).
const MAX_RADIUS: usize = 500;

/// The most environments one `VectorEnv` holds (each holds a game).
pub(crate) const MAX_ENVS: usize = 100_000;

fn vector_error(e: VectorError) -> PyErr {
    match e {
        VectorError::IllegalAction { .. } | VectorError::ActionCount { .. } => {
            IllegalActionError::new_err(e.to_string())
        }
        VectorError::Config(_) | VectorError::ExplicitDraws | VectorError::NoEnvs => {
            ConfigError::new_err(e.to_string())
        }
        VectorError::Threads(_) => pyo3::exceptions::PyRuntimeError::new_err(e.to_string()),
    }
}

/// The results of `VectorEnv.reset()` or `VectorEnv.step()`, as numpy arrays (N environments,
/// P players):
///
/// - `rewards`: float32 `(N, P)`, 0 except in the environments whose game ended in this step;
/// - `terminated`: bool `(N,)`, whether the game ended in this step (it was then replaced by a
///   new one: the other fields below are the new game's, except `scores`);
/// - `scores`: int64 `(N, P)`, the final scores of a game that ended, else the current scores;
/// - `current_player`: int64 `(N,)`, the seat that decides next;
/// - `legal_ids`, `legal_offsets`: int64, the legal action ids of environment `i` are
///   `legal_ids[legal_offsets[i]:legal_offsets[i + 1]]` (`legal_offsets` has N + 1 entries);
/// - `observation`: uint8 `(N, len(OBSERVATION_PLANES), 2r + 1, 2r + 1)`, or None when the
///   environment was made with `observations=False`;
/// - `action_mask`: bool `(N, action_space_size)`, or None unless made with
///   `dense_masks=True`.
#[pyclass(name = "VectorStep", module = "carcassonne", frozen)]
pub struct PyVectorStep {
    #[pyo3(get)]
    rewards: Py<PyAny>,
    #[pyo3(get)]
    terminated: Py<PyAny>,
    #[pyo3(get)]
    scores: Py<PyAny>,
    #[pyo3(get)]
    current_player: Py<PyAny>,
    #[pyo3(get)]
    legal_ids: Py<PyAny>,
    #[pyo3(get)]
    legal_offsets: Py<PyAny>,
    #[pyo3(get)]
    observation: Option<Py<PyAny>>,
    #[pyo3(get)]
    action_mask: Option<Py<PyAny>>,
}

#[pymethods]
impl PyVectorStep {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let n = self.terminated.bind(py).len()?;
        Ok(format!("<VectorStep of {n} environments>"))
    }
}

/// Many games of one config stepped together in Rust: `VectorEnv(num_envs, seed=0, ...)`.
///
/// Each call to `step(actions)` applies `actions[i]` (an action id of the seat deciding in
/// environment `i`) in every environment at once, with the GIL released and, with
/// `threads > 1`, on `threads` threads, the calling thread one of them (see the Rust
/// `VectorEnv::with_threads`); a game that ends is scored (`rewards` by `reward`:
/// `"rank"` or `"margin"`, as `Game.returns`) and replaced at once by a new game. Game `k` of
/// environment `i` has seed `seed + i + k * num_envs`: every environment's trajectory depends
/// only on the seed and its actions, never on `threads`. The rules keyword arguments are those
/// of `Game` (`players`, `sets`, `farmers`, `small_city`, `farm_city_scoring`, or `config=`);
/// tiles are drawn by the games' seeded generators (`explicit_draws` is refused).
/// Observations (`observations=True`, window radius `observation_radius`) and dense masks
/// (`dense_masks=True`) are off by default: the legal ids are the cheap default. A step with
/// an action that is not legal raises `IllegalActionError` naming the environment, and then
/// no game has changed.
#[pyclass(name = "VectorEnv", module = "carcassonne")]
pub struct PyVectorEnv {
    env: VectorEnv,
    dense_masks: bool,
    seed: u64,
}

impl PyVectorEnv {
    fn results(&self, py: Python<'_>) -> PyResult<PyVectorStep> {
        let env = &self.env;
        let n = env.num_envs();
        let players = env.players();
        let rewards = PyArray1::from_slice(py, env.rewards()).reshape([n, players])?;
        let terminated = PyArray1::from_slice(py, env.terminated());
        let scores: Vec<i64> = env.scores().iter().map(|&s| s as i64).collect();
        let scores = PyArray1::from_vec(py, scores).reshape([n, players])?;
        let current: Vec<i64> = env.current_players().iter().map(|&p| p as i64).collect();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut ids = Vec::with_capacity(n * 32);
        offsets.push(0i64);
        for i in 0..n {
            ids.extend(env.legal_ids(i).iter().map(|&id| id as i64));
            offsets.push(ids.len() as i64);
        }
        let observation = match env.observation_radius() {
            Some(r) => {
                let w = 2 * r + 1;
                Some(
                    PyArray1::from_slice(py, env.observations())
                        .reshape([n, OBSERVATION_PLANES.len(), w, w])?
                        .into_any()
                        .unbind(),
                )
            }
            None => None,
        };
        let action_mask = if self.dense_masks {
            let size = env.action_space().size();
            let mut mask = vec![false; n * size];
            env.masks_into(&mut mask);
            Some(
                PyArray1::from_vec(py, mask)
                    .reshape([n, size])?
                    .into_any()
                    .unbind(),
            )
        } else {
            None
        };
        Ok(PyVectorStep {
            rewards: rewards.into_any().unbind(),
            terminated: terminated.into_any().unbind(),
            scores: scores.into_any().unbind(),
            current_player: PyArray1::from_vec(py, current).into_any().unbind(),
            legal_ids: PyArray1::from_vec(py, ids).into_any().unbind(),
            legal_offsets: PyArray1::from_vec(py, offsets).into_any().unbind(),
            observation,
            action_mask,
        })
    }
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (num_envs, *, seed=0, players=None, sets=None, farmers=None, small_city=None, farm_city_scoring=None, config=None, reward="rank", observations=false, observation_radius=15, dense_masks=false, threads=1))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        seed: u64,
        players: Option<usize>,
        sets: Option<Vec<String>>,
        farmers: Option<bool>,
        small_city: Option<String>,
        farm_city_scoring: Option<String>,
        config: Option<&Bound<'_, PyAny>>,
        reward: &str,
        observations: bool,
        observation_radius: usize,
        dense_masks: bool,
        threads: usize,
    ) -> PyResult<PyVectorEnv> {
        if num_envs > MAX_ENVS {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "num_envs = {num_envs} is more than the limit of {MAX_ENVS} environments"
            )));
        }
        let config = make_config(
            Keywords {
                players,
                sets,
                farmers,
                small_city,
                farm_city_scoring,
                ..Keywords::default()
            },
            config,
        )?;
        let reward: RewardScheme = crate::reward_scheme(reward)?;
        if observation_radius > MAX_RADIUS {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "observation_radius must be at most {MAX_RADIUS}, not {observation_radius}"
            )));
        }
        if threads == 0 {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "threads must be at least 1",
            ));
        }
        let radius = observations.then_some(observation_radius);
        let env = py
            .detach(|| {
                VectorEnv::new(config, num_envs, seed, reward, radius)
                    .and_then(|env| env.with_threads(threads))
            })
            .map_err(vector_error)?;
        Ok(PyVectorEnv {
            env,
            dense_masks,
            seed,
        })
    }

    /// Starts every environment afresh (environment `i` with seed `seed + i`; `seed=None`
    /// repeats the seed of the last reset, or the constructor's) and returns the first
    /// `VectorStep` (no rewards, nothing terminated).
    #[pyo3(signature = (seed=None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<PyVectorStep> {
        let seed = seed.unwrap_or(self.seed);
        self.seed = seed;
        let env = &mut self.env;
        py.detach(|| env.reset(seed));
        self.results(py)
    }

    /// Applies `actions[i]` in environment `i` for every environment (an integer array of
    /// `num_envs` action ids) and returns the `VectorStep`. Raises `IllegalActionError` (no
    /// game has changed) for a wrong number of actions or an id that is not legal.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyArrayLike1<'_, i64, AllowTypeChange>,
    ) -> PyResult<PyVectorStep> {
        let actions: Vec<i64> = actions.as_array().iter().copied().collect();
        let env = &mut self.env;
        py.detach(|| env.step(&actions)).map_err(vector_error)?;
        self.results(py)
    }

    /// A copy of environment `i`'s current game. Raises `IndexError` for a bad index.
    fn game(&self, i: usize) -> PyResult<PyGame> {
        if i >= self.env.num_envs() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "environment {i} is not below num_envs = {}",
                self.env.num_envs()
            )));
        }
        Ok(PyGame::from_game(self.env.game(i).clone()))
    }

    /// Number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }

    /// Number of seats in every game.
    #[getter]
    fn players(&self) -> usize {
        self.env.players()
    }

    /// Number of action ids (ids are `0 .. action_space_size`).
    #[getter]
    fn action_space_size(&self) -> usize {
        self.env.action_space().size()
    }

    /// The shape of one environment's observation, or None without observations.
    #[getter]
    fn observation_shape(&self) -> Option<(usize, usize, usize)> {
        self.env
            .observation_radius()
            .map(|r| (OBSERVATION_PLANES.len(), 2 * r + 1, 2 * r + 1))
    }

    /// Number of threads the games are stepped on.
    #[getter]
    fn threads(&self) -> usize {
        self.env.threads()
    }

    /// `"rank"` or `"margin"`.
    #[getter]
    fn reward(&self) -> &'static str {
        match self.env.reward() {
            RewardScheme::Rank => "rank",
            RewardScheme::Margin => "margin",
        }
    }

    /// The seed of the last reset (or the constructor's).
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    fn __len__(&self) -> usize {
        self.env.num_envs()
    }

    fn __repr__(&self) -> String {
        format!(
            "<VectorEnv num_envs={} players={} threads={} reward='{}'>",
            self.env.num_envs(),
            self.env.players(),
            self.env.threads(),
            self.reward()
        )
    }
}
