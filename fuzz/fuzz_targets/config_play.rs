//! Fuzz target `config_play`: see [`carcassonne_fuzz::config_play`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne_fuzz::config_play(data));
