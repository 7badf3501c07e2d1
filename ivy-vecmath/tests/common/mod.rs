//! Pieces the test files share.

/// A seeded xorshift generator (no dependency for a few lines): the same sequence for the
/// same seed, in every test file that draws from it.
pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
