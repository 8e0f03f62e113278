//! The one list of editor actions: each has its label, tooltip and shortcut,
//! and the menus, the keyboard handling and the help window all read it.

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::layout::{Align, Layout};

/// An action the designer can take from a menu, a toolbar or the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Start a new level.
    New,
    /// Open a level file.
    Open,
    /// Save to the current file.
    Save,
    /// Save to a new file.
    SaveAs,
    /// Take back the last change.
    Undo,
    /// Do the last undone change again.
    Redo,
    /// Delete the selection.
    Delete,
    /// Copy the selected rooms with their doors, keys and levers.
    Copy,
    /// Copy the selected rooms, then delete them.
    Cut,
    /// Paste what was copied, with fresh ids.
    Paste,
    /// Copy and paste the selected rooms beside them.
    Duplicate,
    /// Find a room, door, key or lever by id or name.
    Find,
    /// Lay out the level (or the selected rooms) anew.
    Arrange(Layout),
    /// Line up or spread out the selected rooms.
    Align(Align),
    /// Select every named key.
    SelectKeys,
    /// Select every locked door.
    SelectLockedDoors,
    /// Select the rooms the least-cost solution passes through.
    SelectPathRooms,
    /// Show or hide the legend of key colours.
    ToggleLegend,
    /// Show or hide the minimap.
    ToggleMinimap,
    /// Draw every lever's wiring, or only the one selected or pointed at.
    ToggleWires,
    /// Show or hide the lists panel.
    ToggleLists,
    /// Show or hide the inspector panel.
    ToggleInspector,
    /// Select every room, door, key and lever.
    SelectAll,
    /// Clear the selection.
    SelectNone,
    /// Frame the whole level.
    FitLevel,
    /// Show or hide the grid (and snapping).
    ToggleGrid,
    /// Show the area overview in place of the rooms, or the rooms again.
    ToggleOverview,
    /// Show or hide the least-cost solution on the canvas.
    ToggleSolution,
    /// Switch between dark and light theme.
    ToggleTheme,
    /// The selection tool.
    ToolSelect,
    /// The add-room tool.
    ToolRoom,
    /// The connect tool: drag from room to room to add a door.
    ToolConnect,
    /// Add a key to the selected room.
    AddKey,
    /// Add a small key to the selected room.
    AddSmallKey,
    /// Add a lever to the selected room.
    AddLever,
    /// Make the selected room the start.
    SetStart,
    /// Make the selected room the goal.
    SetGoal,
    /// Step through the least-cost solution on the canvas.
    StepThrough,
    /// Play the level as the player would.
    PlayLevel,
    /// While playing: show the next step of a least-cost plan.
    PlayHint,
    /// Open the generator window.
    Generate,
    /// Show the list of actions and shortcuts.
    Help,
    /// Export the canvas as PNG.
    ExportPng,
    /// Export the canvas as SVG.
    ExportSvg,
    /// Export the level as Graphviz DOT.
    ExportDot,
    /// Put a picture under the level to trace over.
    SetBackground,
    /// Take the background picture away.
    RemoveBackground,
    /// Leave the editor.
    Quit,
}

/// Does a text field use this key for editing? Then, while a text field
/// has the keyboard, the key belongs to it: typing, selecting all (Ctrl+A),
/// the clipboard, the field's own undo, deleting, moving the cursor.
pub fn is_text_key(shortcut: KeyboardShortcut) -> bool {
    let m = shortcut.modifiers;
    let plain = m.is_none() || m == Modifiers::SHIFT;
    let editing = matches!(
        shortcut.logical_key,
        Key::A | Key::C | Key::X | Key::V | Key::Z | Key::Y
    ) && m.command
        && !m.alt;
    let moving = matches!(
        shortcut.logical_key,
        Key::Backspace
            | Key::Delete
            | Key::Home
            | Key::End
            | Key::ArrowLeft
            | Key::ArrowRight
            | Key::ArrowUp
            | Key::ArrowDown
    );
    plain || editing || moving
}

const fn cmd(key: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(Modifiers::COMMAND, key))
}

const fn plain(key: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(Modifiers::NONE, key))
}

