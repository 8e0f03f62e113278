//! Hostile and huge input: structure-aware random files (long chains, fan-out
//! levers and locks, deep nesting, extreme numbers, duplicate and dangling
//! ids, lists past the limits, malformed JSON). Every case must end within
//! its budget with an answer or a clear refusal, never a panic:
//!
//! - in the library, loading refuses it with a message, or the analysis
//!   answers (possibly incomplete, saying why);
//! - through the command line, `check` and `solve --json` exit 0, 1, 2 or 3
//!   with something printed.
//!
//! CI runs a short version. The long one runs a million cases:
//! `cargo test --release --test hostile -- --ignored`.

#[cfg(feature = "cli")]
use std::process::Command;
use std::time::{Duration, Instant};

use lockwork::format;
use lockwork::solver::{SolveOptions, analyze};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

#[allow(dead_code, reason = "this file uses one shape of the scaling levels")]
#[path = "common/scaling.rs"]
mod scaling;

#[path = "common/hostile_files.rs"]
mod hostile_files;
use hostile_files::{Guard, Shape, Spoil, shape, spoil, text};

/// The analysis budget of each case.
const BUDGET: Duration = Duration::from_millis(300);
/// How far past its budget a case may run: loading, validation and the
/// answer's wording are not part of the budget, and CI machines are slow.
/// A case over it is a real overrun (the old failures ran for minutes).
const SLACK: Duration = Duration::from_secs(3);

/// One case through the library: refused with a message, or analysed
/// within the budget.
fn through_the_library(text: &str) -> Result<(), String> {
    within_the_library(text, SLACK)
}

/// [`through_the_library`], `slack` past the budget allowed.
fn within_the_library(text: &str, slack: Duration) -> Result<(), String> {
    let started = Instant::now();
    let cpu_started = thread_cpu();
    let level = match format::from_str(text) {
        Ok(loaded) => loaded.level,
        Err(e) if !e.to_string().is_empty() => return Ok(()),
        Err(_) => return Err("refused with an empty message".into()),
    };
    let options = SolveOptions {
        max_time: Some(BUDGET),
        max_states: 200_000,
        ..SolveOptions::default()
    };
    let analysis = analyze(&level, &options).map_err(|e| format!("analysis failed: {e}"))?;
    let took = started.elapsed();
    // Judged by the time this thread ran, where the system says it: on a
    // machine busy with other work the wall clock also counts the waits.
    let ran = match (cpu_started, thread_cpu()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => took,
    };
    if ran > BUDGET + slack {
        return Err(format!(
            "ran {ran:?} ({took:?} on the wall clock), past a budget of {BUDGET:?}"
        ));
    }
    if let Some(plan) = &analysis.plan
        && !plan.cost.is_finite()
    {
        return Err(format!("a plan of cost {}", plan.cost));
    }
    Ok(())
}

/// The CPU time this thread has run, from `/proc/thread-self/schedstat`
/// (Linux); `None` elsewhere.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

