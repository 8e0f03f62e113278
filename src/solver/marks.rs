//! A set of rooms that empties in constant time, for the walks a search
//! makes again and again over the same level: each walk marks its rooms
//! with a new stamp, and a room is in the set when its mark is the
//! current stamp.

/// Rooms marked since the last [`Marks::clear`]. The default is a set of
/// no rooms, to hold the place of one taken out.
#[derive(Default)]
pub(crate) struct Marks {
    mark: Vec<u32>,
    stamp: u32,
}

impl Marks {
    /// An empty set of rooms `0..rooms`.
    pub fn new(rooms: usize) -> Self {
        Self {
            mark: vec![0; rooms],
            stamp: 1,
        }
    }

    /// Empties the set: a new stamp, and every mark wiped once in four
    /// billion times, when the stamps wrap round.
    pub fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
    }

    /// Adds `room`; true when it was not in the set.
    #[inline]
    pub fn insert(&mut self, room: usize) -> bool {
        let fresh = self.mark[room] != self.stamp;
        self.mark[room] = self.stamp;
        fresh
    }

    /// True when `room` is in the set.
    #[inline]
    pub fn contains(&self, room: usize) -> bool {
        self.mark[room] == self.stamp
    }
}

#[cfg(test)]
mod tests {
    use super::Marks;

    #[test]
    fn a_cleared_set_is_empty_even_when_the_stamps_wrap_round() {
        let mut marks = Marks::new(3);
        assert!(marks.insert(1));
        assert!(!marks.insert(1), "already in");
        assert!(marks.contains(1) && !marks.contains(0));
        marks.clear();
        assert!(!marks.contains(1));
        marks.stamp = u32::MAX;
        assert!(marks.insert(2));
        marks.clear();
        assert!(!(0..3).any(|r| marks.contains(r)), "wrapped round, wiped");
        assert!(marks.insert(2));
    }
}
