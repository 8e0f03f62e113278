//! One error of each kind, and the wording of each checked.

use super::*;

/// One error of each kind that names parameters, for the front ends' tests
/// of their wording.
pub(crate) fn examples() -> Vec<GenerateError> {
    let mut all: Vec<GenerateError> = Param::ALL
        .iter()
        .map(|&param| GenerateError::param(param, Problem::TooSmall { min: 1, value: 0 }))
        .collect();
    let problems = [
        Problem::TooLarge { max: 8, value: 9 },
        Problem::Range {
            low: 0,
            high: 1,
            least: 1,
            most: Some(8),
        },
        Problem::Range {
            low: 2,
            high: 1,
            least: 0,
            most: None,
        },
        Problem::Exceeds {
            other: Param::MaxDoors,
            value: 3,
            other_value: 2,
        },
        Problem::MoreThanDoors { value: 3, doors: 1 },
        Problem::Negative { value: -1.0 },
        Problem::NotPositive {
            value: 0.0,
            max: 1e7,
        },
        Problem::NotAShare { value: 1.5 },
    ];
    all.extend(
        problems
            .into_iter()
            .map(|problem| GenerateError::param(Param::MinDoors, problem)),
    );
    all.extend([
        GenerateError::TooManyItems {
            what: "keys",
            needed: 9000,
            limit: 5000,
            lower: &[Param::Locks, Param::KeysPerLock],
        },
        GenerateError::TooManyLocks {
            asked: 9,
            placed: 2,
            what: "random graph",
        },
        GenerateError::TooFewWirings {
            levers: 40,
            wirings: 7,
            min_doors: 1,
            max_doors: 1,
            doors: 7,
        },
        GenerateError::NoBudget,
        GenerateError::TreeTooLarge { max_rooms: 50 },
        GenerateError::GoalUnreachable(Unreachable::Unsolvable {
            start: "r1".into(),
            goal: "r2".into(),
        }),
        GenerateError::GoalUnreachable(Unreachable::NoWiring { tried: 10 }),
        GenerateError::NotFound(NotFound::NoneSolvable {
            tries: 3,
            unsolvable: 2,
            too_large: 1,
        }),
        GenerateError::NotFound(NotFound::BarNotMet {
            tries: 3,
            cost: 2.5,
            pulls: Some(1),
        }),
        GenerateError::TooLargeToCheck {
            limit: 10,
            lower: &[Param::Rooms, Param::Locks],
        },
        GenerateError::AimNotMet {
            tries: 50,
            shortfalls: vec![
                crate::generate::aim::Shortfall {
                    param: Param::MinBacktracking,
                    wanted: 0.4,
                    reached: 0.25,
                },
                crate::generate::aim::Shortfall {
                    param: Param::MinRoutes,
                    wanted: 2.0,
                    reached: 1.0,
                },
            ],
        },
    ]);
    all
}

#[test]
fn display_names_fields_in_words_never_flags() {
    for e in examples() {
        let text = e.to_string();
        assert!(!text.contains("--"), "{text}");
        assert!(!e.params().is_empty(), "{text}");
        for p in e.params() {
            assert!(text.contains(&p.to_string()), "{text} does not name {p}");
        }
    }
}

#[test]
fn lists_read_as_prose() {
    let e = GenerateError::NoBudget;
    assert_eq!(
        e.to_string(),
        "give the search a budget: seconds, evaluations or target"
    );
    assert_eq!(
        e.params(),
        [Param::Seconds, Param::Evaluations, Param::Target]
    );
}

#[test]
fn every_field_is_listed_once() {
    let mut fields: Vec<&str> = Param::ALL.iter().map(|p| p.field()).collect();
    fields.sort_unstable();
    fields.dedup();
    assert_eq!(fields.len(), Param::ALL.len());
}
