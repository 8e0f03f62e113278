//! Why a generator could not make a level, as typed values.
//!
//! Every error that is about a parameter names it as a [`Param`], never as a
//! command-line flag or a window's label. [`GenerateError`]'s `Display` names
//! parameters in plain words ("keys per lock"); a front end that has its own
//! names for them words the same message with [`GenerateError::worded`]: the
//! command line passes its flags, the editor its field labels.

use std::cell::RefCell;
use std::fmt;

use crate::solver::SolveError;

mod param;

pub use param::Param;

/// How a front end names a parameter in its messages.
pub type Names<'a> = &'a dyn Fn(Param) -> String;

/// Parameters in plain words, as [`GenerateError`]'s `Display` names them.
fn plain(param: Param) -> String {
    param.to_string()
}

/// "a", "a or b", "a, b or c".
fn either(params: &[Param], name: Names<'_>) -> String {
    let words: Vec<String> = params.iter().map(|&p| name(p)).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// What is wrong with the value of one parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// A count below the least allowed.
    TooSmall {
        /// The least allowed.
        min: usize,
        /// The value given.
        value: usize,
    },
    /// A count above the most allowed.
    TooLarge {
        /// The most allowed.
        max: usize,
        /// The value given.
        value: usize,
    },
    /// A `(low, high)` range that is empty, reaches below `least`, above
    /// `most`, or has a `high` of 0.
    Range {
        /// The smaller end given.
        low: usize,
        /// The larger end given.
        high: usize,
        /// The least the smaller end may be.
        least: usize,
        /// The most the larger end may be, when limited.
        most: Option<usize>,
    },
    /// Larger than another parameter, which it may not exceed.
    Exceeds {
        /// The other parameter.
        other: Param,
        /// The value given.
        value: usize,
        /// The other parameter's value.
        other_value: usize,
    },
    /// More doors than the layout has.
    MoreThanDoors {
        /// The value given.
        value: usize,
        /// Doors of the layout.
        doors: usize,
    },
    /// Not a number at least 0.
    Negative {
        /// The value given.
        value: f64,
    },
    /// Not a positive number of at most `max`.
    NotPositive {
        /// The value given.
        value: f64,
        /// The most allowed.
        max: f64,
    },
    /// Not a share between 0 and 1.
    NotAShare {
        /// The value given.
        value: f64,
    },
}

impl Problem {
    /// The problem in words, after the parameter's name.
    pub fn worded(&self, name: Names<'_>) -> String {
        match self {
            Self::TooSmall { min, value } => format!("must be at least {min}, not {value}"),
            Self::TooLarge { max, value } => format!("must be at most {max}, not {value}"),
            Self::Range {
                low,
                high,
                least,
                most: Some(most),
            } => format!(
                "must be a range within {least}..{most} with the smaller number first, \
                 not {low}..{high}"
            ),
            Self::Range {
                low,
                high,
                least,
                most: None,
            } => format!(
                "must be a range MIN..MAX with {least} <= MIN <= MAX and MAX >= 1, \
                 not {low}..{high}"
            ),
            Self::Exceeds {
                other,
                value,
                other_value,
            } => format!(
                "must be at most {} (here {value} and {other_value})",
                name(*other)
            ),
            Self::MoreThanDoors { value, doors } => format!(
                "is {value} but the layout has only {doors} door{}",
                if *doors == 1 { "" } else { "s" }
            ),
            Self::Negative { value } => format!("must be a number >= 0, not {value}"),
            Self::NotPositive { value, max } => {
                format!("must be a positive number of at most {max}, not {value}")
            }
            Self::NotAShare { value } => format!("must be a share between 0 and 1, not {value}"),
        }
    }
}

