//! Helpers shared by the runnable examples (`play`, `replay`, `bench`).
