#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The play session checked against the brute force (`brute/`) on every
//! reachable state of thousands of random small levels using every rule:
//! following `hint()` from any state reaches the goal at exactly the least
//! remaining cost (Dijkstra's algorithm from that state), `cost_to_goal()`
//! is that cost, `is_stuck()` says exactly which states can no longer reach
//! the goal, and the dead ends it counts are the analysis's; a saved state
//! restores to the same answers. Both ways a session answers are checked:
//! the table of every state, and the bounded searches it falls back on.
//!
//! `PLAY_CASES=N` sets the number of random levels per test (default 500);
//! the ignored test runs 3,000 of each kind.

mod brute;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use brute::{
    Brute, Graph, Kind, Spec, St, Track, build, build_ext, from_quarters, spec, spec_ext,
    spec_lock_ext, spec_of,
};
use lockwork::model::{Door, Key, Level, Lever, Room};
use lockwork::play::{Guide, Hint, PlayOptions, RestoreError, SavedSession, Session, StepError};
use lockwork::rules::{Illegal, Step};
use lockwork::solver::{SolveOptions, analyze};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// The two ways a session answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// Every reachable state in the table.
    Table,
    /// No table: what the structure proves, and bounded searches.
    Search,
}

fn options(way: Way) -> PlayOptions {
    match way {
        Way::Table => PlayOptions::default(),
        Way::Search => PlayOptions {
            table_states: 1,
            ..PlayOptions::default()
        },
    }
}

/// What the brute force knows of a level: every reachable state, which can
/// still reach the goal, and the least cost to it from each.
struct Truth {
    brute: Brute,
    graph: Graph,
    index: HashMap<St, usize>,
    live: Vec<bool>,
}

impl Truth {
    fn new(level: &Level) -> Self {
        let brute = Brute::new(level, Track::AllKeys);
        let graph = brute.explore();
        let index = (graph.states.iter().cloned())
            .enumerate()
            .map(|(i, s)| (s, i))
            .collect();
        let live = graph.live();
        Self {
            brute,
            graph,
            index,
            live,
        }
    }

    fn number(&self, session: &Session) -> usize {
        let st = self.brute.state_of(session.state());
        *self
            .index
            .get(&st)
            .expect("a session state the brute force never reaches")
    }

    fn least_from(&self, i: usize) -> Option<f64> {
        self.graph
            .least_from(i, false)
            .map(|(_, c)| from_quarters(c))
    }
}

/// Follows the hints from `session` to the end; returns what it paid.
fn follow_hints(session: &Session, limit: usize, text: &str) -> f64 {
    let mut s = session.clone();
    let mut paid = 0.0;
    for _ in 0..=limit {
        let Hint::Step(step) = s.hint() else {
            assert!(s.is_solved(), "a hint ran out short of the goal\n{text}");
            return paid;
        };
        let before = s.state().cost();
        s.apply(&step)
            .unwrap_or_else(|e| panic!("hint {step} is not legal: {e}\n{text}"));
        paid += s.state().cost() - before;
    }
    panic!("the hints go round in circles\n{text}");
}

/// Checks one state of play against the truth.
fn check_state(t: &Truth, session: &Session, text: &str) {
    let i = t.number(session);
    let want = t.least_from(i);
    assert_eq!(
        session.cost_to_goal().unwrap(),
        want,
        "cost to goal\n{text}"
    );
    let stuck = session.is_stuck().unwrap();
    assert_eq!(stuck.is_none(), t.live[i], "is_stuck\n{text}");
    if let Some(stuck) = stuck {
        assert!(stuck.reason.starts_with("stuck in "), "{}", stuck.reason);
        assert_eq!(session.hint(), Hint::Stuck(Box::new(stuck.clone())));
    }
    if let Some(cost) = want {
        let paid = follow_hints(session, t.graph.states.len(), text);
        assert_eq!(paid, cost, "following the hints\n{text}");
    }
    let steps = session.legal_steps();
    if !session.is_solved() {
        assert_eq!(steps.len(), t.graph.edges[i].len(), "legal steps\n{text}");
    }
    for step in &steps {
        assert_eq!(session.is_legal(step), Ok(()), "{step}\n{text}");
    }
    let back = Session::restore(session.guide().clone(), &session.save()).unwrap();
    assert_eq!(back.state(), session.state(), "restored state\n{text}");
    assert_eq!(back.cost_to_goal().unwrap(), want, "restored cost\n{text}");
    let stuck_back = back.is_stuck().unwrap().is_some();
    assert_eq!(stuck_back, !t.live[i], "restored is_stuck\n{text}");
}

