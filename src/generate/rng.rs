//! The generators' random numbers: `ChaCha8` seeded from a `u64`, with our own
//! bounded sampling and shuffling, so that a seed gives the same numbers on
//! every machine and with every version of the `rand` family of crates.
//!
//! The `ChaCha8` block function is written out here (thirty lines): it gives,
//! word for word, the keystream of `rand_chacha`'s `ChaCha8Rng` for the same
//! key and stream (a test compares them), without the four crates
//! (`rand_chacha`, `rand_core`, `ppv-lite86`, `zerocopy`) that every game
//! embedding the core would otherwise build.

/// A reproducible random number generator.
///
/// The 32-byte `ChaCha` key is expanded from the seed with `SplitMix64` (fixed
/// here, not borrowed from `rand_core`), and every derived draw (`below`,
/// `shuffle`, `unit`) is defined in this file.
#[derive(Clone, Debug)]
pub struct Rng(ChaCha8);

/// One step of `SplitMix64`: a fixed, well-known way to spread a `u64`.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `ChaCha` with 8 rounds as Bernstein defined it: a 256-bit key, a 64-bit
/// block counter from 0 and a 64-bit stream number (the nonce), read as
/// little-endian 32-bit words, two to a `u64`, low word first.
#[derive(Clone, Debug)]
struct ChaCha8 {
    key: [u32; 8],
    stream: u64,
    /// The number of the block after the one in `words`.
    block: u64,
    /// The current block of the keystream.
    words: [u32; 16],
    /// The next word of `words` to hand out (16: none left).
    next: usize,
}

/// "expand 32-byte k".
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// One quarter round on words `a`, `b`, `c`, `d` of `x`.
#[inline(always)]
fn quarter(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(16);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(12);
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(8);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(7);
}

impl ChaCha8 {
    fn new(key: [u32; 8], stream: u64) -> Self {
        Self {
            key,
            stream,
            block: 0,
            words: [0; 16],
            next: 16,
        }
    }

    /// The next block of the keystream into `words`.
    fn refill(&mut self) {
        let mut input = [0u32; 16];
        input[..4].copy_from_slice(&SIGMA);
        input[4..12].copy_from_slice(&self.key);
        input[12] = self.block as u32;
        input[13] = (self.block >> 32) as u32;
        input[14] = self.stream as u32;
        input[15] = (self.stream >> 32) as u32;
        let mut x = input;
        for _ in 0..4 {
            quarter(&mut x, 0, 4, 8, 12);
            quarter(&mut x, 1, 5, 9, 13);
            quarter(&mut x, 2, 6, 10, 14);
            quarter(&mut x, 3, 7, 11, 15);
            quarter(&mut x, 0, 5, 10, 15);
            quarter(&mut x, 1, 6, 11, 12);
            quarter(&mut x, 2, 7, 8, 13);
            quarter(&mut x, 3, 4, 9, 14);
        }
        for (word, start) in x.iter_mut().zip(input) {
            *word = word.wrapping_add(start);
        }
        self.words = x;
        self.block = self.block.wrapping_add(1);
        self.next = 0;
    }

    /// The next two words of the keystream, the first as the low half (a
    /// block has an even number of words, so a pair never straddles two).
    #[inline]
    fn next_u64(&mut self) -> u64 {
        if self.next >= self.words.len() {
            self.refill();
        }
        let lo = self.words.get(self.next).copied().unwrap_or(0);
        let hi = self.words.get(self.next + 1).copied().unwrap_or(0);
        self.next += 2;
        (u64::from(hi) << 32) | u64::from(lo)
    }
}

impl Rng {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_stream(seed, 0)
    }

    /// An independent generator for `seed`: stream `stream` of the same key
    /// (one per worker thread, say).
    pub fn with_stream(seed: u64, stream: u64) -> Self {
        // The key's 32 bytes are four draws of SplitMix64, little-endian:
        // as words, each draw's low half and then its high half.
        let mut state = seed;
        let mut key = [0u32; 8];
        for pair in key.chunks_exact_mut(2) {
            let draw = splitmix64(&mut state);
            pair.copy_from_slice(&[draw as u32, (draw >> 32) as u32]);
        }
        Self(ChaCha8::new(key, stream))
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

    /// The keystream is `rand_chacha`'s `ChaCha8Rng` for the same key and
    /// stream, across many of its 64-word buffers, for seeds and streams at
    /// both ends: every golden level rests on it.
    #[test]
    fn the_stream_is_rand_chachas() {
        use rand_chacha::ChaCha8Rng;
        use rand_core::{Rng as _, SeedableRng};
        for seed in [0, 1, 2, 7, 42, 1 << 32, u64::MAX - 1, u64::MAX] {
            for stream in [0, 1, 3, 255, 1 << 40, u64::MAX] {
                let mut state = seed;
                let mut key = [0u8; 32];
                for chunk in key.chunks_exact_mut(8) {
                    chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
                }
                let mut theirs = ChaCha8Rng::from_seed(key);
                theirs.set_stream(stream);
                let mut ours = Rng::with_stream(seed, stream);
                for i in 0..1000 {
                    assert_eq!(
                        ours.next_u64(),
                        theirs.next_u64(),
                        "seed {seed}, stream {stream}, draw {i}"
                    );
                }
            }
        }
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
