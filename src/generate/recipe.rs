//! Each generator stated once: its name, what it makes, and the schema of
//! its parameters (label, help, range, default), read by the command line
//! and the editor alike; and [`GeneratorParams`], any generator with its
//! parameters, which reads and writes them by [`Param`].
//!
//! ```
//! use lockwork::generate::{Generator, GeneratorParams, Param, Value};
//!
//! let recipe = Generator::Backward.recipe();
//! let locks = recipe.param(Param::Locks).expect("backward places locks");
//! assert_eq!(locks.label, "Locks");
//! // The schema's default is the parameters' default.
//! let params = GeneratorParams::defaults(Generator::Backward);
//! assert_eq!(params.get(Param::Locks), locks.default);
//! assert_eq!(params.get(Param::Locks), Some(Value::Count(6)));
//! ```

use std::sync::OnceLock;

pub use super::params::GeneratorParams;
use super::{LeversParams, MAX_KEYS_PER_LOCK, Param};

/// The four generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Generator {
    /// [`backward()`](super::backward()): lock and key, made backwards from the goal.
    Backward,
    /// [`levers()`](super::levers()): wires the levers of a drawn layout.
    Levers,
    /// [`nested()`](super::nested()): a tree of nested rooms.
    Nested,
    /// [`random()`](super::random()): random locks, keys and levers.
    Random,
}

/// Whether a generator works on a drawn level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutUse {
    /// It makes its own rooms and doors.
    Never,
    /// A drawn layout or a random graph ([`Param::Rooms`], [`Param::ExtraDoors`]).
    Either,
    /// Always a drawn layout.
    Always,
}

/// The figure a generator's progress reports as its best so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BestFigure {
    /// Least cost of a level kept so far.
    Cost,
    /// Least pulls of the best wiring so far.
    Pulls,
}

/// What a generator is, for a front end to name, describe and ask for.
#[derive(Clone, Debug)]
pub struct Recipe {
    /// Which generator.
    pub generator: Generator,
    /// Its name: `"backward"` (the command's kind, the record's `generator`).
    pub name: &'static str,
    /// Its name as a title: `"Backward"`.
    pub label: &'static str,
    /// What it makes, in a sentence.
    pub about: &'static str,
    /// More about it, or `""`.
    pub details: &'static str,
    /// Whether it works on a drawn level.
    pub layout: LayoutUse,
    /// What its progress count counts: `"locks placed"`.
    pub work: &'static str,
    /// What its rate counts, per second: `"locks"`.
    pub unit: &'static str,
    /// Its best figure so far, when it reports one.
    pub best: BestFigure,
    /// Its parameters, in the order a form shows them.
    pub params: Vec<ParamSpec>,
}

/// The shape of a parameter's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A whole number.
    Count,
    /// A range `MIN..MAX` of whole numbers; with `upper`, its top end is
    /// that other parameter (two fields, one row).
    Span {
        /// The parameter of the top end, when it is a field of its own.
        upper: Option<Param>,
    },
    /// A number.
    Number,
    /// A share, from 0 to 1.
    Share,
    /// On or off.
    Switch,
}

/// A parameter's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A whole number.
    Count(u64),
    /// A range `MIN..MAX`.
    Span(usize, usize),
    /// A number.
    Number(f64),
    /// On or off.
    Switch(bool),
}

/// One parameter of a generator: how to ask for it.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamSpec {
    /// Which parameter.
    pub param: Param,
    /// Its label on a form: `"Keys per lock"`.
    pub label: &'static str,
    /// What it does, in a sentence.
    pub help: &'static str,
    /// The shape of its value.
    pub shape: Shape,
    /// Its least value.
    pub min: f64,
    /// Its greatest value.
    pub max: f64,
    /// Its default; `None` when it is off unless given (a target, a budget).
    pub default: Option<Value>,
    /// The unit its value counts, or `""`: `"s"`, `"pulls"`.
    pub unit: &'static str,
    /// What 0 means when it means something else than none: `"one per core"`.
    pub zero: &'static str,
    /// It applies only while this switch is on.
    pub when: Option<Param>,
    /// It may be switched off (a target, a budget): off is no value.
    pub optional: bool,
    /// A value worth trying when an optional parameter is switched on.
    pub suggested: Option<Value>,
}

