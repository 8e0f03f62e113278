//! The state of play as a small serialisable value for a game's save file,
//! and the checked way back from it.

use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{Guide, Session};
use crate::model::{DoorId, KeyId, Level, LeverId, RoomId};
use crate::rules::{PlayState, Step};

/// A [`Session`]'s state of play, by id, for a game's save file: what
/// [`Session::save`] gives and [`Session::restore`] takes back.
///
/// It serialises with serde (any format); in JSON, empty lists are left
/// out: `{"room":"r2","keys":["s1"],"unlocked":["d1"],"cost":1.0,"moves":1,"pulls":0,"level":"…"}`.
/// `level` is the level's fingerprint ([`Guide::fingerprint`]): a save of
/// another level is refused with [`RestoreError::OtherLevel`]. The undo
/// history is part of it when saved with [`Session::save_with_history`].
/// Fields it does not know are kept in [`Self::extra`] and written back,
/// so a game can keep its own beside them.
///
/// # Examples
///
/// ```
/// use lockwork::model::{Door, Level, Room};
/// use lockwork::play::{PlayOptions, SavedSession, Session};
/// use lockwork::rules::Step;
/// let mut level = Level::new("corridor");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.rooms.push(Room::new("r3", [200.0, 0.0]));
/// level.doors = vec![Door::new("d1", "r1", "r2"), Door::new("d2", "r2", "r3")];
/// level.goal = "r3".into();
/// let mut session = Session::open(level, &PlayOptions::default())?;
/// session.apply(&Step::Move { door: "d1".into(), to: "r2".into() })?;
///
/// let mut saved = session.save();
/// saved.extra.insert("player".into(), "Ada".into());
/// let text = serde_json::to_string(&saved)?;
/// let fingerprint = session.guide().fingerprint();
/// assert_eq!(text, format!(
///     r#"{{"room":"r2","cost":1.0,"moves":1,"pulls":0,"level":"{fingerprint}","player":"Ada"}}"#
/// ));
/// let saved: SavedSession = serde_json::from_str(&text)?;
/// assert_eq!(saved.extra["player"], "Ada");
/// let back = Session::restore(session.guide().clone(), &saved)?;
/// assert_eq!(back.state(), session.state());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedSession {
    /// The room the player is in.
    pub room: RoomId,
    /// Every key picked up, small keys too (spent or not).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<KeyId>,
    /// The doors that levers have flipped from their state in the level
    /// file (`open`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub toggled: Vec<DoorId>,
    /// The doors whose spending lock (small keys or other items) was
    /// opened for good, their items spent. The items in hand follow from
    /// it: per kind, the items picked up less those these doors spent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unlocked: Vec<DoorId>,
    /// The levers pulled an odd number of times (a `once` lever: pulled),
    /// among those an `open_when` names or that are `once`; absent from
    /// saves of levels without such levers, and from older saves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levers: Vec<LeverId>,
    /// Total cost of the steps taken.
    pub cost: f64,
    /// Moves taken.
    pub moves: u32,
    /// Lever pulls taken.
    pub pulls: u32,
    /// The fingerprint of the level saved on ([`Guide::fingerprint`]);
    /// absent from older saves, which are then not checked for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// The undo history, when saved with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<Box<SavedHistory>>,
    /// Fields the game keeps beside the state of play: kept as read, and
    /// written back.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The undo history of a save: the state it starts from and the steps
/// taken since, oldest first, which [`Session::undo`] takes back one by
/// one after a restore.
///
/// # Examples
/// See [`Session::save_with_history`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedHistory {
    /// The state the history starts from: the start of the level, or the
    /// state a session was restored to (its own `history` is not read).
    pub from: SavedSession,
    /// The steps taken since, oldest first.
    pub steps: Vec<Step>,
}

