//! Speed of the engine on one thread: random 2-player base games per second (uniform random
//! over all legal actions, followers included; listed, and the same games drawn by index), the
//! median time of one `legal_actions()` call, and the time and size of a `Game` clone; then
//! `play_games` and `VectorEnv::step` on 1 and 2 threads, the cost of the C API beside the Rust
//! API (as `ffi_bench` prints it), and Python's batch path (`play_random_games`) beside Rust's
//! `play_games` on the same games, all in one run with the machine it ran on.
//!
//! Also the same with the sets of Expansions I (`base,inns,traders,river,river2`) and with every
//! set (one edition of each: Expansions I, `king_robber`, `cult`, `count`, `big_top`, the mini
//! expansions, `robbers` and `messages` with their score track and message deck), beside the
//! work each game does.
//!
//! `cargo run --release --example bench [-- --seconds S | --games N [--all-sets | --every-set]
//! [--by-index | --play-games] | --calls legal_actions|clone|clone_from N |
//! --vector-scaling [--envs E]]`; `--by-index` draws each action by its index and plays it at
//! once (`play_chosen`) instead of drawing it from the list; `--play-games` times the `N` games
//! through `bots::play_games` on every core; `--calls` makes `N` calls on each mid-game position
//! (for callgrind: the instructions of one call are the difference of two runs divided by the
//! difference of their calls); `--vector-scaling` prints only `VectorEnv::step`'s rates and
//! ratio on 1 and 2 threads, of 1,024 environments or `--envs E`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use carcassonne::encoding::RewardScheme;
use carcassonne::vector::VectorEnv;
use carcassonne::{Action, Config, Game, TileSet};

#[path = "ffi_cost.rs"]
mod ffi_cost;

use carcassonne_examples::{below, flag, option};

/// The machine: its CPU model (from `/proc/cpuinfo` where there is one, with its family, model
/// and stepping numbers and its cache size, which tell apart machines whose model name is the
/// same, such as a virtual `AMD EPYC`), its cores, the OS.
fn machine() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        cpuinfo.lines().find_map(|l| {
            let (key, value) = l.split_once(':')?;
            (key.trim() == name).then(|| value.trim().to_string())
        })
    };
    let mut model = field("model name").unwrap_or_else(|| "an unknown CPU".to_string());
    let numbers: Vec<String> = [
        ("family", "cpu family"),
        ("model", "model"),
        ("stepping", "stepping"),
        ("cache", "cache size"),
    ]
    .into_iter()
    .filter_map(|(label, name)| field(name).map(|v| format!("{label} {v}")))
    .collect();
    if !numbers.is_empty() {
        model = format!("{model} ({})", numbers.join(", "));
    }
    format!(
        "{model}, {} cores available, {} {}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

/// Environment steps per second of `VectorEnv::step` alone (the random legal actions are
/// chosen outside the timer): `envs` 2-player base games, observations off, on a pool of
/// `threads` threads, for about `seconds`.
fn vector_step_rate(envs: usize, threads: usize, seconds: f64, rng: &mut Pcg64Mcg) -> f64 {
    let mut env = VectorEnv::new(Config::new(2), envs, 0, RewardScheme::Rank, None)
        .and_then(|e| e.with_threads(threads))
        .expect("a vector environment");
    let mut actions = vec![0i64; envs];
    let (mut steps, mut inside) = (0u64, Duration::ZERO);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        for (i, a) in actions.iter_mut().enumerate() {
            let ids = env.legal_ids(i);
            *a = ids[below(rng, ids.len())] as i64;
        }
        let step = Instant::now();
        env.step(&actions).expect("legal actions");
        inside += step.elapsed();
        steps += envs as u64;
    }
    steps as f64 / inside.as_secs_f64()
}

/// [`vector_step_rate`] of `envs` environments on 1 and 2 threads, in rounds of a tenth of
/// `seconds` (see [`paired_rounds`]).
fn vector_scaling(envs: usize, seconds: f64, rng: &mut Pcg64Mcg) -> Scaling {
    paired_rounds(|threads| vector_step_rate(envs, threads, seconds / 10.0, rng))
}

/// Rounds of a measurement on 1 and on 2 threads.
const ROUNDS: usize = 7;

/// Rates on 1 and 2 threads and the speed-up, from [`paired_rounds`].
struct Scaling {
    /// Median rate on 1 thread and on 2 threads.
    rates: [f64; 2],
    /// Median of the rounds' ratios (2 threads over 1).
    ratio: f64,
    /// The lowest and the highest round's ratio.
    lowest: f64,
    highest: f64,
}

