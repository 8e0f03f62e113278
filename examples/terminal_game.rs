//! A text adventure over any Lockwork level, through the public API only.
//!
//! Commands: `look`, `go ROOM` (a room's id or name, or a door's id),
//! `pull LEVER`, `hint`, `undo`, `quit`. The game warns the moment the
//! player walks into a dead end, and at the goal compares the cost paid
//! with the least possible.
//!
//! ```sh
//! cargo run --example terminal_game -- assets/smallkeys.level.json
//! cargo run --example terminal_game -- assets/smallkeys.level.json --script examples/smallkeys.walkthrough
//! ```
//!
//! Commands are read one a line from standard input, or from the file
//! given with `--script` (echoed as they run). The exit status is 0 when
//! the level is solved, 1 when the input ends first.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use anyhow::{Context, Result, bail};
use lockwork::model::{Level, RoomId};
use lockwork::play::{Hint, PlayOptions, Session};
use lockwork::rules::Step;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, script) = match args.as_slice() {
        [path] => (path, None),
        [path, flag, script] if flag == "--script" => (path, Some(script)),
        _ => bail!("usage: terminal_game LEVEL.json [--script COMMANDS]"),
    };
    let level = lockwork::format::from_file(Path::new(path))
        .with_context(|| format!("cannot load {path}"))?
        .level;
    let input: Box<dyn BufRead> = match script {
        Some(file) => Box::new(BufReader::new(
            File::open(file).with_context(|| format!("cannot open {file}"))?,
        )),
        None => Box::new(io::stdin().lock()),
    };
    let solved = play(level, input, script.is_some())?;
    std::process::exit(if solved { 0 } else { 1 });
}

