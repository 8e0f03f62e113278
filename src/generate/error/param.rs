//! A generator's parameters, named after their fields.

use std::fmt;

/// A parameter of a generator, named after its field in the parameter types
/// ([`BackwardParams`](crate::generate::BackwardParams), [`LeversParams`](crate::generate::LeversParams),
/// [`NestedParams`](crate::generate::NestedParams), [`RandomParams`](crate::generate::RandomParams)
/// and [`Source::Graph`](crate::generate::Source::Graph)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Param {
    /// `Source::Graph::rooms`.
    Rooms,
    /// `Source::Graph::extra_doors`.
    ExtraDoors,
    /// `BackwardParams::locks`, `RandomParams::locks`.
    Locks,
    /// `BackwardParams::keys_per_lock`.
    KeysPerLock,
    /// `BackwardParams::red_herrings`.
    RedHerrings,
    /// `BackwardParams::side_areas`.
    SideAreas,
    /// `LeversParams::min_doors`.
    MinDoors,
    /// `LeversParams::max_doors`.
    MaxDoors,
    /// `LeversParams::allow_alike`.
    AllowAlike,
    /// `LeversParams::seconds`.
    Seconds,
    /// `LeversParams::evaluations`.
    Evaluations,
    /// `LeversParams::threads`.
    Threads,
    /// `LeversParams::target`.
    Target,
    /// `NestedParams::depth`.
    Depth,
    /// `NestedParams::branching`.
    Branching,
    /// `NestedParams::extra_entrances`.
    ExtraEntrances,
    /// `NestedParams::side_keys`.
    SideKeys,
    /// `NestedParams::max_rooms`.
    MaxRooms,
    /// `RandomParams::levers`.
    Levers,
    /// `RandomParams::max_tries`.
    MaxTries,
    /// `RandomParams::min_cost`.
    MinCost,
    /// `RandomParams::min_pulls`.
    MinPulls,
    /// `RandomParams::max_states`.
    MaxStates,
    /// `Aim::min_backtracking` (of `RandomParams::aim`, `BackwardParams::aim`).
    MinBacktracking,
    /// `Aim::min_key_distance`.
    MinKeyDistance,
    /// `Aim::min_routes`.
    MinRoutes,
    /// `Aim::score`.
    Score,
    /// `LeversParams::conditions`.
    Conditions,
    /// `LeversParams::min_literals`.
    MinLiterals,
    /// `LeversParams::max_literals`.
    MaxLiterals,
    /// `BackwardParams::one_sided`.
    OneSided,
    /// `BackwardParams::any_of`.
    AnyOf,
    /// `BackwardParams::second_ways`.
    SecondWays,
    /// `Aim::band`.
    Band,
}

impl Param {
    /// Every parameter.
    pub const ALL: [Self; 34] = [
        Self::Rooms,
        Self::ExtraDoors,
        Self::Locks,
        Self::KeysPerLock,
        Self::RedHerrings,
        Self::SideAreas,
        Self::MinDoors,
        Self::MaxDoors,
        Self::AllowAlike,
        Self::Seconds,
        Self::Evaluations,
        Self::Threads,
        Self::Target,
        Self::Depth,
        Self::Branching,
        Self::ExtraEntrances,
        Self::SideKeys,
        Self::MaxRooms,
        Self::Levers,
        Self::MaxTries,
        Self::MinCost,
        Self::MinPulls,
        Self::MaxStates,
        Self::MinBacktracking,
        Self::MinKeyDistance,
        Self::MinRoutes,
        Self::Score,
        Self::Conditions,
        Self::MinLiterals,
        Self::MaxLiterals,
        Self::OneSided,
        Self::AnyOf,
        Self::SecondWays,
        Self::Band,
    ];

    /// The name of its field: `"keys_per_lock"`.
    ///
    /// ```
    /// use lockwork::generate::Param;
    /// assert_eq!(Param::KeysPerLock.field(), "keys_per_lock");
    /// assert_eq!(Param::KeysPerLock.to_string(), "keys per lock");
    /// ```
    pub fn field(self) -> &'static str {
        match self {
            Self::Rooms => "rooms",
            Self::ExtraDoors => "extra_doors",
            Self::Locks => "locks",
            Self::KeysPerLock => "keys_per_lock",
            Self::RedHerrings => "red_herrings",
            Self::SideAreas => "side_areas",
            Self::MinDoors => "min_doors",
            Self::MaxDoors => "max_doors",
            Self::AllowAlike => "allow_alike",
            Self::Seconds => "seconds",
            Self::Evaluations => "evaluations",
            Self::Threads => "threads",
            Self::Target => "target",
            Self::Depth => "depth",
            Self::Branching => "branching",
            Self::ExtraEntrances => "extra_entrances",
            Self::SideKeys => "side_keys",
            Self::MaxRooms => "max_rooms",
            Self::Levers => "levers",
            Self::MaxTries => "max_tries",
            Self::MinCost => "min_cost",
            Self::MinPulls => "min_pulls",
            Self::MaxStates => "max_states",
            Self::MinBacktracking => "min_backtracking",
            Self::MinKeyDistance => "min_key_distance",
            Self::MinRoutes => "min_routes",
            Self::Score => "score",
            Self::Conditions => "conditions",
            Self::MinLiterals => "min_literals",
            Self::MaxLiterals => "max_literals",
            Self::OneSided => "one_sided",
            Self::AnyOf => "any_of",
            Self::SecondWays => "second_ways",
            Self::Band => "band",
        }
    }
}

/// The field's name in words: "keys per lock".
impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.field().replace('_', " "))
    }
}
