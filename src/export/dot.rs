//! Graphviz DOT: rooms as boxes (start white, goal black), doors as edges.

use std::fmt::Write;

use crate::model::{Level, Rgb, palette};

fn quote(text: &str) -> String {
    let escaped: String = text
        .chars()
        .flat_map(|c| match c {
            '"' => vec!['\\', '"'],
            '\\' => vec!['\\', '\\'],
            '\n' => vec!['\\', 'n'],
            c => vec![c],
        })
        .collect();
    format!("\"{escaped}\"")
}

/// The level as a Graphviz graph. Room positions are given as `pos` hints
/// (used by `neato -n`); `dot` lays it out by itself.
pub fn to_dot(level: &Level) -> String {
    let colors = palette::key_colors(level);
    let mut out = String::new();
    let title = if level.name.is_empty() {
        "level"
    } else {
        &level.name
    };
    let _ = writeln!(out, "digraph {} {{", quote(title));
    let _ = writeln!(
        out,
        "  graph [rankdir=LR, label={}, fontname=\"Helvetica\"];",
        quote(title)
    );
    let _ = writeln!(
        out,
        "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#d5dbe3\", color=\"#7d8796\", fontname=\"Helvetica\"];"
    );
    let _ = writeln!(
        out,
        "  edge [color=\"#5f6875\", fontname=\"Helvetica\", fontsize=10];"
    );
    rooms_dot(&mut out, level, &colors);
    doors_dot(&mut out, level, &colors);
    out.push_str("}\n");
    out
}

/// One node per room: its name and id, the keys and levers in it, start
/// and goal filled, its position as a hint.
fn rooms_dot(out: &mut String, level: &Level, colors: &[Rgb]) {
    for room in &level.rooms {
        let mut label = if room.name.is_empty() {
            room.id.to_string()
        } else {
            format!("{}\n{}", room.name, room.id)
        };
        for (k, key) in level
            .keys
            .iter()
            .enumerate()
            .filter(|(_, k)| k.room.as_ref() == Some(&room.id))
        {
            let kind = if key.small { "small key" } else { "key" };
            let _ = write!(
                label,
                "\n{kind} {} ({})",
                level.key_label(&key.id),
                colors.get(k).copied().unwrap_or(palette::SMALL_KEY)
            );
        }
        for lever in level.levers.iter().filter(|l| l.room == room.id) {
            let doors: Vec<&str> = lever
                .toggles
                .iter()
                .map(crate::model::DoorId::as_str)
                .collect();
            let _ = write!(label, "\nlever {} → {}", lever.id, doors.join(", "));
        }
        let mut attrs = vec![format!("label={}", quote(&label))];
        if room.id == level.goal {
            attrs.push("fillcolor=\"#101012\", fontcolor=white".to_owned());
        } else if room.id == level.start {
            attrs.push("fillcolor=white".to_owned());
        }
        if let Some([x, y]) = room.pos {
            attrs.push(format!("pos=\"{},{}\"", x, -y));
        }
        let _ = writeln!(out, "  {} [{}];", quote(room.id.as_str()), attrs.join(", "));
    }
}

/// One edge per door: its id, locks and cost; two-way doors without an
/// arrow, closed ones dashed, locked ones in their first key's colour.
fn doors_dot(out: &mut String, level: &Level, colors: &[Rgb]) {
    for door in &level.doors {
        let mut label = door.id.to_string();
        if !door.locks.is_empty() {
            let keys: Vec<&str> = door.locks.iter().map(crate::model::KeyId::as_str).collect();
            let _ = write!(label, "\nneeds {}", keys.join(" + "));
        }
        if door.small_locks > 0 {
            let _ = write!(label, "\n{} small key(s)", door.small_locks);
        }
        if door.cost != 1.0 {
            let _ = write!(label, "\ncost {}", crate::model::format_cost(door.cost));
        }
        let mut attrs = vec![format!("label={}", quote(&label))];
        if !door.one_way {
            attrs.push("dir=none".to_owned());
        }
        if !door.open {
            attrs.push("style=dashed".to_owned());
        }
        if let Some(first) = door
            .locks
            .first()
            .and_then(|k| level.keys.iter().position(|key| &key.id == k))
        {
            attrs.push(format!(
                "color={}",
                quote(&(colors.get(first).copied().unwrap_or(palette::SMALL_KEY)).to_string())
            ));
        }
        let _ = writeln!(
            out,
            "  {} -> {} [{}];",
            quote(door.from.as_str()),
            quote(door.to.as_str()),
            attrs.join(", ")
        );
    }
}
