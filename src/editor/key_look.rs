//! How each key looks, on the canvas, in the lists and in the legend: its
//! colour, and past the palette's ten clearest colours a glyph (A, B, … Z,
//! AA, …) inside its mark and its locks' marks, so that no two keys look
//! the same.

use std::collections::HashSet;

use egui::Color32;

use super::theme::Theme;
use crate::model::{Level, Rgb, palette};

/// Keys that get a colour alone; the ones after them get a glyph too.
pub const PLAIN_KEYS: usize = palette::KEY_COLORS.len();

/// A key's colour and glyph.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyLook {
    /// The colour of the key and its locks.
    pub color: Color32,
    /// The glyph drawn inside them, for keys past the first ten.
    pub glyph: Option<String>,
}

/// The glyph of the `n`-th named key (from 0): none for the first ten,
/// then `A` … `Z`, `AA`, `AB`, …
pub fn glyph(n: usize) -> Option<String> {
    let mut k = n.checked_sub(PLAIN_KEYS)?;
    let mut letters = Vec::new();
    loop {
        letters.push(char::from(b'A' + (k % 26) as u8));
        if k < 26 {
            break;
        }
        k = k / 26 - 1;
    }
    Some(letters.into_iter().rev().collect())
}

/// Every key's look, in key order. Items of one kind share one look:
/// small keys the theme's colour, every other kind (bombs, arrows) one
/// colour and the kind's first letter as its glyph. Named keys without a
/// colour of their own take the palette's colours that no other key has;
/// a key whose colour an earlier key has too gets its number as a glyph,
/// so that no two named keys look the same.
///
/// `colors` are the core's colours of the keys
/// ([`palette::key_colors`], made once per revision): the exports and
/// every list use them too.
pub fn key_looks(level: &Level, colors: &[Rgb], theme: &Theme) -> Vec<KeyLook> {
    let mut seen = HashSet::new();
    let mut named = 0;
    (level.keys.iter().zip(colors.iter().copied()))
        .map(|(key, color)| {
            if key.is_small() {
                return KeyLook {
                    color: theme.small_key,
                    glyph: None,
                };
            }
            if let Some(kind) = key.kind_name() {
                return KeyLook {
                    color: Theme::key(color),
                    glyph: kind.chars().next().map(|c| c.to_uppercase().collect()),
                };
            }
            named += 1;
            let repeated = !seen.insert(color);
            KeyLook {
                color: Theme::key(color),
                glyph: glyph(named - 1).or_else(|| repeated.then(|| named.to_string())),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seen at 1280×800 after generating around a drawn gold key: the
    /// canvas drew it orange (red was taken by k1) and the lists red. Both
    /// read the core's colours now, which never reuse a chosen one.
    #[test]
    fn the_canvas_and_the_lists_agree_on_a_key_without_a_colour() {
        let mut level = Level::new("drawn");
        level.keys.push(crate::model::Key::new("gold", "r1"));
        let mut k1 = crate::model::Key::new("k1", "r1");
        k1.color = Some(palette::KEY_COLORS[0]);
        level.keys.push(k1);
        let looks = key_looks(&level, &palette::key_colors(&level), &Theme::new(true));
        let gold = palette::key_color(&level, 0);
        assert_ne!(gold, palette::KEY_COLORS[0], "red is k1's");
        assert_eq!(looks[0].color, Theme::key(gold));
        assert_eq!(looks[1].color, Theme::key(palette::KEY_COLORS[0]));
    }

    /// Items of one kind look alike: one colour, the kind's letter; small
    /// keys of `kind: small` look like small keys.
    #[test]
    fn items_of_one_kind_share_one_look() {
        let mut level = Level::new("kinds");
        for (id, kind) in [("b1", "bomb"), ("k1", ""), ("b2", "bomb"), ("s1", "small")] {
            let mut key = crate::model::Key::new(id, "r1");
            key.kind = (!kind.is_empty()).then(|| kind.to_owned());
            level.keys.push(key);
        }
        let theme = Theme::new(false);
        let looks = key_looks(&level, &palette::key_colors(&level), &theme);
        assert_eq!(looks[0], looks[2], "bomb1 and bomb2");
        assert_eq!(looks[0].glyph.as_deref(), Some("B"));
        assert_ne!(looks[0].color, looks[1].color);
        assert_eq!(looks[3].color, theme.small_key);
    }

    #[test]
    fn glyphs_are_distinct_past_the_tenth_key() {
        assert_eq!(glyph(0), None);
        assert_eq!(glyph(9), None);
        assert_eq!(glyph(10).as_deref(), Some("A"));
        assert_eq!(glyph(35).as_deref(), Some("Z"));
        assert_eq!(glyph(36).as_deref(), Some("AA"));
        let all: std::collections::HashSet<String> = (10..2000).filter_map(glyph).collect();
        assert_eq!(all.len(), 1990);
    }
}
