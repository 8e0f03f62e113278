//! A priority queue of state numbers by a key of two words, the least state
//! number first among equal keys: the order of a binary heap of
//! `Reverse((key, state))`, which the searches over an explored graph
//! relied on to break ties, at a fraction of its work.
//!
//! Those searches push hundreds of thousands of states but few distinct
//! keys (a number of pulls and a cost, a cost and a number of steps), so
//! the states of one key are kept together in a small heap of their
//! numbers, and the keys in an ordered map: a push or a pop orders a few
//! dozen keys and a heap that fits in the cache, not one heap of every
//! state.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// The states queued under each key; empty heaps are never kept.
#[derive(Default)]
pub(crate) struct LexQueue {
    keys: BTreeMap<(u64, u64), BinaryHeap<Reverse<u32>>>,
    /// Emptied heaps, kept for their memory.
    spare: Vec<BinaryHeap<Reverse<u32>>>,
}

impl LexQueue {
    /// Queues state `i` under `key` (a state may be queued more than once).
    #[inline]
    pub fn push(&mut self, key: (u64, u64), i: u32) {
        let spare = &mut self.spare;
        (self.keys.entry(key))
            .or_insert_with(|| spare.pop().unwrap_or_default())
            .push(Reverse(i));
    }

    /// The least key and, among its states, the least number.
    #[inline]
    pub fn pop(&mut self) -> Option<((u64, u64), u32)> {
        while let Some(mut first) = self.keys.first_entry() {
            let key = *first.key();
            let popped = first.get_mut().pop();
            if first.get().is_empty() {
                self.spare.push(first.remove());
            }
            if let Some(Reverse(i)) = popped {
                return Some((key, i));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pushes and pops mixed at random, keys of few distinct values (as in
    /// the searches) or many, states pushed twice: the queue pops exactly
    /// what a binary heap of `Reverse((key, state))` pops.
    #[test]
    fn pops_as_a_binary_heap_of_keys_and_states_does() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for spread in [1, 3, 50, 1 << 40] {
            let mut q = LexQueue::default();
            let mut heap = BinaryHeap::new();
            for _ in 0..20_000 {
                if next(3) < 2 {
                    let key = (next(spread.min(8)), next(spread));
                    let i = next(500) as u32;
                    q.push(key, i);
                    heap.push(Reverse((key, i)));
                } else {
                    assert_eq!(q.pop(), heap.pop().map(|Reverse(p)| p));
                }
            }
            while let Some(Reverse(p)) = heap.pop() {
                assert_eq!(q.pop(), Some(p));
            }
            assert_eq!(q.pop(), None);
        }
    }
}