/// Why the goal cannot be made reachable.
#[derive(Clone, Debug, PartialEq)]
pub enum Unreachable {
    /// No path of doors leads from the start to the goal.
    NoPath {
        /// The start, for people.
        start: String,
        /// The goal, for people.
        goal: String,
    },
    /// The layout cannot be solved as drawn, and no levers are to be placed.
    Unsolvable {
        /// The start, for people.
        start: String,
        /// The goal, for people.
        goal: String,
    },
    /// No lever wiring tried lets the player reach the goal.
    NoWiring {
        /// Wirings tried.
        tried: u64,
    },
}

impl Unreachable {
    /// The reason in words.
    pub fn worded(&self, name: Names<'_>) -> String {
        match self {
            Self::NoPath { start, goal } => format!(
                "no path of doors leads from the start {start} to the goal {goal}: add doors \
                 between them"
            ),
            Self::Unsolvable { start, goal } => format!(
                "the layout cannot be solved even before any lock is placed: open its closed \
                 doors, add levers that flip them, or ask for some with {} (from {start} to \
                 {goal})",
                name(Param::Levers)
            ),
            Self::NoWiring { tried } => format!(
                "none of the {tried} wirings tried lets the player reach the goal: put levers \
                 in rooms the player can reach, near the closed doors on the way, or raise {}",
                name(Param::MaxDoors)
            ),
        }
    }
}

/// Why a search found no level good enough within its tries.
#[derive(Clone, Debug, PartialEq)]
pub enum NotFound {
    /// No try gave a solvable level.
    NoneSolvable {
        /// Tries made.
        tries: usize,
        /// Tries the solver proved unsolvable.
        unsolvable: usize,
        /// Tries too large for the solver.
        too_large: usize,
    },
    /// Solvable levels were found, but none met the bar.
    BarNotMet {
        /// Tries made.
        tries: usize,
        /// The least cost of the hardest solvable level.
        cost: f64,
        /// Its least pulls, when measured.
        pulls: Option<u32>,
    },
}

impl NotFound {
    /// The reason in words.
    pub fn worded(&self, name: Names<'_>) -> String {
        match self {
            Self::NoneSolvable {
                tries,
                unsolvable,
                too_large,
            } => format!(
                "none of {tries} tries gave a solvable level ({unsolvable} unsolvable, \
                 {too_large} too large for the solver): place fewer {}, or raise {}",
                either(&[Param::Locks, Param::Levers], name),
                name(Param::MaxTries)
            ),
            Self::BarNotMet { tries, cost, pulls } => {
                let pulls = pulls.map_or_else(String::new, |p| format!(", {p} pulls"));
                format!(
                    "no level in {tries} tries met the bar (the hardest solvable one had cost \
                     {}{pulls}): lower {}, or raise {}",
                    crate::model::format_cost(*cost),
                    either(&[Param::MinCost, Param::MinPulls], name),
                    name(Param::MaxTries)
                )
            }
        }
    }
}

/// "no level in 50 tries reached the targets; the closest fell short on
/// min backtracking: 0.2 of 0.4 (0.2 short): lower it, or raise max tries".
fn aim_not_met(tries: usize, shortfalls: &[super::aim::Shortfall], name: Names<'_>) -> String {
    let figure = |x: f64| crate::model::format_cost((x * 1e4).round() / 1e4);
    let short: Vec<String> = shortfalls
        .iter()
        .map(|s| {
            format!(
                "{} reached {} of {} ({} short)",
                name(s.param),
                figure(s.reached),
                figure(s.wanted),
                figure(s.wanted - s.reached)
            )
        })
        .collect();
    let params: Vec<Param> = shortfalls.iter().map(|s| s.param).collect();
    format!(
        "no level in {tries} {} reached the targets; the closest: {}: lower {}, or raise {}",
        if tries == 1 { "try" } else { "tries" },
        short.join("; "),
        either(&params, name),
        name(Param::MaxTries)
    )
}

/// `Display` in plain words: [`worded`](Problem::worded) with the fields' names.
macro_rules! display_in_plain_words {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.worded(&plain))
            }
        }
    )*};
}

display_in_plain_words!(Problem, Unreachable, NotFound);

