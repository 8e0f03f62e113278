//! The words for why the player is stuck on levels with `once` levers,
//! `open_when` or items of other kinds ([`words`]), and, for the tests,
//! the general engine's exact search of such levels ([`search`]), the
//! oracle the compiled searches are checked against.

#[cfg(test)]
pub(crate) mod search;
mod words;

pub(crate) use words::stuck_words;