impl std::fmt::Display for Scaling {
    /// "R1 on 1 thread, R2 on 2 threads: ratio (the rounds' median and range)".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.0} on 1 thread, {:.0} on 2 threads: {:.2}x (median of {ROUNDS} alternating \
             rounds' ratios, from {:.2}x to {:.2}x)",
            self.rates[0], self.rates[1], self.ratio, self.lowest, self.highest
        )
    }
}

/// Runs `rate(threads)` on 1 and then 2 threads, [`ROUNDS`] times alternating, after one
/// round that is not counted (pools and buffers warm up).
fn paired_rounds(mut rate: impl FnMut(usize) -> f64) -> Scaling {
    rate(1);
    rate(2);
    let (mut one, mut two, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let (a, b) = (rate(1), rate(2));
        one.push(a);
        two.push(b);
        ratios.push(b / a);
    }
    let lowest = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = ratios.iter().copied().fold(0.0, f64::max);
    Scaling {
        rates: [median(one), median(two)],
        ratio: median(ratios),
        lowest,
        highest,
    }
}

/// The sets of Expansions I.
const EXPANSIONS_I: [TileSet; 5] = [
    TileSet::Base,
    TileSet::InnsAndCathedrals,
    TileSet::TradersAndBuilders,
    TileSet::River,
    TileSet::River2,
];

/// Every set (the Robbers and the Messages among them), with one edition of the Cult, Under
/// the Big Top, Flying Machines, Mage & Witch and the crop circles.
fn every_set() -> Vec<TileSet> {
    TileSet::ALL
        .into_iter()
        .filter(|s| !s.is_other_edition())
        .collect()
}

fn config_of(sets: &[TileSet]) -> Config {
    let mut config = Config::new(2);
    config.sets = sets.to_vec();
    config
}
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn random_game(seed: u64, buf: &mut Vec<Action>, rng: &mut Pcg64Mcg) -> Game {
    random_game_of(Config::new(2), seed, buf, rng)
}

fn random_game_of(config: Config, seed: u64, buf: &mut Vec<Action>, rng: &mut Pcg64Mcg) -> Game {
    let mut game = Game::new(config, seed).expect("valid config");
    while !game.is_over() {
        game.legal_actions_into(buf);
        let i = below(rng, buf.len());
        game.play_quiet(buf[i]).expect("legal action");
    }
    game
}

/// A random game like [`random_game_of`], with each action drawn by its index
/// and played at once (`play_chosen`) instead of drawn from a list: the same games.
fn random_game_by_index(config: Config, seed: u64, rng: &mut Pcg64Mcg) -> Game {
    let mut game = Game::new(config, seed).expect("valid config");
    while !game.is_over() {
        game.play_chosen(|n| below(rng, n))
            .expect("no broken invariant")
            .expect("an index below the count");
    }
    game
}

/// Positions from the middle of 200 random 2-player base games (30 to 109 decisions in), for
/// the timings of `legal_actions()` and of a clone and for `--calls`: the same in every run,
/// the actions drawn with a generator of seed 7.
fn mid_game_positions() -> Vec<Game> {
    let rng = &mut Pcg64Mcg::seed_from_u64(7);
    let mut buf = Vec::new();
    let mut positions = Vec::new();
    for s in 0..200u64 {
        let mut game = Game::new(Config::new(2), 10_000 + s).expect("valid config");
        let stop = 30 + (s as usize % 80);
        let mut n = 0;
        while !game.is_over() && n < stop {
            game.legal_actions_into(&mut buf);
            let i = below(rng, buf.len());
            game.play_quiet(buf[i]).expect("legal action");
            n += 1;
        }
        if !game.is_over() {
            positions.push(game);
        }
    }
    positions
}

