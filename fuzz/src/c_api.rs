//! The C API target: placeholder until the C entry points' harness is written.

/// The C entry points called with fuzzed arguments.
pub fn c_api(_data: &[u8]) {}