/// Why a saved state does not fit the level: it names the first problem.
///
/// # Examples
/// See [`Session::restore`].
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RestoreError {
    /// The room does not exist.
    #[error("there is no room \"{0}\"")]
    NoSuchRoom(RoomId),
    /// The key does not exist.
    #[error("there is no key \"{0}\"")]
    NoSuchKey(KeyId),
    /// The door does not exist.
    #[error("there is no door \"{0}\"")]
    NoSuchDoor(DoorId),
    /// A door listed as toggled that no lever flips.
    #[error("door \"{0}\" is flipped by no lever, so it cannot have changed")]
    NeverToggled(DoorId),
    /// A door listed as unlocked that has no lock spending small keys or
    /// other items.
    #[error("door \"{0}\" has no lock that spends keys or items to open")]
    NoSmallLock(DoorId),
    /// The lever does not exist.
    #[error("there is no lever \"{0}\"")]
    NoSuchLever(LeverId),
    /// A lever listed as pulled whose position nothing looks at: no
    /// `open_when` names it and it is not `once`.
    #[error("lever \"{0}\" is named by no open_when and is not once, so its position is not kept")]
    NoParity(LeverId),
    /// A key not held in a room the player has been in (the current room,
    /// or the start): it would have been picked up.
    #[error("key \"{key}\" is not held, but the player has been in room \"{room}\", where it lies")]
    KeyLeft {
        /// The key.
        key: KeyId,
        /// Where it lies.
        room: RoomId,
    },
    /// Of two keys lying in one room, one held and not the other: entering
    /// a room picks up everything in it.
    #[error("key \"{held}\" is held but key \"{left}\", which lies in the same room, is not")]
    KeysApart {
        /// The key held.
        held: KeyId,
        /// The key left behind.
        left: KeyId,
    },
    /// The unlocked doors spent more small keys than were picked up.
    #[error("the unlocked doors spent {spent} small keys, but only {picked} were picked up")]
    Overspent {
        /// Small keys picked up.
        picked: u64,
        /// Small keys the unlocked doors spent.
        spent: u64,
    },
    /// The unlocked doors spent more items of a kind other than small keys
    /// than were picked up.
    #[error(
        "the unlocked doors spent {spent} items of kind \"{kind}\", but only {picked} were picked up"
    )]
    OverspentItems {
        /// The kind of item.
        kind: String,
        /// Items of the kind picked up.
        picked: u64,
        /// Items of the kind the unlocked doors spent.
        spent: u64,
    },
    /// The cost is negative or not a number.
    #[error("the cost so far must be a number >= 0, not {0}")]
    BadCost(f64),
    /// The state fits the level but no play from the start reaches it
    /// (checked where the guide has its table of every reachable state).
    #[error("this state cannot be reached from the start of the level")]
    Unreachable,
    /// The save was made on another level (or on a version of it with
    /// other rules): its fingerprint differs.
    #[error("this save belongs to another level (fingerprint {saved}, this level's is {level})")]
    OtherLevel {
        /// The fingerprint in the save.
        saved: String,
        /// The fingerprint of this level.
        level: String,
    },
    /// A step of the saved undo history is refused where it stands.
    #[error("step {number} of the saved history ({step}) cannot be taken: {why}")]
    HistoryStep {
        /// Its number, from 1.
        number: usize,
        /// The step.
        step: Step,
        /// Why not.
        why: String,
    },
    /// The saved undo history does not end in the saved state.
    #[error("the saved history does not lead to the saved state")]
    HistoryApart,
}

impl Session {
    /// The state of play now, by id, for a save file.
    ///
    /// # Complexity
    /// Linear in the keys and doors of the level.
    ///
    /// # Examples
    /// See [`SavedSession`].
    pub fn save(&self) -> SavedSession {
        let mut saved = saved_state(&self.guide.level, &self.now.state);
        saved.level = Some(self.guide.fingerprint().to_owned());
        saved
    }

