//! A hint through the bridge, as a C caller gets it: the call, the JSON
//! text, and freeing it, on the basement sample 20 steps along a least-cost
//! plan, with the step in the player's words. Target: at most 20 µs
//! (measured: about 3 µs, release build, two shared cores).
//!
//! `cargo bench -p lockwork-bridge`.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::ffi::{CStr, CString, c_char};
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use lockwork_bridge::{
    LockworkSession, lockwork_apply, lockwork_close, lockwork_free, lockwork_hint, lockwork_open,
};

/// The JSON of an answer, freed.
fn answer(text: *mut c_char) -> serde_json::Value {
    // SAFETY: a text from the bridge, freed once here.
    let json = unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned();
    // SAFETY: as above.
    unsafe { lockwork_free(text) };
    serde_json::from_str(&json).unwrap()
}

/// A session on the basement after `n` hints followed.
fn basement_after(n: usize) -> *mut LockworkSession {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/basement.level.json");
    let level = CString::new(std::fs::read(path).unwrap()).unwrap();
    let mut session = std::ptr::null_mut();
    // SAFETY: a valid string and out-pointer.
    assert!(answer(unsafe { lockwork_open(level.as_ptr(), &mut session) })["ok"].is_object());
    for _ in 0..n {
        // SAFETY: a live session.
        let hint = answer(unsafe { lockwork_hint(session) });
        let step = CString::new(hint["ok"]["step"].to_string()).unwrap();
        // SAFETY: a live session and a valid string.
        assert!(answer(unsafe { lockwork_apply(session, step.as_ptr()) })["ok"].is_object());
    }
    session
}

fn bench(c: &mut Criterion) {
    let session = basement_after(20);
    c.bench_function("bridge_basement/hint, on the plan", |b| {
        b.iter(|| {
            // SAFETY: a live session; the text is freed at once.
            unsafe { lockwork_free(lockwork_hint(session)) };
        });
    });
    // SAFETY: opened above, closed once.
    unsafe { lockwork_close(session) };
}

criterion_group!(benches, bench);
criterion_main!(benches);
