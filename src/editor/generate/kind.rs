//! The four generators, as the window names and describes them.

/// The four generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Lock and key, made backwards from the goal.
    Backward,
    /// Wire the levers of the level on the canvas.
    Levers,
    /// A tree of nested rooms.
    Nested,
    /// Random locks, keys and levers, kept when hard enough.
    Random,
}

impl Kind {
    /// Every kind, in the order of the picker.
    pub const ALL: [Self; 4] = [Self::Backward, Self::Levers, Self::Nested, Self::Random];

    /// The picker's label.
    pub fn label(self) -> &'static str {
        match self {
            Self::Backward => "Backward",
            Self::Levers => "Levers",
            Self::Nested => "Nested",
            Self::Random => "Random",
        }
    }

    /// What it makes, in a sentence.
    pub fn about(self) -> &'static str {
        match self {
            Self::Backward => "Lock and key, made backwards from the goal: every lock is needed.",
            Self::Levers => {
                "Wire the levers of the level on the canvas so that the goal needs as many \
                 pulls as possible (levers already wired keep their wiring)."
            }
            Self::Nested => {
                "A new level: a tree of nested rooms, each door locked by a key found before it."
            }
            Self::Random => {
                "Random locks, keys and levers, kept once the solver proves them solvable and \
                 hard enough."
            }
        }
    }

    /// What the progress count counts.
    pub fn work(self) -> &'static str {
        match self {
            Self::Backward => "locks placed",
            Self::Levers => "wirings tried",
            Self::Nested => "rooms",
            Self::Random => "tries",
        }
    }

    /// What the rate counts, per second.
    pub fn unit(self) -> &'static str {
        match self {
            Self::Backward => "locks",
            Self::Levers => "wirings",
            Self::Nested => "rooms",
            Self::Random => "tries",
        }
    }

    /// The best figure so far, in words.
    pub fn best_text(self, best: f64) -> String {
        let n = crate::format::number(best);
        match self {
            Self::Levers => format!("{n} pulls"),
            _ => format!("cost {n}"),
        }
    }
}
