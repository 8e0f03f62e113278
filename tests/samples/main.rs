#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The sample levels in `assets/`: each loads without errors or warnings,
//! has the known answers that `assets/README.md` states, and its plans replay
//! under `lockwork::rules`. Each sample also keeps the property it was made
//! to show (the basement's layout, the softlock of the small keys, ...).

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

use lockwork::format;
use lockwork::model::{DoorId, KeyId, Level, RoomId};
use lockwork::rules::{Illegal, ReplayError, Step, replay};
use lockwork::solver::{Analysis, SolveOptions, analyze, solve, unneeded_keys};

mod dungeons;

/// Every sample file, so that a new one cannot go untested.
const SAMPLES: [&str; 6] = [
    "basement.level.json",
    "continuity.level.json",
    "dungeon.level.json",
    "keys.level.json",
    "nested.level.json",
    "smallkeys.level.json",
];

/// What `lockwork solve --json` reports for a sample.
struct Expected {
    cost: f64,
    moves: u32,
    pulls: u32,
    min_pulls: u32,
    dead_end_states: usize,
}

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(name)
}

/// Loads a sample, insisting on no errors and no warnings.
fn load(name: &str) -> Level {
    let loaded = format::from_file(&path(name));
    assert!(
        loaded.is_ok(),
        "{name} does not load: {}",
        loaded
            .as_ref()
            .err()
            .map(ToString::to_string)
            .unwrap_or_default()
    );
    let loaded = loaded.unwrap();
    assert!(
        loaded.warnings.is_empty(),
        "{name} has warnings: {:?}",
        loaded.warnings
    );
    loaded.level
}

/// Loads, checks the layout basics, analyses and replays a sample; returns
/// the level and its analysis for the checks particular to it.
fn sample(name: &str, want: &Expected) -> (Level, Analysis) {
    let level = load(name);

    // Saving and loading again gives the same level.
    let again = format::from_str(&format::to_string(&level)).unwrap();
    assert_eq!(again.level, level, "{name}: round trip");

    // Laid out for a canvas: every room named and placed, no two on top of
    // each other, the start left of the goal.
    let mut seen = Vec::new();
    for room in &level.rooms {
        assert!(
            !room.name.is_empty(),
            "{name}: room {} has no name",
            room.id
        );
        let pos = room.pos.expect("every sample room has a pos");
        for other in &seen {
            let [x, y]: [f64; 2] = *other;
            let d = (pos[0] - x).hypot(pos[1] - y);
            assert!(d >= 100.0, "{name}: room {} is {d} from another", room.id);
        }
        seen.push(pos);
    }
    let start = level.room(&level.start).unwrap().pos.unwrap();
    let goal = level.room(&level.goal).unwrap().pos.unwrap();
    assert!(
        start[0] < goal[0],
        "{name}: the start is not left of the goal"
    );

    let options = SolveOptions::default();
    let a = analyze(&level, &options).unwrap();
    let plan = a.plan.as_ref().expect("every sample is solvable");
    assert_eq!(plan.cost, want.cost, "{name}: cost");
    assert_eq!(plan.moves, want.moves, "{name}: moves");
    assert_eq!(plan.pulls, want.pulls, "{name}: pulls");
    let least_pulls = a.min_pulls.as_ref().expect("solvable, so min_pulls");
    assert_eq!(least_pulls.pulls, want.min_pulls, "{name}: min_pulls");
    assert!(a.is_complete(), "{name}: the analysis is complete");
    assert_eq!(
        a.dead_ends.states,
        Some(want.dead_end_states),
        "{name}: dead ends"
    );
    assert_eq!(
        a.dead_ends.found.is_empty(),
        want.dead_end_states == 0,
        "{name}: dead-end kinds vs states"
    );
    assert!(a.unreachable_rooms.is_empty(), "{name}: unreachable rooms");

    // The plain solve agrees with the analysis.
    let quick = solve(&level, &options).unwrap().plan.unwrap();
    assert_eq!(quick.cost, plan.cost, "{name}: solve vs analyze");

    // The plan replays under the rules, ends solved, and costs what it says.
    let done = replay(&level, &plan.steps).unwrap();
    assert!(done.solved, "{name}: the plan does not end solved");
    assert_eq!(done.end.cost(), want.cost, "{name}: replayed cost");
    assert_eq!(done.end.moves(), want.moves, "{name}: replayed moves");
    assert_eq!(done.end.pulls(), want.pulls, "{name}: replayed pulls");
    assert_eq!(done.steps, plan.steps, "{name}: pickups where they happen");

    // So does the plan with the fewest pulls.
    let done = replay(&level, &least_pulls.steps).unwrap();
    assert!(
        done.solved,
        "{name}: the min-pulls plan does not end solved"
    );
    assert_eq!(
        done.end.pulls(),
        want.min_pulls,
        "{name}: replayed min pulls"
    );
    assert!(
        done.end.cost() >= want.cost,
        "{name}: cheaper than least cost"
    );

    (level, a)
}

