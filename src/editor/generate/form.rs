//! The generator window's form: which generator, and every option that
//! `lockwork generate` has, with the same defaults, turned into the
//! generator's parameters.

use egui::{DragValue, Ui};

use super::fields::{Optional, label, number};
use super::job::Run;
use super::kind::Kind;
use crate::generate::{
    BackwardParams, LeversParams, NestedParams, Param, RandomParams, Source, fresh_seed,
};
use crate::model::Level;

/// Where backward and random get their rooms and doors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The level on the canvas, as a layout.
    Canvas,
    /// A new random graph.
    Graph,
}

/// The options of `lockwork generate levers`, plus rewiring.
#[derive(Clone, Debug, PartialEq)]
pub struct LeverOptions {
    /// Each lever flips at least this many doors.
    pub min_doors: usize,
    /// Each lever flips at most this many doors.
    pub max_doors: usize,
    /// Let two levers flip the same doors.
    pub allow_alike: bool,
    /// Time budget in seconds.
    pub seconds: Optional<f64>,
    /// Wirings tried per thread.
    pub evaluations: Optional<u64>,
    /// Search threads; 0 for one per core.
    pub threads: usize,
    /// Stop at this many pulls.
    pub target: Optional<u32>,
    /// Clear the wiring of every lever first, so all of them get wired.
    pub rewire: bool,
    /// Give closed doors conditions on the levers instead of wiring toggles.
    pub conditions: bool,
    /// With `conditions`: the fewest and most levers a door's condition names.
    pub literals: (usize, usize),
}

impl Default for LeverOptions {
    /// [`LeversParams::default`]'s options; the budgets it leaves off start
    /// at values worth trying when ticked.
    fn default() -> Self {
        let params = LeversParams::default();
        Self {
            min_doors: params.min_doors,
            max_doors: params.max_doors,
            allow_alike: params.allow_alike,
            seconds: Optional {
                on: params.seconds.is_some(),
                value: params.seconds.unwrap_or(LeversParams::DEFAULT_SECONDS),
            },
            evaluations: Optional {
                on: params.evaluations.is_some(),
                value: params.evaluations.unwrap_or(100_000),
            },
            threads: params.threads,
            target: Optional {
                on: params.target.is_some(),
                value: params.target.unwrap_or(10),
            },
            rewire: false,
            conditions: params.conditions,
            literals: (params.min_literals, params.max_literals),
        }
    }
}

/// Everything the window asks before a run.
#[derive(Clone, Debug)]
pub struct Form {
    /// Which generator.
    pub kind: Kind,
    /// The seed.
    pub seed: u64,
    /// Canvas or random graph (backward and random).
    pub origin: Origin,
    /// Rooms and extra doors of backward's random graph.
    pub backward_graph: (usize, usize),
    /// Rooms and extra doors of random's random graph.
    pub random_graph: (usize, usize),
    /// Backward's options (its seed and source are ignored).
    pub backward: BackwardParams,
    /// The lever options.
    pub levers: LeverOptions,
    /// Nested's options (its seed is ignored).
    pub nested: NestedParams,
    /// Random's options (its seed, source and optional bars are ignored).
    pub random: RandomParams,
    /// Keep only levels of at least this cost (random).
    pub min_cost: Optional<f64>,
    /// Keep only levels of at least this many pulls (random).
    pub min_pulls: Optional<u32>,
    /// The form is for a batch: its seed is the first of the batch's.
    pub batch: bool,
}

impl Default for Form {
    fn default() -> Self {
        Self {
            kind: Kind::Backward,
            seed: fresh_seed(),
            origin: Origin::Graph,
            backward_graph: BackwardParams::DEFAULT_GRAPH,
            random_graph: RandomParams::DEFAULT_GRAPH,
            backward: BackwardParams::default(),
            levers: LeverOptions::default(),
            nested: NestedParams::default(),
            random: RandomParams::default(),
            min_cost: Optional::off(10.0),
            min_pulls: Optional::off(3),
            batch: false,
        }
    }
}

