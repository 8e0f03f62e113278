//! The generator window's form: which generator, and every parameter of
//! its recipe (the schema `lockwork generate` reads too, with the same
//! labels, help, ranges and defaults), held as the generator's parameters.

use std::collections::HashMap;

use egui::{DragValue, Ui};

use crate::generate::{Generator, GeneratorParams, LayoutUse, Param, Source, Value, fresh_seed};
use crate::model::Level;

/// Where backward and random get their rooms and doors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The level on the canvas, as a layout.
    Canvas,
    /// A new random graph.
    Graph,
}

/// Everything the window asks before a run.
#[derive(Clone, Debug)]
pub struct Form {
    /// Which generator.
    pub kind: Generator,
    /// The seed.
    pub seed: u64,
    /// Canvas or random graph (backward and random).
    pub origin: Origin,
    /// Each generator's parameters, in [`Generator::ALL`]'s order (seeds,
    /// the lever layout and the source on the canvas are set at a run; the
    /// sources hold the random graph's size).
    pub params: Vec<GeneratorParams>,
    /// Values of optional parameters while they are switched off, to come
    /// back when switched on.
    pub remembered: HashMap<(Generator, Param), Value>,
    /// Clear every lever's wiring first, so all of them get wired (levers).
    pub rewire: bool,
    /// The form is for a batch: its seed is the first of the batch's.
    pub batch: bool,
    /// The designer picked the source (canvas or random graph) by hand:
    /// opening the window again keeps it.
    pub origin_picked: bool,
}

impl Default for Form {
    fn default() -> Self {
        Self {
            kind: Generator::Backward,
            seed: fresh_seed(),
            origin: Origin::Graph,
            params: Generator::ALL.map(GeneratorParams::defaults).to_vec(),
            remembered: HashMap::new(),
            rewire: false,
            batch: false,
            origin_picked: false,
        }
    }
}

impl Form {
    /// Sets the source from `level` unless the designer picked one: a
    /// level with a door drawn is worked around, an empty one (File ▸ New)
    /// gets a random graph.
    pub fn default_origin(&mut self, level: &crate::model::Level) {
        if !self.origin_picked {
            self.origin = if level.doors.is_empty() {
                Origin::Graph
            } else {
                Origin::Canvas
            };
        }
    }

    /// Does this kind work on the canvas or a random graph, as chosen?
    pub(super) fn has_origin(&self) -> bool {
        self.kind.recipe().layout == LayoutUse::Either
    }

    /// Does the run read the level on the canvas?
    pub fn uses_canvas(&self) -> bool {
        match self.kind.recipe().layout {
            LayoutUse::Always => true,
            LayoutUse::Either => self.origin == Origin::Canvas,
            LayoutUse::Never => false,
        }
    }

    /// The chosen generator's parameters.
    pub fn chosen(&self) -> &GeneratorParams {
        &self.params[self.kind as usize]
    }

    /// The chosen generator's parameters, to change.
    pub fn chosen_mut(&mut self) -> &mut GeneratorParams {
        &mut self.params[self.kind as usize]
    }

    /// The run's parameters; `layout` is the level on the canvas and `name`
    /// its file name for the generator record.
    pub fn run(&self, layout: &Level, name: &str) -> GeneratorParams {
        let mut run = self.chosen().clone();
        run.set_seed(self.seed);
        let canvas = || Source::Layout {
            level: Box::new(layout.clone()),
            name: name.to_owned(),
        };
        match &mut run {
            GeneratorParams::Backward(p) if self.uses_canvas() => p.source = canvas(),
            GeneratorParams::Random(p) if self.uses_canvas() => p.source = canvas(),
            GeneratorParams::Levers(p) => {
                let mut level = layout.clone();
                if self.rewire {
                    for lever in &mut level.levers {
                        lever.toggles.clear();
                    }
                }
                p.layout = level;
                p.layout_name = name.to_owned();
                // With no budget ticked, the default time limit.
                p.set_budget(p.seconds, p.evaluations, p.target);
            }
            _ => {}
        }
        run
    }

    /// The picker of generators, and what the chosen one makes.
    pub fn picker_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            for kind in Generator::ALL {
                let recipe = kind.recipe();
                ui.selectable_value(&mut self.kind, kind, recipe.label)
                    .on_hover_text(recipe.about);
            }
        });
        ui.label(self.kind.recipe().about);
    }

    /// The seed and the options of the chosen kind.
    pub fn ui(&mut self, ui: &mut Ui) {
        egui::Grid::new("generator form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let label = ui.label(if self.batch { "First seed" } else { "Seed" });
                ui.horizontal(|ui| {
                    ui.add(DragValue::new(&mut self.seed).speed(1.0))
                        .labelled_by(label.id)
                        .on_hover_text("The same seed and options give the same level");
                    if ui
                        .button("🎲 New seed")
                        .on_hover_text("Draw a new seed")
                        .clicked()
                    {
                        self.seed = fresh_seed();
                    }
                });
                ui.end_row();
                self.source_ui(ui);
                self.params_ui(ui);
            });
    }

    fn source_ui(&mut self, ui: &mut Ui) {
        ui.label("Rooms and doors");
        match self.kind.recipe().layout {
            LayoutUse::Always => {
                ui.label("the level on the canvas");
            }
            LayoutUse::Never => {
                ui.label("a new level");
            }
            LayoutUse::Either => {
                ui.horizontal(|ui| {
                    let canvas = ui
                        .radio_value(&mut self.origin, Origin::Canvas, "The level on the canvas")
                        .on_hover_text(
                            "Use the level drawn on the canvas as the layout, keeping what is \
                             drawn: its keys, locks, levers and door rules stay as they are, \
                             and the generator adds its own around them. Set a door's or a \
                             room's constraints in the inspector's props (\"lockwork\")",
                        );
                    let graph =
                        ui.radio_value(&mut self.origin, Origin::Graph, "A new random graph");
                    self.origin_picked |= canvas.clicked() || graph.clicked();
                });
            }
        }
        ui.end_row();
        if self.has_origin() && self.origin == Origin::Canvas {
            ui.label("");
            ui.label("Keeps what I drew: new locks go around it")
                .on_hover_text("The keys, locks, levers and door rules drawn stay as they are");
            ui.end_row();
        }
    }
}
