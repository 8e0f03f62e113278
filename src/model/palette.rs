//! The colours keys and their locks are drawn in: clearly distinct from each
//! other, from the start (white) and the goal (black), and readable on light
//! and dark canvases.

use super::{Level, Rgb};

/// Distinct, readable colours for the first keys; later keys walk the colour
/// wheel by the golden angle.
pub(crate) const FIRST_COLORS: [([u8; 3], &str); 10] = [
    ([0xd6, 0x27, 0x28], "red"),
    ([0x1f, 0x77, 0xb4], "blue"),
    ([0x2c, 0xa0, 0x2c], "green"),
    ([0xff, 0x7f, 0x0e], "orange"),
    ([0x94, 0x67, 0xbd], "purple"),
    ([0x8c, 0x56, 0x4b], "brown"),
    ([0xe3, 0x77, 0xc2], "pink"),
    ([0x17, 0xbe, 0xcf], "cyan"),
    ([0xbc, 0xbd, 0x22], "olive"),
    ([0x7f, 0x7f, 0x7f], "grey"),
];

/// How many colours of the golden-angle series differ from each other and
/// from [`FIRST_COLORS`].
pub(crate) const WHEEL_COLORS: usize = 210;

/// The colour of the `i`-th key, and a name for it when it has a plain one.
/// The first 220 colours are all different and chosen to be told apart;
/// after them come distinct colours spread over the whole sRGB cube.
pub fn nth(i: usize) -> (Rgb, Option<&'static str>) {
    if let Some(&(rgb, name)) = FIRST_COLORS.get(i) {
        return (Rgb(rgb), Some(name));
    }
    if i >= FIRST_COLORS.len() + WHEEL_COLORS {
        // An odd multiplier is a bijection modulo 2^24: all different.
        let k = (i - FIRST_COLORS.len() - WHEEL_COLORS + 1) as u32;
        let c = k.wrapping_mul(0x00B5_AD4B) & 0x00FF_FFFF;
        let [_, r, g, b] = c.to_be_bytes();
        return (Rgb([r, g, b]), None);
    }
    // Hue by the golden angle (in 1/4096 turns), with three tiers of
    // lightness; integer arithmetic only.
    let j = i - FIRST_COLORS.len();
    let hue = (j as u64 * 1583) % 4096; // 1583/4096 ≈ 0.3865 turn ≈ 139°
    let tier = (j / 7) % 3;
    let (lo, hi) = [(40u64, 200u64), (70, 230), (20, 160)][tier];
    let sector = hue * 6 / 4096;
    let f = (hue * 6) % 4096; // position within the sector, 0..4096
    let up = lo + (hi - lo) * f / 4096;
    let down = hi - (hi - lo) * f / 4096;
    let (r, g, b) = match sector {
        0 => (hi, up, lo),
        1 => (down, hi, lo),
        2 => (lo, hi, up),
        3 => (lo, down, hi),
        4 => (up, lo, hi),
        _ => (hi, lo, down),
    };
    (Rgb([r as u8, g as u8, b as u8]), None)
}

/// The first key colours, the clearest to tell apart, in the order they are handed out.
pub const KEY_COLORS: [Rgb; FIRST_COLORS.len()] = {
    let mut out = [Rgb([0, 0, 0]); FIRST_COLORS.len()];
    let mut i = 0;
    while i < FIRST_COLORS.len() {
        out[i] = Rgb(FIRST_COLORS[i].0);
        i += 1;
    }
    out
};

/// Two colours closer than this (the "redmean" weighted distance over
/// sRGB) are hard to tell apart beside each other. The first ten palette
/// colours are at least 113 apart; a designer's #33aa33 is 25 from the
/// palette's green.
const ALIKE: f64 = 60.0;

/// Are `a` and `b` too close to tell apart at a glance?
pub(crate) fn alike(a: Rgb, b: Rgb) -> bool {
    let [r1, g1, b1] = a.0.map(f64::from);
    let [r2, g2, b2] = b.0.map(f64::from);
    let mean_red = (r1 + r2) / 2.0;
    let (dr, dg, db) = (r1 - r2, g1 - g2, b1 - b2);
    let square = (2.0 + mean_red / 256.0) * dr * dr
        + 4.0 * dg * dg
        + (2.0 + (255.0 - mean_red) / 256.0) * db * db;
    square < ALIKE * ALIKE
}

/// The colours `level`'s keys chose, sorted, each once.
pub(crate) fn chosen(level: &Level) -> Vec<Rgb> {
    let mut chosen: Vec<Rgb> = level.keys.iter().filter_map(|k| k.color).collect();
    chosen.sort_unstable_by_key(|c| c.0);
    chosen.dedup();
    chosen
}