impl ParamSpec {
    fn new(param: Param, help: &'static str, shape: Shape, (min, max): (f64, f64)) -> Self {
        Self {
            param,
            label: param.label(),
            help,
            shape,
            min,
            max,
            default: None,
            unit: "",
            zero: "",
            when: None,
            optional: false,
            suggested: None,
        }
    }

    /// Off unless given; `suggested` when switched on.
    fn optional(mut self, suggested: Value) -> Self {
        self.optional = true;
        self.suggested = Some(suggested);
        self
    }

    fn count(param: Param, help: &'static str, max: u64) -> Self {
        Self::new(param, help, Shape::Count, (0.0, max as f64))
    }

    fn switch(param: Param, help: &'static str) -> Self {
        Self::new(param, help, Shape::Switch, (0.0, 1.0))
    }

    fn from(mut self, min: f64) -> Self {
        self.min = min;
        self
    }

    fn unit(mut self, unit: &'static str) -> Self {
        self.unit = unit;
        self
    }

    /// Fills the default from `defaults`.
    fn default_of(mut self, defaults: &GeneratorParams) -> Self {
        self.default = defaults.get(self.param);
        self
    }
}

impl Param {
    /// The parameter's label on a form: `"Keys per lock"`. The two ends of
    /// a range shown on one row (doors per lever) share it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Rooms => "Rooms",
            Self::ExtraDoors => "Extra doors",
            Self::Locks => "Locks",
            Self::KeysPerLock => "Keys per lock",
            Self::RedHerrings => "Red herrings",
            Self::SideAreas => "Side areas",
            Self::MinDoors | Self::MaxDoors => "Doors per lever",
            Self::AllowAlike => "Let two levers flip the same doors",
            Self::Seconds => "Time limit",
            Self::Evaluations => "Evaluations",
            Self::Threads => "Threads",
            Self::Target => "Target",
            Self::Depth => "Depth",
            Self::Branching => "Branching",
            Self::ExtraEntrances => "Extra entrances",
            Self::SideKeys => "Side keys",
            Self::MaxRooms => "Max rooms",
            Self::Conditions => "Conditions on doors",
            Self::MinLiterals | Self::MaxLiterals => "Levers per condition",
            Self::OneSided => "One-sided locks",
            Self::AnyOf => "Any-of locks",
            Self::Levers => "Levers",
            Self::MaxTries => "Max tries",
            Self::MinCost => "Min cost",
            Self::MinPulls => "Min pulls",
            Self::MaxStates => "Max states",
            Self::MinBacktracking => "Min backtracking",
            Self::MinKeyDistance => "Min key distance",
            Self::MinRoutes => "Min routes",
            Self::Score => "Best score",
            Self::SecondWays => "Second ways in",
            Self::Band => "Like shipped dungeons",
        }
    }
}

/// The most of a count a form offers where the generator sets no bound.
const MANY: u64 = 500;

impl Generator {
    /// Every generator, in the order of a picker.
    pub const ALL: [Self; 4] = [Self::Backward, Self::Levers, Self::Nested, Self::Random];

