//! The climbing search for a lever wiring with many pulls: simulated
//! annealing with restarts, one lever's wiring changed per step.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

use super::eval::LeverEvaluator;
use crate::generate::Rng;

/// What the annealing search maximises: the least number of pulls of a
/// candidate, one `u64` per slot (a lever's door mask when wiring toggles).
pub(crate) trait Evaluate: Clone + Send {
    /// The least pulls of `wires`, or `None` when the goal cannot be reached.
    fn min_pulls(&mut self, wires: &[u64]) -> Option<u32>;
}

impl Evaluate for LeverEvaluator {
    fn min_pulls(&mut self, wires: &[u64]) -> Option<u32> {
        LeverEvaluator::min_pulls(self, wires)
    }
}

/// The candidates of an annealing search and the steps between them.
pub(crate) trait Moves: Sync {
    /// Slots of a candidate.
    fn slots(&self) -> usize;
    /// The slots the search may change.
    fn free(&self) -> Vec<usize>;
    /// Scratch space the draws shuffle in place.
    fn scratch(&self) -> Vec<u32>;
    /// A random candidate.
    fn random(&self, rng: &mut Rng, scratch: &mut [u32], wires: &mut [u64]);
    /// Changes one free slot; returns it and its old value, or `None`.
    fn mutate(
        &self,
        rng: &mut Rng,
        scratch: &mut [u32],
        free: &[usize],
        wires: &mut [u64],
    ) -> Option<(usize, u64)>;
    /// The tie-break between candidates of equal pulls: fewer is better.
    fn dead(&self, wires: &[u64]) -> u32;
}

impl Moves for Space {
    fn slots(&self) -> usize {
        self.fixed.len()
    }

    fn free(&self) -> Vec<usize> {
        (0..self.fixed.len())
            .filter(|&l| self.fixed[l].is_none())
            .collect()
    }

    fn scratch(&self) -> Vec<u32> {
        self.door_list()
    }

    fn random(&self, rng: &mut Rng, scratch: &mut [u32], wires: &mut [u64]) {
        self.random_wiring(rng, scratch, wires);
    }

    fn mutate(
        &self,
        rng: &mut Rng,
        scratch: &mut [u32],
        free: &[usize],
        wires: &mut [u64],
    ) -> Option<(usize, u64)> {
        Space::mutate(self, rng, scratch, free, wires)
    }

    fn dead(&self, wires: &[u64]) -> u32 {
        dead_doors(wires, self.closed)
    }
}

/// The fixed part of a search: which levers may be wired and how.
#[derive(Clone, Debug)]
pub(crate) struct Space {
    /// Per lever: `Some(mask)` when its wiring is fixed by the layout.
    pub fixed: Vec<Option<u64>>,
    /// Doors a lever may flip, as a mask.
    pub doors: u64,
    pub min_doors: u32,
    pub max_doors: u32,
    /// No two levers may flip the same doors.
    pub distinct: bool,
    /// Doors closed at the start, as a mask.
    pub closed: u64,
}

/// When a worker stops.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    pub evaluations: Option<u64>,
    pub deadline: Option<Instant>,
    pub target: Option<u32>,
}

/// What the workers share: counters for progress and the stop signals.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    pub evaluations: AtomicU64,
    /// Best pulls found by any worker, plus one (0: nothing solvable yet).
    pub best: AtomicU32,
    /// Set when a worker reaches the target.
    pub done: AtomicBool,
}

/// A worker's result.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub wires: Vec<u64>,
    /// `None` when no solvable wiring was seen.
    pub pulls: Option<u32>,
    /// Score tie-break: closed doors no lever flips (fewer is better); for
    /// other searches, what [`Moves::dead`] counts.
    pub dead_doors: u32,
    pub evaluations: u64,
    /// Wirings scored from memory instead of by the evaluator.
    pub memo_hits: u64,
    /// Evaluations this worker had made when it found its best wiring.
    pub found_after: u64,
    pub restarts: u64,
    /// Other wirings seen that score as well as the best (at most
    /// [`MAX_TIES`]), for the tie-break on backtracking.
    pub ties: Vec<Vec<u64>>,
}

/// Most wirings tied with the best that a worker keeps.
pub(crate) const MAX_TIES: usize = 8;