/// `--calls legal_actions|clone|clone_from N`: N calls on each of the mid-game positions, for
/// instruction counts under callgrind; prints the number of positions.
fn calls(what: &str, n: usize) {
    let positions = mid_game_positions();
    let mut scratch = positions[0].clone();
    for g in &positions {
        for _ in 0..n {
            match what {
                "legal_actions" => drop(black_box(black_box(g).legal_actions())),
                "clone" => drop(black_box(black_box(g).clone())),
                "clone_from" => black_box(&mut scratch).clone_from(black_box(g)),
                _ => panic!("--calls takes legal_actions, clone or clone_from"),
            }
        }
    }
    println!("{} positions, {n} calls each", positions.len());
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seconds: f64 = option(&args, "--seconds")
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut buf = Vec::with_capacity(256);
    if let Some(what) = option(&args, "--calls") {
        let n = args
            .iter()
            .skip_while(|a| *a != "--calls")
            .nth(2)
            .and_then(|n| n.parse().ok())
            .expect("--calls takes a call and a number");
        calls(&what, n);
        return;
    }
    // `--vector-scaling`: only `VectorEnv::step`'s scaling from 1 to 2 threads.
    if flag(&args, "--vector-scaling") {
        let envs =
            option(&args, "--envs").map_or(1024, |e| e.parse().expect("--envs takes a number"));
        let steps = vector_scaling(envs, seconds, &mut rng);
        println!("VectorEnv::step, {envs} 2-player base games, observations off: steps/s {steps}");
        return;
    }
    // `--games N`: play exactly N games and stop (for instruction counts under callgrind).
    if let Some(n) = option(&args, "--games") {
        let n: u64 = n.parse().expect("--games takes a number");
        let mut config = Config::new(2);
        if flag(&args, "--all-sets") {
            config = config_of(&EXPANSIONS_I);
        }
        if flag(&args, "--every-set") {
            config = config_of(&every_set());
        }
        if flag(&args, "--play-games") {
            // The batch path on the global pool (every core), game `i` with seed `1 + i`, as
            // `examples/python/bench.py` calls `play_random_games(n, seed=1)` beside it.
            // Warm up: the global pool's threads start here, not inside the timer.
            timed_play_games(&config, 64);
            let (rate, total) = timed_play_games(&config, n as usize);
            println!("{n} games with play_games, total score: {total}; {rate:.0} games/s");
            return;
        }
        // `--by-index`: draw each action by its index instead of from a list.
        let by_index = flag(&args, "--by-index");
        let mut total = 0u64;
        let start = Instant::now();
        for seed in 0..n {
            let game = if by_index {
                random_game_by_index(config.clone(), seed, &mut rng)
            } else {
                random_game_of(config.clone(), seed, &mut buf, &mut rng)
            };
            total += game.score(0) as u64;
        }
        let rate = n as f64 / start.elapsed().as_secs_f64();
        println!("{n} games, total score of player 1: {total}; {rate:.0} games/s");
        return;
    }

    println!("machine: {}", machine());
    // Games per second: several timed rounds, median; each round also plays the same games
    // with the actions drawn by index (no list).
    let mut rates = Vec::new();
    let mut index_rates = Vec::new();
    let mut seed = 0u64;
    let round = Duration::from_secs_f64(seconds / 5.0);
    for _ in 0..5 {
        // The round's first seed and choice generator, to play the same games again by index.
        let (first, replay) = (seed, rng.clone());
        let start = Instant::now();
        let mut games = 0u64;
        let mut listed_scores = 0u64;
        while start.elapsed() < round {
            listed_scores += u64::from(black_box(random_game(seed, &mut buf, &mut rng)).score(0));
            seed += 1;
            games += 1;
        }
        rates.push(games as f64 / start.elapsed().as_secs_f64());
        let mut replay = replay;
        let mut index_scores = 0u64;
        let start = Instant::now();
        for s in first..seed {
            let game = random_game_by_index(Config::new(2), s, &mut replay);
            index_scores += u64::from(black_box(game).score(0));
        }
        index_rates.push(games as f64 / start.elapsed().as_secs_f64());
        assert_eq!(
            listed_scores, index_scores,
            "drawing by index played other games"
        );
    }
    let base_rate = median(rates);
    println!("random 2-player base games: {base_rate:.0} games/s (median of 5 rounds)");
    println!(
        "  the same games with each action drawn by index (play_chosen): \
         {:.0} games/s",
        median(index_rates)
    );

    // The same with the sets of Expansions I, and with every set.
    let timed = |config: &Config, seed: &mut u64, buf: &mut Vec<Action>, rng: &mut Pcg64Mcg| {
        let mut rates = Vec::new();
        for _ in 0..5 {
            let start = Instant::now();
            let mut games = 0u64;
            while start.elapsed() < round {
                black_box(random_game_of(config.clone(), *seed, buf, rng));
                *seed += 1;
                games += 1;
            }
            rates.push(games as f64 / start.elapsed().as_secs_f64());
        }
        median(rates)
    };
    // The work behind the ratios: decisions and listed legal actions per game.
    let work = |config: &Config, rng: &mut Pcg64Mcg, buf: &mut Vec<Action>| {
        let (mut decisions, mut listed) = (0u64, 0u64);
        for s in 0..200u64 {
            let mut game = Game::new(config.clone(), 20_000 + s).expect("valid config");
            while !game.is_over() {
                game.legal_actions_into(buf);
                decisions += 1;
                listed += buf.len() as u64;
                let i = below(rng, buf.len());
                game.play_quiet(buf[i]).expect("legal action");
            }
        }
        (decisions as f64 / 200.0, listed as f64 / 200.0)
    };
    let (base_decisions, base_listed) = work(&Config::new(2), &mut rng, &mut buf);
    println!(
        "  work per base game: {base_decisions:.0} decisions, {base_listed:.0} legal actions listed"
    );
    for sets in [EXPANSIONS_I.to_vec(), every_set()] {
        let config = config_of(&sets);
        let rate = timed(&config, &mut seed, &mut buf, &mut rng);
        let (decisions, listed) = work(&config, &mut rng, &mut buf);
        // The start tile, or the 12 pieces of the City of Carcassonne.
        let start = if sets.contains(&TileSet::Count) {
            12
        } else {
            1
        };
        let tiles = config.stack_tiles().len() + start;
        println!(
            "random 2-player games with {} ({tiles} tiles): {rate:.0} games/s ({:.2}x the base \
             game's time per game)",
            sets.iter().map(|s| s.name()).collect::<Vec<_>>().join("+"),
            base_rate / rate
        );
        println!(
            "  work per game: {decisions:.0} decisions, {listed:.0} legal actions listed ({:.2}x \
             the base game's); time per listed action: {:.2}x the base game's",
            listed / base_listed,
            (base_rate / rate) / (listed / base_listed)
        );
    }

    // Positions from the middle of games, for legal_actions() and clone(): those `--calls`
    // counts, whatever number of games the timed rounds above played.
    let positions = mid_game_positions();
    let reps = 2000;
    let mut legal = Vec::new();
    let mut clones = Vec::new();
    let mut copies = Vec::new();
    // A scratch game for `clone_from`, as a search reuses one for its playouts: once its
    // buffers have grown to the largest position, copying into it allocates nothing.
    let mut scratch = positions[0].clone();
    for g in &positions {
        scratch.clone_from(g);
    }
    for g in &positions {
        let start = Instant::now();
        for _ in 0..reps {
            black_box(black_box(g).legal_actions());
        }
        legal.push(start.elapsed().as_nanos() as f64 / reps as f64);
        let start = Instant::now();
        for _ in 0..reps {
            black_box(black_box(g).clone());
        }
        clones.push(start.elapsed().as_nanos() as f64 / reps as f64);
        let start = Instant::now();
        for _ in 0..reps {
            black_box(&mut scratch).clone_from(black_box(g));
        }
        copies.push(start.elapsed().as_nanos() as f64 / reps as f64);
    }
    println!(
        "legal_actions(): median {:.0} ns over {} mid-game positions",
        median(legal),
        positions.len()
    );
    let mut heap: Vec<f64> = positions.iter().map(|g| g.heap_size() as f64).collect();
    heap.sort_by(|a, b| a.total_cmp(b));
    println!(
        "Game clone (and drop): median {:.0} ns; clone_from into a used game, no allocation: \
         median {:.0} ns; {} bytes inline + {} bytes copied on the heap (median position)",
        median(clones),
        median(copies),
        std::mem::size_of::<Game>(),
        heap[heap.len() / 2]
    );

    // Many games at once: `bots::play_games` (random bots, 2-player base games) on rayon pools
    // of 1 and 2 threads, the same games each time. The two alternate, round by round, and the
    // speed-up is the median of the rounds' ratios: the machine's speed drifts (it is shared),
    // and a ratio of two runs side by side is steadier than one of two separate medians.
    let games = ((base_rate * seconds / 10.0) as usize).max(200);
    let pools: Vec<rayon::ThreadPool> = [1, 2]
        .iter()
        .map(|&threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool")
        })
        .collect();
    let play_games = paired_rounds(|threads| {
        let start = Instant::now();
        let rows = pools[threads - 1]
            .install(|| carcassonne::bots::play_games(&Config::new(2), games, 0, &[]))
            .expect("valid config");
        black_box(rows);
        games as f64 / start.elapsed().as_secs_f64()
    });
    println!(
        "play_games, {games} random 2-player base games: games/s {play_games}; {} cores \
         available",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );

    // The vectorised environment: `step` alone on 1 and 2 threads, 1,024 environments.
    let steps = vector_scaling(1024, seconds, &mut rng);
    println!(
        "VectorEnv::step, 1024 2-player base games, observations off: steps/s {steps}; the \
         random actions are chosen outside the timer"
    );

    // The C API beside the Rust API, the same games (as `ffi_bench` prints them).
    let games = ((base_rate * seconds / 20.0) as u64).max(200);
    ffi_cost::print_c_api_cost(games, &ffi_cost::c_api_cost(games));

    // Python's batch path beside Rust's, the same games.
    python_batch(((base_rate * seconds / 2.0) as usize).max(1000));
}

