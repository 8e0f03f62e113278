//! The band of shipped dungeons: for eight measures, the range (10th to
//! 90th percentile) that holds most of the 38 Zelda dungeons of the Video
//! Game Level Corpus, measured by Lockwork itself (`shared/real/README.md`).
//! A generated level is "like a shipped one" on a measure when its figure
//! lies in that range; the generators aim for it and their records say on
//! how many measures they got there.
//!
//! ```
//! use lockwork::measures::{BandMeasure, measure_level};
//! use lockwork::model::{Door, Key, Level, Room};
//! use lockwork::solver::SolveOptions;
//!
//! let mut level = Level::new("demo");
//! level.rooms.push(Room::new("r2", [100.0, 0.0]));
//! level.doors.push(Door::new("d1", "r1", "r2"));
//! level.goal = "r2".into();
//! let (_, m) = measure_level(&level, &SolveOptions::default()).unwrap();
//! let band = m.band();
//! assert_eq!(band.of(), 8);
//! // One move through two rooms: every room visited, none optional.
//! let visited = band.reading(BandMeasure::VisitedShare).unwrap();
//! assert_eq!((visited.value, visited.inside), (Some(1.0), false));
//! ```

use serde_json::{Map, Value, json};

use super::Measures;

/// A measure the band of shipped dungeons bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BandMeasure {
    /// Share of the rooms the least-cost plan visits.
    VisitedShare,
    /// Share of the rooms it never enters.
    OptionalShare,
    /// Plan moves per room.
    MovesPerRoom,
    /// Share of moves into a room visited before.
    Backtracking,
    /// Mean steps from a key's pickup to its first use (0 when none is used).
    KeyDistance,
    /// Mean ways into a locked area (0 when there is none).
    Routes,
    /// Mean productive steps at a decision point (0 when there is none).
    Branching,
    /// Dead-end states over reachable states.
    DeadEndShare,
}

impl BandMeasure {
    /// Every measure of the band, in the order of the real dungeons' table.
    pub const ALL: [Self; 8] = [
        Self::VisitedShare,
        Self::OptionalShare,
        Self::MovesPerRoom,
        Self::Backtracking,
        Self::KeyDistance,
        Self::Routes,
        Self::Branching,
        Self::DeadEndShare,
    ];

    /// Its name in JSON and in `shared/real/README.md`: `visited_share`, ….
    pub fn name(self) -> &'static str {
        match self {
            Self::VisitedShare => "visited_share",
            Self::OptionalShare => "optional_share",
            Self::MovesPerRoom => "moves_per_room",
            Self::Backtracking => "backtracking",
            Self::KeyDistance => "key_distance",
            Self::Routes => "routes_mean",
            Self::Branching => "branching_mean",
            Self::DeadEndShare => "dead_share",
        }
    }

    /// The range, inclusive, that holds shipped dungeons from the 10th to
    /// the 90th percentile.
    pub fn range(self) -> (f64, f64) {
        match self {
            Self::VisitedShare => (0.45, 0.81),
            Self::OptionalShare => (0.18, 0.55),
            Self::MovesPerRoom => (0.40, 1.14),
            Self::Backtracking => (0.0, 0.41),
            Self::KeyDistance => (1.33, 11.0),
            Self::Routes => (1.0, 1.60),
            Self::Branching => (2.0, 5.92),
            Self::DeadEndShare => (0.0, 0.21),
        }
    }

    /// Its figure in `m`; `None` when unknown (no plan, or dead ends not
    /// counted).
    pub fn value(self, m: &Measures) -> Option<f64> {
        let path = m.critical_path.as_ref();
        let rooms = path.map(|p| p.rooms.max(1) as f64);
        let share = |n: f64| rooms.map(|r| n / r);
        match self {
            Self::VisitedShare => path.and_then(|p| share(p.rooms_visited as f64)),
            Self::OptionalShare => path.and_then(|_| share(m.optional.rooms.len() as f64)),
            Self::MovesPerRoom => path.and_then(|p| share(f64::from(p.moves))),
            Self::Backtracking => path.map(|_| m.backtracking.unwrap_or(0.0)),
            Self::KeyDistance => path.map(|_| m.key_distance.mean.unwrap_or(0.0)),
            Self::Routes => Some(m.routes.mean.unwrap_or(0.0)),
            Self::Branching => path.map(|_| m.branching.mean.unwrap_or(0.0)),
            Self::DeadEndShare => m.risk.dead_end_share,
        }
    }
}

/// One measure against the band.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// The measure.
    pub measure: BandMeasure,
    /// The level's figure; `None` when unknown.
    pub value: Option<f64>,
    /// The figure is known and lies in the band.
    pub inside: bool,
}

/// A level's measures against the band of shipped dungeons.
#[derive(Clone, Debug, PartialEq)]
pub struct BandCheck {
    /// One reading per measure, in the order of [`BandMeasure::ALL`].
    pub readings: Vec<Reading>,
}

impl BandCheck {
    /// Reads `m` against the band.
    pub fn read(m: &Measures) -> Self {
        let readings = BandMeasure::ALL
            .iter()
            .map(|&measure| {
                let value = measure.value(m);
                let (low, high) = measure.range();
                let inside = value.is_some_and(|v| v >= low - 1e-9 && v <= high + 1e-9);
                Reading {
                    measure,
                    value,
                    inside,
                }
            })
            .collect();
        Self { readings }
    }

    /// How many measures lie in the band.
    pub fn inside(&self) -> usize {
        self.readings.iter().filter(|r| r.inside).count()
    }

    /// How many measures the band has.
    pub fn of(&self) -> usize {
        self.readings.len()
    }

    /// The reading of `measure`.
    pub fn reading(&self, measure: BandMeasure) -> Option<&Reading> {
        self.readings.iter().find(|r| r.measure == measure)
    }

    /// The measures outside the band (or unknown).
    pub fn outside(&self) -> impl Iterator<Item = BandMeasure> + '_ {
        self.readings
            .iter()
            .filter(|r| !r.inside)
            .map(|r| r.measure)
    }

    /// `{ "inside": 6, "of": 8, "outside": ["backtracking", …], "values": {…} }`.
    pub fn to_json(&self) -> Value {
        let values: Map<String, Value> = self
            .readings
            .iter()
            .map(|r| {
                let v = r.value.map_or(Value::Null, |x| {
                    crate::format::number((x * 1e4).round() / 1e4)
                });
                (r.measure.name().to_owned(), v)
            })
            .collect();
        json!({
            "inside": self.inside(),
            "of": self.of(),
            "outside": self.outside().map(BandMeasure::name).collect::<Vec<_>>(),
            "values": values,
        })
    }
}

impl Measures {
    /// These measures against the band of shipped dungeons.
    pub fn band(&self) -> BandCheck {
        BandCheck::read(self)
    }
}