    /// As [`Self::save`], with the undo history: after
    /// [`Self::restore`], [`Self::undo`] takes the steps back as it would
    /// have here.
    ///
    /// # Complexity
    /// Linear in the size of the level and in the steps of the history.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::play::{PlayOptions, Session};
    /// use lockwork::rules::Step;
    /// let mut level = Level::new("corridor");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.rooms.push(Room::new("r3", [200.0, 0.0]));
    /// level.doors = vec![Door::new("d1", "r1", "r2"), Door::new("d2", "r2", "r3")];
    /// level.goal = "r3".into();
    /// let mut session = Session::open(level, &PlayOptions::default())?;
    /// session.apply(&Step::Move { door: "d1".into(), to: "r2".into() })?;
    /// let saved = session.save_with_history();
    /// let mut back = Session::restore(session.guide().clone(), &saved)?;
    /// assert_eq!(back.history_len(), 1);
    /// assert!(back.undo());
    /// assert_eq!(back.state().room(), 0);
    /// # Ok::<(), lockwork::Error>(())
    /// ```
    pub fn save_with_history(&self) -> SavedSession {
        let mut saved = self.save();
        if let Some((first, _)) = self.history.first() {
            saved.history = Some(Box::new(SavedHistory {
                from: saved_state(&self.guide.level, &first.state),
                steps: self.history.iter().map(|(_, step)| step.clone()).collect(),
            }));
        }
        saved
    }

    /// A session on `guide` in the state `saved` describes, after checking
    /// that it fits the level: the save's fingerprint (when it has one) is
    /// the level's, every id exists, keys that lie together are
    /// held together, nothing is left in a room the player has been in, the
    /// small keys add up, and (where the guide has its table) the state can
    /// be reached from the start.
    ///
    /// # Arguments
    /// * `guide` – the level analysed for play; the session shares it.
    /// * `saved` – from [`Session::save`], possibly of an earlier version
    ///   of the level with the same rules, or edited by hand.
    ///
    /// # Returns
    /// The session, with the undo history the save carries (see
    /// [`Self::save_with_history`]; its steps are taken again, checked by
    /// the rules), else with none.
    ///
    /// # Errors
    /// [`RestoreError`] names the first thing that does not fit.
    ///
    /// # Complexity
    /// Linear in the size of the level and of `saved`; in a dead end, the
    /// explanation of it. Without the table, one bounded check of the state.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::Level;
    /// use lockwork::play::{PlayOptions, RestoreError, SavedSession, Session};
    /// let session = Session::open(Level::new("one room"), &PlayOptions::default())?;
    /// let mut saved = session.save();
    /// saved.room = "r9".into();
    /// let err = Session::restore(session.guide().clone(), &saved).unwrap_err();
    /// assert_eq!(err, RestoreError::NoSuchRoom("r9".into()));
    /// # Ok::<(), lockwork::rules::InvalidLevel>(())
    /// ```
    pub fn restore(guide: Arc<Guide>, saved: &SavedSession) -> Result<Self, RestoreError> {
        if let Some(fingerprint) = &saved.level
            && fingerprint != guide.fingerprint()
        {
            return Err(RestoreError::OtherLevel {
                saved: fingerprint.clone(),
                level: guide.fingerprint().to_owned(),
            });
        }
        match &saved.history {
            Some(history) => Self::restore_history(guide, saved, history),
            None => Self::restore_state(guide, saved),
        }
    }

    /// A session in the state of `saved`, without history.
    fn restore_state(guide: Arc<Guide>, saved: &SavedSession) -> Result<Self, RestoreError> {
        let state = state_of(&guide, saved)?;
        if guide.has_table() && guide.oracle.locate(&state).is_none() {
            return Err(RestoreError::Unreachable);
        }
        let now = Self::moment(&guide, state);
        let ahead = Mutex::new(guide.oracle.start_plan());
        Ok(Self {
            guide,
            now,
            history: Vec::new(),
            ahead,
        })
    }

    /// A session at the start of `history`, its steps taken again, which
    /// must lead to the state of `saved`.
    fn restore_history(
        guide: Arc<Guide>,
        saved: &SavedSession,
        history: &SavedHistory,
    ) -> Result<Self, RestoreError> {
        let end = state_of(&guide, saved)?;
        let mut session = Self::restore_state(guide, &history.from)?;
        for (i, step) in history.steps.iter().enumerate() {
            session
                .apply(step)
                .map_err(|why| RestoreError::HistoryStep {
                    number: i + 1,
                    step: step.clone(),
                    why: why.to_string(),
                })?;
        }
        if session.state() != &end {
            return Err(RestoreError::HistoryApart);
        }
        Ok(session)
    }
}

