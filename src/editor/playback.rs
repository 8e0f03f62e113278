//! Watching a plan step by step, and playing the level as the player. Both
//! replay steps with the core's rules, so they can never disagree with the
//! solver.

use std::time::{Duration, Instant};

use crate::model::{Level, LeverId, Literal, RoomId};
use crate::rules::{Illegal, PlayState, Rules, Step};
use crate::solver::Analysis;

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
    /// The state after `shown.0` steps, kept between frames.
    shown: Option<(usize, PlayState)>,
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

    /// The state after the steps taken so far: worked out again only when
    /// the step changes, and then from the step shown before when it lies
    /// behind (stepping on replays one step, not the whole plan).
    pub fn state(&mut self, level: &Level) -> Option<PlayState> {
        let at = self.at.min(self.steps.len());
        if let Some((shown, state)) = &self.shown
            && *shown == at
        {
            return Some(state.clone());
        }
        let rules = Rules::new(level).ok()?;
        let (from, mut state) = match self.shown.take() {
            Some((shown, state)) if shown <= at => (shown, state),
            _ => (0, rules.start()),
        };
        for step in &self.steps[from..at] {
            if rules.apply(&mut state, step).is_err() {
                break;
            }
        }
        self.shown = Some((at, state.clone()));
        Some(state)
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
    /// Counts every step (and undo), so a late answer can be recognised.
    turn: u64,
    /// "Can the goal still be reached?" for this turn, to be asked of the
    /// worker: the level as it stands now.
    check: Option<(u64, Level)>,
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

/// What play mode knows of the level: its rules, and the live analysis.
pub struct PlayContext<'r, 'a> {
    /// The rules of the level.
    pub rules: &'r Rules<'a>,
    /// The live analysis, when it is done.
    pub analysis: Option<&'r Analysis>,
}

impl Play {
    /// A new game from the start.
    pub fn new(cx: &PlayContext<'_, '_>) -> Self {
        let mut play = Self {
            state: cx.rules.start(),
            history: Vec::new(),
            log: Vec::new(),
            message: None,
            turn: 0,
            check: None,
        };
        play.after_step(cx, None);
        play
    }

    /// Walks into `room` through the cheapest legal door from the current room.
    pub fn walk_to(&mut self, cx: &PlayContext<'_, '_>, room: &RoomId) {
        let rules = cx.rules;
        let level = rules.level();
        let labels = crate::model::Labels::with_index(level, rules.index());
        let Some(to) = rules.index().room(room) else {
            return;
        };
        if to == self.state.room() {
            return;
        }
        let here = &level.rooms[self.state.room()].id;
        let doors: Vec<usize> = (0..level.doors.len())
            .filter(|&d| level.doors[d].other_side(here) == Some(room))
            .collect();
        if doors.is_empty() {
            self.message = Some((
                format!(
                    "No door leads from {} to {}",
                    labels.room(here),
                    labels.room(room)
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
                self.take(cx, step);
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
    pub fn pull(&mut self, cx: &PlayContext<'_, '_>, lever: &LeverId) {
        self.take(
            cx,
            Step::Pull {
                lever: lever.clone(),
            },
        );
    }

    fn take(&mut self, cx: &PlayContext<'_, '_>, step: Step) {
        let rules = cx.rules;
        let labels = crate::model::Labels::with_index(rules.level(), rules.index());
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
                    .map(|&k| labels.key(&level.keys[k].id))
                    .collect();
                self.after_step(
                    cx,
                    (!got.is_empty()).then(|| format!("Picked up {}", got.join(", "))),
                );
            }
            Err(e) => self.message = Some((capitalise(&e.to_string()), Tone::Bad)),
        }
    }

    /// Takes back the last step.
    pub fn undo(&mut self, cx: &PlayContext<'_, '_>) {
        if let Some(previous) = self.history.pop() {
            self.state = previous;
            self.log.pop();
            self.after_step(cx, Some("Took back a step".to_owned()));
        }
    }

    /// Says what just happened: the goal (compared with the optimum the
    /// live analysis found), or what was picked up; and leaves the question
    /// "is this a dead end?" for the worker, unless the analysis already
    /// proved that the level has none.
    fn after_step(&mut self, cx: &PlayContext<'_, '_>, info: Option<String>) {
        self.turn += 1;
        self.check = None;
        let rules = cx.rules;
        if rules.is_solved(&self.state) {
            let best = cx.analysis.and_then(|a| a.plan.as_ref());
            let compare = best.map_or_else(String::new, |p| {
                if p.cost >= self.state.cost() {
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
            let text = format!(
                "Goal reached in {} moves and {} pulls, cost {}{compare}",
                self.state.moves(),
                self.state.pulls(),
                crate::model::format_cost(self.state.cost())
            );
            self.message = Some((text, Tone::Good));
            return;
        }
        self.message = info.map(|i| (i, Tone::Info));
        let no_dead_ends = cx
            .analysis
            .is_some_and(|a| a.dead_ends.exist == Some(false));
        if !no_dead_ends {
            self.check = Some((self.turn, rules.level_as_of(&self.state)));
        }
    }

    /// The question for the worker, once: `(turn, the level as it stands)`.
    pub fn take_check(&mut self) -> Option<(u64, Level)> {
        self.check.take()
    }

    /// The worker's answer for `turn`: warns when the goal can no longer be
    /// reached (an answer for an earlier turn is ignored).
    pub fn checked(&mut self, turn: u64, dead: bool) {
        if turn == self.turn && dead {
            self.message = Some((
                "Dead end: the goal can no longer be reached from here. Undo a step or restart."
                    .to_owned(),
                Tone::Bad,
            ));
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
    /// The state shown.
    pub state: PlayState,
    /// The step just taken, highlighted.
    pub current: Option<Step>,
    /// True in play mode: clicks on rooms and levers are moves and pulls.
    pub interactive: bool,
    /// While viewing a plan: which plan, and how many steps were taken.
    pub step: Option<(Source, usize)>,
    /// Per lever, in `level.levers` order: down (pulled an odd number of
    /// times in the steps taken)?
    pub levers_down: Vec<bool>,
}

impl PlayView {
    /// Is door `d` open in the state shown? A door with a condition is open
    /// while its condition holds for the levers' positions.
    pub fn door_open(&self, level: &Level, d: usize) -> bool {
        let Some(door) = level.doors.get(d) else {
            return false;
        };
        match &door.open_when {
            Some(condition) => condition_holds(level, condition, &self.levers_down),
            None => self.state.open_doors().get(d).copied().unwrap_or(door.open),
        }
    }

    /// Is lever `l` down in the state shown?
    pub fn lever_down(&self, l: usize) -> bool {
        self.levers_down.get(l).copied().unwrap_or(false)
    }
}

/// Does `condition` hold with the levers `down` as given (in `level.levers` order)?
pub fn condition_holds(level: &Level, condition: &[Vec<Literal>], down: &[bool]) -> bool {
    condition.iter().any(|all| {
        all.iter().all(|lit| {
            let l = level.levers.iter().position(|x| x.id == lit.lever);
            l.and_then(|l| down.get(l)).copied().unwrap_or(false) == lit.pulled
        })
    })
}

/// Per lever: pulled an odd number of times in `steps`?
fn levers_down(level: &Level, steps: &[Step]) -> Vec<bool> {
    let mut down = vec![false; level.levers.len()];
    if steps.iter().any(|s| matches!(s, Step::Pull { .. })) {
        let index: rustc_hash::FxHashMap<&LeverId, usize> = (level.levers.iter().enumerate())
            .map(|(l, lever)| (&lever.id, l))
            .collect();
        for step in steps {
            if let Step::Pull { lever } = step
                && let Some(&l) = index.get(lever)
            {
                down[l] = !down[l];
            }
        }
    }
    down
}

impl Mode {
    /// What to draw, if anything, for `level`. Cheap to call every frame:
    /// the state shown is kept, not replayed.
    pub fn play_view(&mut self, level: &Level) -> Option<PlayView> {
        match self {
            Self::Edit => None,
            Self::View(v) => Some(PlayView {
                state: v.state(level)?,
                current: v.current().cloned().filter(|_| v.at > 0),
                interactive: false,
                step: Some((v.source, v.at)),
                levers_down: levers_down(level, &v.steps[..v.at.min(v.steps.len())]),
            }),
            Self::Play(p) => Some(PlayView {
                state: p.state.clone(),
                current: p.log.last().cloned(),
                interactive: true,
                step: None,
                levers_down: levers_down(level, &p.log),
            }),
        }
    }
}