/// Is the `i`-th palette colour `c` taken by one of `chosen` (sorted):
/// alike one, among the colours chosen to be told apart (the first
/// [`FIRST_COLORS`] and [`WHEEL_COLORS`]), or equal to one after them,
/// where no colour is far from all others.
pub(crate) fn taken(i: usize, c: Rgb, chosen: &[Rgb]) -> bool {
    if i < FIRST_COLORS.len() + WHEEL_COLORS {
        chosen.iter().any(|&d| alike(c, d))
    } else {
        chosen.binary_search_by_key(&c.0, |d| d.0).is_ok()
    }
}

/// The first palette colour no key of `level` uses yet, nor one alike it.
pub fn next_free(level: &Level) -> Rgb {
    let chosen = chosen(level);
    (0..=2 * chosen.len() + FIRST_COLORS.len() + WHEEL_COLORS)
        .map(|i| (i, nth(i).0))
        .find(|&(i, c)| !taken(i, c, &chosen))
        .map_or(KEY_COLORS[0], |(_, c)| c)
}

/// The colour every key is drawn in, in level order: its own `color`, else
/// the next palette colour that no key chose (nor one alike it), so that a
/// key never takes the colour another key asked for. Items of one kind share the colour of the
/// first of them (or the first colour one of them chose); small keys take
/// none from the palette (they are drawn grey) and get [`SMALL_KEY`] here.
///
/// # Example
/// ```
/// use lockwork::model::{Key, Level, palette};
/// let mut level = Level::new("colours");
/// let mut red = Key::new("k1", "r1");
/// red.color = Some(palette::KEY_COLORS[0]);
/// level.keys.push(red);
/// level.keys.push(Key::new("gold", "r1"));
/// let colours = palette::key_colors(&level);
/// assert_eq!(colours[0], palette::KEY_COLORS[0]);
/// assert_eq!(colours[1], palette::KEY_COLORS[1], "red was chosen by k1");
/// ```
pub fn key_colors(level: &Level) -> Vec<Rgb> {
    let chosen = chosen(level);
    let mut free = (0..)
        .map(|i| (i, nth(i).0))
        .filter(|&(i, c)| !taken(i, c, &chosen))
        .map(|(_, c)| c);
    let mut kinds: std::collections::HashMap<&str, Rgb> = std::collections::HashMap::new();
    for key in level.keys.iter().filter(|k| !k.is_small()) {
        if let (Some(kind), Some(c)) = (key.kind_name(), key.color) {
            kinds.entry(kind).or_insert(c);
        }
    }
    (level.keys.iter())
        .map(|key| {
            if key.is_small() {
                return SMALL_KEY;
            }
            match key.kind_name() {
                Some(kind) => *kinds
                    .entry(kind)
                    .or_insert_with(|| free.next().unwrap_or(KEY_COLORS[0])),
                None => key.color.or_else(|| free.next()).unwrap_or(KEY_COLORS[0]),
            }
        })
        .collect()
}

/// The grey small keys are drawn in, whatever their kind's order.
pub const SMALL_KEY: Rgb = Rgb([0x6b, 0x74, 0x82]);

/// The colour key `index` is drawn in ([`key_colors`]); O(keys).
pub fn key_color(level: &Level, index: usize) -> Rgb {
    key_colors(level)
        .get(index)
        .copied()
        .unwrap_or(KEY_COLORS[0])
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
            KEY_COLORS[1],
            "the first key without a colour gets the first palette colour no key chose"
        );
    }

    /// Seen generating around a drawn gold key of #33aa33: the new key got
    /// the palette's green, and the two looked the same.
    #[test]
    fn a_colour_alike_one_a_designer_chose_is_not_handed_out() {
        let designer = Rgb([0x33, 0xaa, 0x33]);
        assert!(alike(designer, KEY_COLORS[2]));
        for (i, a) in KEY_COLORS.iter().enumerate() {
            for b in &KEY_COLORS[i + 1..] {
                assert!(!alike(*a, *b), "{a} and {b}");
            }
        }
        let mut level = Level::new("t");
        for (id, color) in [
            ("red", KEY_COLORS[0]),
            ("blue", KEY_COLORS[1]),
            ("gold", designer),
        ] {
            let mut key = Key::new(id, "r1");
            key.color = Some(color);
            level.keys.push(key);
        }
        assert_eq!(next_free(&level), KEY_COLORS[3], "orange, not green");
        level.keys.push(Key::new("k4", "r1"));
        assert_eq!(key_color(&level, 3), KEY_COLORS[3]);
    }
}
