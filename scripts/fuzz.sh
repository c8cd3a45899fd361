#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets/) under libFuzzer for a bounded time, starting from
# its checked-in corpus (fuzz/corpus/NAME/). Needs the nightly toolchain (without it, it says
# so and exits 0: scripts/test.sh replays the corpora on stable either way) and cargo-fuzz,
# which it installs when missing.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#
# New inputs the fuzzer finds go to target/fuzz-corpus/NAME (the checked-in corpus is not
# changed: copy an input from there into fuzz/corpus/NAME by hand when it is worth keeping);
# a crash is written to target/fuzz-artifacts/NAME/ and fails the script, printing the command
# that reproduces it.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-15}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in fuzz/fuzz_targets/*.rs; do targets+=("$(basename "$f" .rs)"); done
fi

if ! rustup toolchain list 2>/dev/null | grep '^nightly' > /dev/null; then
  echo "fuzz: NOT RUN under libFuzzer: the nightly toolchain is not installed (rustup toolchain install nightly); the corpora were replayed on stable only"
  exit 0
fi
if ! cargo +nightly fuzz --version > /dev/null 2>&1; then
  # The nightly toolchain is here (it is on these machines): the fuzzer is installed, not
  # skipped. A failed install fails the run.
  echo "fuzz: installing cargo-fuzz (cargo install cargo-fuzz --locked)"
  cargo install cargo-fuzz --locked --quiet
fi

echo "fuzz: $(cargo +nightly fuzz --version), $(rustc +nightly --version); ${seconds} s per target: ${targets[*]}"
# One build of every target (optimized, with debug assertions and overflow checks, and
# AddressSanitizer, cargo-fuzz's default, on every target: the C API's unsafe boundary needs
# it, and the safe targets' executions stay comparable).
(cd fuzz && cargo +nightly fuzz build -O -a)
root="$(pwd)"
for t in "${targets[@]}"; do
  work="$root/target/fuzz-corpus/$t"
  artifacts="$root/target/fuzz-artifacts/$t"
  mkdir -p "$work" "$artifacts"
  log="$root/target/fuzz-artifacts/$t.log"
  if ! (cd fuzz && cargo +nightly fuzz run -O -a "$t" "$work" "corpus/$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 \
        -artifact_prefix="$artifacts/" -print_final_stats=1) > "$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz: $t FAILED; the input is in $artifacts/, reproduce with:"
    echo "  (cd fuzz && cargo +nightly fuzz run -O -a $t $artifacts/<file>)"
    exit 1
  fi
  runs=$(awk '/stat::number_of_executed_units:/ {print $2}' "$log" | tail -n 1)
  corpus=$(ls "$work" | wc -l)
  echo "fuzz: $t ok: ${runs:-?} executions in ${seconds} s, ${corpus} inputs in target/fuzz-corpus/$t, no crash"
done
