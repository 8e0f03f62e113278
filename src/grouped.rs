//! Lists grouped by a number (a room, a state, a node), stored end to end:
//! one allocation for all the groups, where a vector per group makes as
//! many small blocks as there are groups, hundreds of thousands on a large
//! level. The graph walks of the rules, the solver and the measures keep
//! their adjacency in it.

/// Items grouped by a number below `groups`; group `g` is
/// `items[start[g]..start[g + 1]]`, in the order the items were given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Grouped<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy + Default> Grouped<T> {
    /// Groups the `(group, item)` pairs; each group below `groups`. The
    /// pairs are read twice: once to count, once to place.
    pub(crate) fn new(groups: usize, pairs: impl Iterator<Item = (usize, T)> + Clone) -> Self {
        let mut start = vec![0u32; groups + 1];
        for (g, _) in pairs.clone() {
            start[g + 1] += 1;
        }
        for g in 0..groups {
            start[g + 1] += start[g];
        }
        let mut fill = start.clone();
        let mut items = vec![T::default(); start[groups] as usize];
        for (g, item) in pairs {
            items[fill[g] as usize] = item;
            fill[g] += 1;
        }
        Self { start, items }
    }
}

impl<T> Grouped<T> {
    /// The items of group `g`; none for a group out of range.
    pub(crate) fn get(&self, g: usize) -> &[T] {
        // A level without keys (or levers) asks of every room it walks
        // through; with no items at all the answer needs no read of
        // `start`, whose entry for a room is a cache miss on a large level.
        if self.items.is_empty() {
            return &[];
        }
        let end = g.checked_add(1).and_then(|next| self.start.get(next));
        match (self.start.get(g), end) {
            (Some(&a), Some(&b)) => &self.items[a as usize..b as usize],
            _ => &[],
        }
    }

    /// How many items there are, in all the groups.
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// How many groups there are.
    pub(crate) fn groups(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// The start of each group in the items (and their end, last), and
    /// the items.
    pub(crate) fn into_parts(self) -> (Vec<u32>, Vec<T>) {
        (self.start, self.items)
    }
}

#[cfg(test)]
mod tests {
    use super::Grouped;

    #[test]
    fn items_keep_their_order_within_a_group() {
        let pairs = [(2, 'a'), (0, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        let g = Grouped::new(4, pairs.iter().copied());
        assert_eq!(g.groups(), 4);
        assert_eq!(g.get(0), ['b', 'e']);
        assert_eq!(g.get(1), ['d']);
        assert_eq!(g.get(2), ['a', 'c']);
        assert!(g.get(3).is_empty());
        assert!(g.get(4).is_empty(), "out of range");
        let (start, items) = g.into_parts();
        assert_eq!(
            (start, items),
            (vec![0, 2, 3, 5, 5], vec!['b', 'e', 'd', 'a', 'c'])
        );
    }
}
