//! Watching a plan step by step, and playing the level as the player.
//! The viewer replays the plan with the core's rules; play runs on a
//! [`play::Session`](crate::play::Session), the API games use, which
//! answers hints, dead ends and undo. Nothing here evaluates a rule: the
//! doors open in a state, the levers' positions and whether the player is
//! stuck are the core's answers.

use std::time::{Duration, Instant};

use std::sync::Arc;

use crate::model::{Labels, Level, LeverId, RoomId};
use crate::play::{Guide, Hint, Session};
use crate::rules::{Checked, Holdings, PlayState, Rules, Step};
use crate::solver::Analysis;
use crate::solver::findings::DeadEndWhy;

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
            Self::DeadEnd(i) => analysis.dead_ends.found.get(i).map(|d| d.steps.clone()),
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
    /// Why the player is stuck, for a dead end, as the analysis's fields
    /// (worded by the panel, names before ids).
    pub why: Option<crate::solver::findings::DeadEndWhy>,
    last_tick: Option<Instant>,
    /// What is shown after `shown.at` steps, kept between frames.
    shown: Option<Shown>,
}

/// A state of play as the canvas draws it, every part of it the core's
/// answer: the state, the doors open in it, and where every lever stands.
#[derive(Clone, Debug)]
pub struct Shown {
    /// After how many steps.
    pub at: usize,
    /// The state of play.
    pub state: PlayState,
    /// Per door: open in `state` ([`Rules::doors_open`]).
    pub open: Vec<bool>,
    /// Per lever: down after the steps taken ([`Rules::levers_down`]).
    pub down: Vec<bool>,
}

impl Shown {
    /// What `rules` say of `state`, reached by `steps`.
    fn of(rules: &Rules<'_>, state: PlayState, steps: &[Step]) -> Self {
        Self {
            at: steps.len(),
            open: rules.doors_open(&state),
            down: rules.levers_down(steps),
            state,
        }
    }
}

