//! Property tests that the solver's fast paths agree with the rules stated
//! once ([`crate::rules`]): the compiled tables allow exactly the steps
//! replay allows, state by state; a "walk" is exactly a step that changes
//! only the room; and the two explorations of undoable levels (bitsets over
//! lever parities, and plain states) reach the same rooms and keys.

use proptest::prelude::*;

use super::budget::Budget;
use super::compile::{self, Compiled, NONE, PULL, Tracking, test};
use super::reversible;
use super::store::Store;
use crate::model::{Door, Key, Level, Lever, Room};
use crate::rules::{Mechanics, PlayState, Rules, Step};

/// A small random level using every rule the fast paths follow: one-way
/// doors, costs, closed doors, locks of one or two keys, any-of locks,
/// locks on one side, small locks, small and named keys, levers flipping
/// one or two doors, keys the goal requires.
pub(crate) fn level() -> impl Strategy<Value = Level> {
    let door = (
        0..6usize,
        0..6usize,
        prop::bool::weighted(0.2),
        prop::bool::weighted(0.6),
        0..6u8,
        prop_oneof![4 => Just(0u32), 1 => 1..=2u32],
        prop_oneof![3 => Just(0u8), 1 => 1..8u8],
        prop_oneof![3 => Just(0u8), 1 => 1..=2u8],
    );
    (
        2..=6usize,
        prop::collection::vec(door, 1..=8),
        prop::collection::vec((0..6usize, prop::bool::weighted(0.4)), 0..=4),
        prop::collection::vec((0..6usize, prop::collection::vec(0..8usize, 1..=2)), 0..=3),
        0..4u8,
    )
        .prop_map(|(rooms, doors, keys, levers, goal_requires)| {
            let mut level = Level::new("random");
            level.rooms = (0..rooms)
                .map(|i| Room::new(format!("r{i}"), [0.0, 0.0]))
                .collect();
            level.goal = format!("r{}", rooms - 1).into();
            for (k, &(r, small)) in keys.iter().enumerate() {
                let mut key = Key::new(format!("k{k}"), format!("r{}", r % rooms));
                key.small = small;
                level.keys.push(key);
            }
            let named: Vec<String> = level
                .keys
                .iter()
                .filter(|k| !k.small)
                .map(|k| k.id.to_string())
                .collect();
            for (i, &(a, b, one_way, open, locks, small, any, side)) in doors.iter().enumerate() {
                let (a, b) = (a % rooms, (a % rooms + 1 + b % (rooms - 1)) % rooms);
                let mut door = Door::new(format!("d{i}"), format!("r{a}"), format!("r{b}"));
                door.one_way = one_way;
                door.open = open;
                door.small_locks = small;
                for (j, key) in named.iter().enumerate() {
                    if locks & (1 << j) != 0 && j < 2 {
                        door.locks.push(key.as_str().into());
                    }
                    if any & (1 << j) != 0 && j < 3 {
                        door.locks_any.push(key.as_str().into());
                    }
                }
                door.locked_from = match side {
                    1 => Some(crate::model::Side::From),
                    2 => Some(crate::model::Side::To),
                    _ => None,
                };
                level.doors.push(door);
            }
            let n = level.doors.len();
            for (l, (r, toggles)) in levers.iter().enumerate() {
                let toggles = toggles
                    .iter()
                    .map(|&d| format!("d{}", d % n).into())
                    .collect();
                level.levers.push(Lever::new(
                    format!("l{l}"),
                    format!("r{}", r % rooms),
                    toggles,
                ));
            }
            level.goal_requires = named
                .iter()
                .enumerate()
                .filter(|&(j, _)| goal_requires & (1 << j) != 0)
                .map(|(_, k)| k.as_str().into())
                .collect();
            level
        })
}