fn unneeded(level: &Level, a: &Analysis) -> Vec<KeyId> {
    unneeded_keys(level, a.plan.as_ref().unwrap(), &SolveOptions::default()).unwrap()
}

fn key_ids(keys: &[KeyId]) -> Vec<&str> {
    keys.iter().map(KeyId::as_str).collect()
}

/// The keys in the order the plan picks them up.
fn pickups(steps: &[Step]) -> Vec<&str> {
    steps
        .iter()
        .filter_map(|s| match s {
            Step::Pickup { key } => Some(key.as_str()),
            _ => None,
        })
        .collect()
}

fn mv(door: &str, to: &str) -> Step {
    Step::Move {
        door: door.into(),
        to: to.into(),
    }
}

#[test]
fn every_sample_file_is_tested() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut found: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".level.json"))
        .collect();
    found.sort();
    assert_eq!(found, SAMPLES.map(String::from));
}

#[test]
fn basement() {
    let (level, a) = sample(
        "basement.level.json",
        &Expected {
            cost: 49.0,
            moves: 27,
            pulls: 22,
            min_pulls: 22,
            dead_end_states: 0,
        },
    );
    // The layout of the seed: eight rooms, seven doors all closed at start.
    let rooms: Vec<&str> = level.rooms.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(rooms, ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"]);
    assert_eq!((level.start.as_str(), level.goal.as_str()), ("r1", "r8"));
    assert_eq!(level.lever_cost, 1.0);
    let joins: Vec<(&str, &str)> = level
        .doors
        .iter()
        .map(|d| (d.from.as_str(), d.to.as_str()))
        .collect();
    assert_eq!(
        joins,
        [
            ("r1", "r2"),
            ("r1", "r3"),
            ("r2", "r4"),
            ("r2", "r5"),
            ("r3", "r6"),
            ("r3", "r7"),
            ("r5", "r8"),
        ]
    );
    for door in &level.doors {
        assert!(!door.open, "door {} starts open", door.id);
        assert!(!door.one_way && door.locks.is_empty() && door.small_locks == 0);
        assert_eq!(door.cost, 1.0);
    }
    assert!(level.keys.is_empty());

    // Eleven levers in rooms 1,1,2,2,3,4,5,5,6,7,7, each flipping one or two
    // doors, no two wired alike.
    let lever_rooms: Vec<&str> = level.levers.iter().map(|l| l.room.as_str()).collect();
    assert_eq!(
        lever_rooms,
        [
            "r1", "r1", "r2", "r2", "r3", "r4", "r5", "r5", "r6", "r7", "r7"
        ]
    );
    let mut wirings = BTreeSet::new();
    for lever in &level.levers {
        let doors: BTreeSet<&str> = lever.toggles.iter().map(DoorId::as_str).collect();
        assert_eq!(
            doors.len(),
            lever.toggles.len(),
            "lever {} repeats",
            lever.id
        );
        assert!(
            (1..=2).contains(&doors.len()),
            "lever {} toggles {} doors",
            lever.id,
            doors.len()
        );
        assert!(
            wirings.insert(doors),
            "lever {} is wired like another",
            lever.id
        );
    }

    // The point of the wiring: a long least-pull solution, with no way to get
    // stuck (every pull can be undone).
    assert!(a.min_pulls.unwrap().pulls >= 20);
    assert_eq!(a.dead_ends.exist, Some(false));
}

#[test]
fn continuity() {
    let (level, a) = sample(
        "continuity.level.json",
        &Expected {
            cost: 22.0,
            moves: 9,
            pulls: 0,
            min_pulls: 0,
            dead_end_states: 7,
        },
    );
    assert_eq!(key_ids(&level.goal_requires), ["sun", "star", "moon"]);
    assert!(level.doors.iter().all(|d| d.locks.is_empty()));
    assert!(level.doors.iter().filter(|d| d.one_way).count() >= 5);
    let costs: BTreeSet<u64> = level.doors.iter().map(|d| d.cost as u64).collect();
    assert!(costs.len() >= 4, "door costs are varied: {costs:?}");
    assert!((8..=12).contains(&level.rooms.len()));

    // Every key is needed, and the order matters: the nearest key (the moon,
    // three steps away) must be fetched last.
    assert!(unneeded(&level, &a).is_empty());
    let plan = a.plan.as_ref().unwrap();
    assert_eq!(pickups(&plan.steps), ["sun", "star", "moon"]);

    // The only way to get stuck is the one-way last drop into the exit
    // without all three keys.
    assert_eq!(a.dead_ends.kinds, 1);
    let drop = &a.dead_ends.found[0];
    assert_eq!(drop.room.as_str(), "r10");
    assert!(matches!(
        drop.steps.last(),
        Some(Step::Move { door, .. }) if door.as_str() == "d15"
    ));
    // The reason names the step that caused it.
    assert!(drop.reason.contains("\"d15\""), "{}", drop.reason);
    assert!(drop.reason.contains("one-way"), "{}", drop.reason);
}

#[test]
fn keys() {
    let (level, a) = sample(
        "keys.level.json",
        &Expected {
            cost: 10.0,
            moves: 10,
            pulls: 0,
            min_pulls: 0,
            dead_end_states: 0,
        },
    );
    assert_eq!(level.room(&level.start).unwrap().name, "White room");
    assert_eq!(level.room(&level.goal).unwrap().name, "Black room");

    // One lock needs two keys, and it is the door into the goal.
    let twin: Vec<_> = level.doors.iter().filter(|d| d.locks.len() == 2).collect();
    assert_eq!(twin.len(), 1);
    assert_eq!(key_ids(&twin[0].locks), ["red", "blue"]);
    assert_eq!(twin[0].to, level.goal);

    // The gold key opens nothing: a red herring. The purple lock can be
    // walked around (the spiral stair), so the purple key is not needed
    // either, though the cheapest plan uses it.
    let gold = KeyId::new("gold");
    assert!(level.doors.iter().all(|d| !d.locks.contains(&gold)));
    assert!(!level.goal_requires.contains(&gold));
    assert_eq!(key_ids(&unneeded(&level, &a)), ["purple", "gold"]);
    let plan = a.plan.as_ref().unwrap();
    assert_eq!(pickups(&plan.steps), ["green", "red", "purple", "blue"]);
}

/// The table of numbers in `assets/README.md` is what the solver reports.
#[test]
fn readme_table_matches() {
    let readme = std::fs::read_to_string(path("README.md")).unwrap();
    let mut rows = 0;
    for line in readme.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(name) = cells
            .get(1)
            .and_then(|c| c.strip_prefix('`'))
            .and_then(|c| c.strip_suffix(".level.json`"))
        else {
            continue;
        };
        let numbers: Vec<f64> = cells[2..7].iter().map(|c| c.parse().unwrap()).collect();
        let level = load(&format!("{name}.level.json"));
        let a = analyze(&level, &SolveOptions::default()).unwrap();
        let plan = a.plan.as_ref().unwrap();
        let got = [
            plan.cost,
            f64::from(plan.moves),
            f64::from(plan.pulls),
            f64::from(a.min_pulls.as_ref().unwrap().pulls),
            a.dead_ends.states.unwrap() as f64,
        ];
        assert_eq!(numbers, got, "README row for {name}");
        rows += 1;
    }
    assert_eq!(rows, SAMPLES.len());
}

