//! Fuzz target `c_api`: see [`carcassonne_fuzz::c_api`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne_fuzz::c_api(data));
