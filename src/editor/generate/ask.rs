//! The generator window's questions: closing it while a run goes on, and a
//! result that would achieve nothing or would replace edits made since the
//! run began.

use crate::generate::Generator;
use egui::{RichText, Ui};

use crate::editor::theme::Theme;
use crate::generate::Generated;

/// Why a finished run's level waits for the designer instead of being applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hold {
    /// It achieves nothing; the reason in words.
    Hollow(String),
    /// The level changed since the run began.
    LevelChanged,
}

/// What the designer does with a waiting result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Replace the level with it anyway (one undoable edit).
    Apply,
    /// Open it as a new document.
    NewDocument,
    /// Drop it; the level stays as it is.
    Discard,
}

/// What the designer does when closing the window during a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closing {
    /// Stop the run (its result is dropped) and close the window.
    Stop,
    /// Close the window; the run goes on and its result waits here.
    LetItFinish,
    /// Keep the window open.
    Stay,
}

/// Why `generated` achieves nothing, if it does not.
pub fn hollow(kind: Generator, generated: &Generated) -> Option<String> {
    let result = generated.level.generator.as_ref()?.get("result")?;
    let figure = |k: &str| result.get(k).and_then(serde_json::Value::as_f64);
    match kind {
        Generator::Levers if figure("pulls") == Some(0.0) => Some(
            "the goal can be reached without pulling a single lever (0 pulls): close the doors \
             on the way to the goal, or put levers where the player must pass"
                .to_owned(),
        ),
        Generator::Backward if figure("locks") == Some(0.0) => {
            Some("no lock could be placed: the goal is open from the start".to_owned())
        }
        Generator::Random if figure("cost") == Some(0.0) => {
            Some("the player starts at the goal (cost 0)".to_owned())
        }
        _ => None,
    }
}

/// The question about a waiting result; the answer when one is given.
pub fn held_ui(ui: &mut Ui, hold: &Hold, theme: &Theme) -> Option<Answer> {
    let text = match hold {
        Hold::Hollow(why) => format!("This result achieves nothing: {why}. Use it anyway?"),
        Hold::LevelChanged => "You changed the level while the generator ran. The result was \
                               made from the level as it was when you pressed Run, so \
                               replacing the level would set your changes aside (Undo brings \
                               them back)."
            .to_owned(),
    };
    ui.label(RichText::new(text).strong().color(theme.warning));
    let mut answer = None;
    ui.horizontal_wrapped(|ui| {
        let apply = match hold {
            Hold::Hollow(_) => "Apply it anyway",
            Hold::LevelChanged => "Replace the level with the result",
        };
        if ui
            .button(apply)
            .on_hover_text("One undoable edit")
            .clicked()
        {
            answer = Some(Answer::Apply);
        }
        if ui
            .button("Open it as a new document")
            .on_hover_text("Your level stays as it is")
            .clicked()
        {
            answer = Some(Answer::NewDocument);
        }
        let keep = match hold {
            Hold::Hollow(_) => "Discard it",
            Hold::LevelChanged => "Keep my level (discard the result)",
        };
        if ui.button(keep).clicked() {
            answer = Some(Answer::Discard);
        }
    });
    answer
}

/// The question when the window is closed during a run.
pub fn closing_ui(ui: &mut Ui, theme: &Theme) -> Option<Closing> {
    ui.label(
        RichText::new(
            "A generator is still running. Stop it, or let it finish in the background \
             (its result will wait here for you)?",
        )
        .strong()
        .color(theme.warning),
    );
    let mut answer = None;
    ui.horizontal_wrapped(|ui| {
        if ui.button("Stop the run and close").clicked() {
            answer = Some(Closing::Stop);
        }
        if ui.button("Let it finish in the background").clicked() {
            answer = Some(Closing::LetItFinish);
        }
        if ui.button("Keep the window open").clicked() {
            answer = Some(Closing::Stay);
        }
    });
    answer
}
