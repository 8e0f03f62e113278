//! Any generator with its parameters ([`GeneratorParams`]), read and
//! written by [`Param`] in the shapes of the recipes' schema
//! ([`super::recipe`]): what lets a form or a script set any parameter of
//! any generator without naming its field.

use std::sync::atomic::AtomicBool;

use super::recipe::{Generator, Value};
use super::{
    Aim, BackwardParams, GenerateError, Generated, LeversParams, NestedParams, Param, Progress,
    RandomParams, Source,
};

/// Any generator with its parameters.
#[derive(Clone, Debug)]
pub enum GeneratorParams {
    /// [`backward()`](super::backward()).
    Backward(BackwardParams),
    /// [`levers()`](super::levers()).
    Levers(Box<LeversParams>),
    /// [`nested()`](super::nested()).
    Nested(NestedParams),
    /// [`random()`](super::random()).
    Random(RandomParams),
}

impl GeneratorParams {
    /// `generator` with its defaults (the lever generator's layout is empty:
    /// set it before a run).
    pub fn defaults(generator: Generator) -> Self {
        match generator {
            Generator::Backward => Self::Backward(BackwardParams::default()),
            Generator::Levers => Self::Levers(Box::default()),
            Generator::Nested => Self::Nested(NestedParams::default()),
            Generator::Random => Self::Random(RandomParams::default()),
        }
    }

    /// Which generator.
    pub fn generator(&self) -> Generator {
        match self {
            Self::Backward(_) => Generator::Backward,
            Self::Levers(_) => Generator::Levers,
            Self::Nested(_) => Generator::Nested,
            Self::Random(_) => Generator::Random,
        }
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        match self {
            Self::Backward(p) => p.seed,
            Self::Levers(p) => p.seed,
            Self::Nested(p) => p.seed,
            Self::Random(p) => p.seed,
        }
    }

    /// Sets the seed.
    pub fn set_seed(&mut self, seed: u64) {
        match self {
            Self::Backward(p) => p.seed = seed,
            Self::Levers(p) => p.seed = seed,
            Self::Nested(p) => p.seed = seed,
            Self::Random(p) => p.seed = seed,
        }
    }

    /// The time limit, in seconds, when the run has one.
    pub fn seconds(&self) -> Option<f64> {
        match self {
            Self::Levers(p) => p.seconds,
            _ => None,
        }
    }

    /// Runs the generator on this thread.
    pub fn generate(
        &self,
        progress: &dyn Fn(Progress),
        cancel: &AtomicBool,
    ) -> Result<Generated, GenerateError> {
        match self {
            Self::Backward(p) => super::backward(p, progress, cancel),
            Self::Levers(p) => super::levers(p, progress, cancel),
            Self::Nested(p) => super::nested(p, progress, cancel),
            Self::Random(p) => super::random(p, progress, cancel),
        }
    }

    /// The value of `param`, when the generator takes it (a target that is
    /// off is `None`; a range's row is read through its first parameter).
    pub fn get(&self, param: Param) -> Option<Value> {
        match self {
            Self::Backward(p) => backward_get(p, param),
            Self::Levers(p) => levers_get(p, param),
            Self::Nested(p) => nested_get(p, param),
            Self::Random(p) => random_get(p, param),
        }
    }

    /// Sets `param` to `value` (`None` switches a target or budget off).
    /// Returns whether the generator takes `param` in that shape.
    pub fn set(&mut self, param: Param, value: Option<Value>) -> bool {
        match self {
            Self::Backward(p) => backward_set(p, param, value),
            Self::Levers(p) => levers_set(p, param, value),
            Self::Nested(p) => nested_set(p, param, value),
            Self::Random(p) => random_set(p, param, value),
        }
        .is_some()
    }
}

fn count(n: usize) -> Option<Value> {
    Some(Value::Count(n as u64))
}

fn number(x: Option<f64>) -> Option<Value> {
    x.map(Value::Number)
}

fn as_count<T: TryFrom<u64>>(value: Option<Value>) -> Option<T> {
    match value {
        Some(Value::Count(n)) => T::try_from(n).ok(),
        _ => None,
    }
}

fn as_span(value: Option<Value>) -> Option<(usize, usize)> {
    match value {
        Some(Value::Span(lo, hi)) => Some((lo, hi)),
        _ => None,
    }
}

