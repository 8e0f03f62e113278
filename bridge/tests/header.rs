//! The committed C header declares exactly the functions the bridge
//! exports, with the same number of parameters and the same kind of result
//! (a text, or nothing): a function added, removed or changed without the
//! header fails here.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::Path;

/// Name → (parameters, returns something), of every function declared in
/// `text` whose name starts with `lockwork_`.
fn signatures(text: &str, start: &str) -> BTreeMap<String, (usize, bool)> {
    let mut found = BTreeMap::new();
    for chunk in text.split(start).skip(1) {
        let Some((name, rest)) = chunk.split_once('(') else {
            continue;
        };
        let name = name.trim();
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let params = rest.split_once(')').map_or("", |(p, _)| p).trim();
        let count = if params.is_empty() || params == "void" {
            0
        } else {
            params.split(',').filter(|p| !p.trim().is_empty()).count()
        };
        let after = rest.split_once(')').map_or("", |(_, a)| a);
        found.insert(
            format!("lockwork_{name}"),
            (count, after.trim_start().starts_with("->")),
        );
    }
    found
}

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The header's declarations: `char *lockwork_x(...)` returns a text,
/// `void lockwork_x(...)` nothing.
fn header() -> BTreeMap<String, (usize, bool)> {
    let text = read("include/lockwork.h");
    let mut found = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| l.ends_with(");") && !l.starts_with(' '))
    {
        let returns = !line.starts_with("void ");
        let one = signatures(line, "lockwork_");
        for (name, (count, _)) in one {
            found.insert(name, (count, returns));
        }
    }
    found
}

#[test]
fn the_header_declares_exactly_the_exported_functions() {
    let exported = signatures(&read("src/lib.rs"), "extern \"C\" fn lockwork_");
    assert!(exported.len() >= 8, "{exported:?}");
    assert_eq!(
        header(),
        exported,
        "bridge/include/lockwork.h is out of date"
    );
}
