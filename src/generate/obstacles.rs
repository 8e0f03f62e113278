//! What keeps a generator from working on a drawn level, all of it at once:
//! the editor lists every obstacle with its one-step fix, and the generators
//! refuse a layout with the first one.

use std::fmt;

use super::{GenerateError, Generator, Unreachable};
use crate::model::{DoorId, ItemId, KeyId, Level, RoomGraph};
use crate::validate::validate;

/// One thing in the way, naming the items by id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// The level has validation errors (the first is given).
    Invalid {
        /// How many.
        count: usize,
        /// The first, in words.
        first: String,
    },
    /// Keys lie in the level, and the generator places its own (or none).
    Keys(Vec<KeyId>),
    /// The lever generator has no lever to wire.
    NoLevers,
    /// Every lever is wired already.
    AllWired,
    /// Locked doors (keys or small keys), where plain ones are needed.
    Locked(Vec<DoorId>),
    /// Every door starts open: no wiring can make the goal need a pull.
    AllOpen,
    /// More doors than the lever search handles.
    TooManyDoors {
        /// Doors of the level.
        doors: usize,
        /// The most it handles.
        most: usize,
    },
    /// No doors join the start to the goal.
    GoalUnreachable {
        /// The start, for people.
        start: String,
        /// The goal, for people.
        goal: String,
    },
}

/// A one-step change that clears an obstacle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fix {
    /// Delete the keys.
    RemoveKeys,
    /// Put a lever (toggling nothing yet) in the start room.
    AddLever,
    /// Take the locks off the doors.
    Unlock,
    /// Close every door at the start.
    CloseDoors,
}

impl Fix {
    /// The button's label.
    pub fn label(self) -> &'static str {
        match self {
            Self::RemoveKeys => "Remove the keys",
            Self::AddLever => "Add a lever to the start room",
            Self::Unlock => "Unlock them",
            Self::CloseDoors => "Close the doors",
        }
    }
}

fn ids<T: fmt::Display>(items: &[T]) -> String {
    const SHOWN: usize = 6;
    let mut text: Vec<String> = items.iter().take(SHOWN).map(ToString::to_string).collect();
    if items.len() > SHOWN {
        text.push(format!("and {} more", items.len() - SHOWN));
    }
    text.join(", ")
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid { count: n, first } => {
                write!(f, "the level has {} (first: {first})", count(*n, "error"))
            }
            Self::Keys(k) => {
                let verb = if k.len() == 1 { "lies" } else { "lie" };
                write!(
                    f,
                    "{} {verb} in the level ({})",
                    count(k.len(), "key"),
                    ids(k)
                )
            }
            Self::NoLevers => f.write_str("there is no lever to wire"),
            Self::AllWired => f.write_str("every lever is wired already"),
            Self::Locked(d) => write!(f, "{} locked ({})", are(d.len(), "door"), ids(d)),
            Self::AllOpen => f.write_str(
                "every door starts open, so no wiring can make the goal need a single pull",
            ),
            Self::TooManyDoors { doors, most } => {
                write!(
                    f,
                    "the level has {doors} doors; lever wiring handles at most {most}"
                )
            }
            Self::GoalUnreachable { start, goal } => {
                write!(
                    f,
                    "no path of doors leads from the start {start} to the goal {goal}"
                )
            }
        }
    }
}

/// "3 doors are" / "1 door is".
fn are(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what} is")
    } else {
        format!("{n} {what}s are")
    }
}

impl Obstacle {
    /// The items it is about.
    pub fn items(&self) -> Vec<ItemId> {
        match self {
            Self::Keys(k) => k.iter().cloned().map(ItemId::Key).collect(),
            Self::Locked(d) => d.iter().cloned().map(ItemId::Door).collect(),
            _ => Vec::new(),
        }
    }

    /// The one-step fix, when there is one.
    pub fn fix(&self) -> Option<Fix> {
        match self {
            Self::Keys(_) => Some(Fix::RemoveKeys),
            Self::NoLevers => Some(Fix::AddLever),
            Self::Locked(_) => Some(Fix::Unlock),
            Self::AllOpen => Some(Fix::CloseDoors),
            Self::Invalid { .. }
            | Self::AllWired
            | Self::TooManyDoors { .. }
            | Self::GoalUnreachable { .. } => None,
        }
    }

    /// The error a generator gives for it.
    pub(crate) fn into_error(self, who: Generator) -> GenerateError {
        let what = match who {
            Generator::Levers => "the lever generator works on rooms, closed doors and levers",
            _ => "the generator needs a valid layout",
        };
        match self {
            Self::Invalid { first, .. } => GenerateError::InvalidLayout(first),
            Self::NoLevers | Self::AllWired => GenerateError::NoLevers,
            Self::GoalUnreachable { start, goal } => {
                GenerateError::GoalUnreachable(Unreachable::NoPath { start, goal })
            }
            o => GenerateError::Layout(format!("{o}; {what}")),
        }
    }
}

