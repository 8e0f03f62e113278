//! The rules' tables checked by hand on small levels (the property tests
//! that they agree with the solver's and validation's are in
//! `solver/agree.rs`).

use super::*;
use crate::model::{Door, Key, Lever, Room};

struct Held {
    open: bool,
    keys: Vec<usize>,
    small: u32,
}

impl Holdings for Held {
    fn door_open(&self, _: usize) -> bool {
        self.open
    }
    fn holds(&self, key: usize) -> bool {
        self.keys.contains(&key)
    }
    fn unlocked(&self, _: usize) -> bool {
        false
    }
    fn small_in_hand(&self) -> u32 {
        self.small
    }
}

fn level() -> Level {
    let mut level = Level::new("t");
    level.rooms.push(Room::new("r2", [0.0, 0.0]));
    level.rooms.push(Room::new("r3", [0.0, 0.0]));
    let mut d1 = Door::new("d1", "r1", "r2");
    d1.locks = vec!["a".into(), "b".into(), "a".into()];
    let mut d2 = Door::new("d2", "r2", "r3");
    d2.small_locks = 2;
    d2.open = false;
    level.doors = vec![d1, d2];
    level.keys = vec![Key::new("a", "r1"), Key::new("b", "r3")];
    level.levers = vec![
        Lever::new("l1", "r1", vec!["d2".into()]),
        Lever::new("l2", "r1", vec!["d1".into(), "d2".into(), "d1".into()]),
    ];
    level
}

#[test]
fn levers_flip_doors_listed_an_odd_number_of_times() {
    let m = Mechanics::new(&level()).unwrap();
    assert_eq!(m.levers()[1].flips, vec![1], "d1 is listed twice");
    assert_eq!(m.doors()[0].opening, Opening::Open);
    assert_eq!(
        m.doors()[1].opening,
        Opening::Lever {
            open_at_start: false
        }
    );
    assert_eq!(m.flipped_by(1), &[0, 1]);
    assert_eq!(*m.doors()[0].locks, [0, 1], "each key once");
}

#[test]
fn blocked_says_the_first_thing_in_the_way() {
    let m = Mechanics::new(&level()).unwrap();
    let d1 = m.passage(0, 0, 1).unwrap();
    let d2 = m.passage(1, 1, 2).unwrap();
    let mut held = Held {
        open: false,
        keys: vec![0],
        small: 1,
    };
    assert_eq!(m.blocked(d1, &held), Some(Blocked::MissingKeys(vec![1])));
    assert_eq!(m.blocked(d2, &held), Some(Blocked::Closed));
    held.open = true;
    assert_eq!(
        m.blocked(d2, &held),
        Some(Blocked::NotEnoughSmallKeys { needed: 2, held: 1 })
    );
    held.small = 2;
    held.keys.push(1);
    assert_eq!(m.blocked(d1, &held), None);
    assert_eq!(m.blocked(d2, &held), None);
    assert!(
        m.is_irreversible(d2, &held),
        "spending keys cannot be undone"
    );
    assert!(!m.is_irreversible(d1, &held));
}

#[test]
fn passages_know_their_direction() {
    let mut level = level();
    level.doors[0].one_way = true;
    let m = Mechanics::new(&level).unwrap();
    assert!(m.passage(0, 0, 1).is_ok());
    assert_eq!(m.passage(0, 1, 0), Err(NotAPassage::OneWay));
    assert_eq!(m.passage(1, 0, 2), Err(NotAPassage::NotThisWay));
    assert!(m.passages_from(7).is_empty(), "no such room: no passages");
    assert!(m.passages_from(usize::MAX).is_empty());
    assert_eq!(m.levers_in(usize::MAX).count(), 0);
    assert_eq!(m.keys_in(usize::MAX).count(), 0);
    assert_eq!(m.passage(usize::MAX, 0, 1), Err(NotAPassage::NotThisWay));
    assert_eq!(m.ends(usize::MAX), None);
    assert_eq!(m.flipped_by(usize::MAX), &[] as &[usize]);
}

#[test]
fn unresolved_references_are_errors_not_panics() {
    let mut level = level();
    level.levers[0].toggles.push("d9".into());
    assert_eq!(
        Mechanics::new(&level).unwrap_err().to_string(),
        "door \"d9\" does not exist"
    );
}

/// Lever parities drawn at random, for asking the conditions.
struct Parities(Vec<bool>);

impl Holdings for Parities {
    fn door_open(&self, _: usize) -> bool {
        false
    }
    fn holds(&self, _: usize) -> bool {
        false
    }
    fn unlocked(&self, _: usize) -> bool {
        false
    }
    fn small_in_hand(&self) -> u32 {
        0
    }
    fn pulled_odd(&self, lever: usize) -> bool {
        self.0.get(lever).copied().unwrap_or(false)
    }
}

/// On 3,000 random levels using every rule, the extensions included, each
/// with lever parities drawn at random, [`Mechanics::pulls_opening`] says
/// for each lever what asking every door before and after one more pull
/// says.
#[test]
fn pulls_opening_is_every_door_asked_before_and_after_each_pull() {
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{RngAlgorithm, TestRng, TestRunner};

    use crate::rules::altered::Altered;
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut runner = TestRunner::new_with_rng(Default::default(), rng);
    let strategy = crate::solver::agree::extended_level();
    let mut rng = crate::rng::Rng::new(36);
    let (mut opening, mut not) = (0, 0);
    for _ in 0..3_000 {
        let level = strategy.new_tree(&mut runner).unwrap().current();
        let Ok(m) = Mechanics::new(&level) else {
            continue;
        };
        for _ in 0..8 {
            let parities = Parities((0..m.levers().len()).map(|_| rng.chance(1, 2)).collect());
            let fast = m.pulls_opening(&parities);
            assert_eq!(fast.len(), m.levers().len());
            for (l, &fast) in fast.iter().enumerate() {
                let pulled = Altered::after_pull(&parities, l);
                let plain = (0..m.doors().len()).any(|d| {
                    m.doors()[d].opening == Opening::When
                        && !m.is_open(d, &parities)
                        && m.is_open(d, &pulled)
                });
                assert_eq!(fast, plain, "lever {l} of {level:?}");
                *(if plain { &mut opening } else { &mut not }) += 1;
            }
        }
    }
    assert!(
        opening > 1_000 && not > 1_000,
        "{opening} pulls open, {not} not"
    );
}