/// The annealing schedule: the temperature falls geometrically from
/// `T_START` to `T_START * exp(LN_FALL)` over each run.
const STEPS_PER_RUN: u64 = 150_000;
const T_START: f64 = 1.2;
/// `ln(1/15)`.
const LN_FALL: f64 = -2.708_050_201_102_21;

/// `e^x` for `x <= 0` from `+ - * /` only, which IEEE 754 rounds the same
/// way on every machine (unlike `f64::exp`), so that a seed anneals the same
/// everywhere. Accurate to about 1e-12, plenty for acceptance tests.
pub(crate) fn exp_neg(x: f64) -> f64 {
    if x.is_nan() || x < -700.0 {
        return 0.0;
    }
    if x >= 0.0 {
        return 1.0;
    }
    // e^x = (e^(x/256))^256, with a Taylor series for the small power.
    let y = x / 256.0;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..12 {
        term *= y / f64::from(k);
        sum += term;
    }
    for _ in 0..8 {
        sum *= sum;
    }
    sum
}

impl Space {
    fn door_list(&self) -> Vec<u32> {
        (0..64).filter(|&d| self.doors & (1 << d) != 0).collect()
    }

    /// A random mask of `min_doors..=max_doors` allowed doors.
    fn random_mask(&self, rng: &mut Rng, doors: &mut [u32]) -> u64 {
        let k = rng.between(self.min_doors as usize, self.max_doors as usize);
        // Partial Fisher–Yates over the allowed doors.
        let mut mask = 0;
        for i in 0..k.min(doors.len()) {
            let j = i + rng.index(doors.len() - i);
            doors.swap(i, j);
            mask |= 1 << doors[i];
        }
        mask
    }

    fn clashes(&self, wires: &[u64], l: usize, mask: u64) -> bool {
        self.distinct && wires.iter().enumerate().any(|(i, &w)| i != l && w == mask)
    }

    /// A random wiring (fixed levers as given), distinct when it can be.
    fn random_wiring(&self, rng: &mut Rng, doors: &mut [u32], wires: &mut [u64]) {
        for (l, fixed) in self.fixed.iter().enumerate() {
            wires[l] = fixed.unwrap_or(0);
        }
        for l in 0..wires.len() {
            if self.fixed[l].is_some() {
                continue;
            }
            let mut mask = self.random_mask(rng, doors);
            for _ in 0..50 {
                if !self.clashes(wires, l, mask) {
                    break;
                }
                mask = self.random_mask(rng, doors);
            }
            wires[l] = mask;
        }
    }

    /// Changes the wiring of one free lever: swap one door for another, add
    /// or drop a door, or (rarely) rewire it afresh. Returns the lever and its
    /// old mask, or `None` when no allowed change was found.
    fn mutate(
        &self,
        rng: &mut Rng,
        doors: &mut [u32],
        free: &[usize],
        wires: &mut [u64],
    ) -> Option<(usize, u64)> {
        let &l = rng.pick(free)?;
        let old = wires[l];
        for _ in 0..20 {
            let count = old.count_ones();
            let roll = rng.below(100);
            let mask = if roll < 8 {
                self.random_mask(rng, doors)
            } else if roll < 24 && count < self.max_doors {
                old | pick_bit(rng, self.doors & !old)?
            } else if roll < 40 && count > self.min_doors {
                old & !pick_bit(rng, old)?
            } else {
                let out = pick_bit(rng, old);
                let inn = pick_bit(rng, self.doors & !old);
                match (out, inn) {
                    (Some(o), Some(i)) => (old & !o) | i,
                    _ => continue,
                }
            };
            if mask != old && mask != 0 && !self.clashes(wires, l, mask) {
                wires[l] = mask;
                return Some((l, old));
            }
        }
        None
    }
}

/// Closed doors that no lever flips.
fn dead_doors(wires: &[u64], closed: u64) -> u32 {
    let flipped = wires.iter().fold(0u64, |a, &w| a | w);
    (closed & !flipped).count_ones()
}

