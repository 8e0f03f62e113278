//! The colours keys and their locks are drawn in: clearly distinct from each
//! other, from the start (white) and the goal (black), and readable on light
//! and dark canvases.

use super::{Level, Rgb};

/// Key colours, most distinct first.
pub const KEY_COLORS: [Rgb; 12] = [
    Rgb([0xd6, 0x27, 0x28]), // red
    Rgb([0x1f, 0x77, 0xb4]), // blue
    Rgb([0x2c, 0xa0, 0x2c]), // green
    Rgb([0xff, 0x7f, 0x0e]), // orange
    Rgb([0x94, 0x67, 0xbd]), // purple
    Rgb([0x17, 0xbe, 0xcf]), // cyan
    Rgb([0xe3, 0x77, 0xc2]), // pink
    Rgb([0xbc, 0xbd, 0x22]), // olive
    Rgb([0x8c, 0x56, 0x4b]), // brown
    Rgb([0x7f, 0x7f, 0x7f]), // grey
    Rgb([0xff, 0xd7, 0x00]), // gold
    Rgb([0x00, 0x80, 0x80]), // teal
];

/// The first palette colour no key of `level` uses yet (cycling when all are used).
pub fn next_free(level: &Level) -> Rgb {
    let used = |c: &Rgb| level.keys.iter().any(|k| k.color.as_ref() == Some(c));
    KEY_COLORS
        .iter()
        .copied()
        .find(|c| !used(c))
        .unwrap_or(KEY_COLORS[level.keys.len() % KEY_COLORS.len()])
}

/// The colour a key is drawn in: its own, else one from the palette by its
/// place among the keys without a colour.
pub fn key_color(level: &Level, index: usize) -> Rgb {
    if let Some(c) = level.keys.get(index).and_then(|k| k.color) {
        return c;
    }
    let nth = level.keys[..index.min(level.keys.len())]
        .iter()
        .filter(|k| k.color.is_none())
        .count();
    KEY_COLORS[nth % KEY_COLORS.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Key;

    #[test]
    fn palette_colours_are_distinct_and_new_keys_take_unused_ones() {
        for (i, a) in KEY_COLORS.iter().enumerate() {
            for b in &KEY_COLORS[i + 1..] {
                let d: i32 =
                    a.0.iter()
                        .zip(b.0)
                        .map(|(&x, y)| (i32::from(x) - i32::from(y)).abs())
                        .sum();
                assert!(d > 90, "{a} and {b} are too alike");
            }
        }
        let mut level = Level::new("t");
        let mut red = Key::new("k1", "r1");
        red.color = Some(KEY_COLORS[0]);
        level.keys.push(red);
        assert_eq!(next_free(&level), KEY_COLORS[1]);
        level.keys.push(Key::new("k2", "r1"));
        assert_eq!(
            key_color(&level, 1),
            KEY_COLORS[0],
            "the first key without a colour gets the first palette colour"
        );
    }
}