/// `state` by id, with no fingerprint, history or extra fields.
fn saved_state(level: &Level, state: &PlayState) -> SavedSession {
    let on = |flags: &[bool]| -> Vec<usize> {
        flags
            .iter()
            .enumerate()
            .filter_map(|(i, &f)| f.then_some(i))
            .collect()
    };
    let door = |d: usize| level.doors.get(d).map(|door| door.id.clone());
    let toggled = (level.doors.iter().zip(state.open_doors()))
        .enumerate()
        .filter(|(_, (door, open))| door.open != **open)
        .filter_map(|(d, _)| door(d));
    SavedSession {
        room: level
            .rooms
            .get(state.room())
            .map(|r| r.id.clone())
            .unwrap_or_default(),
        keys: on(state.picked())
            .into_iter()
            .filter_map(|k| level.keys.get(k).map(|key| key.id.clone()))
            .collect(),
        toggled: toggled.collect(),
        unlocked: on(state.unlocked_doors())
            .into_iter()
            .filter_map(door)
            .collect(),
        levers: (state.levers_odd().into_iter().enumerate())
            .filter(|&(_, odd)| odd)
            .filter_map(|(l, _)| level.levers.get(l).map(|lever| lever.id.clone()))
            .collect(),
        cost: state.cost(),
        moves: state.moves(),
        pulls: state.pulls(),
        level: None,
        history: None,
        extra: Map::new(),
    }
}

