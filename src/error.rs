//! [`Error`]: one error type over everything the library can refuse, for a
//! game that wants one `?` for all of it.

use crate::format::LoadError;
use crate::generate::GenerateError;
use crate::play::{NotKnown, RestoreError, StepError};
use crate::rules::{Illegal, InvalidLevel};

/// Any error of the library: a level that does not load or is not valid,
/// a step refused, an answer not known within the budget, a save that does
/// not fit, a generator that could not make a level. Each variant keeps
/// the error as its module gives it; `Display` is that error's message.
///
/// # Examples
///
/// ```
/// use lockwork::play::{PlayOptions, Session};
/// use lockwork::rules::Step;
///
/// fn first_move(text: &str) -> Result<(), lockwork::Error> {
///     let level = lockwork::format::from_str(text)?.level; // LoadError
///     let mut session = Session::open(level, &PlayOptions::default())?; // InvalidLevel
///     session.apply(&Step::Pull { lever: "l9".into() })?; // StepError
///     Ok(())
/// }
/// let text = r#"{"format": "lockwork-level", "version": 1, "start": "a", "goal": "a",
///     "rooms": [{"id": "a"}]}"#;
/// let err = first_move(text).unwrap_err();
/// assert!(matches!(err, lockwork::Error::Step(_)));
/// assert_eq!(err.to_string(), "the level is solved: the game has ended");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A level file that could not be read ([`crate::format`]).
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A level the rules cannot be applied to.
    #[error(transparent)]
    InvalidLevel(#[from] InvalidLevel),
    /// A step the rules refuse ([`crate::play::Session::apply`]).
    #[error(transparent)]
    Step(#[from] StepError),
    /// An answer a bounded search could not find.
    #[error(transparent)]
    NotKnown(#[from] NotKnown),
    /// A save that does not fit the level ([`crate::play::Session::restore`]).
    #[error(transparent)]
    Restore(#[from] RestoreError),
    /// A generator that could not make a level ([`crate::generate`]).
    #[error(transparent)]
    Generate(#[from] GenerateError),
}

impl From<Illegal> for Error {
    fn from(why: Illegal) -> Self {
        Self::Step(why.into())
    }
}
