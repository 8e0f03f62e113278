//! Replaying a plan step by step against the rules.

use super::*;

/// What replaying a plan did.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The state after the last step.
    pub end: PlayState,
    /// True when the state after the last step is solved.
    pub solved: bool,
    /// The plan with pickups put where they happen (what `solve` prints).
    pub steps: Vec<Step>,
}

/// A plan step that broke the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The level itself is not valid.
    #[error(transparent)]
    Invalid(#[from] InvalidLevel),
    /// Step `index` (0-based) is not allowed in the state it is taken in.
    #[error("step {} ({step}) is not allowed: {reason}", index + 1)]
    Illegal {
        /// 0-based position in the plan.
        index: usize,
        /// The step.
        step: Step,
        /// Why not.
        reason: Illegal,
    },
}

/// Applies `plan` to `level` from the start, refusing the first illegal step.
///
/// # Arguments
/// * `level` – the level; it must be valid.
/// * `plan` – moves and pulls by id; pickup steps in it are ignored.
///
/// # Returns
/// The state after the last step, whether it is solved, and the plan with
/// pickups put where they really happen (what `lockwork solve` prints).
///
/// # Errors
/// [`ReplayError::Invalid`] for a level with validation errors, and
/// [`ReplayError::Illegal`] for the first step the rules refuse, with its
/// 1-based number and the reason in FORMAT.md's words (for example
/// `step 2 (move through d1 to r1) is not allowed: door "d1" is closed`).
///
/// # Complexity
/// Linear in the size of the level (validation) plus the length of the plan.
///
/// # Examples
///
/// ```
/// use lockwork::model::{Door, Level, Room};
/// use lockwork::rules::{Step, replay};
/// let mut level = Level::new("two rooms");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// level.goal = "r2".into();
/// let done = replay(&level, &[Step::Move { door: "d1".into(), to: "r2".into() }]).unwrap();
/// assert!(done.solved);
/// assert_eq!(done.end.cost(), 1.0);
/// let back = Step::Move { door: "d1".into(), to: "r1".into() };
/// let err = replay(&level, &[back]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "step 1 (move through d1 to r1) is not allowed: \
///      door \"d1\" does not lead from room \"r1\" to room \"r1\""
/// );
/// ```
#[allow(
    clippy::result_large_err,
    reason = "a replay error is rare and carries the step for the message"
)]
pub fn replay(level: &Level, plan: &[Step]) -> Result<Replay, ReplayError> {
    Rules::new(level)?.replay(plan)
}

impl Rules<'_> {
    /// [`replay`] with rules already prepared: a caller replaying many
    /// plans of one level checks and indexes it once.
    ///
    /// # Arguments
    /// * `plan` — moves and pulls; pickups in it are ignored and re-derived.
    ///
    /// # Returns
    /// The steps with every pickup where it happens, the final state and
    /// whether it is solved.
    ///
    /// # Errors
    /// [`ReplayError::Illegal`] at the first step the rules do not allow.
    ///
    /// # Complexity
    /// Linear in the length of the plan and in the doors each step touches.
    ///
    /// # Example
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::rules::{Rules, Step};
    /// let mut level = Level::new("two rooms");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// let rules = Rules::new(&level)?;
    /// let there = Step::Move { door: "d1".into(), to: "r2".into() };
    /// let back = Step::Move { door: "d1".into(), to: "r1".into() };
    /// assert_eq!(rules.replay(&[there.clone(), back])?.end.moves(), 2);
    /// assert!(rules.replay(&[there.clone(), there]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(
        clippy::result_large_err,
        reason = "a replay error is rare and carries the step for the message"
    )]
    pub fn replay(&self, plan: &[Step]) -> Result<Replay, ReplayError> {
        let taken = plan
            .iter()
            .enumerate()
            .filter(|(_, step)| !matches!(step, Step::Pickup { .. }));
        self.replay_steps(taken, |state, step| {
            (self.resolve(state, step), step.clone())
        })
    }

    /// [`Self::replay`] of moves and pulls already resolved to indices, as a
    /// solver finds them: no id is looked up.
    ///
    /// # Errors
    /// [`ReplayError::Illegal`] at the first step the rules do not allow,
    /// or that names an index out of range.
    #[allow(
        clippy::result_large_err,
        reason = "a replay error is rare and carries the step for the message"
    )]
    pub(crate) fn replay_resolved(
        &self,
        plan: impl IntoIterator<Item = Resolved>,
    ) -> Result<Replay, ReplayError> {
        let taken = plan
            .into_iter()
            .filter(|step| *step != Resolved::Pickup)
            .enumerate();
        self.replay_steps(taken, |_, step| (Ok(step), self.step_named(step)))
    }

    /// A resolved step named by ids, as [`Self::check_move`] names an index
    /// out of range (`#7`).
    fn step_named(&self, step: Resolved) -> Step {
        let level = self.level;
        let name =
            |found: Option<&str>, i: usize| found.map_or_else(|| format!("#{i}"), str::to_owned);
        match step {
            Resolved::Move(d, r) => Step::Move {
                door: DoorId(name(level.doors.get(d).map(|x| x.id.as_str()), d)),
                to: RoomId(name(level.rooms.get(r).map(|x| x.id.as_str()), r)),
            },
            Resolved::Pull(l) => Step::Pull {
                lever: LeverId(name(level.levers.get(l).map(|x| x.id.as_str()), l)),
            },
            Resolved::Pickup => Step::Pickup {
                key: KeyId(String::new()),
            },
        }
    }

    /// Replays `(index in the plan, step)`, each step resolved in the state
    /// before it to its indices and its ids, taking the pickups out of the
    /// level as they happen.
    #[allow(
        clippy::result_large_err,
        reason = "a replay error is rare and carries the step for the message"
    )]
    fn replay_steps<S>(
        &self,
        taken: impl Iterator<Item = (usize, S)>,
        resolve: impl Fn(&PlayState, S) -> (Result<Resolved, Illegal>, Step),
    ) -> Result<Replay, ReplayError> {
        let level = self.level;
        let mut state = self.start();
        let pickup = |k: usize| {
            level.keys.get(k).map(|key| Step::Pickup {
                key: key.id.clone(),
            })
        };
        // A key carried from the start is held, not picked up: no step
        // says it is.
        let carried = |k: usize| level.keys.get(k).is_some_and(|key| key.room.is_none());
        let mut steps: Vec<Step> = state
            .picked
            .iter()
            .enumerate()
            .filter(|&(k, &p)| p && !carried(k))
            .filter_map(|(k, _)| pickup(k))
            .collect();
        for (index, taken) in taken {
            let (resolved, step) = resolve(&state, taken);
            let picked = match resolved.and_then(|r| self.apply_resolved(&mut state, r)) {
                Ok(picked) => picked,
                Err(reason) => {
                    return Err(ReplayError::Illegal {
                        index,
                        step,
                        reason,
                    });
                }
            };
            steps.push(step);
            steps.extend(picked.into_iter().filter_map(pickup));
        }
        Ok(Replay {
            solved: self.is_solved(&state),
            end: state,
            steps,
        })
    }
}
