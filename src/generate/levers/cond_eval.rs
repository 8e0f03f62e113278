//! The fast evaluator of the conditions mode: the least number of lever
//! pulls (walking free) from the start to the goal when doors open by
//! `open_when` conditions on the levers' parities.
//!
//! Under conditions a door's openness is a function of the vector of lever
//! parities (`bit l` set: lever `l` pulled an odd number of times), so the
//! state of play is `(room, parities)`. For up to [`DENSE_MAX_LEVERS`]
//! levers the states reached are one bitset over all parity vectors per
//! room, as in the wiring evaluator: a pull of lever `l` permutes a room's
//! bitset by `m -> m ^ (1 << l)`, and walking spreads bits along each door,
//! restricted to the parity vectors in which its condition holds. More
//! levers use a plain breadth-first search over `(parities, room)` states.

use super::bits::{Link, Tree, sweep_order};
use super::pulls::{Layers, Sparse};
use crate::model::Level;
use crate::rules::Mechanics;
use crate::rules::mechanics::Opening as MechanicsOpening;

/// Layouts with at most this many levers use the bitset evaluator.
pub const DENSE_MAX_LEVERS: usize = 12;
/// At most this many levers in a layout for the conditions mode.
pub const MAX_LEVERS: usize = 32;

/// One conjunction of lever literals: holds for the parity vector `p` when
/// `p & care == want`. Packed in one `u64` (care low, want high) as a slot
/// of the annealing search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Conj {
    /// The levers named.
    pub care: u64,
    /// Of those, the ones that must have been pulled an odd number of times.
    pub want: u64,
}

impl Conj {
    /// Always holds.
    pub const ALWAYS: Self = Self { care: 0, want: 0 };

    /// The slot value.
    pub fn pack(self) -> u64 {
        self.care | (self.want << 32)
    }

    /// From a slot value.
    pub fn unpack(w: u64) -> Self {
        Self {
            care: w & 0xFFFF_FFFF,
            want: w >> 32,
        }
    }

    fn holds(self, parities: u64) -> bool {
        parities & self.care == self.want
    }
}

/// When a door is open.
#[derive(Clone, Debug)]
enum Opening {
    /// While one of these holds (none: never; `[ALWAYS]`: always).
    Fixed(Vec<Conj>),
    /// While the conjunction in this slot of the candidate holds.
    Slot(usize),
}

/// Why a layout cannot be evaluated in the conditions mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CondLayoutError {
    /// More levers than [`MAX_LEVERS`].
    TooManyLevers(usize),
    /// A reference does not resolve.
    Invalid(String),
}

/// Computes the least pulls for conditions on the doors of one layout.
#[derive(Clone, Debug)]
pub(crate) struct ConditionEvaluator {
    levers: usize,
    start: usize,
    goal: usize,
    /// Levers of room `r`: `room_levers[room_start[r]..room_start[r + 1]]`.
    room_start: Vec<usize>,
    room_levers: Vec<usize>,
    links: Vec<Link>,
    forest: bool,
    /// Per room: its passages as `(door, other room)`.
    adj: Vec<Vec<(usize, usize)>>,
    doors: Vec<Opening>,
    /// The searched doors, in slot order.
    slots: Vec<usize>,
    dense: Option<Dense>,
    sparse: Sparse,
}

#[derive(Clone, Debug)]
struct Dense {
    words: usize,
    /// Per lever `l` and value `v`, at `(2 l + v) * words`: the parity
    /// vectors whose bit `l` is `v`.
    lit: Vec<u64>,
    /// Per door, the parity vectors in which it is open.
    open: Vec<u64>,
    layers: Layers,
}

impl Dense {
    fn new(levers: usize, doors: usize, rooms: usize) -> Self {
        let words = ((1usize << levers) / 64).max(1);
        let mut lit = vec![0u64; 2 * levers * words];
        for l in 0..levers {
            for i in 0..words {
                let odd = (0..64)
                    .filter(|b| ((i * 64 + b) >> l) & 1 == 1)
                    .fold(0u64, |w, b| w | (1 << b));
                lit[2 * l * words + i] = !odd;
                lit[(2 * l + 1) * words + i] = odd;
            }
        }
        Self {
            words,
            lit,
            open: vec![0; doors * words],
            layers: Layers::new(rooms, words),
        }
    }