/// A compiled state as the rules' plain state (costs left at 0).
fn decode(c: &Compiled, m: &Mechanics, s: &[u64]) -> PlayState {
    use crate::rules::Holdings;
    use crate::rules::mechanics::Opening;
    let view = c.view(s);
    let loot = |r: usize| c.layout.loot_bit[r] != NONE && test(s, c.layout.loot_bit[r]);
    PlayState::from_parts(
        c.room(s),
        m.keys().iter().map(|k| loot(k.room)).collect(),
        c.small_in_hand(s),
        (0..m.doors().len())
            .map(|d| match m.doors()[d].opening {
                Opening::Lever { .. } => view.door_open(d),
                // What the level says; the rules never change it.
                Opening::Open | Opening::Shut | Opening::When => m.open_at_start()[d],
            })
            .collect(),
        (0..m.doors().len()).map(|d| view.unlocked(d)).collect(),
    )
    .with_extensions(
        (0..m.kinds().len()).map(|k| view.in_hand(k)).collect(),
        (0..m.levers().len()).map(|l| view.pulled_odd(l)).collect(),
    )
}

/// [`level`] with the version-1 extensions the fast paths once left to
/// the general search: `once` levers, levers an `open_when` names (some
/// standing alone, flipping nothing), items of another kind ("bomb")
/// lying in rooms or carried, doors that spend them, small keys written
/// as a kind, and carried keys.
pub(crate) fn extended_level() -> impl Strategy<Value = Level> {
    let literal = (0..5usize, any::<bool>());
    let condition = prop::collection::vec(prop::collection::vec(literal, 0..=3), 0..=2);
    (
        level(),
        prop::collection::vec(prop::bool::weighted(0.4), 5),
        0..=2usize,
        prop::collection::vec(prop::option::weighted(0.3, condition), 8),
        prop::collection::vec(prop::option::of(0..6usize), 0..=3),
        prop::collection::vec(prop_oneof![3 => Just(0u32), 1 => 1..=2u32], 8),
        prop::collection::vec(prop::bool::weighted(0.2), 4),
        any::<bool>(),
    )
        .prop_map(
            |(level, once, alone, when, bombs, spend, carried, small_kind)| {
                let mut level = level;
                extend(&mut level, &once, alone, &when, &bombs, &spend);
                for (key, carried) in level.keys.iter_mut().zip(carried) {
                    if carried {
                        key.room = None;
                    }
                    if key.small && small_kind {
                        key.small = false;
                        key.kind = Some(crate::model::SMALL.to_owned());
                    }
                }
                level
            },
        )
}

/// An `open_when` as `(lever pick, pulled)` lists.
type Condition = Vec<Vec<(usize, bool)>>;

/// The extensions of [`extended_level`] put on `level`.
fn extend(
    level: &mut Level,
    once: &[bool],
    alone: usize,
    when: &[Option<Condition>],
    bombs: &[Option<usize>],
    spend: &[u32],
) {
    let rooms = level.rooms.len();
    for l in 0..alone {
        let id = format!("l{}", level.levers.len());
        level
            .levers
            .push(Lever::new(id, format!("r{}", l % rooms), Vec::new()));
    }
    for (lever, &once) in level.levers.iter_mut().zip(once) {
        lever.once = once;
    }
    let levers = level.levers.len();
    for (d, door) in level.doors.iter_mut().enumerate() {
        if let (Some(Some(lists)), true) = (when.get(d), levers > 0) {
            let lit = |&(l, pulled): &(usize, bool)| crate::model::Literal {
                lever: format!("l{}", l % levers).into(),
                pulled,
            };
            door.open = true;
            door.open_when = Some(
                lists
                    .iter()
                    .map(|all| all.iter().map(lit).collect())
                    .collect(),
            );
        }
        if let Some(&n) = spend.get(d).filter(|&&n| n > 0 && !bombs.is_empty()) {
            door.spend.insert("bomb".to_owned(), n);
        }
    }
    let conditional: Vec<crate::model::DoorId> = (level.doors.iter())
        .filter(|d| d.open_when.is_some())
        .map(|d| d.id.clone())
        .collect();
    for lever in &mut level.levers {
        lever.toggles.retain(|t| !conditional.contains(t));
    }
    for (b, room) in bombs.iter().enumerate() {
        let mut bomb = Key::new(format!("b{b}"), "r0");
        bomb.room = room.map(|r| format!("r{}", r % rooms).into());
        bomb.kind = Some("bomb".to_owned());
        level.keys.push(bomb);
    }
}