/// Every obstacle to running `who` on `level`, most basic first.
pub fn obstacles(level: &Level, who: Generator) -> Vec<Obstacle> {
    let report = validate(level);
    if let Some(first) = report.errors.first() {
        return vec![Obstacle::Invalid {
            count: report.errors.len(),
            first: first.to_string(),
        }];
    }
    let mut out = Vec::new();
    let keys: Vec<KeyId> = level.keys.iter().map(|k| k.id.clone()).collect();
    let doors = |pick: &dyn Fn(&crate::model::Door) -> bool| -> Vec<DoorId> {
        level
            .doors
            .iter()
            .filter(|d| pick(d))
            .map(|d| d.id.clone())
            .collect()
    };
    let locked = doors(&|d| d.is_locked());
    match who {
        // The backward generator keeps what is drawn and adds its locks
        // around it; so does the random one.
        Generator::Backward | Generator::Random | Generator::Nested => {}
        Generator::Levers => {
            if level.levers.is_empty() {
                out.push(Obstacle::NoLevers);
            } else if level.levers.iter().all(|l| !l.toggles.is_empty()) {
                out.push(Obstacle::AllWired);
            }
            out.extend((!keys.is_empty()).then_some(Obstacle::Keys(keys)));
            out.extend((!locked.is_empty()).then_some(Obstacle::Locked(locked)));
            if !level.doors.is_empty() && level.doors.iter().all(|d| d.open) {
                out.push(Obstacle::AllOpen);
            }
            let most = super::MAX_DOORS;
            if level.doors.len() > most {
                out.push(Obstacle::TooManyDoors {
                    doors: level.doors.len(),
                    most,
                });
            }
        }
    }
    let respect_one_way = who == Generator::Levers;
    if !goal_reachable(level, respect_one_way) {
        out.push(Obstacle::GoalUnreachable {
            start: level.room_label(&level.start),
            goal: level.room_label(&level.goal),
        });
    }
    out
}

/// The first obstacle as the generator's error.
pub(crate) fn check(level: &Level, who: Generator) -> Result<(), GenerateError> {
    let first = obstacles(level, who)
        .into_iter()
        .find(|o| !(who == Generator::Levers && matches!(o, Obstacle::AllOpen)));
    match first {
        Some(o) => Err(o.into_error(who)),
        None => Ok(()),
    }
}

/// Can the goal be reached from the start with every door open (one-way
/// doors only their way when `respect_one_way`)? Over the room graph, whose
/// passages are the rules' own: a one-way door one way, any other both.
fn goal_reachable(level: &Level, respect_one_way: bool) -> bool {
    use petgraph::algo::has_path_connecting;
    use petgraph::visit::UndirectedAdaptor;
    let graph = RoomGraph::new(level);
    let (Some(start), Some(goal)) = (graph.room(&level.start), graph.room(&level.goal)) else {
        return false;
    };
    if respect_one_way {
        has_path_connecting(&graph, start, goal, None)
    } else {
        has_path_connecting(UndirectedAdaptor(&graph), start, goal, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Door, Key, Lever, Room};

    #[test]
    fn a_mixed_level_shows_every_obstacle_at_once() {
        let mut level = Level::new("mixed");
        level.rooms.push(Room::new("r2", [200.0, 0.0]));
        let mut d1 = Door::new("d1", "r1", "r2");
        d1.one_way = true;
        level.doors.push(d1);
        let mut d2 = Door::new("d2", "r1", "r2");
        d2.open = false;
        level.doors.push(d2);
        level.keys.push(Key::new("k1", "r1"));
        level.levers.push(Lever::new("l1", "r1", vec![]));
        level.goal = "r2".into();
        // The backward and random generators keep what is drawn.
        assert_eq!(obstacles(&level, Generator::Backward), vec![]);
        assert_eq!(obstacles(&level, Generator::Random), vec![]);
        assert_eq!(
            Obstacle::Locked(vec!["d1".into()]).to_string(),
            "1 door is locked (d1)"
        );
        let levers = obstacles(&level, Generator::Levers);
        assert_eq!(levers, vec![Obstacle::Keys(vec!["k1".into()])]);
        level.doors[1].open = true;
        level.keys.clear();
        assert_eq!(
            obstacles(&level, Generator::Levers),
            vec![Obstacle::AllOpen]
        );
        assert!(
            check(&level, Generator::Levers).is_ok(),
            "the command line still runs it"
        );
    }

    #[test]
    fn a_door_that_spends_items_or_takes_any_key_is_locked() {
        let mut level = Level::new("extended locks");
        level.rooms.push(Room::new("r2", [200.0, 0.0]));
        let mut d1 = Door::new("d1", "r1", "r2");
        d1.spend.insert("bomb".into(), 1);
        let mut d2 = Door::new("d2", "r1", "r2");
        d2.locks_any = vec!["k1".into()];
        level.doors = vec![d1, d2, Door::new("d3", "r1", "r2")];
        level.keys.push(Key::new("k1", "r1"));
        level.goal = "r2".into();
        level.levers.push(Lever::new("l1", "r1", vec![]));
        level.doors[2].open = false;
        let keys = Obstacle::Keys(vec!["k1".into()]);
        assert_eq!(
            obstacles(&level, Generator::Levers),
            vec![
                keys.clone(),
                Obstacle::Locked(vec!["d1".into(), "d2".into()])
            ]
        );
        for door in &mut level.doors {
            door.unlock();
        }
        assert_eq!(obstacles(&level, Generator::Levers), vec![keys]);
        assert!(level.doors.iter().all(|d| d.spends().is_empty()));
    }
}
