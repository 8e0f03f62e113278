//! The priority queues of the searches. Keys never go below the last key
//! popped (the searches keep them monotone).
//!
//! With whole-number keys, as in most levels, a window of buckets covers the
//! keys near the front (Dial's algorithm) and a heap holds the few far
//! beyond it; otherwise a binary heap orders the keys by their bits (keys are
//! `>= 0`, so bit patterns order like the numbers).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Keys `cursor..cursor + WINDOW` live in buckets.
const WINDOW: usize = 1024;

/// A monotone priority queue of state numbers.
pub(crate) enum Queue {
    Heap(BinaryHeap<Reverse<(u64, u32)>>),
    Buckets {
        /// `buckets[k % WINDOW]` holds the states of key `k`, for keys in the window.
        buckets: Vec<Vec<u32>>,
        cursor: u64,
        /// How many states the buckets hold.
        held: usize,
        /// Keys at or beyond `cursor + WINDOW`.
        far: BinaryHeap<Reverse<(u64, u32)>>,
    },
}

impl Queue {
    /// A queue for keys that are all whole numbers (`whole`) or not.
    pub fn new(whole: bool) -> Self {
        if whole {
            Self::Buckets {
                buckets: vec![Vec::new(); WINDOW],
                cursor: 0,
                held: 0,
                far: BinaryHeap::new(),
            }
        } else {
            Self::Heap(BinaryHeap::new())
        }
    }

    /// Empties the queue and starts its keys from 0 again.
    pub fn clear(&mut self) {
        match self {
            Self::Heap(heap) => heap.clear(),
            Self::Buckets {
                buckets,
                cursor,
                held,
                far,
            } => {
                if *held > 0 {
                    buckets.iter_mut().for_each(Vec::clear);
                }
                *cursor = 0;
                *held = 0;
                far.clear();
            }
        }
    }

    /// Queues state `i` with key `key`.
    #[inline]
    pub fn push(&mut self, key: f64, i: u32) {
        match self {
            Self::Heap(heap) => heap.push(Reverse((key.to_bits(), i))),
            Self::Buckets {
                buckets,
                cursor,
                held,
                far,
            } => {
                // Whole keys may still exceed u64 in hostile levels; they
                // saturate and wait in the far heap, in order.
                let k = (key as u64).max(*cursor);
                if k - *cursor < WINDOW as u64 {
                    buckets[(k % WINDOW as u64) as usize].push(i);
                    *held += 1;
                } else {
                    far.push(Reverse((k, i)));
                }
            }
        }
    }

    /// The state with the least key, and its key.
    #[inline]
    pub fn pop(&mut self) -> Option<(f64, u32)> {
        match self {
            Self::Heap(heap) => heap
                .pop()
                .map(|Reverse((bits, i))| (f64::from_bits(bits), i)),
            Self::Buckets {
                buckets,
                cursor,
                held,
                far,
            } => loop {
                if *held > 0 {
                    loop {
                        let slot = (*cursor % WINDOW as u64) as usize;
                        if let Some(i) = buckets[slot].pop() {
                            *held -= 1;
                            return Some((*cursor as f64, i));
                        }
                        *cursor += 1;
                        Self::refill(buckets, *cursor, held, far);
                    }
                }
                let Reverse((k, _)) = *far.peek()?;
                *cursor = k;
                Self::refill(buckets, k, held, far);
            },
        }
    }

    /// Moves the far keys that now fall in the window into their buckets.
    fn refill(
        buckets: &mut [Vec<u32>],
        cursor: u64,
        held: &mut usize,
        far: &mut BinaryHeap<Reverse<(u64, u32)>>,
    ) {
        while let Some(&Reverse((k, i))) = far.peek() {
            if k - cursor >= WINDOW as u64 {
                break;
            }
            far.pop();
            buckets[(k % WINDOW as u64) as usize].push(i);
            *held += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_key_order_across_the_window() {
        for whole in [true, false] {
            let mut q = Queue::new(whole);
            let keys = [5.0, 3000.0, 0.0, 1023.0, 1024.0, 5.0, 70_000.0, 2047.0];
            for (i, &k) in keys.iter().enumerate() {
                q.push(k, i as u32);
            }
            let mut popped = Vec::new();
            while let Some((k, i)) = q.pop() {
                assert_eq!(keys.get(i as usize).copied().unwrap_or(1500.0), k);
                popped.push(k);
                if k == 1023.0 {
                    q.push(1500.0, 99); // later pushes stay monotone
                }
            }
            let mut want = keys.to_vec();
            want.push(1500.0);
            want.sort_by(f64::total_cmp);
            assert_eq!(popped, want, "whole {whole}");
        }
    }
}