/// Walks every reachable state of `level` through sessions, checking each;
/// returns how many there were, and how many were dead ends.
fn check_level(level: &Level, way: Way) -> (usize, usize) {
    let text = lockwork::format::to_string(level);
    let t = Truth::new(level);
    let start = Session::open(level.clone(), &options(way)).unwrap();
    let guide = start.guide().clone();
    if way == Way::Table {
        let dead = t.live.iter().filter(|&&l| !l).count();
        assert_eq!(
            guide.reachable_states(),
            Some(t.graph.states.len()),
            "{text}"
        );
        assert_eq!(guide.dead_end_states(), Some(dead), "{text}");
        let a = analyze(level, &SolveOptions::default()).unwrap();
        if let Some(states) = a.dead_ends.states {
            assert_eq!(guide.dead_end_states(), Some(states), "analysis\n{text}");
        }
    } else {
        assert!(!guide.has_table());
    }
    let mut seen = HashSet::from([t.number(&start)]);
    let mut queue = vec![start];
    while let Some(session) = queue.pop() {
        check_state(&t, &session, &text);
        for step in session.legal_steps() {
            let mut next = session.clone();
            next.apply(&step).unwrap();
            if seen.insert(t.number(&next)) {
                queue.push(next);
            }
        }
    }
    assert_eq!(seen.len(), t.graph.states.len(), "states walked\n{text}");
    (seen.len(), t.live.iter().filter(|&&l| !l).count())
}

