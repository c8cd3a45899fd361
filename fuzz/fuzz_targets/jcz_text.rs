//! Fuzz target `jcz_text`: see [`carcassonne_fuzz::jcz_text`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne_fuzz::jcz_text(data));