/// Why a generator could not make a level. Each message says what to change.
///
/// `Display` names parameters in plain words; [`worded`](Self::worded) names
/// them as a front end does.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// A parameter's value is out of range.
    #[error("{}", self.worded(&plain))]
    Param {
        /// The parameter.
        param: Param,
        /// What is wrong with it.
        problem: Problem,
    },
    /// The parameters ask for more items than a level may hold.
    #[error("{}", self.worded(&plain))]
    TooManyItems {
        /// "keys" or "levers".
        what: &'static str,
        /// How many the parameters could need.
        needed: usize,
        /// The most a level may hold.
        limit: usize,
        /// The parameters that ask for them.
        lower: &'static [Param],
    },
    /// The layout is not a valid level.
    #[error("the layout is not a valid level: {0}")]
    InvalidLayout(String),
    /// The layout cannot be used by this generator as it is.
    #[error("{0}")]
    Layout(String),
    /// More locks asked for than the rooms can hold.
    #[error("{}", self.worded(&plain))]
    TooManyLocks {
        /// Locks asked for.
        asked: usize,
        /// Locks that could be placed.
        placed: usize,
        /// "layout" or "random graph".
        what: &'static str,
    },
    /// No lever to wire.
    #[error(
        "the layout has no lever with empty toggles to wire: add levers (with \
         \"toggles\": []) to the rooms of the layout"
    )]
    NoLevers,
    /// Levers were asked for, and the level has no door for them to flip.
    #[error("levers need doors to flip, and the level has none")]
    NoDoorsForLevers,
    /// The levers cannot all be wired differently.
    #[error("{}", self.worded(&plain))]
    TooFewWirings {
        /// Levers of the layout.
        levers: usize,
        /// Different wirings there are.
        wirings: u128,
        /// Least doors per lever.
        min_doors: usize,
        /// Most doors per lever (at most the layout's doors).
        max_doors: usize,
        /// Doors of the layout.
        doors: usize,
    },
    /// The lever search was given no budget: no time, evaluations or target.
    #[error("{}", self.worded(&plain))]
    NoBudget,
    /// The nested tree would be larger than allowed.
    #[error("{}", self.worded(&plain))]
    TreeTooLarge {
        /// The most rooms allowed.
        max_rooms: usize,
    },
    /// The goal cannot be reached whatever the generator does.
    #[error("{}", self.worded(&plain))]
    GoalUnreachable(Unreachable),
    /// A search found nothing good enough within its budget.
    #[error("{}", self.worded(&plain))]
    NotFound(NotFound),
    /// Solvable levels were made, but none reached the targets on the
    /// measures: what the closest one reached.
    #[error("{}", self.worded(&plain))]
    AimNotMet {
        /// Levels made and measured.
        tries: usize,
        /// The targets the closest level fell short of.
        shortfalls: Vec<super::aim::Shortfall>,
    },
    /// The constraints the designer set on the level (`props.lockwork`)
    /// cannot all be kept: those that were not.
    #[error(
        "the constraints set on the level cannot all be kept: {}; change or remove them",
        super::constraints::sentence(.0)
    )]
    Constraints(Vec<super::Constraint>),
    /// No try placed the locks asked for around what is drawn so that the
    /// level stays solvable with each of them needed.
    #[error("{}", self.worded(&plain))]
    NotAround {
        /// Locks asked for.
        locks: usize,
        /// Tries made.
        tries: usize,
        /// What went wrong in the last try.
        why: String,
    },
    /// Cancelled before any level was found.
    #[error("cancelled before any level was found")]
    Cancelled,
    /// The level made has too many states for the solver to prove it solvable.
    #[error("{}", self.worded(&plain))]
    TooLargeToCheck {
        /// The solver's state limit.
        limit: usize,
        /// The parameters that make the level smaller when lowered.
        lower: &'static [Param],
    },
    /// The solver could not check a level.
    #[error("the solver could not check the level: {0}")]
    Solver(#[from] SolveError),
    /// A generated level failed its own checks: a bug, reported rather than hidden.
    #[error("internal error: {0}")]
    Internal(String),
}

