//! Numbered states: every state a search meets is stored once, in chunks
//! of words that never move, and found again by its bits.
//!
//! Small state spaces (one word of at most [`DENSE_BITS`] bits) are indexed
//! by an array addressed by the state itself: no hashing, no probing. Others
//! use an open-addressing table of state numbers.

/// Up to this many state bits, states are looked up in a plain array.
const DENSE_BITS: u32 = 24;

/// Words of one chunk of states (8 MB), at least one state.
const CHUNK_WORDS: usize = 1 << 20;

/// From this width on, each state's hash is kept, so that growing the table
/// reads one word per state instead of the whole state.
const KEEP_HASHES: usize = 4;

/// Up to this width, states are compared word by word rather than by
/// `memcmp`.
const NARROW: usize = 8;

/// The states met so far, numbered in order of arrival.
///
/// States live in chunks of `1 << shift` states. One vector of all states
/// doubled by copying: a store of states thousands of words wide (a level
/// of 100,000 doors) copied a gigabyte into fresh memory in one step,
/// seconds between two looks at the budget. A chunk, once full, stays
/// where it is; only the first grows, up to one chunk.
pub(crate) struct Store {
    width: usize,
    chunks: Vec<Vec<u64>>,
    shift: u32,
    len: u32,
    /// With a width of at least [`KEEP_HASHES`]: the hash of each state.
    hashes: Vec<u64>,
    index: Index,
    /// With a single word of at most [`DENSE_BITS`] bits: that many bits.
    dense_bits: Option<u32>,
}

enum Index {
    /// `slots[state] = number + 1`, 0 for unseen.
    Dense(Vec<u32>),
    /// Open addressing: `slots[i] = number + 1`, 0 for empty.
    Hash { slots: Vec<u32>, mask: usize },
}

#[inline]
fn hash(s: &[u64]) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64;
    for &w in s {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
    h ^ (h >> 29)
}

impl Store {
    /// An empty store for states of `width` words and `bits` bits in all.
    pub fn new(width: usize, bits: u32) -> Self {
        Self {
            width,
            chunks: Vec::new(),
            shift: (CHUNK_WORDS / width.max(1)).max(1).ilog2(),
            len: 0,
            hashes: Vec::new(),
            index: Index::Hash {
                slots: vec![0; 16],
                mask: 15,
            },
            dense_bits: (width == 1 && bits <= DENSE_BITS).then_some(bits),
        }
    }

    /// Number of states stored.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// State number `i`.
    #[inline]
    pub fn get(&self, i: u32) -> &[u64] {
        let chunk = (i >> self.shift) as usize;
        let at = (i as usize & ((1 << self.shift) - 1)) * self.width;
        &self.chunks[chunk][at..at + self.width]
    }

    /// True when stored state `n` (a number + 1, as in the slots) is `s`.
    ///
    /// Narrow states are compared word by word: a call to `memcmp` for the
    /// two or three words of a counted state (`dead_ends::counted`) took a
    /// quarter of the time of its exploration.
    #[inline]
    fn is(&self, n: u32, s: &[u64]) -> bool {
        let stored = self.get(n - 1);
        if self.width <= NARROW {
            stored.iter().zip(s).all(|(a, b)| a == b)
        } else {
            stored == s
        }
    }

