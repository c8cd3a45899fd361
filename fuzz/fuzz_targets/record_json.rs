//! Fuzz target `record_json`: see [`carcassonne_fuzz::record_json`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne_fuzz::record_json(data));
