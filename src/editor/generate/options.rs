//! The options of each generator, as rows of the form's grid.

use egui::{DragValue, Ui};

use super::fields::{label, number, optional, range};
use super::form::Form;
use crate::generate::{LeversParams, MAX_KEYS_PER_LOCK, Param};

impl Form {
    pub(super) fn backward_ui(&mut self, ui: &mut Ui) {
        let p = &mut self.backward;
        number(
            ui,
            label(Param::Locks),
            &mut p.locks,
            0..=500,
            "Locks on the way to the goal",
        );
        range(
            ui,
            label(Param::KeysPerLock),
            &mut p.keys_per_lock,
            1..=MAX_KEYS_PER_LOCK,
            "Each lock needs between this many keys",
        );
        number(
            ui,
            label(Param::RedHerrings),
            &mut p.red_herrings,
            0..=500,
            "Keys that open nothing, lying where the player passes",
        );
        number(
            ui,
            label(Param::SideAreas),
            &mut p.side_areas,
            0..=500,
            "Locked dead ends holding only a treasure nobody needs",
        );
        number(
            ui,
            "Second ways in",
            &mut p.second_ways,
            0..=500,
            "Locked areas that get a second way in: a door the method took out, kept and \
             locked like the first (every lock stays needed)",
        );
        ui.label("");
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut p.one_sided, label(Param::OneSided))
                .on_hover_text("Let some locks apply from one side only: the way back is free");
            ui.checkbox(&mut p.any_of, label(Param::AnyOf))
                .on_hover_text("Let some locks open with any one of their keys");
            shipped_checkbox(ui, &mut p.aim);
        });
        ui.end_row();
    }

    pub(super) fn levers_ui(&mut self, ui: &mut Ui) {
        let o = &mut self.levers;
        let mut doors = (o.min_doors, o.max_doors);
        range(
            ui,
            label(Param::MinDoors),
            &mut doors,
            1..=64,
            "Each lever flips between this many doors",
        );
        (o.min_doors, o.max_doors) = doors;
        ui.label("");
        ui.checkbox(&mut o.conditions, label(Param::Conditions))
            .on_hover_text(
                "Give each closed door a condition on the levers' positions \
                 (seed 000's puzzle) instead of wiring levers to toggle doors",
            );
        ui.end_row();
        if o.conditions {
            range(
                ui,
                label(Param::MinLiterals),
                &mut o.literals,
                1..=8,
                "Each door's condition names between this many levers",
            );
        }
        ui.label("");
        ui.vertical(|ui| {
            ui.checkbox(&mut o.allow_alike, label(Param::AllowAlike));
            ui.checkbox(&mut o.rewire, "Rewire levers that are already wired")
                .on_hover_text(
                    "Clear every lever's wiring first, so that all of them are wired anew",
                );
        });
        ui.end_row();
        optional(ui, label(Param::Seconds), &mut o.seconds, |v| {
            DragValue::new(v)
                .range(0.1..=3600.0)
                .speed(0.1)
                .suffix(" s")
        })
        .on_hover_text("Stop after this long (the result then depends on the machine)");
        optional(ui, label(Param::Evaluations), &mut o.evaluations, |v| {
            DragValue::new(v)
                .range(1..=u64::MAX / 2)
                .speed(100.0)
                .suffix(" per thread")
        })
        .on_hover_text(
            "Stop after this many wirings per thread: reproducible with a time limit off",
        );
        optional(ui, label(Param::Target), &mut o.target, |v| {
            DragValue::new(v).range(1..=100_000).suffix(" pulls")
        })
        .on_hover_text("Stop as soon as a wiring needs this many pulls");
        if !(o.seconds.on || o.evaluations.on || o.target.on) {
            ui.label("");
            ui.label(format!(
                "No budget ticked: the search runs for {} s.",
                LeversParams::DEFAULT_SECONDS
            ));
            ui.end_row();
        }
        let row = ui.label(label(Param::Threads));
        ui.add(
            DragValue::new(&mut o.threads)
                .range(0..=256)
                .custom_formatter(|n, _| {
                    if n == 0.0 {
                        "one per core".to_owned()
                    } else {
                        format!("{n}")
                    }
                }),
        )
        .labelled_by(row.id)
        .on_hover_text("Search threads; 0 for one per core");
        ui.end_row();
    }

    pub(super) fn nested_ui(&mut self, ui: &mut Ui) {
        let p = &mut self.nested;
        number(
            ui,
            label(Param::Depth),
            &mut p.depth,
            1..=100,
            "The goal is this many doors from the start",
        );
        range(
            ui,
            label(Param::Branching),
            &mut p.branching,
            0..=20,
            "Children of each room",
        );
        number(
            ui,
            label(Param::ExtraEntrances),
            &mut p.extra_entrances,
            0..=500,
            "Extra doors into rooms, each needing every key of the locks it goes around",
        );
        let row = ui.label(label(Param::SideKeys));
        ui.add(egui::Slider::new(&mut p.side_keys, 0.0..=1.0))
            .labelled_by(row.id)
            .on_hover_text(
                "Share of keys hidden deep in a side branch instead of an ancestor room",
            );
        ui.end_row();
        number(
            ui,
            label(Param::MaxRooms),
            &mut p.max_rooms,
            1..=100_000,
            "Refuse trees with more rooms than this",
        );
        ui.label("");
        ui.horizontal(|ui| {
            shipped_checkbox(ui, &mut p.aim);
            article_button(ui, p);
        });
        ui.end_row();
    }
}

/// Sets the nested options to the tree seed article 004 builds.
fn article_button(ui: &mut Ui, p: &mut crate::generate::NestedParams) {
    if ui
        .button("As the article builds it")
        .on_hover_text(
            "Depth 4, one to three children a room, every key in an ancestor, no extra \
                 entrance, the first tree kept (seed article 004)",
        )
        .clicked()
    {
        *p = crate::generate::NestedParams::article();
    }
}

impl Form {
    pub(super) fn random_ui(&mut self, ui: &mut Ui) {
        let p = &mut self.random;
        number(
            ui,
            label(Param::Locks),
            &mut p.locks,
            0..=500,
            "Locks to place, each with one key",
        );
        number(
            ui,
            label(Param::Levers),
            &mut p.levers,
            0..=500,
            "Levers to place, each flipping one or two doors",
        );
        number(
            ui,
            label(Param::MaxTries),
            &mut p.max_tries,
            1..=1_000_000,
            "Give up after this many tries",
        );
        optional(ui, label(Param::MinCost), &mut self.min_cost, |v| {
            DragValue::new(v).range(0.0..=1e9).speed(0.5)
        })
        .on_hover_text("Keep only levels whose least cost is at least this");
        optional(ui, label(Param::MinPulls), &mut self.min_pulls, |v| {
            DragValue::new(v).range(0..=100_000)
        })
        .on_hover_text("Keep only levels that need at least this many lever pulls");
        let p = &mut self.random;
        number(
            ui,
            label(Param::MaxStates),
            &mut p.max_states,
            1..=100_000_000,
            "Reject tries with more solver states than this",
        );
        ui.label("");
        shipped_checkbox(ui, &mut p.aim);
        ui.end_row();
    }
}

/// The checkbox of the preference for levels like shipped dungeons.
fn shipped_checkbox(ui: &mut Ui, aim: &mut crate::generate::Aim) {
    ui.checkbox(&mut aim.band, "Like shipped dungeons")
        .on_hover_text(
            "Of the levels tried, keep the first whose measures all lie in the band of 38 \
             shipped Zelda dungeons and that has a locked area with several ways in, or the \
             closest; off keeps the first level made",
        );
}
