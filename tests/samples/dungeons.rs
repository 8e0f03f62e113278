//! The samples that show small keys and their softlock, nested rooms and
//! a whole dungeon.

use super::*;

#[test]
fn smallkeys() {
    let (level, a) = sample(
        "smallkeys.level.json",
        &Expected {
            cost: 6.0,
            moves: 6,
            pulls: 0,
            min_pulls: 0,
            dead_end_states: 30,
        },
    );
    let small = level.keys.iter().filter(|k| k.small).count();
    let locks: u32 = level.doors.iter().map(|d| d.small_locks).sum();
    assert_eq!((small, locks), (3, 6));

    // A real softlock, yet solvable.
    assert_eq!(a.dead_ends.exist, Some(true));
    assert_eq!(a.dead_ends.kinds, 2);
    // The cheapest ways in: opening the storeroom, or the great doors.
    let last_doors: Vec<&str> = a
        .dead_ends
        .found
        .iter()
        .map(|d| {
            match d
                .steps
                .iter()
                .rev()
                .find(|s| !matches!(s, Step::Pickup { .. }))
            {
                Some(Step::Move { door, .. }) => door.as_str(),
                _ => "",
            }
        })
        .collect();
    assert_eq!(last_doors, ["d2", "d5"]);
    for d in &a.dead_ends.found {
        let done = replay(&level, &d.steps).unwrap();
        assert!(!done.solved);
    }
    // Each reason says which spending caused it and which door now stays
    // shut on the way, in the rules' words.
    let storeroom = &a.dead_ends.found[0].reason;
    assert!(
        storeroom.contains("1 small key was spent on door \"d2\""),
        "{storeroom}"
    );
    assert!(storeroom.contains("on the way to the goal"), "{storeroom}");
    // What is in hand is what a replay of the trace holds: one small key
    // (two picked up, one spent on the storeroom), never more from here.
    let done = replay(&level, &a.dead_ends.found[0].steps).unwrap();
    assert_eq!(done.end.small_in_hand(), 1);
    assert!(
        storeroom.contains("door \"d5\" needs 2 small keys: 1 in hand, and no more can be had"),
        "{storeroom}"
    );
    let need = &a.dead_ends.found[0].why.blocking[0].needs[0];
    assert_eq!(
        need,
        &lockwork::solver::findings::Need::Items {
            kind: "small".into(),
            needed: 2,
            held: 1,
            most: 1
        }
    );
    let great = &a.dead_ends.found[1].reason;
    assert!(
        great.contains("2 small keys were spent on door \"d5\""),
        "{great}"
    );
    assert!(
        great.contains("on the way to key \"big\" door \"d4\" needs 1 small key"),
        "{great}"
    );
    // Small keys are needed as a number: all three here.
    let small = a.keys.small().unwrap();
    assert_eq!((small.total, small.needed), (3, Some(3)));

    // Under the rules: a player who spends a key on the storeroom first and
    // then walks the winning route runs out of small keys at the end.
    let wasteful = [
        mv("d1", "r2"),
        mv("d2", "r3"),
        mv("d2", "r2"),
        mv("d4", "r5"),
        mv("d6", "r6"),
        mv("d6", "r5"),
        mv("d7", "r7"),
    ];
    let err = replay(&level, &wasteful).unwrap_err();
    assert!(
        matches!(
            err,
            ReplayError::Illegal {
                index: 6,
                reason: Illegal::NotEnoughSmallKeys {
                    needed: 1,
                    held: 0,
                    ..
                },
                ..
            }
        ),
        "{err}"
    );
    assert!(unneeded(&level, &a).is_empty());
}

