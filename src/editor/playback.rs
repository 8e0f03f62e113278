//! Watching a plan step by step, and playing the level as the player. Both
//! replay steps with the core's rules, so they can never disagree with the
//! solver.

use std::time::{Duration, Instant};

use crate::model::{Level, LeverId, RoomId};
use crate::rules::{Illegal, PlayState, Rules, Step};
use crate::solver::{Analysis, SolveOptions, solve};

/// Which plan the viewer shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The least-cost plan.
    Solution,
    /// The plan with the fewest lever pulls.
    MinPulls,
    /// The trace into the dead end with this index.
    DeadEnd(usize),
}

impl Source {
    /// The plan's steps from an analysis.
    pub fn steps(self, analysis: &Analysis) -> Option<Vec<Step>> {
        match self {
            Self::Solution => analysis.plan.as_ref().map(|p| p.steps.clone()),
            Self::MinPulls => analysis.min_pulls.as_ref().map(|p| p.steps.clone()),
            Self::DeadEnd(i) => analysis.dead_ends.get(i).map(|d| d.steps.clone()),
        }
    }

    /// What to call it.
    pub fn title(self) -> String {
        match self {
            Self::Solution => "Least-cost solution".to_owned(),
            Self::MinPulls => "Fewest-pulls solution".to_owned(),
            Self::DeadEnd(i) => format!("Dead end {}", i + 1),
        }
    }
}

/// Stepping through a plan.
#[derive(Clone, Debug)]
pub struct Viewer {
    /// Which plan.
    pub source: Source,
    /// Its moves and pulls (pickups left out: they happen by themselves).
    pub steps: Vec<Step>,
    /// How many steps have been taken (0 = at the start).
    pub at: usize,
    /// Playing on its own.
    pub playing: bool,
    /// Steps per second while playing.
    pub speed: f32,
    /// The reason the player is stuck, for a dead end.
    pub reason: Option<String>,
    last_tick: Option<Instant>,
}

impl Viewer {
    /// A viewer on `source`'s plan, at the start (or, for a dead end, at its end).
    pub fn new(source: Source, analysis: &Analysis) -> Option<Self> {
        let steps: Vec<Step> = source
            .steps(analysis)?
            .into_iter()
            .filter(|s| !matches!(s, Step::Pickup { .. }))
            .collect();
        let reason = match source {
            Source::DeadEnd(i) => analysis.dead_ends.get(i).map(|d| d.reason.clone()),
            _ => None,
        };
        let at = if reason.is_some() { steps.len() } else { 0 };
        Some(Self {
            source,
            steps,
            at,
            playing: false,
            speed: 2.0,
            reason,
            last_tick: None,
        })
    }

    /// Advances while playing; returns how long until the next step is due.
    pub fn tick(&mut self, now: Instant) -> Option<Duration> {
        if !self.playing {
            self.last_tick = None;
            return None;
        }
        if self.at >= self.steps.len() {
            self.playing = false;
            return None;
        }
        let every = Duration::from_secs_f32(1.0 / self.speed.clamp(0.25, 20.0));
        match self.last_tick {
            Some(last) if now.duration_since(last) < every => {
                Some(every - now.duration_since(last))
            }
            _ => {
                if self.last_tick.is_some() {
                    self.at += 1;
                }
                self.last_tick = Some(now);
                Some(every)
            }
        }
    }

    /// The state after the steps taken so far.
    pub fn state(&self, rules: &Rules<'_>) -> PlayState {
        let mut state = rules.start();
        for step in &self.steps[..self.at.min(self.steps.len())] {
            if rules.apply(&mut state, step).is_err() {
                break;
            }
        }
        state
    }

    /// The step about to be taken (or just taken, at the end).
    pub fn current(&self) -> Option<&Step> {
        self.steps.get(self.at.saturating_sub(1))
    }
}

/// The designer playing the level.
#[derive(Clone, Debug)]
pub struct Play {
    /// Where the player is, what is held, which doors are open.
    pub state: PlayState,
    /// Earlier states, for "undo step".
    pub history: Vec<PlayState>,
    /// Steps taken.
    pub log: Vec<Step>,
    /// What to tell the player now.
    pub message: Option<(String, Tone)>,
}

/// How a play message should look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Plain information.
    Info,
    /// Goal reached.
    Good,
    /// A dead end, or a refused step.
    Bad,
}

/// Most states the dead-end check may look at before giving up on a warning.
const DEAD_END_CHECK_STATES: usize = 300_000;

impl Play {
    /// A new game from the start.
    pub fn new(rules: &Rules<'_>) -> Self {
        let mut play = Self {
            state: rules.start(),
            history: Vec::new(),
            log: Vec::new(),
            message: None,
        };
        play.after_step(rules, None);
        play
    }