fn cases() -> u32 {
    std::env::var("PLAY_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(500)
}

/// Larger levels than the brute force's own kinds: 5 to 8 rooms on a chain
/// with doors across, up to 3 named and 3 small keys and 1 to 4 levers, so
/// that a level has tens to hundreds of states and the hints a way to go.
fn larger() -> impl Strategy<Value = Spec> {
    spec_of(Kind {
        rooms: 5..=8,
        open: 0.6,
        locked: 3,
        doors: 6..=12,
        levers: 1..=4,
        chain: 1.0,
    })
}

/// Checks `cases` levels of `kind` one `way`.
fn run(kind: &str, levels: impl Strategy<Value = Spec>, cases: u32, way: Way) {
    run_levels(kind, levels.prop_map(|spec| build(&spec)), cases, way);
}

/// Checks `cases` levels one `way`.
fn run_levels(kind: &str, levels: impl Strategy<Value = Level>, cases: u32, way: Way) {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let tally = std::cell::Cell::new((0usize, 0usize, 0usize));
    runner
        .run(&levels, |level| {
            let (states, dead) = check_level(&level, way);
            let (all, deads, with_dead) = tally.get();
            tally.set((
                all + states,
                deads + dead,
                with_dead + usize::from(dead > 0),
            ));
            Ok(())
        })
        .unwrap();
    // The levels test something: states to walk, dead ends in a good share.
    let (states, dead, with_dead) = tally.get();
    eprintln!(
        "{way:?}, {kind}: {cases} levels, {states} states, {dead} dead ends in {with_dead} levels"
    );
    assert!(states >= 2 * cases as usize && with_dead * 5 > cases as usize);
}

/// Every kind of random level, `cases` of each, one `way`.
fn run_all(cases: u32, way: Way) {
    run("any", spec(false), cases, way);
    run("puzzles", spec(true), cases, way);
    run("larger", larger(), cases / 2, way);
}

#[test]
fn hints_costs_and_dead_ends_agree_with_brute_force_by_table() {
    run_all(cases(), Way::Table);
}

#[test]
fn hints_costs_and_dead_ends_agree_with_brute_force_by_search() {
    run_all(cases() / 2, Way::Search);
}

/// Random small levels using every field of the version-1 extensions
/// (carried keys, bombs and spend, `locks_any`, `locked_from`, `open_when`,
/// `once`), checked against the extended brute force, `cases` of each kind.
/// Only by table: without it, a session on an extended level answers "not
/// known" (the bounded searches are written for levels without extensions).
fn run_extended(cases: u32, way: Way) {
    run_with_ext("extended", spec_ext, cases, way);
}

/// `cases` levels of `kind` one `way`, any and puzzles, each made from a
/// spec and its extensions drawn by `ext` (given whether it is a puzzle).
fn run_with_ext<S: Strategy<Value = (Spec, brute::Ext)>>(
    kind: &str,
    ext: impl Fn(bool) -> S,
    cases: u32,
    way: Way,
) {
    let build = |(spec, ext): (Spec, brute::Ext)| build_ext(&spec, &ext);
    run_levels(kind, ext(false).prop_map(build), cases, way);
    let puzzles = format!("{kind} puzzles");
    run_levels(&puzzles, ext(true).prop_map(build), cases, way);
}

#[test]
fn extended_levels_hints_costs_and_dead_ends_agree_with_brute_force_by_table() {
    run_extended(cases(), Way::Table);
}

/// Any-of locks, locks on one side and carried keys with every other rule
/// but items of other kinds, `open_when` and `once`: the solver's fast
/// paths answer these, so they are checked both ways.
fn run_lock_extended(cases: u32, way: Way) {
    run_with_ext("lock-extended", spec_lock_ext, cases, way);
}

#[test]
fn lock_extended_levels_agree_with_brute_force_by_table() {
    run_lock_extended(cases(), Way::Table);
}

#[test]
fn lock_extended_levels_agree_with_brute_force_by_search() {
    run_lock_extended(cases() / 2, Way::Search);
}

#[test]
#[ignore = "thousands of levels of each kind, each way: run with --release -- --ignored"]
fn thousands_of_levels_agree_with_brute_force() {
    for way in [Way::Table, Way::Search] {
        run_all(4000, way);
        run_lock_extended(4000, way);
    }
    run_extended(4000, Way::Table);
}

// ---------------------------------------------------------------------------
// Hand-written levels.
// ---------------------------------------------------------------------------

/// One small key, two small locks out of r1 (d1 to r2, d2 to r3, the goal).
fn wrong_door() -> Level {
    let mut level = Level::new("wrong door");
    level.rooms.push(Room::new("r2", [100.0, 0.0]));
    level.rooms.push(Room::new("r3", [0.0, 100.0]));
    for (id, to) in [("d1", "r2"), ("d2", "r3")] {
        let mut door = Door::new(id, "r1", to);
        door.small_locks = 1;
        level.doors.push(door);
    }
    let mut key = Key::new("s1", "r1");
    key.small = true;
    level.keys.push(key);
    level.goal = "r3".into();
    level
}

fn mv(door: &str, to: &str) -> Step {
    Step::Move {
        door: door.into(),
        to: to.into(),
    }
}

#[test]
fn a_dead_end_is_explained_as_check_explains_it() {
    let level = wrong_door();
    let a = analyze(&level, &SolveOptions::default()).unwrap();
    let check = &a.dead_ends.found[0];
    for way in [Way::Table, Way::Search] {
        let mut session = Session::open(level.clone(), &options(way)).unwrap();
        session.apply(&mv("d1", "r2")).unwrap();
        let stuck = session.is_stuck().unwrap().unwrap().clone();
        assert_eq!(stuck.reason, check.reason, "{way:?}");
        // The same fields, for a game to word: the small key spent on d1 is
        // the point of no return, and d2 needs one with none in hand.
        assert_eq!(stuck.why, check.why, "{way:?}");
        let no_return = stuck.why.no_return.as_ref().unwrap();
        assert_eq!(no_return.step, mv("d1", "r2"));
        assert!(matches!(
            &no_return.effect,
            lockwork::solver::findings::Effect::Spent { door, .. } if door.as_str() == "d1"
        ));
        let json = serde_json::to_string(&stuck).unwrap();
        let back: lockwork::play::Stuck = serde_json::from_str(&json).unwrap();
        assert_eq!(back, stuck, "a Stuck goes through JSON and back");
        assert_eq!(stuck.step, Some(mv("d1", "r2")));
        // Walking back does not undo it, and the reason stays that step's.
        session.apply(&mv("d1", "r1")).unwrap();
        assert_eq!(session.is_stuck().unwrap(), Some(&stuck));
        assert_eq!(session.hint(), Hint::Stuck(Box::new(stuck.clone())));
        assert_eq!(session.cost_to_goal().unwrap(), None);
        session.undo();
        session.undo();
        assert_eq!(session.is_stuck().unwrap(), None);
        assert_eq!(session.hint(), Hint::Step(mv("d2", "r3")));
    }
    // A restored dead end finds its fatal step in the table.
    let session = Session::open(level, &PlayOptions::default()).unwrap();
    let saved = SavedSession {
        room: "r1".into(),
        keys: vec!["s1".into()],
        toggled: vec![],
        unlocked: vec!["d1".into()],
        levers: vec![],
        cost: 2.0,
        moves: 2,
        pulls: 0,
        level: None,
        history: None,
        extra: Default::default(),
    };
    let back = Session::restore(session.guide().clone(), &saved).unwrap();
    let stuck = back.is_stuck().unwrap().unwrap();
    assert_eq!(
        (stuck.step.clone(), &stuck.reason),
        (Some(mv("d1", "r2")), &check.reason)
    );
}

#[test]
fn steps_are_refused_in_replays_words_and_after_the_goal() {
    let mut session = Session::open(wrong_door(), &PlayOptions::default()).unwrap();
    let back = mv("d2", "r1");
    let words = lockwork::rules::replay(session.guide().level(), std::slice::from_ref(&back))
        .unwrap_err()
        .to_string();
    let err = session.is_legal(&back).unwrap_err();
    assert!(words.ends_with(&err.to_string()), "{words} / {err}");
    assert_eq!(
        session.apply(&mv("d9", "r2")),
        Err(StepError::Illegal(Illegal::NoSuchDoor("d9".into())))
    );
    assert_eq!(session.history_len(), 0, "a refused step is not taken");
    session.apply(&mv("d2", "r3")).unwrap();
    assert!(session.is_solved());
    assert_eq!(session.is_legal(&mv("d2", "r1")), Err(StepError::Solved));
    assert!(session.legal_steps().is_empty());
    assert_eq!(session.cost_to_goal().unwrap(), Some(0.0));
    assert_eq!(session.hint(), Hint::Solved);
}

#[test]
fn a_pickup_is_legal_only_where_the_key_lies() {
    let mut level = wrong_door();
    level.keys.push(Key::new("gem", "r2"));
    let mut session = Session::open(level, &PlayOptions::default()).unwrap();
    let pickup = |key: &str| Step::Pickup { key: key.into() };
    assert_eq!(session.is_legal(&pickup("s1")), Ok(()));
    let here = Illegal::KeyNotHere {
        key: "gem".into(),
        here: "r1".into(),
    };
    assert_eq!(session.apply(&pickup("gem")), Err(StepError::Illegal(here)));
    let none = Illegal::NoSuchKey("ruby".into());
    assert_eq!(
        session.is_legal(&pickup("ruby")),
        Err(StepError::Illegal(none))
    );
    session.apply(&mv("d1", "r2")).unwrap();
    assert_eq!(session.is_legal(&pickup("gem")), Ok(()));
}

#[test]
fn refusals_serialise_with_fields_a_game_can_word() {
    let session = Session::open(wrong_door(), &PlayOptions::default()).unwrap();
    let err = session.is_legal(&mv("d9", "r2")).unwrap_err();
    let json = serde_json::to_value(&err).unwrap();
    assert_eq!(json["kind"], "no_such_door");
    assert_eq!(json["door"], "d9");
    assert_eq!(json["message"], err.to_string());
    let items = Illegal::NotEnoughItems {
        door: "d1".into(),
        kind: "bomb".into(),
        needed: 2,
        held: 0,
    };
    let json = serde_json::to_value(&items).unwrap();
    assert_eq!(
        (&json["kind"], &json["item"], &json["needed"]),
        (&"not_enough_items".into(), &"bomb".into(), &2.into())
    );
}

#[test]
fn saved_states_that_do_not_fit_the_level_are_refused() {
    let guide = Arc::new(Guide::new(wrong_door(), &PlayOptions::default()).unwrap());
    let good = Session::new(guide.clone()).save();
    let with = |f: &dyn Fn(&mut SavedSession)| {
        let mut saved = good.clone();
        f(&mut saved);
        Session::restore(guide.clone(), &saved).map(|_| ())
    };
    assert_eq!(with(&|_| {}), Ok(()));
    assert_eq!(
        with(&|s| s.keys.push("k9".into())),
        Err(RestoreError::NoSuchKey("k9".into()))
    );
    assert_eq!(
        with(&|s| s.keys.clear()),
        Err(RestoreError::KeyLeft {
            key: "s1".into(),
            room: "r1".into()
        })
    );
    assert_eq!(
        with(&|s| s.toggled.push("d1".into())),
        Err(RestoreError::NeverToggled("d1".into()))
    );
    assert_eq!(
        with(&|s| s.unlocked = vec!["d1".into(), "d2".into()]),
        Err(RestoreError::Overspent {
            picked: 1,
            spent: 2
        })
    );
    assert_eq!(with(&|s| s.cost = -1.0), Err(RestoreError::BadCost(-1.0)));
    // Consistent, but no play gets there: in r2 with d2 unlocked.
    assert_eq!(
        with(&|s| {
            s.room = "r2".into();
            s.unlocked = vec!["d2".into()];
        }),
        Err(RestoreError::Unreachable)
    );
    let text = serde_json::to_string(&good).unwrap();
    assert_eq!(
        text,
        format!(
            r#"{{"room":"r1","keys":["s1"],"cost":0.0,"moves":0,"pulls":0,"level":"{}"}}"#,
            guide.fingerprint()
        )
    );
    // A field it does not know is kept, not refused; a typo in one it
    // knows still fails the checks of the state.
    let typo: SavedSession = serde_json::from_str(&text.replace("keys", "kees")).unwrap();
    assert_eq!(typo.extra["kees"], serde_json::json!(["s1"]));
    let back = serde_json::to_value(&typo).unwrap();
    assert_eq!(back["kees"], serde_json::json!(["s1"]), "written back");
    assert!(matches!(
        Session::restore(guide, &typo),
        Err(RestoreError::KeyLeft { .. })
    ));
}

#[test]
fn a_save_of_another_level_is_refused_with_its_own_error() {
    let basement = lockwork::format::from_file("assets/basement.level.json".as_ref()).unwrap();
    let guide = Arc::new(Guide::new(wrong_door(), &PlayOptions::default()).unwrap());
    let other = Session::open(basement.level, &PlayOptions::default()).unwrap();
    let err = Session::restore(guide.clone(), &other.save()).unwrap_err();
    assert_eq!(
        err,
        RestoreError::OtherLevel {
            saved: other.guide().fingerprint().to_owned(),
            level: guide.fingerprint().to_owned(),
        }
    );
    // Renamed rooms and moved positions keep the fingerprint.
    let mut moved = wrong_door();
    moved.rooms[1].pos = Some([500.0, 500.0]);
    moved.rooms[1].name = "Vault".into();
    let moved = Guide::new(moved, &PlayOptions::default()).unwrap();
    assert_eq!(moved.fingerprint(), guide.fingerprint());
}

#[test]
fn a_save_with_its_history_restores_the_undo_steps() {
    let mut session = Session::open(wrong_door(), &PlayOptions::default()).unwrap();
    session.apply(&mv("d1", "r2")).unwrap();
    session.apply(&mv("d1", "r1")).unwrap();
    assert!(session.is_stuck().unwrap().is_some());
    let saved = session.save_with_history();
    let text = serde_json::to_string(&saved).unwrap();
    let saved: SavedSession = serde_json::from_str(&text).unwrap();
    let mut back = Session::restore(session.guide().clone(), &saved).unwrap();
    assert_eq!(back.state(), session.state());
    assert_eq!(back.history_len(), 2);
    back.undo();
    back.undo();
    assert_eq!(
        back.hint(),
        Hint::Step(mv("d2", "r3")),
        "back before the wrong door"
    );
    // A history that does not lead to the saved state is refused.
    let mut apart = saved.clone();
    if let Some(history) = &mut apart.history {
        history.steps.pop();
    }
    let err = Session::restore(session.guide().clone(), &apart).unwrap_err();
    assert_eq!(err, RestoreError::HistoryApart);
}

/// Twenty rooms in a row, each door flipped by its own lever in r1: about
/// a million states of doors and rooms.
fn many_levers() -> Level {
    let mut level = Level::new("many levers");
    for i in 2..=20 {
        level
            .rooms
            .push(Room::new(format!("r{i}"), [100.0 * f64::from(i), 0.0]));
        let door = format!("d{i}");
        level.doors.push(Door::new(
            door.clone(),
            format!("r{}", i - 1),
            format!("r{i}"),
        ));
        level
            .levers
            .push(Lever::new(format!("l{i}"), "r1", vec![door.into()]));
    }
    level.goal = "r20".into();
    level
}

#[test]
fn building_a_guide_reports_progress_and_can_be_cancelled() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let (reports, cancel) = (AtomicUsize::new(0), AtomicBool::new(false));
    let progress = |b: lockwork::play::Building| {
        assert!(b.states <= b.limit);
        reports.fetch_add(1, Ordering::Relaxed);
        cancel.store(true, Ordering::Relaxed);
    };
    let built = Guide::build(many_levers(), &PlayOptions::default(), &progress, &cancel).unwrap();
    assert!(
        reports.load(Ordering::Relaxed) >= 1,
        "progress was reported"
    );
    assert!(built.is_none(), "cancelled at the first report");
}

