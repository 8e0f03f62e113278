//! Word-level helpers of the lever evaluator: spreading reached door masks
//! along a door, a room's set of masks pulled (the permutation itself is
//! `rules::positions`, shared with the parity search), and the order in
//! which rooms are swept (a spanning tree, in both directions).

use crate::rules::positions::permute;
pub(super) use crate::rules::positions::permute128;

/// One door as walking sees it, oriented from the spanning tree's parent side.
#[derive(Clone, Copy, Debug)]
pub(super) struct Link {
    pub parent: usize,
    pub child: usize,
    pub door: usize,
    /// Passable from `parent` to `child`.
    pub down: bool,
    /// Passable from `child` to `parent`.
    pub up: bool,
}

/// `set[to] |= set[from] & open(door) & !reached[to]`; nonzero when it grew.
/// `open` holds, per door, the `W` words of the masks in which it is open.
#[inline(always)]
pub(super) fn spread<const W: usize>(
    set: &mut [u64],
    reached: &[u64],
    open: &[u64],
    from: usize,
    to: usize,
    door: usize,
) -> u64 {
    let (f, t, o) = (from * W, to * W, door * W);
    let mut add = [0u64; W];
    for i in 0..W {
        add[i] = set[f + i] & open[o + i] & !reached[t + i];
    }
    let mut grew = 0u64;
    for i in 0..W {
        grew |= add[i] & !set[t + i];
        set[t + i] |= add[i];
    }
    grew
}

/// The links of a room tree and whether it is a forest (no door outside
/// the tree), as both evaluators hold them.
pub(super) struct Tree<'a> {
    pub links: &'a [Link],
    pub forest: bool,
}

impl Tree<'_> {
    /// Spreads the states of `set` along open doors into states not yet in
    /// `reached` until nothing changes: up the tree, then down, again until
    /// a round adds nothing (once is enough in a forest). `live` has a bit
    /// for each room with states in `set`; returns it updated.
    #[inline(always)]
    pub fn close<const W: usize>(
        &self,
        set: &mut [u64],
        reached: &[u64],
        open: &[u64],
        mut live: u64,
    ) -> u64 {
        loop {
            let mut changed = 0u64;
            for link in self.links.iter().rev() {
                if link.up && live & (1 << link.child) != 0 {
                    let grew = spread::<W>(set, reached, open, link.child, link.parent, link.door);
                    if grew != 0 {
                        live |= 1 << link.parent;
                        changed |= grew;
                    }
                }
            }
            for link in self.links {
                if link.down && live & (1 << link.parent) != 0 {
                    let grew = spread::<W>(set, reached, open, link.parent, link.child, link.door);
                    if grew != 0 {
                        live |= 1 << link.child;
                        changed |= grew;
                    }
                }
            }
            if self.forest || changed == 0 {
                return live;
            }
        }
    }
}

/// One pull in the room whose words start at `at`: the states of `front`
/// there, their parities flipped by `flips`, join `next` where `reached`
/// lacks them. Returns whether any joined.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // word `i` of several bitsets at once
pub(super) fn pull_into<const W: usize>(
    front: &[u64],
    reached: &[u64],
    next: &mut [u64],
    at: usize,
    flips: u64,
) -> bool {
    let mut tmp = [0u64; W];
    tmp.copy_from_slice(&front[at..at + W]);
    permute::<W>(&mut tmp, flips);
    let mut grew = 0u64;
    for i in 0..W {
        let add = tmp[i] & !reached[at + i];
        next[at + i] |= add;
        grew |= add;
    }
    grew != 0
}

/// Adds the states of `next` to `reached` in the rooms of `live`.
#[inline(always)]
pub(super) fn merge<const W: usize>(reached: &mut [u64], next: &[u64], live: u64) {
    let mut rooms = live;
    while rooms != 0 {
        let at = rooms.trailing_zeros() as usize * W;
        rooms &= rooms - 1;
        for (r, n) in reached[at..at + W].iter_mut().zip(&next[at..at + W]) {
            *r |= n;
        }
    }
}

/// Orders the doors for the walking sweeps: a breadth-first spanning tree
/// from the start (then from any room not reached), tree doors first in
/// breadth-first order, then the doors that close loops. Also says whether
/// the doors form a forest.
pub(super) fn sweep_order(
    rooms: usize,
    start: usize,
    ends: &[(usize, usize, bool)],
) -> (Vec<Link>, bool) {
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); rooms];
    for (d, &(a, b, _)) in ends.iter().enumerate() {
        adj[a].push((d, b));
        adj[b].push((d, a));
    }
    let mut seen = vec![false; rooms];
    let mut used = vec![false; ends.len()];
    let mut links = Vec::with_capacity(ends.len());
    let link = |d: usize, parent: usize, child: usize| {
        let (a, _, one_way) = ends[d];
        let forward = parent == a; // parent is the door's `from`
        Link {
            parent,
            child,
            door: d,
            down: forward || !one_way,
            up: !forward || !one_way,
        }
    };
    let roots = std::iter::once(start).chain(0..rooms);
    for root in roots {
        if root >= rooms || seen[root] {
            continue;
        }
        seen[root] = true;
        let mut queue = std::collections::VecDeque::from([root]);
        while let Some(r) = queue.pop_front() {
            for &(d, s) in &adj[r] {
                if !seen[s] {
                    seen[s] = true;
                    used[d] = true;
                    links.push(link(d, r, s));
                    queue.push_back(s);
                }
            }
        }
    }
    let mut forest = true;
    for (d, &(a, b, _)) in ends.iter().enumerate() {
        if !used[d] {
            forest = false;
            links.push(link(d, a, b));
        }
    }
    (links, forest)
}