fn as_switch(value: Option<Value>) -> Option<bool> {
    match value {
        Some(Value::Switch(b)) => Some(b),
        _ => None,
    }
}

/// `Some(None)` for off, `Some(Some(x))` for a number, `None` for another shape.
fn as_optional_number(value: Option<Value>) -> Option<Option<f64>> {
    match value {
        None => Some(None),
        Some(Value::Number(x)) => Some(Some(x)),
        Some(Value::Count(n)) => Some(Some(n as f64)),
        _ => None,
    }
}

fn as_optional_count<T: TryFrom<u64>>(value: Option<Value>) -> Option<Option<T>> {
    match value {
        None => Some(None),
        Some(Value::Count(n)) => T::try_from(n).ok().map(Some),
        _ => None,
    }
}

fn graph_get(source: &Source, param: Param, default: (usize, usize)) -> Option<Value> {
    let (rooms, extra) = match source {
        Source::Graph { rooms, extra_doors } => (*rooms, *extra_doors),
        Source::Layout { .. } => default,
    };
    match param {
        Param::Rooms => count(rooms),
        Param::ExtraDoors => count(extra),
        _ => None,
    }
}

/// Sets the random graph's size; a layout becomes a random graph.
fn graph_set(
    source: &mut Source,
    param: Param,
    value: Option<Value>,
    default: (usize, usize),
) -> Option<()> {
    let n = as_count::<usize>(value)?;
    let (mut rooms, mut extra) = match source {
        Source::Graph { rooms, extra_doors } => (*rooms, *extra_doors),
        Source::Layout { .. } => default,
    };
    match param {
        Param::Rooms => rooms = n,
        Param::ExtraDoors => extra = n,
        _ => return None,
    }
    *source = Source::Graph {
        rooms,
        extra_doors: extra,
    };
    Some(())
}

fn aim_get(aim: &Aim, max_tries: usize, param: Param) -> Option<Value> {
    match param {
        Param::MinBacktracking => number(aim.min_backtracking),
        Param::MinKeyDistance => number(aim.min_key_distance),
        Param::MinRoutes => number(aim.min_routes),
        Param::Score => Some(Value::Switch(aim.score)),
        Param::Band => Some(Value::Switch(aim.band)),
        Param::MaxTries => count(max_tries),
        _ => None,
    }
}

fn aim_set(aim: &mut Aim, max_tries: &mut usize, param: Param, value: Option<Value>) -> Option<()> {
    match param {
        Param::MinBacktracking => aim.min_backtracking = as_optional_number(value)?,
        Param::MinKeyDistance => aim.min_key_distance = as_optional_number(value)?,
        Param::MinRoutes => aim.min_routes = as_optional_number(value)?,
        Param::Score => aim.score = as_switch(value)?,
        Param::Band => aim.band = as_switch(value)?,
        Param::MaxTries => *max_tries = as_count(value)?,
        _ => return None,
    }
    Some(())
}

fn backward_get(p: &BackwardParams, param: Param) -> Option<Value> {
    match param {
        Param::Rooms | Param::ExtraDoors => {
            graph_get(&p.source, param, BackwardParams::DEFAULT_GRAPH)
        }
        Param::Locks => count(p.locks),
        Param::KeysPerLock => Some(Value::Span(p.keys_per_lock.0, p.keys_per_lock.1)),
        Param::RedHerrings => count(p.red_herrings),
        Param::SideAreas => count(p.side_areas),
        Param::SecondWays => count(p.second_ways),
        Param::OneSided => Some(Value::Switch(p.one_sided)),
        Param::AnyOf => Some(Value::Switch(p.any_of)),
        _ => aim_get(&p.aim, p.max_tries, param),
    }
}

fn backward_set(p: &mut BackwardParams, param: Param, value: Option<Value>) -> Option<()> {
    match param {
        Param::Rooms | Param::ExtraDoors => {
            return graph_set(&mut p.source, param, value, BackwardParams::DEFAULT_GRAPH);
        }
        Param::Locks => p.locks = as_count(value)?,
        Param::KeysPerLock => p.keys_per_lock = as_span(value)?,
        Param::RedHerrings => p.red_herrings = as_count(value)?,
        Param::SideAreas => p.side_areas = as_count(value)?,
        Param::SecondWays => p.second_ways = as_count(value)?,
        Param::OneSided => p.one_sided = as_switch(value)?,
        Param::AnyOf => p.any_of = as_switch(value)?,
        _ => return aim_set(&mut p.aim, &mut p.max_tries, param, value),
    }
    Some(())
}