fn runner(cases: u32) -> (TestRunner, u32) {
    let config = Config {
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    (TestRunner::new_with_rng(config, rng), cases)
}

/// Runs `cases` hostile files on `threads` threads. The cases are drawn in
/// order from one seeded runner, so a run is the same on any number of
/// threads; each thread writes and checks the files it is handed.
fn run_cases(cases: u32, threads: usize) {
    run_cases_from(0, cases, threads);
}

/// Cases `from..cases` of the seeded draw, each with its number. The cases
/// before `from` are drawn and left out, so that case `i` is the same file
/// whichever case a run starts at.
fn drawn(from: u32, cases: u32) -> impl Iterator<Item = (u32, Shape, Spoil)> {
    let (mut runner, cases) = runner(cases);
    let strategy = (shape(), spoil());
    (0..cases)
        .filter_map(move |i| {
            let tree = strategy.new_tree(&mut runner).ok()?;
            Some((i, tree))
        })
        .filter(move |&(i, _)| i >= from)
        .map(|(i, tree)| {
            let (shape, spoil) = tree.current();
            (i, shape, spoil)
        })
}

/// [`run_cases`] from case `from` of the same draw ([`drawn`]): a long run
/// can go on where an earlier one stopped.
fn run_cases_from(from: u32, cases: u32, threads: usize) {
    const CHUNK: usize = 1_000;
    let mut draw = drawn(from, cases);
    let mut done = from.min(cases);
    loop {
        let batch: Vec<(u32, Shape, Spoil)> = draw.by_ref().take(CHUNK).collect();
        let Some(&(last, ..)) = batch.last() else {
            break;
        };
        std::thread::scope(|scope| {
            for part in batch.chunks(batch.len().div_ceil(threads.max(1)).max(1)) {
                scope.spawn(move || {
                    for (i, shape, spoil) in part {
                        let answer = through_the_library(&text(shape, spoil));
                        assert!(
                            answer.is_ok(),
                            "case {i} ({shape:?}, {spoil:?}): {answer:?}"
                        );
                    }
                });
            }
        });
        let before = done;
        done = last + 1;
        if done / 10_000 > before / 10_000 {
            // A long run can be stopped at any time and still report how
            // far it got.
            eprintln!("hostile: {done} cases answered");
        }
    }
}

/// The threads to run on: `HOSTILE_THREADS`, or every core.
fn threads() -> usize {
    std::env::var("HOSTILE_THREADS")
        .ok()
        .and_then(|n| n.parse().ok())
        .or_else(|| {
            std::thread::available_parallelism()
                .ok()
                .map(std::num::NonZero::get)
        })
        .unwrap_or(1)
}

#[test]
fn hostile_files_are_answered_or_refused_within_their_budget() {
    run_cases(300, threads());
}

/// A run that starts at case `from` draws the very cases a run from the
/// first does from there on: what `HOSTILE_FROM` relies on.
#[test]
fn a_run_started_later_draws_the_same_cases() {
    let describe = |cases: Vec<(u32, Shape, Spoil)>| -> Vec<String> {
        (cases.into_iter())
            .map(|(i, shape, spoil)| format!("{i} {shape:?} {spoil:?}"))
            .collect()
    };
    let whole = describe(drawn(0, 40).collect());
    assert_eq!(whole.len(), 40);
    for from in [0, 1, 25, 39, 40] {
        let later = describe(drawn(from, 40).collect());
        assert_eq!(later, whole[from as usize..], "from case {from}");
    }
}

#[test]
#[ignore = "a million cases: run with --release -- --ignored"]
fn a_million_hostile_files() {
    // HOSTILE_CASES=N runs fewer (or more), for a run that must fit a slot;
    // HOSTILE_FROM=K starts at case K, where an earlier run stopped.
    let number = |name: &str| std::env::var(name).ok().and_then(|n| n.parse().ok());
    let cases = number("HOSTILE_CASES").unwrap_or(1_000_000);
    run_cases_from(number("HOSTILE_FROM").unwrap_or(0), cases, threads());
}

/// The cases of the issue that filed this, through the command line: each
/// ends with 0, 1, 2 or 3 and says something.
#[cfg(feature = "cli")]
#[test]
fn the_command_line_answers_hostile_files_with_a_status_and_a_message() {
    let dir = std::env::temp_dir().join(format!("lockwork-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let cases = [
        Shape::Chain {
            rooms: 2_000,
            one_way: true,
            small: true,
            keyed: false,
        },
        Shape::Chain {
            rooms: 20_000,
            one_way: false,
            small: false,
            keyed: true,
        },
        Shape::FanLever { doors: 20_000 },
        Shape::ManyLevers { levers: 20_000 },
        Shape::BigLock { keys: 20_000 },
        Shape::Star {
            doors: 20_000,
            guard: Guard::SmallLock,
        },
        Shape::Star {
            doors: 20_000,
            guard: Guard::OneWayToKeys,
        },
        Shape::Extreme {
            cost: f64::MAX,
            lever_cost: 1.0,
            x: 0.0,
        },
    ];
    for (i, shape) in cases.iter().enumerate() {
        let path = dir.join(format!("case{i}.level.json"));
        std::fs::write(&path, text(shape, &Spoil::None)).expect("write the case");
        for args in [&["check"][..], &["solve", "--json"][..]] {
            let out = Command::new(env!("CARGO_BIN_EXE_lockwork"))
                .args(args)
                .arg(&path)
                .args(["--max-seconds", "1"])
                .output()
                .expect("run lockwork");
            let code = out.status.code();
            assert!(
                matches!(code, Some(0..=3)),
                "{shape:?} {args:?}: exit {code:?}, {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                !out.stdout.is_empty() || !out.stderr.is_empty(),
                "{shape:?} {args:?}: nothing printed"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Stars of 20,000 doors out of the start room, each kind of guard: each
/// ends within its budget. Before, every state with many risky steps made
/// a walker of one entry per room for each step, an explanation labelled
/// every room by looking it up, and one expansion stored 20,000 states of
/// 300 words unchecked: minutes past a budget of seconds at 100,000.
///
/// Their slack is wider than [`SLACK`]: with 20,000 keys the set-up before
/// the analysis first looks at the clock takes about 0.15 s in a release
/// build and 3 s in a debug one. The overruns this guards against took
/// 13 to 30 s here in a debug build.
#[test]
fn stars_of_doors_from_the_start_end_within_their_budget() {
    const STAR_SLACK: Duration = Duration::from_secs(8);
    for guard in [
        Guard::Lever,
        Guard::PairedLevers,
        Guard::SmallLock,
        Guard::KeyBehind,
        Guard::OneWayToKeys,
    ] {
        let shape = Shape::Star {
            doors: 20_000,
            guard,
        };
        if let Err(e) = within_the_library(&text(&shape, &Spoil::None), STAR_SLACK) {
            panic!("{shape:?}: {e}");
        }
    }
}

/// A chain of levers too wide to explore within a tiny state budget is
/// still answered in full: the sweep's plan is proven least, and since every
/// step can be undone and the plan walks every room, there are no dead ends
/// and nothing is left undecided.
#[test]
fn an_undoable_chain_past_the_state_budget_is_answered_in_full() {
    let level = format::from_str(&scaling::lever_chain(200)).unwrap().level;
    let options = SolveOptions {
        max_states: 3,
        ..SolveOptions::default()
    };
    let a = analyze(&level, &options).unwrap();
    let plan = a.plan.as_ref().expect("the sweep's plan");
    assert_eq!((plan.cost, plan.moves, plan.pulls), (398.0, 199, 199));
    assert_eq!(a.least_pulls(), Some(199));
    assert_eq!(a.dead_ends.exist, Some(false));
    assert!(a.undecided_rooms.is_empty(), "{:?}", a.undecided_rooms);
    assert!(a.is_complete(), "{:?}", a.stopped);
}

/// The issue's own fan-out levels, at their full size: 100,000 doors toggled
/// by one lever, and 100,000 levers each toggling its door, each door to a
/// room of its own (100,001 rooms). They are answered, not refused as too
/// large, and the answers are the obvious ones.
#[test]
fn the_issues_hundred_thousand_item_levels_are_answered() {
    let cases = [
        // Pull the lever, walk through the first door to the goal.
        (Shape::FanLever { doors: 100_000 }, (2.0, 1, 1)),
        // Pull each lever and walk through its door, 100,000 times.
        (
            Shape::ManyLevers { levers: 100_000 },
            (200_000.0, 100_000, 100_000),
        ),
        // Walk through the door that 100,000 keys, all in the start room,
        // lock.
        (Shape::BigLock { keys: 100_000 }, (1.0, 1, 0)),
        // Pull the last door's lever among 100,000 in the start room, walk
        // through it. Every walk of the sweep once looked for each lever's
        // pull among all of them: 3 s in a release build.
        (
            Shape::Star {
                doors: 100_000,
                guard: Guard::Lever,
            },
            (2.0, 1, 1),
        ),
    ];
    for (shape, (cost, moves, pulls)) in cases {
        let level = format::from_str(&text(&shape, &Spoil::None))
            .unwrap_or_else(|e| panic!("{shape:?} refused: {e}"))
            .level;
        let a = analyze(&level, &SolveOptions::default()).unwrap();
        let plan = a
            .plan
            .as_ref()
            .unwrap_or_else(|| panic!("{shape:?}: no plan"));
        assert_eq!(
            (plan.cost, plan.moves, plan.pulls),
            (cost, moves, pulls),
            "{shape:?}"
        );
    }
}

/// A door locked by 100,000 keys, all in the start room, is answered within
/// the budget. Asking of each key held whether the plan needs it (by the
/// rules, with that key taken out) once read the whole lock for each key:
/// 10^10 steps, 7 s in a release build.
#[test]
fn a_door_of_a_hundred_thousand_keys_ends_within_its_budget() {
    let shape = Shape::BigLock { keys: 100_000 };
    if let Err(e) = through_the_library(&text(&shape, &Spoil::None)) {
        panic!("{shape:?}: {e}");
    }
}

/// Two doors side by side from the start to the goal, each locked by the
/// same 50,000 keys lying in the start room: every key is needed, and each
/// is worked out within a budget of 5 s (a tenth of it in a release build),
/// by the fast paths and, with a lever that pulls once beside them, by the
/// general search. Neither door is crossed by every walk, so no bridge
/// tells, and each key was asked of its own walk of the level, reading both
/// locks: about 25 s in a release build, most keys left "not worked out".
#[test]
fn doors_side_by_side_locked_by_the_same_keys_have_every_key_worked_out() {
    use lockwork::model::{Door, Key, Level, Lever, Room};
    let mut level = Level::new("side by side");
    level.rooms = vec![Room::new("a", [0.0, 0.0]), Room::new("b", [1.0, 0.0])];
    level.start = "a".into();
    level.goal = "b".into();
    level.keys = (0..50_000)
        .map(|k| Key::new(format!("k{k}"), "a"))
        .collect();
    for d in ["d1", "d2"] {
        let mut door = Door::new(d, "a", "b");
        door.locks = level.keys.iter().map(|k| k.id.clone()).collect();
        level.doors.push(door);
    }
    let mut once = level.clone();
    once.rooms.push(Room::new("c", [0.0, 1.0]));
    once.doors.push(Door::new("d3", "a", "c"));
    let mut lever = Lever::new("l", "c", vec!["d3".into()]);
    lever.once = true;
    once.levers.push(lever);
    let options = SolveOptions {
        max_time: Some(Duration::from_secs(5)),
        ..SolveOptions::default()
    };
    for level in [level, once] {
        let a = analyze(&level, &options).expect("an analysis");
        assert_eq!(a.solvable, Some(true));
        let keys = (a.keys.unneeded.len(), a.keys.undecided.len());
        assert_eq!(keys, (0, 0), "{} levers", level.levers.len());
    }
}

/// The mechanics of the version-1 extensions at a size no hand-made level
/// reaches: 50,000 kinds of items, a door any of 50,000 keys opens, 50,000
/// levers in one room whose parities open a door, and 50,000 levers that
/// each pull once. Each ends within its budget (the first two once took
/// minutes: the kinds were looked up in a list, and each key's search ran
/// after the time was up; the last two filled memory with the states one
/// room's pulls lead to before the budget was asked).
#[test]
fn the_extensions_at_scale_end_within_their_budget() {
    let cases = [
        Shape::Kinds {
            doors: 50_000,
            carried: true,
        },
        Shape::AnyLock { keys: 50_000 },
        Shape::OpenWhen {
            levers: 50_000,
            all: false,
        },
        Shape::OnceLevers { levers: 50_000 },
    ];
    for shape in cases {
        let answer = through_the_library(&text(&shape, &Spoil::None));
        assert!(answer.is_ok(), "{shape:?}: {answer:?}");
    }
    // Any one key opens the door: proven, and every key worked out, within
    // the budget, as one of a single group of alternatives (any other opens
    // it, but not none of them). The keys were once asked one at a time at
    // the door, and the budget ran out before most were; sorting them into
    // a group asks a question per class of keys the rules read alike.
    let level = format::from_str(&text(&Shape::AnyLock { keys: 50_000 }, &Spoil::None))
        .expect("a valid level")
        .level;
    let options = SolveOptions {
        max_time: Some(BUDGET),
        ..SolveOptions::default()
    };
    let a = analyze(&level, &options).expect("an analysis");
    assert_eq!(a.solvable, Some(true));
    assert_eq!(a.plan.map(|p| p.cost), Some(1.0));
    assert_eq!((a.keys.unneeded.len(), a.keys.undecided.len()), (0, 0));
    let groups: Vec<usize> = a.keys.alternatives.iter().map(Vec::len).collect();
    assert_eq!(groups, [50_000]);
    // 50,000 kinds, one item of each carried, and a door that spends each:
    // the plan spends one kind, and every other kind is known at once to
    // be needed by no solution. Each was once asked a search of its own,
    // and a budget of 10 s ran out after a few hundred of them. (The kind
    // the plan spends is searched for, and a debug build may run out of
    // time; a loaded one may need more than 300 ms to find the plan.)
    let shape = Shape::Kinds {
        doors: 50_000,
        carried: true,
    };
    let level = format::from_str(&text(&shape, &Spoil::None))
        .expect("a valid level")
        .level;
    let options = SolveOptions {
        max_time: Some(Duration::from_secs(5)),
        ..SolveOptions::default()
    };
    let a = analyze(&level, &options).expect("an analysis");
    let plan = a.plan.as_ref().expect("a plan");
    let spent = match &plan.steps[..] {
        [lockwork::rules::Step::Move { door, .. }] => format!("kind{}", &door.0[1..]),
        steps => panic!("one move, not {steps:?}"),
    };
    for item in &a.keys.items {
        if item.kind != spent {
            assert_eq!(item.needed, Some(0), "{}", item.kind);
        } else {
            // Worked out (none needed: any other kind will do), or not yet.
            let bounds = (item.needed, item.at_least);
            assert!(matches!(bounds, (Some(0) | None, 0)), "{item:?}");
        }
    }
    assert_eq!(a.keys.items.len(), 50_000);
}

/// The measures of the extensions at scale end within the slack too.
/// Counting the steps that do something at each state of the plan once
/// asked every door before and after each lever's pull: with 50,000 levers
/// named by one door, 5e9 reads of a literal per state, and `check` ran
/// 21 s in a release build, twice its time limit.
#[test]
fn the_measures_of_the_extensions_at_scale_end_within_the_slack() {
    // Time enough for a debug build to find each plan, which is measured.
    let options = SolveOptions {
        max_time: Some(Duration::from_secs(5)),
        ..SolveOptions::default()
    };
    for shape in [
        Shape::OpenWhen {
            levers: 50_000,
            all: false,
        },
        Shape::OnceLevers { levers: 50_000 },
        Shape::AnyLock { keys: 50_000 },
    ] {
        let level = format::from_str(&text(&shape, &Spoil::None))
            .expect("a valid level")
            .level;
        let a = analyze(&level, &options).expect("an analysis");
        let (started, cpu_started) = (Instant::now(), thread_cpu());
        let measures = lockwork::measures::measure(&level, &a);
        let ran = match (cpu_started, thread_cpu()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => started.elapsed(),
        };
        assert!(a.plan.is_some(), "{shape:?}: no plan to measure");
        assert!(measures.is_ok(), "{shape:?}: {measures:?}");
        assert!(ran < SLACK, "{shape:?}: measured in {ran:?}");
    }
}

/// Two rooms joined by 20,000 small-locked doors, three small keys beside
/// them and a one-way door on to the goal: too many states to explore
/// whole, so the hunt weighs every spend. It took about 20 s in a debug
/// build: the search for side pockets walked both rooms' 40,000 doors
/// once per door (found 2026-12-06, mended 2026-12-07).
#[test]
fn thousands_of_small_locks_between_two_rooms_end_within_their_budget() {
    use lockwork::model::{Door, Key, Level, Room};
    let mut level = Level::new("parallel small locks");
    level.rooms = (0..3)
        .map(|i| Room::new(format!("r{i}"), [f64::from(i) * 100.0, 0.0]))
        .collect();
    level.start = "r0".into();
    level.goal = "r2".into();
    for i in 0..20_000 {
        let mut door = Door::new(format!("d{i}"), "r0", "r1");
        door.small_locks = 1;
        level.doors.push(door);
    }
    let mut drop = Door::new("down", "r1", "r2");
    drop.one_way = true;
    level.doors.push(drop);
    for k in 0..3 {
        let mut key = Key::new(format!("s{k}"), "r0");
        key.small = true;
        level.keys.push(key);
    }
    if let Err(e) = within_the_library(&format::to_string(&level), Duration::from_secs(8)) {
        panic!("{e}");
    }
}