/// The main loop: a command, its step, what the session says of it.
fn play(level: Level, input: Box<dyn BufRead>, echo: bool) -> Result<bool> {
    println!("{}: {}", level.name, level.description);
    let mut session = Session::open(level, &PlayOptions::default())?;
    let least = session.cost_to_goal()?;
    look(&session);
    for line in input.lines() {
        let line = line?;
        if echo {
            println!("> {line}");
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let step = match words.as_slice() {
            [] => continue,
            ["look"] => {
                look(&session);
                continue;
            }
            ["go", place] => go_step(&session, place),
            ["pull", lever] => Some(Step::Pull {
                lever: (*lever).into(),
            }),
            ["hint"] => {
                hint(&session);
                continue;
            }
            ["undo"] => {
                let undone = session.undo();
                println!(
                    "{}",
                    if undone {
                        "Undone."
                    } else {
                        "Nothing to undo."
                    }
                );
                look(&session);
                continue;
            }
            ["quit"] => break,
            _ => {
                println!("I know: look, go ROOM, pull LEVER, hint, undo, quit.");
                continue;
            }
        };
        let Some(step) = step else { continue };
        let was_stuck = matches!(session.is_stuck(), Ok(Some(_)));
        match session.apply(&step) {
            Ok(keys) => {
                for key in keys {
                    println!("You pick up key {key}.");
                }
                if !session.is_solved() {
                    look(&session);
                }
            }
            Err(why) => println!("You cannot: {why}."),
        }
        if let (false, Ok(Some(stuck))) = (was_stuck, session.is_stuck()) {
            println!("You are stuck. (undo takes steps back.)");
            // A game words the fields itself: here, what it ruined and the
            // first door in the way.
            if let Some(no_return) = &stuck.why.no_return {
                println!("  That was the point of no return: {}.", no_return.step);
            }
            if let Some(door) = stuck.why.blocking.first() {
                for need in &door.needs {
                    println!("  Door {} stays shut: {}.", door.door, need_words(need));
                }
            }
        }
        if session.is_solved() {
            let state = session.state();
            println!(
                "You reach the goal: {} moves, {} pulls, cost {} (the least possible is {}).",
                state.moves(),
                state.pulls(),
                state.cost(),
                least.map_or("-".into(), |c| c.to_string())
            );
            return Ok(true);
        }
    }
    Ok(false)
}

/// The move `go PLACE` asks for: through a door that leads from here to a
/// room of that id or name, or through the door of that id. The first
/// such door the rules allow, else the first such door (to hear why not).
fn go_step(session: &Session, place: &str) -> Option<Step> {
    let level = session.guide().level();
    let here = &level.rooms[session.state().room()].id;
    let matches = |door: &lockwork::model::Door, to: &RoomId| {
        door.id.as_str() == place
            || to.as_str() == place
            || level
                .room(to)
                .is_some_and(|r| r.name.eq_ignore_ascii_case(place))
    };
    let candidates: Vec<Step> = (level.doors.iter())
        .filter_map(|door| Some((door, door.other_side(here)?)))
        .filter(|(door, to)| matches(door, to))
        .map(|(door, to)| Step::Move {
            door: door.id.clone(),
            to: to.clone(),
        })
        .collect();
    let legal = candidates.iter().find(|s| session.is_legal(s).is_ok());
    let chosen = legal.or(candidates.first()).cloned();
    if chosen.is_none() {
        println!("No door leads from here to {place}.");
    }
    chosen
}

/// Where the player is, what is held, the doors and levers here.
fn look(session: &Session) {
    let level = session.guide().level();
    let state = session.state();
    let here = &level.rooms[state.room()];
    println!("You are in {}.", level.room_label(&here.id));
    let mut held: Vec<String> = (level.keys.iter().zip(state.picked()))
        .filter(|(key, held)| **held && !key.small)
        .map(|(key, _)| format!("key {}", key.id))
        .collect();
    match state.small_in_hand() {
        0 => {}
        1 => held.push("1 small key".to_owned()),
        n => held.push(format!("{n} small keys")),
    }
    if !held.is_empty() {
        println!("You hold {}.", held.join(", "));
    }
    for door in &level.doors {
        let Some(to) = door.other_side(&here.id) else {
            continue;
        };
        let step = Step::Move {
            door: door.id.clone(),
            to: to.clone(),
        };
        let how = match session.is_legal(&step) {
            Ok(()) => "open".to_owned(),
            Err(why) => why.to_string(),
        };
        println!("  door {} to {}: {how}", door.id, level.room_label(to));
    }
    for lever in level.levers.iter().filter(|l| l.room == here.id) {
        println!(
            "  lever {} (pull {})",
            level.lever_label(&lever.id),
            lever.id
        );
    }
}

/// The next step of a least-cost plan from here, or why there is none.
fn hint(session: &Session) {
    match (session.hint(), session.cost_to_goal()) {
        (Hint::Step(step), Ok(Some(cost))) => println!("Hint: {step} (cost {cost} still to go)."),
        (Hint::Step(step), _) => println!("Hint: {step}."),
        (Hint::Solved, _) => println!("You are at the goal."),
        (Hint::Stuck(_), _) => println!("No way leads to the goal from here: undo some steps."),
        (Hint::NotKnown(unknown), _) => println!("No hint: {unknown}."),
    }
}

/// What a door needs, in this game's words.
fn need_words(need: &lockwork::solver::findings::Need) -> String {
    use lockwork::solver::findings::Need;
    match need {
        Need::Items {
            kind, needed, held, ..
        } => {
            let kind = if kind == "small" { "small keys" } else { kind };
            format!("it takes {needed} {kind} and you hold {held}")
        }
        Need::Keys { missing } | Need::AnyOf { keys: missing } => {
            let keys: Vec<&str> = missing.iter().map(lockwork::model::KeyId::as_str).collect();
            format!("it wants {}", keys.join(" or "))
        }
        Need::Condition { .. } => "the levers are not right".to_owned(),
        Need::Closed { .. } | Need::ClosedForGood => "it is closed".to_owned(),
    }
}