#[test]
fn sessions_share_their_guide_across_threads() {
    fn is_send_sync<T: Send + Sync>() {}
    is_send_sync::<Session>();
    is_send_sync::<Guide>();
}

/// r1 holds a bomb and lever l1; d1 (r1–r2) spends a bomb; d2 (r2–r3, the
/// goal) opens while l1 is pulled; a second bomb is carried from the start.
fn bombs_and_a_condition() -> Level {
    let mut level = Level::new("bombs");
    level.rooms.push(Room::new("r2", [100.0, 0.0]));
    level.rooms.push(Room::new("r3", [200.0, 0.0]));
    let mut d1 = Door::new("d1", "r1", "r2");
    d1.spend.insert("bomb".into(), 1);
    let mut d2 = Door::new("d2", "r2", "r3");
    d2.open_when = Some(vec![vec![lockwork::model::Literal {
        lever: "l1".into(),
        pulled: true,
    }]]);
    level.doors = vec![d1, d2];
    for (id, room) in [("b1", Some("r1")), ("b2", None)] {
        let mut bomb = Key::new(id, "r1");
        bomb.room = room.map(Into::into);
        bomb.kind = Some("bomb".into());
        level.keys.push(bomb);
    }
    level
        .levers
        .push(lockwork::model::Lever::new("l1", "r1", vec![]));
    level.goal = "r3".into();
    level
}