/// A random bit of `mask`, as a mask.
pub(crate) fn pick_bit(rng: &mut Rng, mask: u64) -> Option<u64> {
    let n = mask.count_ones();
    if n == 0 {
        return None;
    }
    let mut k = rng.below(u64::from(n));
    let mut m = mask;
    while k > 0 {
        m &= m - 1;
        k -= 1;
    }
    Some(m & m.wrapping_neg())
}

/// Score of a wiring: pulls (unsolvable below everything), then fewer dead doors.
fn score(pulls: Option<u32>, dead: u32) -> i64 {
    match pulls {
        Some(p) => i64::from(p) * 64 - i64::from(dead),
        None => -1_000,
    }
}

/// One worker: annealing runs with restarts until the budget is spent.
/// Deterministic for a given seed, stream and evaluation budget.
pub(crate) fn anneal<E: Evaluate, S: Moves>(
    eval: &mut E,
    space: &S,
    seed: u64,
    stream: u64,
    budget: Budget,
    shared: &Shared,
    cancel: &AtomicBool,
) -> Found {
    let levers = space.slots();
    let wires = vec![0u64; levers];
    let mut worker = Worker {
        eval,
        space,
        rng: Rng::with_stream(seed, stream),
        budget,
        shared,
        cancel,
        doors: space.scratch(),
        free: space.free(),
        best: Found {
            wires: wires.clone(),
            pulls: None,
            dead_doors: u32::MAX,
            evaluations: 0,
            memo_hits: 0,
            found_after: 0,
            restarts: 0,
            ties: Vec::new(),
        },
        wires,
        best_score: i64::MIN,
        evaluations: 0,
        memo: Memo::new(),
        steps: 0,
        unreported: 0,
    };
    while worker.run() {}
    worker
        .shared
        .evaluations
        .fetch_add(worker.unreported, Ordering::Relaxed);
    worker.best.evaluations = worker.evaluations;
    worker.best.memo_hits = worker.memo.hits;
    worker.best
}

/// A worker's search: the wiring it holds now and the best it has seen.
struct Worker<'a, E, S> {
    eval: &'a mut E,
    space: &'a S,
    rng: Rng,
    budget: Budget,
    shared: &'a Shared,
    cancel: &'a AtomicBool,
    /// The doors a lever may flip, shuffled in place by the draws.
    doors: Vec<u32>,
    /// The levers it may wire.
    free: Vec<usize>,
    wires: Vec<u64>,
    best: Found,
    best_score: i64,
    evaluations: u64,
    memo: Memo,
    steps: u64,
    /// Evaluations not yet added to the shared count.
    unreported: u64,
}