    /// Writes into `open` the parity vectors where door `d` is open by `any`.
    fn fill(&mut self, d: usize, any: &[Conj]) {
        let w = self.words;
        let out = &mut self.open[d * w..(d + 1) * w];
        out.fill(0);
        for conj in any {
            for (i, word) in out.iter_mut().enumerate() {
                let mut acc = u64::MAX;
                let mut care = conj.care;
                while care != 0 {
                    let l = care.trailing_zeros() as usize;
                    care &= care - 1;
                    let v = usize::from(conj.want & (1 << l) != 0);
                    acc &= self.lit[(2 * l + v) * w + i];
                }
                *word |= acc;
            }
        }
    }
}

/// The lever conjunctions of door `d`'s `open_when`, by lever index, as
/// the rules read it; `None` for a door without one.
fn fixed_condition(m: &Mechanics, d: usize) -> Option<Vec<Conj>> {
    let rule = m.doors().get(d)?;
    if rule.opening != MechanicsOpening::When {
        return None;
    }
    let mut any = Vec::with_capacity(rule.open_when.len());
    for all in &rule.open_when {
        let mut conj = Conj::ALWAYS;
        for &(l, pulled) in all {
            if conj.care & (1 << l) != 0 && (conj.want & (1 << l) != 0) != pulled {
                conj = Conj {
                    care: u64::MAX,
                    want: 0,
                }; // a contradiction: never holds
                break;
            }
            conj.care |= 1 << l;
            conj.want |= u64::from(pulled) << l;
        }
        any.push(conj);
    }
    Some(any)
}

impl ConditionEvaluator {
    /// An evaluator for `level`: doors with `open_when` keep it, closed
    /// doors are the slots the search fills, open doors stay open.
    pub fn new(level: &Level) -> Result<Self, CondLayoutError> {
        let levers = level.levers.len();
        if levers > MAX_LEVERS {
            return Err(CondLayoutError::TooManyLevers(levers));
        }
        // The doors' rules come from the one place that states them (a
        // literal naming a missing lever is refused there).
        let m = Mechanics::new(level).map_err(|e| CondLayoutError::Invalid(e.to_string()))?;
        let rooms = m.rooms();
        let mut slots = Vec::new();
        let mut doors = Vec::with_capacity(m.doors().len());
        for d in 0..m.doors().len() {
            doors.push(match fixed_condition(&m, d) {
                Some(any) => Opening::Fixed(any),
                None if m.open_at_start()[d] => Opening::Fixed(vec![Conj::ALWAYS]),
                None => {
                    slots.push(d);
                    Opening::Slot(slots.len() - 1)
                }
            });
        }
        let ends: Vec<(usize, usize, bool)> = (m.doors().iter().enumerate())
            .map(|(d, rule)| {
                let (a, b) = m.ends(d).unwrap_or((m.start(), m.start()));
                (a, b, rule.one_way)
            })
            .collect();
        let adj = (0..rooms)
            .map(|r| m.passages_from(r).map(|p| (p.door, p.to)).collect())
            .collect();
        let lever_room: Vec<usize> = m.levers().iter().map(|l| l.room).collect();
        let (room_start, room_levers) = super::eval::levers_by_room(&lever_room, rooms);
        let (links, forest) = sweep_order(rooms, m.start(), &ends);
        let dense = (levers <= DENSE_MAX_LEVERS && rooms <= 64)
            .then(|| Dense::new(levers, m.doors().len(), rooms));
        Ok(Self {
            levers,
            start: m.start(),
            goal: m.goal(),
            room_start,
            room_levers,
            links,
            forest,
            adj,
            doors,
            slots,
            dense,
            sparse: Sparse::default(),
        })
    }

    /// The doors the search puts conditions on, in slot order.
    pub fn slots(&self) -> &[usize] {
        &self.slots
    }

    /// Number of levers.
    pub fn levers(&self) -> usize {
        self.levers
    }

    /// The levers named by the doors' fixed conditions, as a mask.
    pub fn fixed_named(&self) -> u64 {
        (self.doors.iter())
            .filter_map(|o| match o {
                Opening::Fixed(any) => Some(any.iter().fold(0, |m, c| m | c.care)),
                Opening::Slot(_) => None,
            })
            .fold(0, |a, m| a | (m & mask(self.levers)))
    }