    /// Its name: `"backward"`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Backward => "backward",
            Self::Levers => "levers",
            Self::Nested => "nested",
            Self::Random => "random",
        }
    }

    /// The generator named `name` (`"backward"`…).
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|g| g.name() == name)
    }

    /// Its recipe: what it is and the schema of its parameters, with the
    /// defaults of its parameter type.
    pub fn recipe(self) -> &'static Recipe {
        static RECIPES: OnceLock<Vec<Recipe>> = OnceLock::new();
        let all = RECIPES.get_or_init(|| Self::ALL.map(Self::make_recipe).to_vec());
        &all[self as usize]
    }

    fn make_recipe(self) -> Recipe {
        let defaults = GeneratorParams::defaults(self);
        let params = match self {
            Self::Backward => backward_params(),
            Self::Levers => levers_params(),
            Self::Nested => nested_params(),
            Self::Random => random_params(),
        };
        let params = params
            .into_iter()
            .map(|p| p.default_of(&defaults))
            .collect();
        let (label, about, details, layout, work, unit, best) = self.words();
        Recipe {
            generator: self,
            name: self.name(),
            label,
            about,
            details,
            layout,
            work,
            unit,
            best,
            params,
        }
    }

    #[allow(clippy::type_complexity)]
    fn words(
        self,
    ) -> (
        &'static str,
        &'static str,
        &'static str,
        LayoutUse,
        &'static str,
        &'static str,
        BestFigure,
    ) {
        match self {
            Self::Backward => (
                "Backward",
                "Lock and key, made backwards from the goal: every lock is needed.",
                "",
                LayoutUse::Either,
                "locks placed",
                "locks",
                BestFigure::Cost,
            ),
            Self::Levers => (
                "Levers",
                "Wire the levers of a drawn layout so that the goal needs as many pulls as \
                 possible (levers already wired keep their wiring).",
                "With an evaluation budget and no time limit, the same seed and threads give \
                 the same level on every machine. With a time budget (the default) how far the \
                 search gets depends on the machine, so the result does not repeat; the seed \
                 is still recorded in the file.",
                LayoutUse::Always,
                "wirings tried",
                "wirings",
                BestFigure::Pulls,
            ),
            Self::Nested => (
                "Nested",
                "A tree of nested rooms, each door locked by a key found before it.",
                "",
                LayoutUse::Never,
                "rooms",
                "rooms",
                BestFigure::Cost,
            ),
            Self::Random => (
                "Random",
                "Random locks, keys and levers, kept once the solver proves them solvable and \
                 hard enough.",
                "",
                LayoutUse::Either,
                "tries",
                "tries",
                BestFigure::Cost,
            ),
        }
    }
}

impl Recipe {
    /// The schema of `param`, when the generator takes it (the top end of a
    /// range gives the range's row).
    pub fn param(&self, param: Param) -> Option<&ParamSpec> {
        self.params.iter().find(|p| {
            p.param == param || matches!(p.shape, Shape::Span { upper: Some(u) } if u == param)
        })
    }

    /// The help of `param`, or `""` when the generator does not take it.
    pub fn help(&self, param: Param) -> &'static str {
        self.param(param).map_or("", |p| p.help)
    }
}

/// The help of `param` for `generator`, or `""`: for a front end that
/// declares its options statically (the command line's).
pub fn help(generator: Generator, param: Param) -> &'static str {
    generator.recipe().help(param)
}

fn graph_params(rooms_help: &'static str) -> [ParamSpec; 2] {
    [
        ParamSpec::count(Param::Rooms, rooms_help, 2000).from(2.0),
        ParamSpec::count(
            Param::ExtraDoors,
            "Doors of the random graph beyond the tree that joins its rooms",
            2000,
        ),
    ]
}

fn aim_params(tries_help: &'static str) -> Vec<ParamSpec> {
    vec![
        ParamSpec::new(
            Param::MinBacktracking,
            "Keep only levels whose backtracking share (0 to 1) is at least this",
            Shape::Share,
            (0.0, 1.0),
        )
        .optional(Value::Number(0.2)),
        ParamSpec::new(
            Param::MinKeyDistance,
            "Keep only levels whose mean key-lock distance is at least this many steps",
            Shape::Number,
            (0.0, 1e6),
        )
        .unit("steps")
        .optional(Value::Number(3.0)),
        ParamSpec::new(
            Param::MinRoutes,
            "Keep only levels whose locked areas have at least this many doors in, on average",
            Shape::Number,
            (0.0, 1e6),
        )
        .unit("doors")
        .optional(Value::Number(1.5)),
        ParamSpec::switch(
            Param::Score,
            "Make every try and keep the one with the highest difficulty score among those \
             that meet the targets",
        ),
        ParamSpec::switch(
            Param::Band,
            "Of the levels tried, keep the first whose measures all lie in the band of 38 \
             shipped Zelda dungeons and that has a locked area with several ways in, or the \
             closest; off keeps the first level made",
        ),
        ParamSpec::count(Param::MaxTries, tries_help, 1_000_000).from(1.0),
    ]
}