impl GenerateError {
    /// The message, with each parameter named by `name`.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::generate::{GenerateError, Param, Problem};
    ///
    /// let e = GenerateError::Param {
    ///     param: Param::Depth,
    ///     problem: Problem::TooSmall { min: 1, value: 0 },
    /// };
    /// assert_eq!(e.to_string(), "depth must be at least 1, not 0");
    /// // A front end with its own names for the fields:
    /// let label = |p: Param| format!("[{}]", p.field().to_uppercase());
    /// assert_eq!(e.worded(&label), "[DEPTH] must be at least 1, not 0");
    /// ```
    pub fn worded(&self, name: Names<'_>) -> String {
        match self {
            Self::Param { param, problem } => {
                format!("{} {}", name(*param), problem.worded(name))
            }
            Self::TooManyItems {
                what,
                needed,
                limit,
                lower,
            } => format!(
                "that would need up to {needed} {what}, more than a level may hold ({limit}): \
                 lower {}",
                either(lower, name)
            ),
            Self::TooManyLocks {
                asked,
                placed,
                what,
            } => format!(
                "asked for {asked} locks, but this {what} can hold only {placed}: lower {} to \
                 at most {placed}, or give it more rooms",
                name(Param::Locks)
            ),
            Self::TooFewWirings {
                levers,
                wirings,
                min_doors,
                max_doors,
                doors,
            } => format!(
                "{levers} levers cannot all be different: there are only {wirings} ways to wire \
                 a lever to {min_doors}..{max_doors} of {doors} doors; raise {} or allow alike \
                 levers ({})",
                name(Param::MaxDoors),
                name(Param::AllowAlike)
            ),
            Self::NoBudget => format!(
                "give the search a budget: {}",
                either(&[Param::Seconds, Param::Evaluations, Param::Target], name)
            ),
            Self::TreeTooLarge { max_rooms } => format!(
                "the tree would have more than {max_rooms} rooms: lower {}, or raise {}",
                either(&[Param::Depth, Param::Branching], name),
                name(Param::MaxRooms)
            ),
            Self::GoalUnreachable(why) => {
                format!("the goal cannot be made reachable: {}", why.worded(name))
            }
            Self::NotFound(why) => why.worded(name),
            Self::AimNotMet { tries, shortfalls } => aim_not_met(*tries, shortfalls, name),
            Self::NotAround { locks, tries, why } => format!(
                "none of {tries} tries placed {locks} needed locks around what is drawn \
                 (the last: {why}): lower {}, or draw more plain doors",
                name(Param::Locks)
            ),
            Self::TooLargeToCheck { limit, lower } => format!(
                "the level made is too large for the solver to prove it solvable (more than \
                 {limit} states): make it smaller: lower {}",
                either(lower, name)
            ),
            Self::InvalidLayout(_)
            | Self::Layout(_)
            | Self::NoLevers
            | Self::NoDoorsForLevers
            | Self::Constraints(_)
            | Self::Cancelled
            | Self::Solver(_)
            | Self::Internal(_) => self.to_string(),
        }
    }

    /// The parameters its message names, in order: what a front end can
    /// point at.
    ///
    /// ```
    /// use lockwork::generate::{GenerateError, Param};
    ///
    /// let e = GenerateError::TreeTooLarge { max_rooms: 50 };
    /// assert_eq!(e.params(), [Param::Depth, Param::Branching, Param::MaxRooms]);
    /// ```
    pub fn params(&self) -> Vec<Param> {
        let named = RefCell::new(Vec::new());
        self.worded(&|p| {
            named.borrow_mut().push(p);
            String::new()
        });
        named.into_inner()
    }

    /// A parameter error.
    pub(crate) fn param(param: Param, problem: Problem) -> Self {
        Self::Param { param, problem }
    }
}

#[cfg(test)]
pub(crate) mod tests;
