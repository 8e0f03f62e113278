//! Answers a game can show: [`Hint`], one value for what to do next, and
//! [`StepError`] as an object a game can word itself.

use serde::{Serialize, Serializer};

use super::{NotKnown, StepError, Stuck};
use crate::rules::{Illegal, Step};

/// What the player should do next: what [`super::Session::hint`] gives.
///
/// # Examples
///
/// ```
/// use lockwork::model::{Door, Level, Room};
/// use lockwork::play::{Hint, PlayOptions, Session};
/// use lockwork::rules::Step;
/// let mut level = Level::new("corridor");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// level.goal = "r2".into();
/// let mut session = Session::open(level, &PlayOptions::default())?;
/// while let Hint::Step(step) = session.hint() {
///     session.apply(&step)?;
/// }
/// assert_eq!(session.hint(), Hint::Solved);
/// # Ok::<(), lockwork::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The next step of a least-cost plan from where the player stands.
    Step(Step),
    /// The level is solved: the game has ended.
    Solved,
    /// The goal can no longer be reached: why, as
    /// [`super::Session::is_stuck`] says it (boxed: the finding is large).
    Stuck(Box<Stuck>),
    /// A level too large for the table, where the search from the
    /// player's state ran out of its budget.
    NotKnown(NotKnown),
}

impl Hint {
    /// The step to take, if the hint is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::play::Hint;
    /// use lockwork::rules::Step;
    /// let pull = Step::Pull { lever: "l1".into() };
    /// assert_eq!(Hint::Step(pull.clone()).step(), Some(&pull));
    /// assert_eq!(Hint::Solved.step(), None);
    /// ```
    pub fn step(&self) -> Option<&Step> {
        match self {
            Self::Step(step) => Some(step),
            _ => None,
        }
    }
}

/// The fields of a refused step, under a `kind` tag.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Solved {
    Solved { message: String },
}

/// A refused step serialises as the [`Illegal`] object (`kind`, fields,
/// `message`), or as `{"kind": "solved", "message": ...}`.
///
/// # Examples
///
/// ```
/// use lockwork::play::StepError;
/// use lockwork::rules::Illegal;
/// let closed = StepError::from(Illegal::Closed("d1".into()));
/// assert_eq!(serde_json::to_value(&closed)?["kind"], "closed");
/// assert_eq!(serde_json::to_value(&StepError::Solved)?["kind"], "solved");
/// # Ok::<(), serde_json::Error>(())
/// ```
impl Serialize for StepError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Illegal(why) => Illegal::serialize(why, serializer),
            Self::Solved => Solved::Solved {
                message: self.to_string(),
            }
            .serialize(serializer),
        }
    }
}