#[test]
fn nested() {
    let (level, a) = sample(
        "nested.level.json",
        &Expected {
            cost: 10.0,
            moves: 10,
            pulls: 0,
            min_pulls: 0,
            dead_end_states: 0,
        },
    );
    // A tree: every room but the root has exactly one door, from its parent.
    let mut parent: HashMap<&RoomId, &RoomId> = HashMap::new();
    for door in &level.doors {
        assert!(
            parent.insert(&door.to, &door.from).is_none(),
            "{} has two parents",
            door.to
        );
    }
    assert_eq!(parent.len(), level.rooms.len() - 1);
    assert!(!parent.contains_key(&level.start), "the start is the root");
    let ancestors = |room: &RoomId| {
        let mut up = Vec::new();
        let mut here = room;
        while let Some(&p) = parent.get(here) {
            up.push(p.clone());
            here = p;
            assert!(up.len() <= level.rooms.len(), "a cycle");
        }
        up
    };
    // Each door is locked by one key lying in an ancestor of the room behind it.
    for door in &level.doors {
        assert_eq!(door.locks.len(), 1, "door {}", door.id);
        let key = level.key(&door.locks[0]).unwrap();
        assert!(
            ancestors(&door.to).contains(key.room.as_ref().unwrap()),
            "key {} of door {} lies in {}, not above {}",
            key.id,
            door.id,
            key.room.as_ref().unwrap(),
            door.to
        );
    }
    // Four deep, with branching.
    assert_eq!(ancestors(&level.goal).len(), 4);
    let mut children: HashMap<&RoomId, usize> = HashMap::new();
    for p in parent.values() {
        *children.entry(p).or_default() += 1;
    }
    assert!(children.values().filter(|&&n| n >= 2).count() >= 3);

    // The seal sits at the top of the other branch, so it is fetched first;
    // the keys of the two side rooms open nothing the goal needs.
    assert_eq!(key_ids(&level.goal_requires), ["seal"]);
    let plan = a.plan.as_ref().unwrap();
    let seal = pickups(&plan.steps).iter().position(|&k| k == "seal");
    let jade = pickups(&plan.steps).iter().position(|&k| k == "jade");
    assert!(seal < jade, "the north branch comes first");
    assert_eq!(key_ids(&unneeded(&level, &a)), ["copper", "bone"]);
}

/// Every field of FORMAT.md's version-1 extensions in one level.
#[test]
fn dungeon() {
    let (level, a) = sample(
        "dungeon.level.json",
        &Expected {
            cost: 6.0,
            moves: 4,
            pulls: 1,
            min_pulls: 0,
            dead_end_states: 1,
        },
    );
    // Carried from the start: the lamp, and one bomb of two.
    assert!(
        level
            .keys
            .iter()
            .any(|k| k.room.is_none() && k.kind.is_none())
    );
    assert!(
        level
            .keys
            .iter()
            .any(|k| k.room.is_none() && k.kind.is_some())
    );
    let plan = a.plan.as_ref().unwrap();
    assert_eq!(
        plan.steps
            .iter()
            .filter(|s| !matches!(s, Step::Pickup { .. }))
            .cloned()
            .collect::<Vec<_>>(),
        [
            mv("d1", "r2"),
            Step::Pull { lever: "l1".into() },
            mv("d2", "r3"),
            mv("d3", "r4"),
            mv("d4", "r5"),
        ]
    );
    // The one dead end: the small key spent on the one-way d5 before the
    // gold key, with the portcullis shut.
    let dead = &a.dead_ends.found[0];
    assert_eq!(dead.room.as_str(), "r4");
    assert!(
        dead.reason
            .contains("only opens while l1 has been pulled and l2 is up"),
        "{}",
        dead.reason
    );
    assert!(
        dead.reason.contains("the lock is on this side only"),
        "{}",
        dead.reason
    );
    // The once lever cannot be pulled twice.
    let twice = [
        mv("d1", "r2"),
        Step::Pull { lever: "l1".into() },
        Step::Pull { lever: "l1".into() },
    ];
    assert!(matches!(
        replay(&level, &twice),
        Err(ReplayError::Illegal {
            index: 2,
            reason: Illegal::LeverUsed(_),
            ..
        })
    ));
}
