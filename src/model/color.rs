//! The `"#rrggbb"` colour of a key and its locks.

use std::fmt;
use std::str::FromStr;

/// An opaque sRGB colour, written `"#rrggbb"` in level files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub [u8; 3]);

/// Why a colour string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a colour written \"#rrggbb\", found \"{0}\"")]
pub struct ParseColorError(pub String);

impl FromStr for Rgb {
    type Err = ParseColorError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseColorError(s.to_owned());
        let hex = s.strip_prefix('#').ok_or_else(err)?;
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(err());
        }
        let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map_err(|_| err());
        Ok(Self([channel(0)?, channel(2)?, channel(4)?]))
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let c: Rgb = "#D62728".parse().unwrap();
        assert_eq!(c, Rgb([0xd6, 0x27, 0x28]));
        assert_eq!(c.to_string(), "#d62728");
    }

    #[test]
    fn refuses_bad_colours() {
        for bad in [
            "", "#", "d62728", "#d6272", "#d627289", "#gg0000", "#d6272é",
        ] {
            assert!(bad.parse::<Rgb>().is_err(), "{bad:?} should be refused");
        }
    }
}