/// The complete example in `docs/format.md` is a valid level with the
/// answers the page gives.
#[test]
fn docs_example_is_valid() {
    let doc =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/format.md"))
            .unwrap();
    let start = doc.find("```json\n").unwrap() + "```json\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let loaded = format::from_str(&doc[start..end]).unwrap();
    assert!(loaded.warnings.is_empty());
    let a = analyze(&loaded.level, &SolveOptions::default()).unwrap();
    let plan = a.plan.unwrap();
    assert_eq!((plan.cost, plan.moves, plan.pulls), (9.0, 5, 1));
    assert_eq!(a.min_pulls.unwrap().pulls, 1);
    assert_eq!(a.dead_ends.states, Some(0));
    assert!(
        unneeded_keys(&loaded.level, &plan, &SolveOptions::default())
            .unwrap()
            .is_empty()
    );
}

/// `lockwork solve` analyses without asking which keys are needed: every
/// other answer is the full analysis' own, and the keys are said to be not
/// worked out rather than left out, so that no reader takes them for "none
/// needed".
#[test]
fn an_analysis_without_key_needs_gives_every_other_answer_alike() {
    use lockwork::rules::Rules;
    use lockwork::solver::{Parts, analyze_rules_with};
    for name in SAMPLES {
        let level = load(name);
        let rules = Rules::new(&level).unwrap();
        let options = SolveOptions::default();
        let full = analyze(&level, &options).unwrap();
        let lean = analyze_rules_with(&rules, &options, Parts::WITHOUT_KEY_NEEDS).unwrap();
        assert_eq!(lean.plan, full.plan, "{name}");
        assert_eq!(lean.min_pulls, full.min_pulls, "{name}");
        assert_eq!(lean.dead_ends, full.dead_ends, "{name}");
        assert_eq!(lean.reachable_states, full.reachable_states, "{name}");
        assert_eq!(lean.unreachable_rooms, full.unreachable_rooms, "{name}");
        assert_eq!(lean.is_complete(), full.is_complete(), "{name}");
        let named: Vec<&KeyId> = (level.keys.iter())
            .filter(|k| k.kind_name().is_none())
            .map(|k| &k.id)
            .collect();
        assert_eq!(
            lean.keys.undecided.iter().collect::<Vec<_>>(),
            named,
            "{name}"
        );
        assert!(lean.keys.unneeded.is_empty() && lean.keys.alternatives.is_empty());
        for (l, f) in lean.keys.items.iter().zip(&full.keys.items) {
            assert_eq!((&l.kind, l.total, l.carried), (&f.kind, f.total, f.carried));
            assert_eq!((l.needed, l.any_enough), (None, None), "{name}");
        }
        assert_eq!(lean.keys.items.len(), full.keys.items.len(), "{name}");
    }
}