fn backward_params() -> Vec<ParamSpec> {
    let mut params = graph_params("Rooms of the random graph").to_vec();
    params.extend([
        ParamSpec::count(Param::Locks, "Locks on the way to the goal", MANY),
        ParamSpec::new(
            Param::KeysPerLock,
            "Keys each lock needs: between this many",
            Shape::Span { upper: None },
            (1.0, MAX_KEYS_PER_LOCK as f64),
        ),
        ParamSpec::count(
            Param::RedHerrings,
            "Keys that open nothing, lying where the player passes",
            MANY,
        ),
        ParamSpec::count(
            Param::SideAreas,
            "Locked dead ends holding only a treasure nobody needs",
            MANY,
        ),
        ParamSpec::count(
            Param::SecondWays,
            "Locked areas, at most, that get a second way in: a door the method took out, kept \
             and locked like the first (every lock stays needed); 0 for one way into every area",
            MANY,
        ),
        ParamSpec::switch(
            Param::OneSided,
            "Let some locks apply from one side only: the way back is free",
        ),
        ParamSpec::switch(
            Param::AnyOf,
            "Let some locks open with any one of their keys",
        ),
    ]);
    params.extend(aim_params(
        "Levels to make, at most, to meet the targets or to get into the band of shipped \
         dungeons",
    ));
    params
}

fn levers_params() -> Vec<ParamSpec> {
    let mut literals = ParamSpec::new(
        Param::MinLiterals,
        "Each door's condition names between this many levers",
        Shape::Span {
            upper: Some(Param::MaxLiterals),
        },
        (1.0, 8.0),
    );
    literals.when = Some(Param::Conditions);
    let mut threads = ParamSpec::count(Param::Threads, "Search threads; 0 for one per core", 256);
    threads.zero = "one per core";
    vec![
        ParamSpec::new(
            Param::MinDoors,
            "Each lever flips between this many doors",
            Shape::Span {
                upper: Some(Param::MaxDoors),
            },
            (1.0, 64.0),
        ),
        ParamSpec::switch(Param::AllowAlike, "Let two levers flip the same doors"),
        ParamSpec::switch(
            Param::Conditions,
            "Give each closed door a condition on the levers' positions (open_when, seed \
             000's puzzle) instead of wiring the levers to flip doors",
        ),
        literals,
        ParamSpec::new(
            Param::Seconds,
            "Stop after this long; results under a time budget depend on the machine",
            Shape::Number,
            (0.1, super::levers::MAX_SECONDS),
        )
        .unit("s")
        .optional(Value::Number(LeversParams::DEFAULT_SECONDS)),
        ParamSpec::count(
            Param::Evaluations,
            "Stop after this many wirings per thread: reproducible with a time limit off",
            u64::MAX / 2,
        )
        .from(1.0)
        .unit("per thread")
        .optional(Value::Count(100_000)),
        ParamSpec::count(
            Param::Target,
            "Stop as soon as a wiring needs this many pulls",
            100_000,
        )
        .from(1.0)
        .unit("pulls")
        .optional(Value::Count(10)),
        threads,
    ]
}

fn nested_params() -> Vec<ParamSpec> {
    let mut params = vec![
        ParamSpec::count(
            Param::Depth,
            "Depth of the tree: the goal is this many doors from the start",
            100,
        )
        .from(1.0),
        ParamSpec::new(
            Param::Branching,
            "Children of each room: between this many",
            Shape::Span { upper: None },
            (0.0, 20.0),
        ),
        ParamSpec::count(
            Param::ExtraEntrances,
            "Extra doors into rooms, each needing every key of the locks it goes around",
            MANY,
        ),
        ParamSpec::new(
            Param::SideKeys,
            "Share of keys hidden deep in a side branch instead of an ancestor room",
            Shape::Share,
            (0.0, 1.0),
        ),
        ParamSpec::count(
            Param::MaxRooms,
            "Refuse trees with more rooms than this",
            100_000,
        )
        .from(1.0),
    ];
    params.extend(aim_params(
        "Trees to make, at most, to meet the targets or to get into the band of shipped \
         dungeons",
    ));
    params
}

