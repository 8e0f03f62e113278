//! A game that makes its level at run time: generate one from a seed,
//! play it by hints, save halfway (to JSON, as a save file would hold it),
//! restore the save into a new session and finish from there.
//!
//! ```sh
//! cargo run --example generate_and_play            # seed 1
//! cargo run --example generate_and_play -- 42      # another seed
//! ```
//!
//! The exit status is 0 when the restored game reaches the goal at the
//! least cost the level allows.

use std::sync::Arc;

use anyhow::{Context, Result, bail};
use lockwork::generate::{BackwardParams, Source, backward_level};
use lockwork::play::{Guide, Hint, PlayOptions, SavedSession, Session};

fn main() -> Result<()> {
    let seed = match std::env::args().nth(1) {
        Some(arg) => arg.parse().with_context(|| format!("not a seed: {arg}"))?,
        None => 1,
    };
    let params = BackwardParams {
        source: Source::Graph {
            rooms: 16,
            extra_doors: 4,
        },
        locks: 4,
        ..BackwardParams::default()
    };
    let level = backward_level(seed, &params)?;
    println!(
        "seed {seed}: {} rooms, {} doors, {} keys",
        level.rooms.len(),
        level.doors.len(),
        level.keys.len()
    );
    let guide = Arc::new(Guide::new(level, &PlayOptions::default())?);
    let mut session = Session::new(guide.clone());
    let least = session
        .cost_to_goal()?
        .context("the level has no solution")?;

    let total = plan_length(&session)?;
    play(&mut session, total / 2)?;
    let text = serde_json::to_string(&session.save_with_history())?;
    println!(
        "saved after {} steps: {} bytes",
        session.history_len(),
        text.len()
    );

    let saved: SavedSession = serde_json::from_str(&text)?;
    let mut restored = Session::restore(guide, &saved)?;
    println!(
        "restored in {}",
        restored.guide().level().room_title(&saved.room)
    );
    play(&mut restored, usize::MAX)?;
    let paid = restored.state().cost();
    println!("at the goal: cost {paid}, the least possible {least}");
    if !restored.is_solved() || paid != least {
        bail!("the restored game did not finish at the least cost");
    }
    Ok(())
}

/// Steps in a least-cost plan from where `session` stands.
fn plan_length(session: &Session) -> Result<usize> {
    let mut ahead = session.clone();
    play_quietly(&mut ahead, usize::MAX)
}

/// Follows the hints for at most `steps` steps, telling each in the
/// player's words.
fn play(session: &mut Session, steps: usize) -> Result<usize> {
    let mut taken = 0;
    while taken < steps {
        let hint = session.hint();
        let Hint::Step(step) = hint else {
            return finished(&hint, taken);
        };
        let picked = session.apply(&step)?;
        let level = session.guide().level();
        let found: Vec<String> = picked.iter().map(|k| level.key_title(k)).collect();
        match found.as_slice() {
            [] => println!("  {}", level.step_title(&step)),
            _ => println!(
                "  {}, and find {}",
                level.step_title(&step),
                found.join(", ")
            ),
        }
        taken += 1;
    }
    Ok(taken)
}

/// As [`play`], silently.
fn play_quietly(session: &mut Session, steps: usize) -> Result<usize> {
    let mut taken = 0;
    while taken < steps {
        let hint = session.hint();
        let Hint::Step(step) = hint else {
            return finished(&hint, taken);
        };
        session.apply(&step)?;
        taken += 1;
    }
    Ok(taken)
}

/// The end of a walk by hints: the goal, or why not.
fn finished(hint: &Hint, taken: usize) -> Result<usize> {
    match hint {
        Hint::Solved => Ok(taken),
        Hint::Stuck(stuck) => bail!("stuck: {}", stuck.reason),
        Hint::NotKnown(e) => bail!("no hint: {e}"),
        Hint::Step(_) => Ok(taken),
    }
}