    /// The least number of pulls that takes the player from the start to
    /// the goal when slot `s`'s door opens while `Conj::unpack(wires[s])`
    /// holds; `None` when no number of pulls does (or the sparse search
    /// gives up).
    pub fn min_pulls(&mut self, wires: &[u64]) -> Option<u32> {
        match self.dense.take() {
            Some(mut dense) => {
                for d in 0..self.doors.len() {
                    match &self.doors[d] {
                        Opening::Fixed(any) => dense.fill(d, any),
                        Opening::Slot(s) => {
                            let conj = Conj::unpack(wires.get(*s).copied().unwrap_or(0));
                            dense.fill(d, &[conj]);
                        }
                    }
                }
                let answer = match dense.words {
                    1 => self.run_dense::<1>(&mut dense),
                    2 => self.run_dense::<2>(&mut dense),
                    4 => self.run_dense::<4>(&mut dense),
                    8 => self.run_dense::<8>(&mut dense),
                    16 => self.run_dense::<16>(&mut dense),
                    32 => self.run_dense::<32>(&mut dense),
                    _ => self.run_dense::<64>(&mut dense),
                };
                self.dense = Some(dense);
                answer
            }
            None => {
                let mut sp = std::mem::take(&mut self.sparse);
                let answer = self.run_sparse(&mut sp, wires);
                self.sparse = sp;
                answer
            }
        }
    }

    /// The bitset search with `W` words per room.
    fn run_dense<const W: usize>(&self, d: &mut Dense) -> Option<u32> {
        let tree = Tree {
            links: &self.links,
            forest: self.forest,
        };
        d.layers
            .least_pulls::<W, _>(&tree, &d.open, (self.start, 0), self.goal, |r| {
                self.levers_of(r).map(|l| 1 << l)
            })
    }

    /// The levers in room `r`.
    fn levers_of(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        self.room_levers[self.room_start[r]..self.room_start[r + 1]]
            .iter()
            .copied()
    }

    /// Is door `d` open at `parities`?
    fn is_open(&self, d: usize, parities: u64, wires: &[u64]) -> bool {
        match &self.doors[d] {
            Opening::Fixed(any) => any.iter().any(|c| c.holds(parities)),
            Opening::Slot(s) => Conj::unpack(wires.get(*s).copied().unwrap_or(0)).holds(parities),
        }
    }

    fn run_sparse(&self, sp: &mut Sparse, wires: &[u64]) -> Option<u32> {
        sp.least_pulls(
            (self.start, 0),
            self.goal,
            |r| self.levers_of(r).map(|l| 1 << l),
            |r| &self.adj[r],
            |d, parities| self.is_open(d, parities, wires),
        )
    }
}

impl super::search::Evaluate for ConditionEvaluator {
    fn min_pulls(&mut self, wires: &[u64]) -> Option<u32> {
        ConditionEvaluator::min_pulls(self, wires)
    }
}

/// The low `n` bits.
pub(crate) fn mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Literal;

    /// The basement with levers in rooms 1, 2 and 5, and `open_when` on
    /// every door from `conds` (`(lever, pulled)` literals).
    fn level(conds: &[&[(usize, bool)]]) -> Level {
        let mut level = crate::generate::basement_layout(&[1, 2, 5]);
        for (door, all) in level.doors.iter_mut().zip(conds) {
            door.open = true;
            door.open_when = Some(vec![
                all.iter()
                    .map(|&(l, pulled)| Literal {
                        lever: format!("l{}", l + 1).into(),
                        pulled,
                    })
                    .collect(),
            ]);
        }
        level
    }

    #[test]
    fn dense_and_sparse_agree_with_the_solver() {
        let conds: [&[(usize, bool)]; 7] = [
            &[(0, true)],
            &[(1, true)],
            &[(2, false)],
            &[(1, true)],
            &[(2, true)],
            &[(0, true), (1, true)],
            &[(2, true)],
        ];
        let level = level(&conds);
        let mut eval = ConditionEvaluator::new(&level).unwrap();
        let dense = eval.min_pulls(&[]);
        eval.dense = None;
        let sparse = eval.min_pulls(&[]);
        let a = crate::solver::analyze(&level, &crate::solver::SolveOptions::default()).unwrap();
        let solver = a.min_pulls.map(|p| p.pulls);
        assert_eq!((dense, sparse), (solver, solver));
        assert_eq!(dense, Some(3));
    }

    #[test]
    fn slots_are_the_closed_doors() {
        let layout = crate::generate::basement_layout(&[1, 2, 5]);
        let mut eval = ConditionEvaluator::new(&layout).unwrap();
        assert_eq!(eval.slots(), &[0, 1, 2, 3, 4, 5, 6]);
        let always = [Conj::ALWAYS.pack(); 7];
        assert_eq!(eval.min_pulls(&always), Some(0));
        let l1 = [Conj { care: 1, want: 1 }.pack(); 7];
        assert_eq!(eval.min_pulls(&l1), Some(1));
        let never = [Conj { care: 3, want: 2 }.pack(); 7];
        assert_eq!(eval.min_pulls(&never), None, "l2 stands behind a door");
    }
}
