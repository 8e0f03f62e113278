//! Seeded random numbers, for the generators and the solver's scout:
//! `ChaCha8` seeded from a `u64`, with our own bounded sampling and
//! shuffling, so that a seed gives the same numbers on
//! every machine and with every version of the `rand` family of crates.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng};

/// A reproducible random number generator.
///
/// The 32-byte `ChaCha` key is expanded from the seed with `SplitMix64` (fixed
/// here, not borrowed from `rand_core`), and every derived draw (`below`,
/// `shuffle`, `unit`) is defined in this file.
#[derive(Clone, Debug)]
pub struct Rng(ChaCha8Rng);

/// One step of `SplitMix64`: a fixed, well-known way to spread a `u64`.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_stream(seed, 0)
    }

    /// An independent generator for `seed`: stream `stream` of the same key
    /// (one per worker thread, say).
    pub fn with_stream(seed: u64, stream: u64) -> Self {
        let mut state = seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(stream);
        Self(rng)
    }

    /// 64 uniformly random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform number in `0..n` (0 when `n` is 0), by rejection: no bias.
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        // Accept only draws below the largest multiple of n that fits.
        let zone = u64::MAX - (u64::MAX % n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// A uniform index in `0..n` (0 when `n` is 0).
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// A uniform number in `lo..=hi` (`lo` when `hi < lo`).
    pub fn between(&mut self, lo: usize, hi: usize) -> usize {
        if hi <= lo {
            return lo;
        }
        lo + self.index(hi - lo + 1)
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        den > 0 && self.below(den) < num
    }

    /// A uniform number in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }

    /// Shuffles in place (Fisher–Yates, from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniformly chosen item, or `None` from an empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.index(items.len()))
        }
    }
}

/// A seed for a run that was given none: the clock and the process id,
/// mixed by `SplitMix64`'s finaliser, kept to nine digits so it is easy to
/// note down and pass back as `--seed`.
///
/// On `wasm32-unknown-unknown` there is neither a clock nor a process id
/// to read (reading them panics there): it gives the seeds of one fixed
/// sequence, another at each call but the same in every run. A web game
/// that wants a new level each time passes a seed of its own (from
/// `crypto.getRandomValues`, say) instead.
pub fn fresh_seed() -> u64 {
    let mut z = entropy();
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000_000
}

/// What makes [`fresh_seed`] differ between runs: the clock and the process id.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn entropy() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (u64::from(std::process::id()) << 32)
}

/// What makes [`fresh_seed`] differ between calls where nothing tells runs
/// apart: a count of the calls, spaced by `SplitMix64`'s increment.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn entropy() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    CALLS
        .fetch_add(1, Ordering::Relaxed)
        .wrapping_add(1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_stream() {
        // If these change, every golden level changes too.
        let mut rng = Rng::new(42);
        let draws: Vec<u64> = (0..4).map(|_| rng.below(1000)).collect();
        let mut again = Rng::new(42);
        let same: Vec<u64> = (0..4).map(|_| again.below(1000)).collect();
        assert_eq!(draws, same);
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
        assert_ne!(
            Rng::with_stream(1, 0).next_u64(),
            Rng::with_stream(1, 1).next_u64()
        );
    }

    #[test]
    fn below_is_in_range_and_covers() {
        let mut rng = Rng::new(7);
        let mut seen = [false; 5];
        for _ in 0..200 {
            let x = rng.below(5) as usize;
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
        assert!(rng.below(u64::MAX) < u64::MAX);
        let u = rng.unit();
        assert!((0.0..1.0).contains(&u));
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = Rng::new(3);
        let mut v: Vec<u32> = (0..50).collect();
        rng.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