/// Plays `games` random games of `config` through `bots::play_games` on the global pool (every
/// core), game `i` with seed `1 + i` as Python's `play_random_games(games, seed=1)` plays them;
/// returns the games per second and the total of the final scores (to check that two ways
/// played the same games).
fn timed_play_games(config: &Config, games: usize) -> (f64, u64) {
    let start = Instant::now();
    let rows = carcassonne::bots::play_games(config, games, 1, &[]).expect("valid config");
    let rate = games as f64 / start.elapsed().as_secs_f64();
    (rate, rows.iter().flatten().map(|&s| u64::from(s)).sum())
}

/// Times Python's `play_random_games(games, seed=1)` (in a Python with the module:
/// `CARCASSONNE_PYTHON`, else the test command's `target/py-venv`) against the same games
/// through `bots::play_games` here, both on every core, three interleaved rounds, and prints
/// the medians; says so when no such Python is at hand, and warns when the engine's sources
/// (of this checkout) changed after its compiled module was built.
fn python_batch(games: usize) {
    const SCRIPT: &str = "import sys, time, carcassonne\n\
        n = int(sys.argv[1])\n\
        carcassonne.play_random_games(64, seed=1)\n\
        start = time.perf_counter()\n\
        scores = carcassonne.play_random_games(n, seed=1)\n\
        print(int(scores.sum()), n / (time.perf_counter() - start), \
        carcassonne._carcassonne.__file__)\n";
    let python = std::env::var("CARCASSONNE_PYTHON").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../target/py-venv/bin/python").to_string()
    });
    let config = Config::new(2);
    timed_play_games(&config, 64);
    let (mut py_rates, mut rust_rates) = (Vec::new(), Vec::new());
    let mut module = String::new();
    for _ in 0..3 {
        let run = std::process::Command::new(&python)
            .args(["-c", SCRIPT, &games.to_string()])
            .output();
        let Some((py_total, py_rate, path)) =
            run.ok().filter(|out| out.status.success()).and_then(|out| {
                let text = String::from_utf8_lossy(&out.stdout).into_owned();
                let mut words = text.split_whitespace();
                Some((
                    words.next()?.parse::<u64>().ok()?,
                    words.next()?.parse::<f64>().ok()?,
                    words.next()?.to_string(),
                ))
            })
        else {
            println!(
                "Python play_random_games: not measured ({python} cannot import carcassonne; set \
                 CARCASSONNE_PYTHON, or run scripts/test.sh once to make target/py-venv)"
            );
            return;
        };
        let (rust_rate, total) = timed_play_games(&config, games);
        assert_eq!(py_total, total, "Python and Rust must play the same games");
        py_rates.push(py_rate);
        rust_rates.push(rust_rate);
        module = path;
    }
    let (py, rust) = (median(py_rates), median(rust_rates));
    println!(
        "Python play_random_games, {games} random 2-player base games on every core: {py:.0} \
         games/s; Rust bots::play_games, the same games: {rust:.0} games/s ({:+.1}% time in \
         Python; median of 3, interleaved)",
        (rust / py - 1.0) * 100.0
    );
    // The module times the engine it was built from: warn when the engine's sources (the core
    // crate's and the Python binding's) changed after it was built.
    let engine = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let module_built = std::fs::metadata(&module).and_then(|m| m.modified()).ok();
    let changed = ["carcassonne/src", "carcassonne-py/src"]
        .iter()
        .filter_map(|dir| newest_change(&engine.join(dir)))
        .max();
    if let (Some(module_built), Some(changed)) = (module_built, changed) {
        if let Ok(later) = changed.duration_since(module_built) {
            println!(
                "  note: the engine's sources changed {} min after the Python module ({module}) \
                 was built: rebuild it (scripts/test.sh does) to time the same code",
                later.as_secs().div_ceil(60)
            );
        }
    }
}

/// The latest modification time of a file under `dir` (recursively), if any can be read.
fn newest_change(dir: &std::path::Path) -> Option<std::time::SystemTime> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let meta = entry.metadata().ok()?;
            if meta.is_dir() {
                newest_change(&entry.path())
            } else {
                meta.modified().ok()
            }
        })
        .max()
}