impl Form {
    /// Does this kind work on the canvas or a random graph, as chosen?
    fn has_origin(&self) -> bool {
        matches!(self.kind, Kind::Backward | Kind::Random)
    }

    /// Does the run read the level on the canvas?
    pub fn uses_canvas(&self) -> bool {
        self.kind == Kind::Levers || (self.has_origin() && self.origin == Origin::Canvas)
    }

    /// The run's parameters; `layout` is the level on the canvas and `name`
    /// its file name for the generator record.
    pub fn run(&self, layout: &Level, name: &str) -> Run {
        let source = |(rooms, extra_doors): (usize, usize)| match self.origin {
            Origin::Canvas => Source::Layout {
                level: Box::new(layout.clone()),
                name: name.to_owned(),
            },
            Origin::Graph => Source::Graph { rooms, extra_doors },
        };
        match self.kind {
            Kind::Backward => Run::Backward(BackwardParams {
                seed: self.seed,
                source: source(self.backward_graph),
                ..self.backward.clone()
            }),
            Kind::Levers => {
                let o = &self.levers;
                let mut level = layout.clone();
                if o.rewire {
                    for lever in &mut level.levers {
                        lever.toggles.clear();
                    }
                }
                let mut params = LeversParams::new(level);
                params.seed = self.seed;
                params.layout_name = name.to_owned();
                params.min_doors = o.min_doors;
                params.max_doors = o.max_doors;
                params.allow_alike = o.allow_alike;
                params.conditions = o.conditions;
                (params.min_literals, params.max_literals) = o.literals;
                params.set_budget(o.seconds.get(), o.evaluations.get(), o.target.get());
                params.threads = o.threads;
                Run::Levers(Box::new(params))
            }
            Kind::Nested => Run::Nested(NestedParams {
                seed: self.seed,
                ..self.nested.clone()
            }),
            Kind::Random => Run::Random(RandomParams {
                seed: self.seed,
                source: source(self.random_graph),
                min_cost: self.min_cost.get(),
                min_pulls: self.min_pulls.get(),
                ..self.random.clone()
            }),
        }
    }

    /// The picker, the seed and the options of the chosen kind.
    pub fn ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            for kind in Kind::ALL {
                ui.selectable_value(&mut self.kind, kind, kind.label())
                    .on_hover_text(kind.about());
            }
        });
        ui.label(self.kind.about());
        ui.add_space(4.0);
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
                match self.kind {
                    Kind::Backward => self.backward_ui(ui),
                    Kind::Levers => self.levers_ui(ui),
                    Kind::Nested => self.nested_ui(ui),
                    Kind::Random => self.random_ui(ui),
                }
            });
    }

    fn source_ui(&mut self, ui: &mut Ui) {
        ui.label("Rooms and doors");
        match self.kind {
            Kind::Levers => {
                ui.label("the level on the canvas");
            }
            Kind::Nested => {
                ui.label("a new level");
            }
            Kind::Backward | Kind::Random => {
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.origin, Origin::Canvas, "The level on the canvas")
                        .on_hover_text(
                            "Use the level drawn on the canvas as the layout, keeping what is \
                             drawn: its keys, locks, levers and door rules stay as they are, \
                             and the generator adds its own around them. Set a door's or a \
                             room's constraints in the inspector's props (\"lockwork\")",
                        );
                    ui.radio_value(&mut self.origin, Origin::Graph, "A new random graph");
                });
            }
        }
        ui.end_row();
        if self.has_origin() && self.origin == Origin::Canvas {
            ui.label("");
            ui.label("Keeps what I drew: new locks go around the keys, locks and levers drawn");
            ui.end_row();
        }
        if self.has_origin() && self.origin == Origin::Graph {
            let graph = if self.kind == Kind::Backward {
                &mut self.backward_graph
            } else {
                &mut self.random_graph
            };
            number(
                ui,
                label(Param::Rooms),
                &mut graph.0,
                2..=2000,
                "Rooms of the random graph",
            );
            number(
                ui,
                label(Param::ExtraDoors),
                &mut graph.1,
                0..=2000,
                "Doors of the random graph beyond the tree that joins its rooms",
            );
        }
    }
}