    /// Walks into `room` through the cheapest legal door from the current room.
    pub fn walk_to(&mut self, rules: &Rules<'_>, room: &RoomId) {
        let level = rules.level();
        let Some(to) = rules.index().room(room) else {
            return;
        };
        if to == self.state.room {
            return;
        }
        let doors: Vec<usize> = (0..level.doors.len())
            .filter(|&d| level.doors[d].other_side(&level.rooms[self.state.room].id) == Some(room))
            .collect();
        if doors.is_empty() {
            self.message = Some((
                format!(
                    "No door leads from {} to {}",
                    level.room_label(&level.rooms[self.state.room].id),
                    level.room_label(room)
                ),
                Tone::Bad,
            ));
            return;
        }
        let legal = doors
            .iter()
            .copied()
            .filter(|&d| rules.check_move(&self.state, d, to).is_ok())
            .min_by(|&a, &b| level.doors[a].cost.total_cmp(&level.doors[b].cost));
        match legal {
            Some(d) => {
                let step = Step::Move {
                    door: level.doors[d].id.clone(),
                    to: room.clone(),
                };
                self.take(rules, step);
            }
            None => {
                let why: Option<Illegal> = doors
                    .iter()
                    .find_map(|&d| rules.check_move(&self.state, d, to).err());
                let text = why.map_or_else(
                    || "That way is shut".to_owned(),
                    |e| capitalise(&e.to_string()),
                );
                self.message = Some((text, Tone::Bad));
            }
        }
    }

    /// Pulls a lever in the current room.
    pub fn pull(&mut self, rules: &Rules<'_>, lever: &LeverId) {
        self.take(
            rules,
            Step::Pull {
                lever: lever.clone(),
            },
        );
    }

    fn take(&mut self, rules: &Rules<'_>, step: Step) {
        if rules.is_solved(&self.state) {
            return;
        }
        let before = self.state.clone();
        match rules.apply(&mut self.state, &step) {
            Ok(picked) => {
                self.history.push(before);
                self.log.push(step);
                let level = rules.level();
                let got: Vec<String> = picked
                    .iter()
                    .map(|&k| level.key_label(&level.keys[k].id))
                    .collect();
                self.after_step(
                    rules,
                    (!got.is_empty()).then(|| format!("Picked up {}", got.join(", "))),
                );
            }
            Err(e) => self.message = Some((capitalise(&e.to_string()), Tone::Bad)),
        }
    }

    /// Takes back the last step.
    pub fn undo(&mut self, rules: &Rules<'_>) {
        if let Some(previous) = self.history.pop() {
            self.state = previous;
            self.log.pop();
            self.after_step(rules, Some("Took back a step".to_owned()));
        }
    }

    /// Says what just happened: the goal, a dead end, or what was picked up.
    fn after_step(&mut self, rules: &Rules<'_>, info: Option<String>) {
        let level = rules.level();
        if rules.is_solved(&self.state) {
            let best = solve(level, &SolveOptions::default())
                .ok()
                .and_then(|s| s.plan);
            let compare = best.map_or_else(String::new, |p| {
                if p.cost >= self.state.cost {
                    " — as cheap as the best solution".to_owned()
                } else {
                    format!(
                        " — the best solution costs {} ({} moves, {} pulls)",
                        crate::cli::format_cost(p.cost),
                        p.moves,
                        p.pulls
                    )
                }
            });
            let text = format!(
                "Goal reached in {} moves and {} pulls, cost {}{compare}",
                self.state.moves,
                self.state.pulls,
                crate::cli::format_cost(self.state.cost)
            );
            self.message = Some((text, Tone::Good));
            return;
        }
        let options = SolveOptions {
            max_states: DEAD_END_CHECK_STATES,
            ..SolveOptions::default()
        };
        let now = rules.level_as_of(&self.state);
        match solve(&now, &options) {
            Ok(s) if s.plan.is_none() => {
                self.message = Some(("Dead end: the goal can no longer be reached from here. Undo a step or restart.".to_owned(), Tone::Bad));
            }
            _ => self.message = info.map(|i| (i, Tone::Info)),
        }
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// What the editor is doing with the level besides editing it.
#[derive(Clone, Debug, Default)]
pub enum Mode {
    /// Plain editing.
    #[default]
    Edit,
    /// Stepping through a plan.
    View(Viewer),
    /// The designer plays.
    Play(Play),
}

/// What the canvas draws while viewing or playing.
#[derive(Clone, Debug)]
pub struct PlayView {
    /// The state shown.
    pub state: PlayState,
    /// The step just taken, highlighted.
    pub current: Option<Step>,
    /// True in play mode: clicks on rooms and levers are moves and pulls.
    pub interactive: bool,
    /// While viewing a plan: which plan, and how many steps were taken.
    pub step: Option<(Source, usize)>,
}

impl Mode {
    /// What to draw, if anything, for `level`.
    pub fn play_view(&self, level: &Level) -> Option<PlayView> {
        // Editing shows no play state; validating a big level every frame costs
        // tens of milliseconds.
        if matches!(self, Self::Edit) {
            return None;
        }
        let rules = Rules::new(level).ok()?;
        match self {
            Self::Edit => None,
            Self::View(v) => Some(PlayView {
                state: v.state(&rules),
                current: v.current().cloned().filter(|_| v.at > 0),
                interactive: false,
                step: Some((v.source, v.at)),
            }),
            Self::Play(p) => Some(PlayView {
                state: p.state.clone(),
                current: p.log.last().cloned(),
                interactive: true,
                step: None,
            }),
        }
    }
}
