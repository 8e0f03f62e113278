//! [`Checked`]: a level validated once, with its ids indexed and its
//! rules' tables made, for a program that shows a level as it changes (an
//! editor) to make once per revision and share behind an `Arc` between the
//! live analysis, the measures, the canvas and play.

use super::{Mechanics, Rules};
use crate::model::{Level, LevelIndex};
use crate::validate::{Report, validate_indexed};

/// A level checked once: its validation report, its index and, when it is
/// valid, its rules' tables.
///
/// It keeps no copy of the level: [`Checked::rules`] takes the same level
/// again (a clone of it is fine), as it stood when it was checked.
///
/// # Example
/// ```
/// use std::sync::Arc;
/// use lockwork::rules::Checked;
/// use lockwork::solver::{SolveOptions, analyze_rules};
/// let level = lockwork::format::from_str(include_str!("../../assets/keys.level.json"))?.level;
/// let checked = Arc::new(Checked::new(&level));
/// assert!(checked.report().is_valid());
/// // Another thread analyses it with the same tables: nothing is built again.
/// let shared = Arc::clone(&checked);
/// let copy = level.clone();
/// let cost = std::thread::spawn(move || {
///     let rules = shared.rules(&copy).expect("a valid level has rules");
///     analyze_rules(&rules, &SolveOptions::default()).map(|a| a.plan.map(|p| p.cost))
/// })
/// .join()
/// .expect("the analysis thread")?;
/// assert_eq!(cost, Some(10.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Checked {
    report: Report,
    index: LevelIndex,
    mechanics: Option<Mechanics>,
}

impl Checked {
    /// Validates `level` (errors and warnings), indexes its ids and, when
    /// it has no error, makes its rules' tables: each once.
    pub fn new(level: &Level) -> Self {
        let (report, indexed) = validate_indexed(level, LevelIndex::new(level));
        let mechanics = if report.is_valid() {
            match indexed.mechanics {
                Some(made) => Some(made),
                None => Mechanics::with_found(level, &indexed.index, &indexed.found).ok(),
            }
        } else {
            None
        };
        Self {
            report,
            index: indexed.index,
            mechanics,
        }
    }

    /// What validation found.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The level's ids.
    pub fn index(&self) -> &LevelIndex {
        &self.index
    }

    /// The rules' tables; `None` for a level with errors.
    pub fn mechanics(&self) -> Option<&Mechanics> {
        self.mechanics.as_ref()
    }

    /// The rules of `level`, which must be the level this was made from
    /// (or a copy of it): no work. `None` for a level with errors.
    pub fn rules<'a>(&'a self, level: &'a Level) -> Option<Rules<'a>> {
        let mechanics = self.mechanics.as_ref()?;
        Some(Rules::prepared(level, &self.index, mechanics))
    }
}