    /// The slot of state `s`, whose hash is `h`, in the hash table: where it
    /// is, or the empty slot where it would go.
    #[inline]
    fn slot(&self, slots: &[u32], mask: usize, s: &[u64], h: u64) -> usize {
        let mut i = h as usize & mask;
        loop {
            match slots[i] {
                0 => return i,
                n if self.is(n, s) => return i,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The number of state `s`, stored now if it was not: `(number, new)`.
    #[inline]
    pub fn insert(&mut self, s: &[u64]) -> (u32, bool) {
        let i = self.len;
        let mut h = 0;
        match &self.index {
            Index::Dense(slots) => {
                let n = slots[s[0] as usize];
                if n != 0 {
                    return (n - 1, false);
                }
            }
            Index::Hash { slots, mask } => {
                h = hash(s);
                let at = self.slot(slots, *mask, s, h);
                match slots[at] {
                    0 => {
                        if let Index::Hash { slots, .. } = &mut self.index {
                            slots[at] = i + 1;
                        }
                    }
                    n => return (n - 1, false),
                }
            }
        }
        self.push(s);
        if self.width >= KEEP_HASHES {
            self.hashes.push(h);
        }
        self.len += 1;
        match &mut self.index {
            Index::Dense(slots) => slots[s[0] as usize] = i + 1,
            Index::Hash { mask, .. } => {
                if (self.len as usize) * 2 > *mask {
                    self.rebuild();
                }
            }
        }
        (i, true)
    }

    /// Appends the words of `s` as the next state: into the last chunk, or
    /// a new one made at its full size once the first has filled.
    fn push(&mut self, s: &[u64]) {
        let per_chunk = 1usize << self.shift;
        if self.len as usize & (per_chunk - 1) == 0 {
            let first = self.chunks.is_empty();
            let size = if first { 0 } else { per_chunk * self.width };
            self.chunks.push(Vec::with_capacity(size));
        }
        if let Some(last) = self.chunks.last_mut() {
            last.extend_from_slice(s);
        }
    }

    /// The number of state `s`, if it is stored; never stores it.
    #[inline]
    pub fn find(&self, s: &[u64]) -> Option<u32> {
        if s.len() != self.width {
            return None;
        }
        let n = match &self.index {
            Index::Dense(slots) => usize::try_from(s[0])
                .ok()
                .and_then(|at| slots.get(at))
                .copied()
                .unwrap_or(0),
            Index::Hash { slots, mask } => slots[self.slot(slots, *mask, s, hash(s))],
        };
        n.checked_sub(1)
    }

    /// Re-indexes every state: in a table twice as large, or in the dense
    /// array once enough states fill 1/64 of it.
    fn rebuild(&mut self) {
        if let Some(bits) = self.dense_bits
            && self.len as usize > (1usize << bits) / 64
        {
            let mut slots = vec![0u32; 1 << bits];
            for i in 0..self.len {
                slots[self.get(i)[0] as usize] = i + 1;
            }
            self.index = Index::Dense(slots);
            return;
        }
        let size = (self.len as usize * 4).next_power_of_two().max(16);
        let mask = size - 1;
        let mut slots = vec![0u32; size];
        for i in 0..self.len {
            let h = match self.hashes.get(i as usize) {
                Some(&h) => h,
                None => hash(self.get(i)),
            };
            let mut j = h as usize & mask;
            while slots[j] != 0 {
                j = (j + 1) & mask;
            }
            slots[j] = i + 1;
        }
        self.index = Index::Hash { slots, mask };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_numbered_once_in_order_of_arrival() {
        for (width, bits) in [(1, 10), (1, 40), (3, 150), (5, 320)] {
            let mut store = Store::new(width, bits);
            let state =
                |i: u64| -> Vec<u64> { (0..width as u64).map(|w| (i * 7 + w) % 1000).collect() };
            for i in 0..900u64 {
                assert_eq!(store.insert(&state(i)), (i as u32, true));
            }
            for i in 0..900u64 {
                assert_eq!(store.insert(&state(i)), (i as u32, false));
                assert_eq!(store.get(i as u32), state(i).as_slice());
            }
            assert_eq!(store.len(), 900);
            assert_eq!(store.insert(&vec![1001; width]), (900, true));
            assert_eq!(store.find(&state(17)), Some(17));
            assert_eq!(store.find(&vec![1002; width]), None);
            assert_eq!(store.find(&[]), None, "a state of the wrong width");
        }
    }

    #[test]
    fn wide_states_fill_chunks_that_never_move() {
        // 150,000 words a state: 4 states to a chunk, so 19 states take 5.
        let width = 150_000;
        let mut store = Store::new(width, 64 * width as u32);
        let state = |i: u64| -> Vec<u64> {
            let mut s = vec![i; width];
            s[width - 1] = i * 31;
            s
        };
        for i in 0..19u64 {
            assert_eq!(store.insert(&state(i)), (i as u32, true));
        }
        let first = store.get(0).as_ptr();
        assert_eq!(store.insert(&state(19)), (19, true));
        assert_eq!(store.get(0).as_ptr(), first, "a full chunk never moves");
        assert_eq!(store.chunks.len(), 5);
        for i in 0..20u64 {
            assert_eq!(store.get(i as u32), state(i).as_slice());
            assert_eq!(store.find(&state(i)), Some(i as u32));
            assert_eq!(store.insert(&state(i)), (i as u32, false));
        }
        assert_eq!(store.find(&state(20)), None);
    }
}
