//! The compiled tables on small levels made by hand.

use super::*;
use crate::model::{Door, Key, Level, LevelIndex, Lever, Room};

#[test]
fn layout_gives_each_part_of_the_state_its_own_bits() {
    let mut level = Level::new("t");
    for i in 2..=5 {
        level.rooms.push(Room::new(format!("r{i}"), [0.0, 0.0]));
    }
    let mut locked = Door::new("d1", "r1", "r2");
    locked.small_locks = 2;
    level.doors.push(locked);
    level.doors.push(Door::new("d2", "r2", "r3"));
    for id in ["s1", "s2"] {
        let mut small = Key::new(id, "r3");
        small.small = true;
        level.keys.push(small);
    }
    level.keys.push(Key::new("k", "r4"));
    level.levers.push(Lever::new("l", "r1", vec!["d2".into()]));
    let m = Mechanics::new(&level).unwrap();
    let index = LevelIndex::new(&level);
    let l = layout(&m, Tracking::EveryKey, &[]);
    assert_eq!(l.room_bits, 3, "5 rooms need 3 bits");
    assert_eq!(l.count_bits, 2, "up to 2 small keys in hand");
    assert_eq!(l.room_small[index.room(&"r3".into()).unwrap()], 2);
    let loot: Vec<u32> = l.loot_bit.iter().copied().filter(|&b| b != NONE).collect();
    assert_eq!(loot.len(), 2, "r3 (two small keys share a bit) and r4");
    assert_ne!(l.door_bit[1], NONE, "d2 is toggled");
    assert_eq!(l.door_bit[0], NONE);
    assert_ne!(l.unlock_bit[0], NONE, "d1 has a small lock");
    assert_eq!(l.total_bits, 3 + 2 + 2 + 1 + 1);
    assert_eq!(l.width(), 1);
    let matter = layout(&m, Tracking::KeysThatMatter, &[]);
    assert_eq!(
        matter.loot_bit.iter().filter(|&&b| b != NONE).count(),
        1,
        "key k opens nothing: not tracked"
    );
    let without = layout(&m, Tracking::EveryKey, &[true, false, false]);
    assert_eq!(
        without.room_small[index.room(&"r3".into()).unwrap()],
        1,
        "a removed small key is not there to pick up"
    );
}

#[test]
fn states_wider_than_a_word_test_and_flip_across_words() {
    // 100 lever doors in a chain: the state is two words wide.
    let mut level = Level::new("wide");
    for i in 2..=101 {
        level.rooms.push(Room::new(format!("r{i}"), [0.0, 0.0]));
        let mut d = Door::new(format!("d{i}"), format!("r{}", i - 1), format!("r{i}"));
        d.open = false;
        level.doors.push(d);
    }
    let all = level.doors.iter().map(|d| d.id.clone()).collect();
    level.levers.push(Lever::new("l", "r1", all));
    level.goal = "r101".into();
    let m = Mechanics::new(&level).unwrap();
    let c = Compiled::new(&m, layout(&m, Tracking::EveryKey, &[]));
    assert_eq!(c.width, 2);
    let mut t = vec![0; c.width];
    let mut next = Vec::new();
    c.successors(&c.start, &mut t, |s, act, _| next.push((s.to_vec(), act)));
    assert_eq!(next.len(), 1, "only the pull: every door is closed");
    let (pulled, act) = &next[0];
    assert_eq!(*act, PULL);
    let view = c.view(pulled);
    assert!(
        (0..100).all(|d| view.door_open(d)),
        "one pull opens all 100"
    );
}

#[test]
fn a_rooms_items_are_counted_per_kind_in_the_order_first_met() {
    // Bombs and arrows in r1, bombs again in r2 and back in r1: each room
    // lists each kind once, with its count.
    let mut level = Level::new("items");
    level.rooms.push(Room::new("r2", [0.0, 0.0]));
    let mut d = Door::new("d1", "r1", "r2");
    d.spend.insert("bomb".into(), 1);
    d.spend.insert("arrow".into(), 1);
    level.doors.push(d);
    for (id, room, kind) in [
        ("b1", "r1", "bomb"),
        ("a1", "r1", "arrow"),
        ("b2", "r2", "bomb"),
        ("b3", "r1", "bomb"),
    ] {
        let mut item = Key::new(id, room);
        item.kind = Some(kind.into());
        level.keys.push(item);
    }
    let m = Mechanics::new(&level).unwrap();
    let index = LevelIndex::new(&level);
    let kind = |name: &str| m.kinds().iter().position(|k| k == name).unwrap() as u32;
    let l = layout(&m, Tracking::EveryKey, &[]);
    let r1 = index.room(&"r1".into()).unwrap();
    let r2 = index.room(&"r2".into()).unwrap();
    assert_eq!(
        l.room_items[r1],
        vec![(kind("bomb"), 2), (kind("arrow"), 1)]
    );
    assert_eq!(l.room_items[r2], vec![(kind("bomb"), 1)]);
}

#[test]
fn masks_overlap_only_on_a_shared_bit() {
    let a = mask_of([1, 70, 200]);
    assert!(overlap(&a, &mask_of([200])));
    assert!(overlap(&mask_of([5, 70]), &a));
    assert!(!overlap(&a, &mask_of([0, 2, 71, 199, 201])));
    assert!(!overlap(&a, &Mask::new()));
}
