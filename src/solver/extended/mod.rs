//! For the tests: the general engine's exact search of levels with every
//! extension ([`search`]), the oracle the compiled searches are checked
//! against, and its dead ends ([`words`]).

#[cfg(test)]
pub(crate) mod search;
#[cfg(test)]
mod words;