impl Viewer {
    /// A viewer on `source`'s plan, at the start (or, for a dead end, at its end).
    pub fn new(source: Source, analysis: &Analysis) -> Option<Self> {
        let steps: Vec<Step> = source
            .steps(analysis)?
            .into_iter()
            .filter(|s| !matches!(s, Step::Pickup { .. }))
            .collect();
        let why = match source {
            Source::DeadEnd(i) => analysis.dead_ends.found.get(i).map(|d| d.why.clone()),
            _ => None,
        };
        let at = if why.is_some() { steps.len() } else { 0 };
        Some(Self {
            source,
            steps,
            at,
            playing: false,
            speed: 2.0,
            why,
            last_tick: None,
            shown: None,
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

    /// What is shown after the steps taken so far: worked out by the rules
    /// again only when the step changes, and then from the step shown
    /// before when it lies behind (stepping on replays one step, not the
    /// whole plan).
    ///
    /// `checked` is `level` checked once for its revision: its rules' tables
    /// are not made again.
    pub fn shown(&mut self, level: &Level, checked: &Checked) -> Option<Shown> {
        let at = self.at.min(self.steps.len());
        if let Some(shown) = &self.shown
            && shown.at == at
        {
            return Some(shown.clone());
        }
        let rules = checked.rules(level)?;
        let (from, mut state) = match self.shown.take() {
            Some(shown) if shown.at <= at => (shown.at, shown.state),
            _ => (0, rules.start()),
        };
        for step in &self.steps[from..at] {
            if rules.apply(&mut state, step).is_err() {
                break;
            }
        }
        let shown = Shown::of(&rules, state, &self.steps[..at]);
        self.shown = Some(shown.clone());
        Some(shown)
    }

    /// The state after the steps taken so far (see [`Self::shown`]).
    pub fn state(&mut self, level: &Level, checked: &Checked) -> Option<PlayState> {
        self.shown(level, checked).map(|s| s.state)
    }

    /// The step about to be taken (or just taken, at the end).
    pub fn current(&self) -> Option<&Step> {
        self.steps.get(self.at.saturating_sub(1))
    }
}

/// The designer playing the level, on a [`Session`] of the core.
#[derive(Clone, Debug)]
pub struct Play {
    /// The game, once the level's guide is made (on a worker thread).
    session: Option<Session>,
    /// What the canvas shows: the state now, its open doors and levers.
    shown: Shown,
    /// Steps taken, in order (what the session's undo takes back).
    pub log: Vec<Step>,
    /// What to tell the player now.
    pub message: Option<(String, Tone)>,
    /// The hint asked for at this step (H), until the next step.
    pub hint: Option<Hint>,
    /// Where the player is stuck, while in a dead end.
    pub stuck: Option<StuckAt>,
}

/// A dead end in play: why, as the core's finding, and which step of the
/// play log was the point of no return.
#[derive(Clone, Debug)]
pub struct StuckAt {
    /// The structured finding ([`crate::play::Stuck::why`]).
    pub why: DeadEndWhy,
    /// The point of no return's number in [`Play::log`] (1 = the first
    /// step); `None` when the goal was never in reach.
    pub step: Option<usize>,
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

/// What play mode knows of the level besides its session: the live
/// analysis, to compare the player's cost with the optimum.
pub struct PlayContext<'r> {
    /// The live analysis, when it is done.
    pub analysis: Option<&'r Analysis>,
}

impl Play {
    /// A game at the start of `level`, waiting for its guide: the canvas
    /// shows the start, and steps wait until [`Self::ready`].
    pub fn waiting(rules: &Rules<'_>) -> Self {
        Self {
            session: None,
            shown: Shown::of(rules, rules.start(), &[]),
            log: Vec::new(),
            message: Some(("Getting the level ready for play…".to_owned(), Tone::Info)),
            hint: None,
            stuck: None,
        }
    }

    /// The guide is made: the game starts.
    pub fn ready(&mut self, cx: &PlayContext<'_>, guide: Arc<Guide>) {
        self.session = Some(Session::new(guide));
        self.log.clear();
        self.stuck = None;
        self.after_step(cx, None);
    }

    /// True once the game has its session.
    pub fn is_ready(&self) -> bool {
        self.session.is_some()
    }

    /// What the canvas shows now.
    pub fn shown(&self) -> &Shown {
        &self.shown
    }

    /// Walks into `room` through the cheapest door the session allows from
    /// the current room; says why not when none does.
    pub fn walk_to(&mut self, cx: &PlayContext<'_>, room: &RoomId) {
        let Some(session) = &self.session else {
            return;
        };
        let guide = Arc::clone(session.guide());
        let (level, rules) = (guide.level(), guide.rules());
        let labels = Labels::with_index(level, rules.index());
        let here = match level.rooms.get(session.state().room()) {
            Some(r) if &r.id != room => r.id.clone(),
            _ => return,
        };
        let cost = |door: &crate::model::DoorId| {
            (rules.index().door(door))
                .and_then(|d| level.doors.get(d))
                .map_or(f64::INFINITY, |d| d.cost)
        };
        let legal = (session.legal_steps().into_iter())
            .filter(|s| matches!(s, Step::Move { to, .. } if to == room))
            .min_by(|a, b| match (a, b) {
                (Step::Move { door: x, .. }, Step::Move { door: y, .. }) => {
                    cost(x).total_cmp(&cost(y))
                }
                _ => std::cmp::Ordering::Equal,
            });
        if let Some(step) = legal {
            return self.take(cx, step);
        }
        let why = (level.doors.iter())
            .filter(|d| d.other_side(&here) == Some(room))
            .find_map(|d| {
                let step = Step::Move {
                    door: d.id.clone(),
                    to: room.clone(),
                };
                session.is_legal(&step).err()
            });
        let text = match why {
            Some(e) => capitalise(&e.to_string()),
            None => format!(
                "No door leads from {} to {}",
                labels.room(&here),
                labels.room(room)
            ),
        };
        self.message = Some((text, Tone::Bad));
    }

    /// Pulls a lever in the current room.
    pub fn pull(&mut self, cx: &PlayContext<'_>, lever: &LeverId) {
        let step = Step::Pull {
            lever: lever.clone(),
        };
        self.take(cx, step);
    }

    fn take(&mut self, cx: &PlayContext<'_>, step: Step) {
        let Some(session) = &mut self.session else {
            return;
        };
        if session.is_solved() {
            return;
        }
        match session.apply(&step) {
            Ok(picked) => {
                self.log.push(step);
                let guide = Arc::clone(session.guide());
                let rules = guide.rules();
                let labels = Labels::with_index(guide.level(), rules.index());
                let got: Vec<String> = picked.iter().map(|k| labels.key(k)).collect();
                let info = (!got.is_empty()).then(|| format!("Picked up {}", got.join(", ")));
                self.after_step(cx, info);
            }
            Err(e) => self.message = Some((capitalise(&e.to_string()), Tone::Bad)),
        }
    }

    /// Takes back the last step, through the session.
    pub fn undo(&mut self, cx: &PlayContext<'_>) {
        if let Some(session) = &mut self.session
            && session.undo()
        {
            self.log.pop();
            self.after_step(cx, Some("Took back a step".to_owned()));
        }
    }

    /// Asks the session what to do next, and keeps the answer to show.
    pub fn ask_hint(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let hint = session.hint();
        let guide = Arc::clone(session.guide());
        let rules = guide.rules();
        let labels = Labels::with_index(guide.level(), rules.index());
        self.message = Some(match &hint {
            Hint::Step(step) => (
                format!("Hint: {}", super::findings::step_words(&labels, step)),
                Tone::Info,
            ),
            Hint::Solved => ("The level is solved".to_owned(), Tone::Good),
            Hint::Stuck(_) => (self.stuck_words(&labels), Tone::Bad),
            Hint::NotKnown(e) => (format!("No hint: {e}"), Tone::Info),
        });
        self.hint = Some(hint);
    }

    /// The step the hint shows, if it is one.
    pub fn hinted(&self) -> Option<&Step> {
        self.hint.as_ref().and_then(Hint::step)
    }

    /// The point of no return's step, while stuck.
    pub fn no_return(&self) -> Option<&Step> {
        let n = self.stuck.as_ref()?.step?;
        self.log.get(n.checked_sub(1)?)
    }

    /// Says what just happened, from the session's answers: the goal
    /// (compared with the optimum the live analysis found), a dead end with
    /// its reason and point of no return, or what was picked up.
    fn after_step(&mut self, cx: &PlayContext<'_>, info: Option<String>) {
        self.hint = None;
        let Some(session) = &self.session else {
            return;
        };
        let guide = Arc::clone(session.guide());
        let rules = guide.rules();
        self.shown = Shown::of(&rules, session.state().clone(), &self.log);
        if session.is_solved() {
            self.stuck = None;
            self.message = Some((goal_words(session.state(), cx), Tone::Good));
            return;
        }
        let labels = Labels::with_index(guide.level(), rules.index());
        match session.is_stuck() {
            Ok(Some(stuck)) => {
                let step = match &self.stuck {
                    Some(known) if known.step.is_none_or(|n| n <= self.log.len()) => known.step,
                    _ => no_return_number(&self.log, &stuck.why),
                };
                self.stuck = Some(StuckAt {
                    why: stuck.why.clone(),
                    step,
                });
                self.message = Some((self.stuck_words(&labels), Tone::Bad));
            }
            Ok(None) => {
                self.stuck = None;
                self.message = info.map(|i| (i, Tone::Info));
            }
            Err(not_known) => {
                self.stuck = None;
                let text = format!("Whether the goal can still be reached is {not_known}");
                self.message = Some((
                    info.map_or(text.clone(), |i| format!("{i}. {text}")),
                    Tone::Info,
                ));
            }
        }
    }

    /// The dead end in the editor's words for findings.
    fn stuck_words(&self, labels: &Labels<'_>) -> String {
        match &self.stuck {
            Some(s) => format!(
                "Dead end: {}",
                super::findings::dead_end_lines(labels, &s.why, s.step.unwrap_or(0)).join("; ")
            ),
            None => "Dead end".to_owned(),
        }
    }
}

/// Where in `log` the point of no return of `why` lies: the last step
/// equal to it, numbered from 1.
fn no_return_number(log: &[Step], why: &DeadEndWhy) -> Option<usize> {
    let step = &why.no_return.as_ref()?.step;
    log.iter().rposition(|s| s == step).map(|i| i + 1)
}

/// "Goal reached in 10 moves and 0 pulls, cost 10 — as cheap as the best solution".
fn goal_words(state: &PlayState, cx: &PlayContext<'_>) -> String {
    let best = cx.analysis.and_then(|a| a.plan.as_ref());
    let compare = best.map_or_else(String::new, |p| {
        if p.cost >= state.cost() {
            " — as cheap as the best solution".to_owned()
        } else {
            format!(
                " — the best solution costs {} ({} moves, {} pulls)",
                crate::model::format_cost(p.cost),
                p.moves,
                p.pulls
            )
        }
    });
    format!(
        "Goal reached in {} moves and {} pulls, cost {}{compare}",
        state.moves(),
        state.pulls(),
        crate::model::format_cost(state.cost())
    )
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// What the editor is doing with the level besides editing it.
#[derive(Clone, Debug, Default)]
#[allow(
    clippy::large_enum_variant,
    reason = "one Mode per editor; the viewer grew with the state of play's item counts and lever parities"
)]
pub enum Mode {
    /// Plain editing.
    #[default]
    Edit,
    /// Stepping through a plan.
    View(Viewer),
    /// The designer plays.
    Play(Box<Play>),
}

/// What the canvas draws while viewing or playing.
#[derive(Clone, Debug)]
pub struct PlayView {
    /// The state shown, its open doors and its levers' positions.
    pub shown: Shown,
    /// The step just taken, highlighted.
    pub current: Option<Step>,
    /// True in play mode: clicks on rooms and levers are moves and pulls.
    pub interactive: bool,
    /// While viewing a plan: which plan, and how many steps were taken.
    pub step: Option<(Source, usize)>,
    /// The step a hint shows (play mode, after H).
    pub hint: Option<Step>,
    /// The point of no return, while the player is stuck.
    pub no_return: Option<Step>,
}

impl PlayView {
    /// The state of play shown.
    pub fn state(&self) -> &PlayState {
        &self.shown.state
    }

    /// Is door `d` open in the state shown? (The core's answer.)
    pub fn door_open(&self, d: usize) -> bool {
        self.shown.open.get(d).copied().unwrap_or(false)
    }

    /// Is lever `l` down in the state shown?
    pub fn lever_down(&self, l: usize) -> bool {
        self.shown.down.get(l).copied().unwrap_or(false)
    }

    /// Does the literal of lever `l` (`pulled`: odd, else even) hold in
    /// the state shown? (The state's own answer, as the rules ask it.)
    pub fn literal_holds(&self, l: usize, pulled: bool) -> bool {
        self.shown.state.literal_holds(l, pulled)
    }
}

impl Mode {
    /// What to draw, if anything, for `level`. Cheap to call every frame:
    /// the state shown is kept, not replayed.
    pub fn play_view(&mut self, level: &Level, checked: &Checked) -> Option<PlayView> {
        match self {
            Self::Edit => None,
            Self::View(v) => Some(PlayView {
                shown: v.shown(level, checked)?,
                current: v.current().cloned().filter(|_| v.at > 0),
                interactive: false,
                step: Some((v.source, v.at)),
                hint: None,
                // A dead end's trace marks its point of no return too.
                no_return: (v.why.as_ref())
                    .and_then(|why| why.no_return.as_ref())
                    .map(|n| n.step.clone()),
            }),
            Self::Play(p) => Some(PlayView {
                shown: p.shown.clone(),
                current: p.log.last().cloned(),
                interactive: true,
                step: None,
                hint: p.hinted().cloned(),
                no_return: p.no_return().cloned(),
            }),
        }
    }
}