fn random_params() -> Vec<ParamSpec> {
    let mut params = graph_params("Rooms of the random graph").to_vec();
    params.extend([
        ParamSpec::count(Param::Locks, "Locks to place, each with one key", MANY),
        ParamSpec::count(
            Param::Levers,
            "Levers to place, each flipping one or two doors",
            MANY,
        ),
        ParamSpec::new(
            Param::MinCost,
            "Keep only levels whose least cost is at least this",
            Shape::Number,
            (0.0, 1e9),
        )
        .optional(Value::Number(10.0)),
        ParamSpec::count(
            Param::MinPulls,
            "Keep only levels that need at least this many lever pulls",
            100_000,
        )
        .unit("pulls")
        .optional(Value::Count(3)),
        ParamSpec::count(
            Param::MaxStates,
            "Reject tries with more solver states than this",
            100_000_000,
        )
        .from(1.0),
    ]);
    let mut aim = aim_params("Give up after this many tries");
    // Random's tries are its own count, asked with the rest.
    if let Some(tries) = aim.pop() {
        params.insert(params.len() - 3, tries);
    }
    params.extend(aim);
    params
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::BackwardParams;

    /// Every parameter of every recipe reads back the parameters' default,
    /// and setting a value is read back.
    #[test]
    fn the_schema_reads_and_writes_the_parameters() {
        for generator in Generator::ALL {
            let recipe = generator.recipe();
            assert_eq!(Generator::named(recipe.name), Some(generator));
            let mut params = GeneratorParams::defaults(generator);
            for spec in &recipe.params {
                assert_eq!(params.get(spec.param), spec.default, "{:?}", spec.param);
                assert!(spec.min <= spec.max, "{:?}", spec.param);
                let value = match spec.shape {
                    Shape::Count => Value::Count(spec.min as u64 + 1),
                    Shape::Span { .. } => Value::Span(spec.min as usize, spec.min as usize + 1),
                    Shape::Number | Shape::Share => Value::Number(spec.max / 2.0),
                    Shape::Switch => Value::Switch(spec.default != Some(Value::Switch(true))),
                };
                assert!(params.set(spec.param, Some(value)), "{:?}", spec.param);
                assert_eq!(params.get(spec.param), Some(value), "{:?}", spec.param);
                assert!(!spec.help.is_empty() && !spec.label.is_empty());
                if spec.optional {
                    assert!(
                        params.set(spec.param, None),
                        "{:?} switches off",
                        spec.param
                    );
                    assert_eq!(params.get(spec.param), None);
                }
            }
            assert!(!params.set(Param::Locks, Some(Value::Switch(true))));
        }
    }

    /// The defaults are those the generators' parameter types give.
    #[test]
    fn defaults_come_from_the_parameter_types() {
        let backward = Generator::Backward.recipe();
        let spec = backward.param(Param::KeysPerLock).map(|p| p.default);
        assert_eq!(
            spec,
            Some(Some(Value::Span(
                BackwardParams::default().keys_per_lock.0,
                BackwardParams::default().keys_per_lock.1
            )))
        );
        let levers = Generator::Levers.recipe();
        assert_eq!(
            levers.param(Param::MaxDoors).map(|p| p.param),
            Some(Param::MinDoors)
        );
        assert_eq!(
            levers.param(Param::Seconds).and_then(|p| p.default),
            Some(Value::Number(LeversParams::DEFAULT_SECONDS))
        );
        assert_eq!(levers.param(Param::Target).and_then(|p| p.default), None);
    }
}