/// The steps the rules allow from `state`, each with the state it leads to.
fn rule_steps(rules: &Rules<'_>, state: &PlayState) -> Vec<(u32, PlayState)> {
    let level = rules.level();
    let mut out = Vec::new();
    let moves = rules.legal_moves(state);
    let steps = moves
        .iter()
        .map(|&(d, to)| {
            let step = Step::Move {
                door: level.doors[d].id.clone(),
                to: level.rooms[to].id.clone(),
            };
            (d as u32, step)
        })
        .chain(rules.levers_here(state).into_iter().map(|l| {
            let step = Step::Pull {
                lever: level.levers[l].id.clone(),
            };
            (PULL | l as u32, step)
        }));
    for (act, step) in steps {
        let mut next = state.clone();
        if rules.apply(&mut next, &step).is_ok() {
            out.push((act, next.with_tally(0.0, 0, 0)));
        }
    }
    out.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    out
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Every reachable state: the compiled successors are the rules' steps,
    /// and `walks` says "only the room changes" exactly when it does.
    #[test]
    fn compiled_steps_are_the_rules_steps(level in level()) {
        compiled_steps_agree(&level)?;
    }

    /// The same on levels using the extensions: `once` levers, `open_when`
    /// doors, items of other kinds and what doors spend of them, carried
    /// keys. Every step is also judged by [`Mechanics::blocked`] and
    /// [`Mechanics::pull_used`] directly, from the decoded state.
    #[test]
    fn compiled_steps_are_the_rules_steps_with_extensions(level in extended_level()) {
        compiled_steps_agree(&level)?;
    }
}