#[test]
fn a_saved_extended_session_keeps_its_items_and_lever_positions() {
    let mut session = Session::open(bombs_and_a_condition(), &PlayOptions::default()).unwrap();
    session.apply(&Step::Pull { lever: "l1".into() }).unwrap();
    session.apply(&mv("d1", "r2")).unwrap();
    assert_eq!(session.state().items_in_hand(), &[0, 1]);
    let text = serde_json::to_string(&session.save()).unwrap();
    assert_eq!(
        text,
        format!(
            r#"{{"room":"r2","keys":["b1","b2"],"unlocked":["d1"],"levers":["l1"],"cost":2.0,"moves":1,"pulls":1,"level":"{}"}}"#,
            session.guide().fingerprint()
        )
    );
    let saved: SavedSession = serde_json::from_str(&text).unwrap();
    let back = Session::restore(session.guide().clone(), &saved).unwrap();
    assert_eq!(back.state(), session.state());
    assert_eq!(back.state().items_in_hand(), &[0, 1]);
    assert_eq!(back.state().levers_odd(), vec![true]);
    assert_eq!(back.cost_to_goal().unwrap(), Some(1.0));
    assert_eq!(back.hint(), Hint::Step(mv("d2", "r3")));
    // A save from before the extensions (no "levers") still reads: the
    // lever is then in its start position.
    let old =
        r#"{"room":"r2","keys":["b1","b2"],"unlocked":["d1"],"cost":2.0,"moves":1,"pulls":1}"#;
    let saved: SavedSession = serde_json::from_str(old).unwrap();
    let back = Session::restore(session.guide().clone(), &saved).unwrap();
    assert_eq!(back.state().levers_odd(), vec![false]);
    assert_eq!(
        back.cost_to_goal().unwrap(),
        Some(4.0),
        "back to r1 to pull l1"
    );
    // What does not fit is refused.
    let with = |f: &dyn Fn(&mut SavedSession)| {
        let mut saved = session.save();
        f(&mut saved);
        Session::restore(session.guide().clone(), &saved).map(|_| ())
    };
    assert_eq!(
        with(&|s| s.levers.push("l9".into())),
        Err(RestoreError::NoSuchLever("l9".into()))
    );
    assert_eq!(
        with(&|s| s.keys.retain(|k| k.as_str() != "b1" && k.as_str() != "b2")),
        Err(RestoreError::KeyLeft {
            key: "b1".into(),
            room: "r1".into()
        })
    );
}

#[test]
fn restoring_an_overspent_kind_is_refused() {
    let mut level = bombs_and_a_condition();
    level.doors[0].spend.insert("bomb".into(), 3);
    let guide = Arc::new(Guide::new(level, &PlayOptions::default()).unwrap());
    let mut saved = Session::new(guide.clone()).save();
    saved.unlocked = vec!["d1".into()];
    assert_eq!(
        Session::restore(guide, &saved).map(|_| ()),
        Err(RestoreError::OverspentItems {
            kind: "bomb".into(),
            picked: 2,
            spent: 3
        })
    );
}