impl Action {
    /// Every action, in menu order.
    pub const ALL: &'static [Self] = &[
        Self::New,
        Self::Open,
        Self::Save,
        Self::SaveAs,
        Self::ExportPng,
        Self::ExportSvg,
        Self::ExportDot,
        Self::SetBackground,
        Self::RemoveBackground,
        Self::Quit,
        Self::Undo,
        Self::Redo,
        Self::Cut,
        Self::Copy,
        Self::Paste,
        Self::Duplicate,
        Self::Delete,
        Self::SelectAll,
        Self::SelectNone,
        Self::SelectKeys,
        Self::SelectLockedDoors,
        Self::SelectPathRooms,
        Self::Find,
        Self::ToolSelect,
        Self::ToolRoom,
        Self::ToolConnect,
        Self::AddKey,
        Self::AddSmallKey,
        Self::AddLever,
        Self::SetStart,
        Self::SetGoal,
        Self::Arrange(Layout::Grid),
        Self::Arrange(Layout::Tree),
        Self::Arrange(Layout::Stress),
        Self::Arrange(Layout::Layered),
        Self::Align(Align::Left),
        Self::Align(Align::CenterX),
        Self::Align(Align::Right),
        Self::Align(Align::Top),
        Self::Align(Align::CenterY),
        Self::Align(Align::Bottom),
        Self::Align(Align::DistributeX),
        Self::Align(Align::DistributeY),
        Self::FitLevel,
        Self::ToggleGrid,
        Self::ToggleOverview,
        Self::ToggleSolution,
        Self::ToggleLegend,
        Self::ToggleMinimap,
        Self::ToggleWires,
        Self::ToggleLists,
        Self::ToggleInspector,
        Self::ToggleTheme,
        Self::StepThrough,
        Self::PlayLevel,
        Self::PlayHint,
        Self::Generate,
        Self::Help,
    ];

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            Self::New => "New",
            Self::Open => "Open…",
            Self::Save => "Save",
            Self::SaveAs => "Save As…",
            Self::Undo => "Undo",
            Self::Redo => "Redo",
            Self::Delete => "Delete",
            Self::Copy => "Copy",
            Self::Cut => "Cut",
            Self::Paste => "Paste",
            Self::Duplicate => "Duplicate",
            Self::Find => "Find…",
            Self::Arrange(Layout::Grid) => "Arrange on a Grid",
            Self::Arrange(Layout::Tree) => "Arrange as a Tree",
            Self::Arrange(Layout::Stress) => "Arrange by Stress",
            Self::Arrange(Layout::Layered) => "Arrange in Columns",
            Self::Align(how) => how.label(),
            Self::SelectKeys => "Select All Keys",
            Self::SelectLockedDoors => "Select All Locked Doors",
            Self::SelectPathRooms => "Select Solution Rooms",
            Self::ToggleLegend => "Legend",
            Self::ToggleMinimap => "Minimap",
            Self::ToggleWires => "All Lever Wiring",
            Self::ToggleLists => "Lists Panel",
            Self::ToggleInspector => "Inspector Panel",
            Self::SelectAll => "Select All",
            Self::SelectNone => "Select None",
            Self::FitLevel => "Fit Level",
            Self::ToggleGrid => "Grid and Snap",
            Self::ToggleOverview => "Area Overview",
            Self::ToggleSolution => "Show Solution",
            Self::ToggleTheme => "Dark Theme",
            Self::ToolSelect => "Select Tool",
            Self::ToolRoom => "Room Tool",
            Self::ToolConnect => "Connect Tool",
            Self::AddKey => "Add Key",
            Self::AddSmallKey => "Add Small Key",
            Self::AddLever => "Add Lever",
            Self::SetStart => "Set as Start",
            Self::SetGoal => "Set as Goal",
            Self::StepThrough => "Step Through Solution",
            Self::PlayLevel => "Play Level",
            Self::PlayHint => "Hint",
            Self::Generate => "Generate…",
            Self::Help => "Keyboard Shortcuts",
            Self::ExportPng => "Export PNG…",
            Self::ExportSvg => "Export SVG…",
            Self::ExportDot => "Export Graphviz DOT…",
            Self::SetBackground => "Set Background…",
            Self::RemoveBackground => "Remove Background",
            Self::Quit => "Quit",
        }
    }

    /// The tooltip: what it does, in a sentence.
    pub fn tooltip(self) -> &'static str {
        match self {
            Self::New => "Start a new, empty level",
            Self::Open => "Open a level file (.level.json)",
            Self::Save => "Save the level to its file",
            Self::SaveAs => "Save the level to a new file",
            Self::Undo => "Take back the last change (while playing: the last step)",
            Self::Redo => "Do the last undone change again",
            Self::Delete => {
                "Delete the selected items; a room takes its doors, keys and levers with it"
            }
            Self::Copy => {
                "Copy the selected rooms with the doors between them and their keys and levers"
            }
            Self::Cut => "Copy the selected rooms, then delete them (one undo step)",
            Self::Paste => {
                "Paste what was copied, with fresh ids and key colours, where the pointer is \
                 (one undo step)"
            }
            Self::Duplicate => "Copy the selected rooms and paste them beside the originals",
            Self::Find => "Find a room, door, key or lever by id or name, and show it",
            Self::Arrange(layout) => arrange_tooltip(layout),
            Self::Align(how) => align_tooltip(how),
            Self::SelectKeys => "Select every key except small keys",
            Self::SelectLockedDoors => {
                "Select every door with a lock: keys it needs (all or any of them) or items it spends"
            }
            Self::SelectPathRooms => "Select the rooms the least-cost solution passes through",
            Self::ToggleLegend => "Show a legend of the key colours on the canvas",
            Self::ToggleMinimap => "Show a map of the whole level when it is larger than the view",
            Self::ToggleWires => {
                "Draw the wires of every lever to the doors it flips; otherwise only those of \
                 the lever selected or pointed at, or of the levers in the room pointed at"
            }
            Self::ToggleLists => "Show the keys, levers, problems and solution on the left",
            Self::ToggleInspector => "Show the fields of the selection on the right",
            Self::SelectAll => "Select every room, door, key and lever",
            Self::SelectNone => "Clear the selection",
            Self::FitLevel => "Pan and zoom so the whole level is in view",
            Self::ToggleGrid => "Show a grid and snap moved rooms to it",
            Self::ToggleOverview => {
                "Show each area (rooms joined by free doors) as one node and the locks between \
                 areas as links with their keys; double-click an area to see its rooms"
            }
            Self::ToggleSolution => "Highlight the least-cost solution on the canvas, step by step",
            Self::ToggleTheme => "Switch between the dark and the light theme",
            Self::ToolSelect => {
                "Click to select, drag to move; Shift+drag on empty space to box-select"
            }
            Self::ToolRoom => {
                "Click on empty space to add a room (double-click works with any tool)"
            }
            Self::ToolConnect => {
                "Drag from one room to another to add a door (Ctrl+drag works with any tool)"
            }
            Self::AddKey => "Put a new key in the selected room",
            Self::AddSmallKey => "Put a new small key in the selected room",
            Self::AddLever => "Put a new lever in the selected room",
            Self::SetStart => "Make the selected room the start (drawn white)",
            Self::SetGoal => "Make the selected room the goal (drawn black)",
            Self::StepThrough => {
                "Replay the least-cost plan step by step: doors, keys and the player at each step"
            }
            Self::PlayLevel => {
                "Be the player: click a neighbouring room to walk, a lever to pull it"
            }
            Self::PlayHint => {
                "While playing: show the next step of a least-cost plan from where the player \
                 stands, on the canvas and in the play panel"
            }
            Self::Generate => {
                "Run a generator (backward, levers, nested, random) on this level or a new one"
            }
            Self::Help => "List every action and its shortcut",
            Self::ExportPng => "Save a picture of the level as PNG",
            Self::ExportSvg => "Save a scalable picture of the level as SVG",
            Self::ExportDot => "Save the level as a Graphviz graph (rooms and doors)",
            Self::SetBackground => {
                "Put a PNG or JPEG under the level to draw over; move, scale and fade it \
                 in the inspector with nothing selected"
            }
            Self::RemoveBackground => "Take the background picture away (the file stays)",
            Self::Quit => "Close Lockwork (asks about unsaved changes)",
        }
    }

    /// The main keyboard shortcut.
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        match self {
            Self::New => cmd(Key::N),
            Self::Open => cmd(Key::O),
            Self::Save => cmd(Key::S),
            Self::SaveAs => Some(KeyboardShortcut::new(
                Modifiers::COMMAND.plus(Modifiers::SHIFT),
                Key::S,
            )),
            Self::Undo => cmd(Key::Z),
            Self::Redo => Some(KeyboardShortcut::new(
                Modifiers::COMMAND.plus(Modifiers::SHIFT),
                Key::Z,
            )),
            Self::Delete => plain(Key::Delete),
            Self::Copy => cmd(Key::C),
            Self::Cut => cmd(Key::X),
            Self::Paste => cmd(Key::V),
            Self::Duplicate => cmd(Key::D),
            Self::Find => cmd(Key::F),
            Self::Arrange(Layout::Grid) => Some(KeyboardShortcut::new(
                Modifiers::COMMAND.plus(Modifiers::SHIFT),
                Key::A,
            )),
            Self::Arrange(_)
            | Self::Align(_)
            | Self::SelectKeys
            | Self::SelectLockedDoors
            | Self::SelectPathRooms
            | Self::ToggleLegend
            | Self::ToggleMinimap
            | Self::ToggleLists
            | Self::ToggleInspector => None,
            Self::SelectAll => cmd(Key::A),
            Self::SelectNone => plain(Key::Escape),
            Self::FitLevel => plain(Key::F),
            Self::ToggleGrid => plain(Key::G),
            Self::ToggleOverview => plain(Key::O),
            Self::ToggleWires => plain(Key::W),
            Self::ToggleSolution => plain(Key::P),
            Self::ToggleTheme => None,
            Self::ToolSelect => plain(Key::V),
            Self::ToolRoom => plain(Key::R),
            Self::ToolConnect => plain(Key::C),
            Self::AddKey => plain(Key::K),
            Self::AddSmallKey => Some(KeyboardShortcut::new(Modifiers::SHIFT, Key::K)),
            Self::AddLever => plain(Key::L),
            Self::SetStart => plain(Key::S),
            Self::SetGoal => plain(Key::E),
            Self::StepThrough => plain(Key::F5),
            Self::PlayLevel => plain(Key::F6),
            Self::PlayHint => plain(Key::H),
            Self::Generate => cmd(Key::G),
            Self::Help => plain(Key::F1),
            Self::ExportPng => Some(KeyboardShortcut::new(
                Modifiers::COMMAND.plus(Modifiers::SHIFT),
                Key::E,
            )),
            Self::ExportSvg | Self::ExportDot => None,
            Self::SetBackground | Self::RemoveBackground => None,
            Self::Quit => cmd(Key::Q),
        }
    }

    /// Other shortcuts that do the same.
    pub fn alternatives(self) -> &'static [KeyboardShortcut] {
        const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        const HOME: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Home);
        const BACKSPACE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Backspace);
        match self {
            Self::Redo => &[REDO_Y],
            Self::FitLevel => &[HOME],
            Self::Delete => &[BACKSPACE],
            _ => &[],
        }
    }

    /// Shortcuts without modifiers would fire while typing; these only work
    /// when no text field has the keyboard.
    pub fn is_plain_key(self) -> bool {
        self.shortcut().is_some_and(is_text_key)
    }

    /// The shortcut as text for menus and help ("Ctrl+S").
    pub fn shortcut_text(self, ctx: &egui::Context) -> String {
        self.shortcut()
            .map(|s| ctx.format_shortcut(&s))
            .unwrap_or_default()
    }
}

/// What Arrange with `layout` does, for its tooltip.
fn arrange_tooltip(layout: Layout) -> &'static str {
    match layout {
        Layout::Grid => {
            "Lay out the level (or the selected rooms) on a grid that fills the canvas: \
             doors along rows and columns, few crossings (one undo step)"
        }
        Layout::Tree => {
            "Lay out the level (or the selected rooms) as the tree from the start, its \
             leaves spread around it: for nested levels (one undo step)"
        }
        Layout::Stress => {
            "Lay out the level (or the selected rooms) so that rooms lie as far apart as \
             the doors between them: for levels with many loops (one undo step)"
        }
        Layout::Layered => {
            "Lay out the level (or the selected rooms) in columns by distance from the \
             start, read left to right (one undo step)"
        }
    }
}

/// What Align with `how` does, for its tooltip.
fn align_tooltip(how: Align) -> &'static str {
    match how {
        Align::DistributeX | Align::DistributeY => {
            "Spread the selected rooms out evenly, the outer two staying (one undo step)"
        }
        _ => "Line up the selected rooms (one undo step)",
    }
}
