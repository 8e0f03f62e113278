//! Numbered states: every state a search meets is stored once, in one flat
//! array of words, and found again by its bits.
//!
//! Small state spaces (one word of at most [`DENSE_BITS`] bits) are indexed
//! by an array addressed by the state itself: no hashing, no probing. Others
//! use an open-addressing table of state numbers.

/// Up to this many state bits, states are looked up in a plain array.
const DENSE_BITS: u32 = 24;

/// The states met so far, numbered in order of arrival.
pub(crate) struct Store {
    width: usize,
    words: Vec<u64>,
    len: u32,
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
            words: Vec::new(),
            len: 0,
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
        let at = i as usize * self.width;
        &self.words[at..at + self.width]
    }

    /// True when stored state `n` (a number + 1, as in the slots) is `s`.
    #[inline]
    fn is(&self, n: u32, s: &[u64]) -> bool {
        let at = (n - 1) as usize * self.width;
        if self.width == 1 {
            self.words[at] == s[0]
        } else {
            &self.words[at..at + self.width] == s
        }
    }

    /// The slot of state `s` in the hash table: where it is, or the empty
    /// slot where it would go.
    #[inline]
    fn slot(&self, slots: &[u32], mask: usize, s: &[u64]) -> usize {
        let mut i = hash(s) as usize & mask;
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
        match &self.index {
            Index::Dense(slots) => {
                let n = slots[s[0] as usize];
                if n != 0 {
                    return (n - 1, false);
                }
            }
            Index::Hash { slots, mask } => {
                let at = self.slot(slots, *mask, s);
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
        self.words.extend_from_slice(s);
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
            Index::Hash { slots, mask } => slots[self.slot(slots, *mask, s)],
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
            for (i, &w) in self.words.iter().enumerate() {
                slots[w as usize] = i as u32 + 1;
            }
            self.index = Index::Dense(slots);
            return;
        }
        let size = (self.len as usize * 4).next_power_of_two().max(16);
        let mask = size - 1;
        let mut slots = vec![0u32; size];
        for i in 0..self.len {
            let mut j = hash(self.get(i)) as usize & mask;
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
        for (width, bits) in [(1, 10), (1, 40), (3, 150)] {
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
}
