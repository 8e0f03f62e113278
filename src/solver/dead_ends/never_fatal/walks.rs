//! Walks over the passages a play can take, every lock taken as open: the
//! rooms a player may have looted before a step, and whether a player
//! after a one-way step can walk back to where it was taken.

use super::super::super::marks::Marks;
use super::walkable;
use crate::rules::mechanics::{Mechanics, Passage};

/// The [`walkable`] passages, out of and into each room.
pub(super) struct Walks<'m> {
    m: &'m Mechanics,
    /// Per room, the passages out of it and into it.
    out: Vec<Vec<Passage>>,
    into: Vec<Vec<Passage>>,
    /// Scratch of [`Walks::back`].
    seen: Marks,
    stack: Vec<usize>,
}

impl<'m> Walks<'m> {
    /// The passages from the rooms of `reached`.
    pub fn new(m: &'m Mechanics, reached: &[bool]) -> Self {
        let mut out = vec![Vec::new(); m.rooms()];
        let mut into = vec![Vec::new(); m.rooms()];
        for p in walkable(m, reached) {
            out[p.from].push(p);
            into[p.to].push(p);
        }
        Self {
            m,
            out,
            into,
            seen: Marks::new(m.rooms()),
            stack: Vec::new(),
        }
    }

    /// The rooms walks from the start reach, never through door `avoided`.
    pub fn reach_avoiding(&self, avoided: usize) -> Vec<bool> {
        search(self.m.start(), &self.out, |p| p.to, |p| p.door != avoided)
    }

    /// The rooms some walk to `room` passes; when `avoided` gives a door
    /// and the rooms walks from the start reach without it
    /// ([`Walks::reach_avoiding`]), only those of walks from the start not
    /// through it: the rooms a player in `room` may have looted without
    /// ever passing that door.
    pub fn before(&self, room: usize, avoided: Option<(usize, &[bool])>) -> Vec<bool> {
        let door = avoided.map(|(d, _)| d);
        let mut to = search(room, &self.into, |p| p.from, |p| Some(p.door) != door);
        if let Some((_, reach)) = avoided {
            to.iter_mut().zip(reach).for_each(|(t, &r)| *t &= r);
        }
        to
    }

    /// Whether a player just through spend `p` (its door unlocked for
    /// `cost` keys), with the doors of `unlocked` unlocked, picks up at
    /// least `cost` keys (`keys` per room) in rooms only that door leads
    /// to (the rooms out of `elsewhere`, what walks from the start reach
    /// without it), and walks back to `p.from`: a player who never spent
    /// on it never took those keys, and one that later does pays for them.
    pub fn repaid(
        &self,
        p: Passage,
        unlocked: &[usize],
        (keys, cost): (&[u32], u32),
        elsewhere: &[bool],
    ) -> bool {
        let m = self.m;
        if elsewhere.get(p.to).is_none_or(|&e| e) {
            return false;
        }
        let open =
            |q: &Passage| q.door == p.door || m.always_passable(*q) || unlocked.contains(&q.door);
        let behind = search(p.to, &self.out, |q| q.to, |q| open(q) && !elsewhere[q.to]);
        let back = search(
            p.from,
            &self.into,
            |q| q.from,
            |q| open(q) && behind[q.from],
        );
        let found: u64 = (behind.iter().zip(&back).zip(keys))
            .filter(|&((&b, &k), _)| b && k)
            .map(|(_, &n)| u64::from(n))
            .sum();
        found >= u64::from(cost)
    }

    /// Whether a player just through one-way step `p`, with the doors of
    /// `unlocked` unlocked, walks back to `p.from` (or into the goal room)
    /// without spending: through doors nothing ever stops, and those.
    pub fn back(&mut self, p: Passage, unlocked: &[usize]) -> bool {
        let m = self.m;
        self.seen.clear();
        self.stack.clear();
        self.stack.push(p.to);
        while let Some(r) = self.stack.pop() {
            if r == p.from || r == m.goal() {
                return true;
            }
            for q in m.passages_from(r) {
                let passable = m.always_passable(q) || unlocked.contains(&q.door);
                if passable && self.seen.insert(q.to) {
                    self.stack.push(q.to);
                }
            }
        }
        false
    }
}

/// The rooms reached from `room` over the passages of `links` that
/// `pass` lets through (each passage leading to `next` of it).
fn search(
    room: usize,
    links: &[Vec<Passage>],
    next: impl Fn(&Passage) -> usize,
    pass: impl Fn(&Passage) -> bool,
) -> Vec<bool> {
    let mut seen = vec![false; links.len()];
    let Some(mark) = seen.get_mut(room) else {
        return seen;
    };
    *mark = true;
    let mut stack = vec![room];
    while let Some(r) = stack.pop() {
        for p in links[r].iter().filter(|p| pass(p)) {
            let n = next(p);
            if !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    seen
}