/// The compiled successors of every reachable state (up to 3,000) are the
/// rules' steps, and `walks` says "only the room changes" exactly when it
/// does; each exit is taken exactly when [`Mechanics::blocked`] allows it.
fn compiled_steps_agree(level: &Level) -> Result<(), TestCaseError> {
    {
        let Ok(rules) = Rules::new(level) else {
            return Ok(());
        };
        let m = rules.mechanics();
        let c = Compiled::new(m, compile::layout(m, Tracking::EveryKey, &[]));
        prop_assert_eq!(decode(&c, m, &c.start), rules.start().with_tally(0.0, 0, 0));
        let mut store = Store::new(c.width, c.layout.total_bits);
        store.insert(&c.start);
        let mut next = 0u32;
        let mut t = vec![0u64; c.width];
        while (next as usize) < store.len() && next < 3000 {
            let s = store.get(next).to_vec();
            next += 1;
            let mut compiled = Vec::new();
            c.successors(&s, &mut t, |after, act, _| {
                compiled.push((act, after.to_vec()));
            });
            let mut mine: Vec<(u32, PlayState)> = compiled
                .iter()
                .map(|(act, after)| (*act, decode(&c, m, after)))
                .collect();
            mine.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
            prop_assert_eq!(&mine, &rule_steps(&rules, &decode(&c, m, &s)));
            let here = decode(&c, m, &s);
            for exit in c.exits_of(c.room(&s)) {
                let taken = c.take_exit(&s, exit, &mut t);
                let passage = crate::rules::mechanics::Passage {
                    door: exit.door as usize,
                    from: c.room(&s),
                    to: exit.to as usize,
                };
                prop_assert_eq!(taken, m.blocked(passage, &here).is_none());
                let only_room =
                    taken && s[0] & !c.room_mask == t[0] & !c.room_mask && s[1..] == t[1..];
                let walks = c.walks(&s, exit);
                prop_assert_eq!(walks.is_some(), taken);
                prop_assert_eq!(walks == Some(true), only_room);
            }
            for pull in c.pulls_of(c.room(&s)) {
                let used = m.pull_used(pull.lever as usize, &here);
                prop_assert_eq!(Compiled::can_pull(&s, pull), !used);
            }
            for (_, after) in compiled {
                store.insert(&after);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The rules' tables made from the references validation found, and
    /// from what it counted, are the tables made by looking every id up,
    /// and a reference that names nothing is refused the same way:
    /// validation's lists are then short. Keys and doors' `spend` lists
    /// name kinds of items, so that skipping the doors when none spends
    /// numbers the kinds alike.
    #[test]
    fn tables_from_what_validation_found_are_the_looked_up_tables(
        level in level(),
        spoil in 0..6u8,
        carried in prop::collection::vec(any::<bool>(), 4),
        spends in prop::collection::vec((0usize..8, 0usize..3, 1u32..3), 0..4),
        key_kinds in prop::collection::vec((0usize..4, 0usize..3), 0..3),
    ) {
        let mut level = level;
        let kind = |k: usize| ["bomb", "coin", "gem"][k].to_owned();
        for &(d, k, n) in &spends {
            if let Some(door) = level.doors.get_mut(d) {
                door.spend.insert(kind(k), n);
            }
        }
        for &(i, k) in &key_kinds {
            if let Some(key) = level.keys.get_mut(i).filter(|key| !key.small) {
                key.kind = Some(kind(k));
            }
        }
        // Keys carried from the start have no room to find.
        for (key, carried) in level.keys.iter_mut().zip(carried) {
            if carried {
                key.room = None;
            }
        }
        let nowhere = || crate::model::RoomId::from("nowhere");
        match spoil {
            1 => level.doors[0].to = nowhere(),
            2 => level.doors[0].locks.push("no key".into()),
            3 => level.levers.iter_mut().for_each(|l| l.toggles.push("no door".into())),
            4 => level.keys.iter_mut().for_each(|k| k.room = Some(nowhere())),
            5 => level.levers.iter_mut().for_each(|l| l.room = nowhere()),
            _ => {}
        }
        let index = crate::model::LevelIndex::new(&level);
        let looked_up = Mechanics::with_index(&level, &index);
        let (_, checked) = crate::validate::validate_indexed(&level, index);
        let found = Mechanics::with_found(&level, &checked.index, &checked.found);
        prop_assert_eq!(found, looked_up);
    }

    /// On levels whose steps can all be undone, the two explorations agree.
    #[test]
    fn both_explorations_of_undoable_levels_agree(level in level()) {
        let mut level = level;
        for door in &mut level.doors {
            door.one_way = false;
            door.small_locks = 0;
        }
        let Ok(m) = Mechanics::new(&level) else { return Ok(()) };
        if !crate::validate::errors(&level).is_empty() {
            return Ok(());
        }
        let budget = Budget { max_states: 1_000_000, max_words: 1 << 26, deadline: None, cancel: None, progress: None };
        for removed in [vec![], vec![true]] {
            for goal_ends_game in [true, false] {
                let bits = reversible::explore(&m, &removed, goal_ends_game, &budget).unwrap();
                let states = reversible::explore_states(&m, &removed, goal_ends_game, &budget).unwrap();
                prop_assert_eq!(&bits.rooms, &states.rooms);
                prop_assert_eq!(&bits.keys, &states.keys);
                prop_assert_eq!(bits.goal, states.goal);
            }
        }
    }
}

/// [`level`] with nothing to pick up and nothing to pull: no keys, no
/// levers, no locks; doors cost 0, a fraction, 1 or a lot.
fn walk_only_level() -> impl Strategy<Value = Level> {
    let costs = prop::collection::vec(
        prop_oneof![Just(0.0), Just(0.1), Just(1.0), Just(2.5), Just(1e6)],
        8,
    );
    (level(), costs, any::<bool>()).prop_map(|(mut level, costs, uniform)| {
        level.keys.clear();
        level.levers.clear();
        level.goal_requires.clear();
        for (door, cost) in level.doors.iter_mut().zip(costs) {
            door.locks.clear();
            door.locks_any.clear();
            door.locked_from = None;
            door.small_locks = 0;
            if !uniform {
                door.cost = cost;
            }
        }
        level
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// With nothing to pick up or pull, the relaxed reach short of the
    /// rooms beyond the goal is the reach an exploration finds, state for
    /// room: the analysis takes it as it is.
    #[test]
    fn with_nothing_to_take_the_relaxed_reach_is_the_reach(level in walk_only_level()) {
        let Ok(m) = Mechanics::new(&level) else { return Ok(()) };
        if !crate::validate::errors(&level).is_empty() {
            return Ok(());
        }
        let budget = Budget { max_states: 1_000_000, max_words: 1 << 26, deadline: None, cancel: None, progress: None };
        let explored = reversible::explore(&m, &[], true, &budget).unwrap();
        let relaxed = super::facts::relaxed(&m, &[]);
        let rooms = relaxed.before_goal.as_ref().unwrap_or(&relaxed.rooms);
        prop_assert_eq!(&explored.rooms, rooms);
        prop_assert_eq!(explored.goal, relaxed.goal);
        prop_assert_eq!(explored.states, rooms.iter().filter(|&&r| r).count());
    }

    /// With nothing to pick up or pull, the walk down the distances to the
    /// goal ([`super::events::descend`]) finds a plan whenever the goal can
    /// be reached, exits of cost 0 included (it goes back where a circle of
    /// them led it astray), and the plan costs what A* finds.
    #[test]
    fn with_nothing_to_take_the_descent_costs_what_a_star_finds(level in walk_only_level()) {
        let Ok(prep) = super::Prepared::new(&level, &[]) else { return Ok(()) };
        let c = prep.for_plans();
        let descended = prep.descended().unwrap().and_then(|d| d.plan);
        let (cost, _) = plan_figures(&prep, c);
        let text = crate::format::to_string(&level);
        prop_assert_eq!(descended.is_some(), cost.is_some(), "{}", text);
        if let (Some(plan), Some(cost)) = (descended, cost) {
            prop_assert!((plan.cost - cost).abs() <= 1e-9 * cost.max(1.0), "{} != {}: {}", plan.cost, cost, text);
        }
    }
}

/// The least cost and the fewest pulls of a plan from the start, searched
/// over `c`.
fn plan_figures(prep: &super::Prepared<'_>, c: &Compiled) -> (Option<f64>, Option<u32>) {
    use super::astar::Outcome;
    use super::events;
    use super::heuristic::Heuristic;
    let budget = Budget {
        max_states: 1_000_000,
        max_words: 1 << 26,
        deadline: None,
        cancel: None,
        progress: None,
    };
    let mut h = Heuristic::new(prep.mechanics(), c, &prep.removed);
    let least = events::least_cost(c, &mut h, &c.start, &budget);
    let cost = match least.found.outcome {
        Outcome::Goal(g) => Some(prep.plan_to_over(c, &least, g).map(|p| p.cost)),
        _ => None,
    };
    let count = |_: &[u64], act: u32, _: usize| u32::from(act & PULL != 0);
    let fewest = events::fewest(c, &mut h, &c.start, u32::MAX, &budget, count);
    let pulls = match fewest.found.outcome {
        Outcome::Goal(g) => Some(prep.plan_to_over(c, &fewest, g).map(|p| p.pulls)),
        _ => None,
    };
    (cost.and_then(Result::ok), pulls.and_then(Result::ok))
}

/// Calls `check` on the prepared level of each of 3,000 random levels using
/// every rule (the same ones on every run), and returns how many were valid.
pub(crate) fn each_random_level(mut check: impl FnMut(&Level, &super::Prepared<'_>)) -> usize {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let strategy = level();
    let mut cases = 0;
    for _ in 0..3000 {
        let Ok(tree) = strategy.new_tree(&mut runner) else {
            continue;
        };
        let level = tree.current();
        let Ok(prep) = super::Prepared::new(&level, &[]) else {
            continue;
        };
        cases += 1;
        check(&level, &prep);
    }
    cases
}

/// On thousands of random levels using every rule, a plan the walk down
/// the distances to the goal ([`super::Prepared::descended`]) finds and
/// takes as least replays by the rules and costs exactly the least cost A*
/// finds. It finds one on a good share of them
/// (those whose way needs nothing it has not got), so this tests something.
#[test]
fn a_plan_down_the_distances_costs_the_least() {
    let mut found = 0;
    let cases = each_random_level(|level, prep| {
        let c = prep.for_plans();
        let text = crate::format::to_string(level);
        let descended = match prep.descended() {
            Ok(descended) => descended,
            Err(e) => panic!("the descent's plan does not replay ({e}): {text}"),
        };
        let Some(plan) = descended.and_then(|d| d.plan) else {
            return;
        };
        let (cost, _) = plan_figures(prep, c);
        let Some(cost) = cost else {
            panic!("a plan where A* finds none: {text}")
        };
        assert!(
            (plan.cost - cost).abs() <= 1e-9 * cost.max(1.0),
            "{} != {cost}: {text}",
            plan.cost
        );
        found += 1;
    });
    assert!(cases > 2000, "{cases} valid levels");
    assert!(found * 5 > cases, "a plan on only {found} of {cases}");
}

/// Plans searched only through the rooms [`super::relevance`] keeps cost
/// exactly what plans searched through every room cost, and need exactly as
/// few pulls, on thousands of random levels using every rule; and the
/// focus leaves rooms out on a good share of them, so this tests something.
#[test]
fn plans_through_the_focus_cost_what_plans_through_every_room_cost() {
    let mut focused = 0;
    let cases = each_random_level(|level, prep| {
        let Some(focus) = &prep.focused else { return };
        focused += 1;
        let all = plan_figures(prep, prep.compiled());
        let kept = plan_figures(prep, focus);
        assert_eq!(all, kept, "{}", crate::format::to_string(level));
    });
    assert!(cases > 2000, "{cases} valid levels");
    assert!(
        focused * 5 > cases,
        "the focus left rooms out of only {focused} of {cases} levels"
    );
}

/// The sweep's proof ([`super::Prepared::swept`]) holds on thousands of
/// random levels using every rule: its floors never exceed the least cost
/// and the fewest pulls that A* finds, and when it calls its plan least,
/// A* finds no cheaper one. It fires on a good share of them, so this tests
/// something.
#[test]
fn the_sweep_proves_only_what_a_star_confirms() {
    let budget = Budget {
        max_states: 1_000_000,
        max_words: 1 << 26,
        deadline: None,
        cancel: None,
        progress: None,
    };
    let (mut proven, mut with_pulls) = (0, 0);
    let cases = each_random_level(|level, prep| {
        let c = prep.for_plans();
        let mut h = super::heuristic::Heuristic::new(prep.mechanics(), c, &prep.removed);
        let Ok(swept) = prep.swept(&mut h, &budget) else {
            panic!("the sweep's plan does not replay")
        };
        let (cost, pulls) = plan_figures(prep, c);
        let text = crate::format::to_string(level);
        if let (Some(cost), Some(pulls)) = (cost, pulls) {
            assert!(
                swept.floor <= cost + 1e-9,
                "floor {} > {cost}: {text}",
                swept.floor
            );
            assert!(
                swept.pulls <= pulls,
                "pulls {} > {pulls}: {text}",
                swept.pulls
            );
        }
        if !swept.least {
            return;
        }
        let plan = swept.plan.as_ref().map(|p| (p.cost, p.pulls));
        let Some((swept_cost, swept_pulls)) = plan else {
            panic!("proven without a plan: {text}")
        };
        assert_eq!(Some(swept_cost), cost, "{text}");
        proven += 1;
        if swept_pulls > 0 {
            with_pulls += 1;
            if swept_pulls <= swept.pulls {
                assert_eq!(Some(swept_pulls), pulls, "{text}");
            }
        }
    });
    assert!(cases > 2000, "{cases} valid levels");
    assert!(proven * 5 > cases, "proven on only {proven} of {cases}");
    assert!(with_pulls >= 10, "proven with pulls on only {with_pulls}");
}