/// The fingerprint of `level`'s rules (see [`Guide::fingerprint`]): the
/// level as its file holds it, less what play does not read, hashed with
/// 64-bit FNV-1a (the same on every machine and version of Rust).
pub(super) fn fingerprint(level: &Level) -> String {
    const SHOWN: [&str; 6] = ["name", "description", "pos", "props", "color", "generator"];
    let mut value = crate::format::to_value(level);
    if let Value::Object(fields) = &mut value {
        for list in ["rooms", "doors", "keys", "levers"] {
            if let Some(Value::Array(items)) = fields.get_mut(list) {
                for item in items.iter_mut().filter_map(Value::as_object_mut) {
                    item.retain(|field, _| !SHOWN.contains(&field.as_str()));
                }
            }
        }
        fields.retain(|field, _| !SHOWN.contains(&field.as_str()));
    }
    let hash = (value.to_string().bytes()).fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// The state `saved` describes, checked against the level.
fn state_of(guide: &Guide, saved: &SavedSession) -> Result<PlayState, RestoreError> {
    let room = guide
        .index
        .room(&saved.room)
        .ok_or_else(|| RestoreError::NoSuchRoom(saved.room.clone()))?;
    let picked = picked(guide, &saved.keys, room)?;
    let open = open(guide, &saved.toggled)?;
    let (unlocked, spent) = unlocked(guide, &saved.unlocked)?;
    let in_hand = in_hand(guide, &picked, &spent)?;
    let odd = odd_levers(guide, &saved.levers)?;
    if !(saved.cost.is_finite() && saved.cost >= 0.0) {
        return Err(RestoreError::BadCost(saved.cost));
    }
    let small = in_hand.first().copied().unwrap_or(0);
    Ok(PlayState::from_parts(room, picked, small, open, unlocked)
        .with_extensions(in_hand, odd)
        .with_tally(saved.cost, saved.moves, saved.pulls))
}

/// Per kind of item: in hand, the items picked up less those `spent`.
fn in_hand(guide: &Guide, picked: &[bool], spent: &[u64]) -> Result<Vec<u32>, RestoreError> {
    let m = guide.oracle.mechanics();
    let mut got = vec![0u64; m.kinds().len()];
    for (key, _) in m.keys().iter().zip(picked).filter(|(_, held)| **held) {
        if let Some(n) = key.kind.and_then(|kind| got.get_mut(kind)) {
            *n += 1;
        }
    }
    let mut in_hand = Vec::with_capacity(got.len());
    for (kind, (&picked, &spent)) in got.iter().zip(spent).enumerate() {
        let left = picked
            .checked_sub(spent)
            .and_then(|n| u32::try_from(n).ok());
        let Some(left) = left else {
            return Err(match kind {
                0 => RestoreError::Overspent { picked, spent },
                _ => RestoreError::OverspentItems {
                    kind: m.kinds().get(kind).cloned().unwrap_or_default(),
                    picked,
                    spent,
                },
            });
        };
        in_hand.push(left);
    }
    Ok(in_hand)
}

/// Per lever: pulled an odd number of times? Only levers whose position
/// the rules keep may be listed.
fn odd_levers(guide: &Guide, levers: &[LeverId]) -> Result<Vec<bool>, RestoreError> {
    let m = guide.oracle.mechanics();
    let mut odd = vec![false; guide.level.levers.len()];
    for id in levers {
        let l = (guide.level.levers.iter())
            .position(|lever| &lever.id == id)
            .ok_or_else(|| RestoreError::NoSuchLever(id.clone()))?;
        if !m.levers().get(l).is_some_and(|rule| rule.parity) {
            return Err(RestoreError::NoParity(id.clone()));
        }
        odd[l] = true;
    }
    Ok(odd)
}

/// Per key: held? Checked: the keys of the start and the current room are
/// held, and keys lying together are held together.
fn picked(guide: &Guide, keys: &[KeyId], room: usize) -> Result<Vec<bool>, RestoreError> {
    let level = &guide.level;
    let m = guide.oracle.mechanics();
    let mut picked = vec![false; level.keys.len()];
    for id in keys {
        let k = guide
            .index
            .key(id)
            .ok_or_else(|| RestoreError::NoSuchKey(id.clone()))?;
        picked[k] = true;
    }
    let key_id = |k: usize| level.keys[k].id.clone();
    for r in [m.start(), room] {
        if let Some(k) = m.keys_in(r).find(|&k| !picked[k]) {
            return Err(RestoreError::KeyLeft {
                key: key_id(k),
                room: level.rooms[r].id.clone(),
            });
        }
    }
    for r in 0..m.rooms() {
        let held = m.keys_in(r).find(|&k| picked[k]);
        let left = m.keys_in(r).find(|&k| !picked[k]);
        if let (Some(held), Some(left)) = (held, left) {
            return Err(RestoreError::KeysApart {
                held: key_id(held),
                left: key_id(left),
            });
        }
    }
    Ok(picked)
}

/// Per door: open? The level's doors with `toggled` flipped.
fn open(guide: &Guide, toggled: &[DoorId]) -> Result<Vec<bool>, RestoreError> {
    let m = guide.oracle.mechanics();
    let mut flipped = vec![false; guide.level.doors.len()];
    for id in toggled {
        let d = guide
            .index
            .door(id)
            .ok_or_else(|| RestoreError::NoSuchDoor(id.clone()))?;
        if m.flipped_by(d).is_empty() {
            return Err(RestoreError::NeverToggled(id.clone()));
        }
        flipped[d] = true;
    }
    Ok((guide.level.doors.iter().zip(flipped))
        .map(|(door, f)| door.open != f)
        .collect())
}

/// Per door: unlocked? And, per kind of item, how many those doors spent.
fn unlocked(guide: &Guide, doors: &[DoorId]) -> Result<(Vec<bool>, Vec<u64>), RestoreError> {
    let m = guide.oracle.mechanics();
    let mut unlocked = vec![false; guide.level.doors.len()];
    let mut spent = vec![0u64; m.kinds().len()];
    for id in doors {
        let d = guide
            .index
            .door(id)
            .ok_or_else(|| RestoreError::NoSuchDoor(id.clone()))?;
        let spends = m.doors().get(d).map_or(&[][..], |rule| &rule.spend[..]);
        if spends.is_empty() {
            return Err(RestoreError::NoSmallLock(id.clone()));
        }
        if !unlocked[d] {
            unlocked[d] = true;
            for &(kind, n) in spends {
                if let Some(total) = spent.get_mut(kind) {
                    *total += u64::from(n);
                }
            }
        }
    }
    Ok((unlocked, spent))
}