fn levers_get(p: &LeversParams, param: Param) -> Option<Value> {
    match param {
        Param::MinDoors => Some(Value::Span(p.min_doors, p.max_doors)),
        Param::MaxDoors => count(p.max_doors),
        Param::AllowAlike => Some(Value::Switch(p.allow_alike)),
        Param::Conditions => Some(Value::Switch(p.conditions)),
        Param::MinLiterals => Some(Value::Span(p.min_literals, p.max_literals)),
        Param::MaxLiterals => count(p.max_literals),
        Param::Seconds => number(p.seconds),
        Param::Evaluations => p.evaluations.map(Value::Count),
        Param::Target => p.target.map(|t| Value::Count(u64::from(t))),
        Param::Threads => count(p.threads),
        _ => None,
    }
}

fn levers_set(p: &mut LeversParams, param: Param, value: Option<Value>) -> Option<()> {
    match param {
        Param::MinDoors => (p.min_doors, p.max_doors) = as_span(value)?,
        Param::MaxDoors => p.max_doors = as_count(value)?,
        Param::AllowAlike => p.allow_alike = as_switch(value)?,
        Param::Conditions => p.conditions = as_switch(value)?,
        Param::MinLiterals => (p.min_literals, p.max_literals) = as_span(value)?,
        Param::MaxLiterals => p.max_literals = as_count(value)?,
        Param::Seconds => p.seconds = as_optional_number(value)?,
        Param::Evaluations => p.evaluations = as_optional_count(value)?,
        Param::Target => p.target = as_optional_count(value)?,
        Param::Threads => p.threads = as_count(value)?,
        _ => return None,
    }
    Some(())
}

fn nested_get(p: &NestedParams, param: Param) -> Option<Value> {
    match param {
        Param::Depth => count(p.depth),
        Param::Branching => Some(Value::Span(p.branching.0, p.branching.1)),
        Param::ExtraEntrances => count(p.extra_entrances),
        Param::SideKeys => Some(Value::Number(p.side_keys)),
        Param::MaxRooms => count(p.max_rooms),
        _ => aim_get(&p.aim, p.max_tries, param),
    }
}

fn nested_set(p: &mut NestedParams, param: Param, value: Option<Value>) -> Option<()> {
    match param {
        Param::Depth => p.depth = as_count(value)?,
        Param::Branching => p.branching = as_span(value)?,
        Param::ExtraEntrances => p.extra_entrances = as_count(value)?,
        Param::SideKeys => p.side_keys = as_optional_number(value)??,
        Param::MaxRooms => p.max_rooms = as_count(value)?,
        _ => return aim_set(&mut p.aim, &mut p.max_tries, param, value),
    }
    Some(())
}

fn random_get(p: &RandomParams, param: Param) -> Option<Value> {
    match param {
        Param::Rooms | Param::ExtraDoors => {
            graph_get(&p.source, param, RandomParams::DEFAULT_GRAPH)
        }
        Param::Locks => count(p.locks),
        Param::Levers => count(p.levers),
        Param::MinCost => number(p.min_cost),
        Param::MinPulls => p.min_pulls.map(|n| Value::Count(u64::from(n))),
        Param::MaxStates => count(p.max_states),
        _ => aim_get(&p.aim, p.max_tries, param),
    }
}

fn random_set(p: &mut RandomParams, param: Param, value: Option<Value>) -> Option<()> {
    match param {
        Param::Rooms | Param::ExtraDoors => {
            return graph_set(&mut p.source, param, value, RandomParams::DEFAULT_GRAPH);
        }
        Param::Locks => p.locks = as_count(value)?,
        Param::Levers => p.levers = as_count(value)?,
        Param::MinCost => p.min_cost = as_optional_number(value)?,
        Param::MinPulls => p.min_pulls = as_optional_count(value)?,
        Param::MaxStates => p.max_states = as_count(value)?,
        _ => return aim_set(&mut p.aim, &mut p.max_tries, param, value),
    }
    Some(())
}