impl<E: Evaluate, S: Moves> Worker<'_, E, S> {
    /// One annealing run from a fresh start or a shake of the best so far,
    /// the temperature falling over `STEPS_PER_RUN` steps. Returns false
    /// when the budget is spent.
    fn run(&mut self) -> bool {
        self.restart();
        let mut pulls = self.score_wiring();
        let mut cur = score(pulls, self.space.dead(&self.wires));
        let ratio = exp_neg(LN_FALL / STEPS_PER_RUN as f64);
        let mut t = T_START;
        self.keep_if_best(cur, pulls);
        for _ in 0..STEPS_PER_RUN {
            if self.spent() {
                return false;
            }
            let space = self.space;
            let Some((l, old)) =
                space.mutate(&mut self.rng, &mut self.doors, &self.free, &mut self.wires)
            else {
                t *= ratio;
                continue;
            };
            let p = self.score_wiring();
            let s = score(p, self.space.dead(&self.wires));
            let delta = (s - cur) as f64 / 64.0;
            if delta >= 0.0 || self.rng.unit() < exp_neg(delta / t) {
                cur = s;
                pulls = p;
                self.keep_if_best(cur, pulls);
            } else {
                self.wires[l] = old;
            }
            t *= ratio;
        }
        true
    }

    /// A fresh random wiring, or every other restart once something is
    /// solvable, the best so far shaken by a few changes.
    fn restart(&mut self) {
        let space = self.space;
        if self.best.pulls.is_some() && self.best.restarts % 2 == 1 {
            self.wires.copy_from_slice(&self.best.wires);
            for _ in 0..(1 + self.free.len() / 3) {
                space.mutate(&mut self.rng, &mut self.doors, &self.free, &mut self.wires);
            }
        } else {
            space.random(&mut self.rng, &mut self.doors, &mut self.wires);
        }
        self.best.restarts += 1;
    }

    /// The least pulls of the wiring held now, counted as an evaluation.
    fn score_wiring(&mut self) -> Option<u32> {
        let pulls = self.memo.min_pulls(self.eval, &self.wires);
        self.evaluations += 1;
        self.unreported += 1;
        pulls
    }

    /// Keeps the wiring held now when its score `cur` beats the best so far,
    /// or among the ties when it equals it.
    fn keep_if_best(&mut self, cur: i64, pulls: Option<u32>) {
        if cur == self.best_score {
            let ties = &mut self.best.ties;
            if pulls.is_some()
                && ties.len() < MAX_TIES
                && self.wires != self.best.wires
                && !ties.contains(&self.wires)
            {
                ties.push(self.wires.clone());
            }
            return;
        }
        if cur < self.best_score {
            return;
        }
        self.best.ties.clear();
        self.best_score = cur;
        self.best.wires.copy_from_slice(&self.wires);
        self.best.pulls = pulls;
        self.best.dead_doors = self.space.dead(&self.wires);
        self.best.found_after = self.evaluations;
        if let Some(p) = pulls {
            self.shared.best.fetch_max(p + 1, Ordering::Relaxed);
            if self.budget.target.is_some_and(|target| p >= target) {
                self.shared.done.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Counts a step; is the budget spent? Every 256 steps it reports the
    /// evaluations and looks at the clock, the cancel flag and the target.
    fn spent(&mut self) -> bool {
        self.steps += 1;
        if self.steps.is_multiple_of(256) {
            self.shared
                .evaluations
                .fetch_add(self.unreported, Ordering::Relaxed);
            self.unreported = 0;
            let out_of_time = self.budget.deadline.is_some_and(|d| Instant::now() >= d);
            if out_of_time
                || self.cancel.load(Ordering::Relaxed)
                || self.shared.done.load(Ordering::Relaxed)
            {
                return true;
            }
        }
        self.budget
            .evaluations
            .is_some_and(|b| self.evaluations >= b)
    }
}

/// Remembers the pulls of recently scored wirings: near a local optimum the
/// search proposes the same few hundred neighbours over and over. Keyed by two
/// independent 64-bit hashes of the wiring, direct mapped; the best wiring is
/// scored again by the evaluator at the end, so even a (2^-128) collision
/// could not reach the output.
struct Memo {
    slots: Vec<(u64, u64, u32)>,
    hits: u64,
}

const MEMO_SLOTS: usize = 1 << 14;
/// Marks "unsolvable" in a slot.
const UNSOLVABLE: u32 = u32::MAX;
/// Marks an empty slot.
const EMPTY: u32 = u32::MAX - 1;

impl Memo {
    fn new() -> Self {
        Self {
            slots: vec![(0, 0, EMPTY); MEMO_SLOTS],
            hits: 0,
        }
    }

    fn min_pulls<E: Evaluate>(&mut self, eval: &mut E, wires: &[u64]) -> Option<u32> {
        let (mut a, mut b) = (0x243F_6A88_85A3_08D3u64, 0x1319_8A2E_0370_7344u64);
        for &w in wires {
            a = (a ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
            b = (b ^ w.rotate_left(17))
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                .rotate_left(31);
        }
        let slot = &mut self.slots[(a as usize) & (MEMO_SLOTS - 1)];
        if slot.0 == a && slot.1 == b && slot.2 != EMPTY {
            self.hits += 1;
            return (slot.2 != UNSOLVABLE).then_some(slot.2);
        }
        let pulls = eval.min_pulls(wires);
        *slot = (a, b, pulls.map_or(UNSOLVABLE, |p| p.min(EMPTY - 1)));
        pulls
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_neg_matches_exp() {
        for x in [0.0, -0.001, -0.5, -1.0, -3.7, -20.0, -100.0] {
            let a = exp_neg(x);
            let b = f64::exp(x);
            assert!((a - b).abs() <= 1e-10 * b.max(1e-300), "{x}: {a} vs {b}");
        }
        assert_eq!(exp_neg(-1000.0), 0.0);
    }
}
