#!/usr/bin/env bash
# Runs every test the project has. The single entry point for people and CI (.ci/run calls it).
# Needs a Rust toolchain (cargo) and Python 3 (>= 3.9, with venv); installs what else it needs:
# a C compiler, make and valgrind with apt-get when missing, and the Python tools (maturin,
# numpy, pytest, mypy, matplotlib, nbclient, ipykernel, tqdm, and the research libraries pinned
# in tests/python/requirements.txt: PettingZoo, Gymnasium, OpenSpiel, Ray) into target/py-venv
# with pip.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v cc > /dev/null || need+=(gcc)
command -v c++ > /dev/null || need+=(g++)
command -v make > /dev/null || need+=(make)
command -v valgrind > /dev/null || need+=(valgrind)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" > /dev/null
fi

shared="${CARCASSONNE_SHARED:-$(pwd)/../shared}"
if [ ! -d "$shared/jcz" ]; then
  echo "error: the shared folder is missing at $shared (set CARCASSONNE_SHARED)" >&2
  exit 1
fi
export CARCASSONNE_SHARED="$shared"

echo "== format, lints, docs"
cargo fmt --all -- --check
cargo fmt --manifest-path fuzz/Cargo.toml -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo clippy --manifest-path fuzz/Cargo.toml --all-targets --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --quiet

echo "== Rust tests (unit, scenarios, JCloisterZone replays, properties, perft, doc tests)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# The Python crate is tested through Python below (its tests need the interpreter).
cargo test --workspace --exclude carcassonne-py --locked 2>&1 | tee "$tmp/cargo-test.txt"

echo "== fuzz targets on stable: every corpus replayed through its target; property tests over random configs"
# The fuzz crate is a workspace of its own (fuzz/Cargo.toml); its tests replay fuzz/corpus/*
# and play 20,000 random configs to the end with the targets' invariants.
cargo test --manifest-path fuzz/Cargo.toml --locked 2>&1 | tee -a "$tmp/cargo-test.txt"
echo "== fuzz targets under libFuzzer, 10 s each (with the nightly toolchain; cargo-fuzz is installed when missing)"
scripts/fuzz.sh 10
echo "== limits: inputs at the limits of carcassonne::limits (their cost is in the README)"
cargo run --release --locked --quiet --example limits -- all > "$tmp/limits.txt"
grep -q "peak resident memory" "$tmp/limits.txt"

echo "== benchmarks compile and run once (no timing asserted)"
cargo bench --locked -p carcassonne --bench engine -- --test

echo "== C API: tests under ASan+UBSan, the C client (static, shared, under valgrind), C++ header"
make -s -C tests/c test SHARED="$shared" | tee "$tmp/c-tests.txt"
make -s -C examples/c all valgrind
"$(pwd)/target/c-examples/play_static" 4 "$tmp/c_game.json" > /dev/null
"$(pwd)/target/c-examples/play_static" 6 "$tmp/c_game_mcts.json" mcts:200 > "$tmp/c_mcts.txt"
grep -q "mcts " "$tmp/c_mcts.txt"
"$(pwd)/target/c-examples/header_check"
echo "== C API and Rust API play the same games"
cargo run --release --locked --quiet --example ffi_bench -- --games 300
echo "== the MCTS bot and the vectorised environment from Rust (a few games; speed not asserted)"
cargo run --release --locked --quiet --example mcts -- --games 4 --iterations 100 > "$tmp/mcts.txt"
grep -q "win rate" "$tmp/mcts.txt"
cargo run --release --locked --quiet --example vector -- --seconds 0.05 --runs 1 > /dev/null

echo "== Python module: build the abi3 wheel with maturin in a virtualenv, then test it"
venv="$(pwd)/target/py-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip > /dev/null
"$venv/bin/python" -m pip install -q maturin numpy pytest mypy matplotlib nbclient nbformat ipykernel tqdm
"$venv/bin/python" -m pip install -q -r tests/python/requirements.txt
rm -rf target/wheels
"$venv/bin/maturin" build --release --locked -q -m carcassonne-py/Cargo.toml -o target/wheels -i "$venv/bin/python"
"$venv/bin/python" -m pip install -q --force-reinstall --no-deps target/wheels/carcassonne-*.whl
"$venv/bin/python" -m mypy.stubtest carcassonne --allowlist carcassonne-py/stubtest-allowlist.txt
(cd "$tmp" && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$OLDPWD/tests/python") | tee "$tmp/py-tests.txt"
"$venv/bin/python" examples/python/play.py --seed 3 --svg "$tmp/board.svg" > /dev/null
grep -q "<svg" "$tmp/board.svg"
# The research benchmark runs (briefly: speed is measured, never asserted).
(cd "$tmp" && "$venv/bin/python" "$OLDPWD/examples/python/bench.py" --only vector --seconds 0.05 --runs 1) > "$tmp/bench.txt"
grep -q "VectorEnv  1024 envs" "$tmp/bench.txt"

echo "== main job and replay"
cargo run --release --locked --example play -- --seed 7 --out "$tmp/game.json" --svg "$tmp/play.svg" > "$tmp/play.txt"
grep -q "<svg" "$tmp/play.svg"
grep -q "Final scores" "$tmp/play.txt"
cargo run --release --locked --example replay -- "$tmp/game.json" > /dev/null
# The main job under JCloisterZone's rules, written as a .jcz and read back to the same totals.
cargo run --release --locked --quiet --example play -- --seed 7 --players 3 \
  --sets base,river2,count,inns,traders,big_top --out "$tmp/jcz_game.json" --jcz "$tmp/game.jcz" > "$tmp/jcz_play.txt"
cargo run --release --locked --quiet --example replay -- "$tmp/game.jcz" > "$tmp/jcz_replay.txt"
diff <(sed -n '/^Final scores:/,/^$/p' "$tmp/jcz_play.txt" | awk 'NR > 1 && $2 ~ /^[0-9]+$/ {print $1, $2}') \
     <(sed -n '/^final scores:/,$p' "$tmp/jcz_replay.txt" | awk 'NR > 1 && NF == 2 {print $1, $2}')
cargo run --release --locked --quiet --example replay -- "$tmp/c_game.json" > /dev/null
cargo run --release --locked --quiet --example replay -- "$tmp/c_game_mcts.json" > /dev/null
for f in "$shared"/jcz/engine-tests/basic/*.jcz; do
  case "$(basename "$f")" in
    garden-scoring.jcz|tiny-city-coa.jcz) continue ;;
  esac
  cargo run --release --locked --quiet --example replay -- "$f" --json > /dev/null
done
jcz_files=$(ls "$shared"/jcz/engine-tests/basic/*.jcz | grep -v -e garden-scoring -e tiny-city-coa | wc -l)
passed=$(awk '/^test result:/ {for (i = 1; i <= NF; i++) if ($i ~ /^passed;?$/) s += $(i-1)} END {print s + 0}' "$tmp/cargo-test.txt")
c_passed=$(awk '/ passed, 0 failed$/ {print $1}' "$tmp/c-tests.txt")
py_passed=$(awk '/ passed/ && / in [0-9.]+s/ {for (i = 1; i < NF; i++) if ($(i + 1) ~ /^passed/) print $i}' "$tmp/py-tests.txt")
echo "Rust tests: $passed passed; C API checks: $c_passed passed; Python tests: $py_passed passed; example replays of $jcz_files JCloisterZone files: all assertions PASS"
echo "$((passed + c_passed + py_passed)) passed, 0 failed"
