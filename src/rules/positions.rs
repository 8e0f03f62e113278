//! Sets of lever positions as bitsets: what a pull does to every position
//! at once. Shared by the parity search (`solver/parity.rs`) and the lever
//! generator's evaluators (`generate/levers/`), so a pull's effect on a set
//! is written once.
//!
//! A position is a number whose bit `j` says whether lever `j` has been
//! pulled an odd number of times (or, for the generator, whether door `j`
//! is open); a set of positions is one bit per position, 64 to a word.
//! Pulling lever `j` moves every position `p` to `p ^ (1 << j)`: inside a
//! word a delta swap, across words a swap of words.

/// Positions where bit `j` of the index (within a 64-bit word) is 0.
const LOW: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// Moves every position `p` of the set to `p ^ (1 << j)`; a `j` past the
/// set's positions moves nothing.
#[inline(always)]
pub(crate) fn flip(words: &mut [u64], j: u32) {
    if j < 6 {
        let s = 1u32 << j;
        let m = LOW[j as usize];
        for x in words.iter_mut() {
            *x = ((*x & m) << s) | ((*x >> s) & m);
        }
    } else {
        let Some(step) = 1usize.checked_shl(j - 6) else {
            return;
        };
        for i in 0..words.len() {
            if i & step == 0 && i + step < words.len() {
                words.swap(i, i + step);
            }
        }
    }
}

/// Moves every position `p` of the set to `p ^ flips`: one [`flip`] per bit.
#[inline(always)]
pub(crate) fn permute<const W: usize>(words: &mut [u64; W], flips: u64) {
    let mut f = flips;
    while f != 0 {
        let j = f.trailing_zeros();
        f &= f - 1;
        flip(words, j);
    }
}

/// [`permute`] of a 128-position set held in one `u128` (`flips < 128`).
#[inline(always)]
pub(crate) fn permute128(x: u128, flips: u64) -> u128 {
    let mut x = x;
    let mut f = flips;
    while f != 0 {
        let j = f.trailing_zeros();
        f &= f - 1;
        if j < 6 {
            // A delta swap on each 64-bit half (variable u128 shifts are slow).
            let m = LOW[j as usize];
            let s = 1u32 << j;
            let (lo, hi) = (x as u64, (x >> 64) as u64);
            let lo = ((lo & m) << s) | ((lo >> s) & m);
            let hi = ((hi & m) << s) | ((hi >> s) & m);
            x = u128::from(lo) | (u128::from(hi) << 64);
        } else {
            x = x.rotate_left(64);
        }
    }
    x
}

/// Words of a set of the positions of `levers` levers; `usize::MAX` past
/// what a `usize` can count (a level may couple thousands of levers, and
/// callers ask before they check their own limit).
pub(crate) fn words_for(levers: usize) -> usize {
    u32::try_from(levers)
        .ok()
        .and_then(|l| 1usize.checked_shl(l))
        .map_or(usize::MAX, |positions| (positions / 64).max(1))
}

/// The set of positions `p` (of `levers` levers) in which
/// `open_at_start ^ parity(p & mask)` holds: where a door that starts
/// `open_at_start` and is flipped by the levers of `mask` is open.
pub(crate) fn open_positions(open_at_start: bool, mask: u64, levers: usize) -> Vec<u64> {
    let words = words_for(levers);
    let positions = 1usize << levers;
    let mut out = vec![0u64; words];
    // Within one word: the pattern for the low 6 bits of the mask.
    let mut low = 0u64;
    for p in 0..64.min(positions) {
        if ((p as u64 & mask).count_ones() % 2 == 1) != open_at_start {
            low |= 1 << p;
        }
    }
    for (i, w) in out.iter_mut().enumerate() {
        let high = ((i as u64) << 6) & mask;
        *w = if high.count_ones() % 2 == 1 {
            !low
        } else {
            low
        };
        if positions < 64 {
            *w &= (1u64 << positions) - 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_for_counts_the_bitset_and_saturates_past_a_usize() {
        assert_eq!(words_for(0), 1);
        assert_eq!(words_for(6), 1);
        assert_eq!(words_for(10), 16);
        assert_eq!(words_for(63), 1 << 57);
        assert_eq!(words_for(64), usize::MAX);
        assert_eq!(words_for(20_000), usize::MAX);
    }

    #[test]
    fn open_positions_follow_the_parity_of_the_levers_that_flip() {
        for levers in [1usize, 3, 6, 8] {
            for mask in [1u64, 0b101, 0b1000_0001 & ((1 << levers) - 1)] {
                if mask == 0 {
                    continue;
                }
                for start in [false, true] {
                    let set = open_positions(start, mask, levers);
                    for p in 0..(1usize << levers) {
                        let want = start ^ ((p as u64 & mask).count_ones() % 2 == 1);
                        let got = set[p / 64] & (1 << (p % 64)) != 0;
                        assert_eq!(got, want, "levers {levers} mask {mask:b} p {p}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_flip_moves_each_position_to_its_partner() {
        for j in [0u32, 3, 5, 6, 7] {
            let mut words = vec![0u64; 4];
            words[1] |= 1 << 5; // position 69
            flip(&mut words, j);
            let to = 69usize ^ (1 << j);
            assert_eq!(words[to / 64], 1 << (to % 64), "j {j}");
        }
        // Past the set: nothing moves.
        let mut words = vec![1u64; 2];
        flip(&mut words, 70);
        assert_eq!(words, vec![1, 1]);
    }

    #[test]
    fn permute_moves_bits_by_xor_in_words_and_in_a_u128() {
        for flips in [1u64, 2, 5, 64, 65, 127, 0x41] {
            let mut words = [0u64; 2];
            let m = 37usize;
            words[m / 64] |= 1 << (m % 64);
            permute::<2>(&mut words, flips);
            let t = m ^ flips as usize;
            assert_eq!(words[t / 64], 1 << (t % 64), "flips {flips}");
            assert_eq!(words.iter().map(|w| w.count_ones()).sum::<u32>(), 1);
            assert_eq!(permute128(1u128 << m, flips), 1u128 << t, "flips {flips}");
        }
    }
}
