//! Cost of the C API: the same random 2-player base games (same seeds, same choices) played
//! through the Rust API and through the C functions of `carcassonne-ffi`, in one run (`bench`
//! prints the same figures at its end).
//!
//! `cargo run --release --example ffi_bench [-- --games N]`

#[path = "ffi_cost.rs"]
mod ffi_cost;

fn main() {
    let games: u64 = std::env::args()
        .skip_while(|a| a != "--games")
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    ffi_cost::print_c_api_cost(games, &ffi_cost::c_api_cost(games));
}
