//! Lockwork's play session behind a C interface, JSON in and JSON out, for
//! games not written in Rust: C and C++, C# (P/Invoke, Unity), Godot
//! (GDExtension) and the web (the same functions in a `.wasm` module).
//!
//! The header is `include/lockwork.h`; a test checks that it declares
//! exactly the functions exported here. Every function that answers returns
//! a NUL-terminated UTF-8 JSON text that the caller gives back to
//! [`lockwork_free`], of one of two shapes:
//!
//! - `{"ok": VALUE}`: the answer;
//! - `{"error": {"kind": "...", "message": "...", ...}}`: why not, with a
//!   `kind` a game can branch on, a `message` in English, and the fields of
//!   the error (for an illegal step, the `reason`: the door, the keys
//!   missing and so on).
//!
//! No function panics across the boundary: a null pointer, text that is not
//! UTF-8 or not JSON, and any refusal of the rules come back as an error
//! text, and a panic inside is caught and reported as `"kind": "panic"`.
//!
//! # Examples
//!
//! ```
//! use std::ffi::{CStr, CString, c_char};
//! use lockwork_bridge::*;
//!
//! /// The JSON `text` holds, freed.
//! fn answer(text: *mut c_char) -> serde_json::Value {
//!     // SAFETY: `text` came from the bridge and is freed once, here.
//!     let json = unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned();
//!     unsafe { lockwork_free(text) };
//!     serde_json::from_str(&json).unwrap()
//! }
//!
//! let level = CString::new(std::fs::read("../assets/smallkeys.level.json")?)?;
//! let mut session = std::ptr::null_mut();
//! // SAFETY: valid C strings and a valid out-pointer; the session is closed below.
//! unsafe {
//!     assert!(answer(lockwork_open(level.as_ptr(), &mut session))["ok"].is_object());
//!     let hint = answer(lockwork_hint(session));
//!     assert_eq!(hint["ok"]["hint"], "step");
//!     assert_eq!(hint["ok"]["step"]["door"], "d1");
//!     lockwork_close(session);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod answer;

use std::alloc::{Layout, alloc, dealloc};
use std::ffi::{CStr, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

use lockwork::play::{PlayOptions, SavedSession, Session};
use lockwork::rules::Step;
use serde_json::{Value, json};

pub use answer::Failure;
use answer::{Answer, hint_json, state_json, stuck_json};

/// One player's game: an opaque handle that [`lockwork_open`] makes and
/// [`lockwork_close`] frees. It holds the level, analysed once, and the
/// state of play.
pub struct LockworkSession {
    session: Session,
}

/// Runs `body`, catching a panic, and hands its answer to C.
fn answer(body: impl FnOnce() -> Answer) -> *mut c_char {
    let result = catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_| {
        Err(Failure::new(
            "panic",
            "the bridge panicked; please report it",
        ))
    });
    answer::to_c(result)
}

/// The text `ptr` points to.
///
/// # Safety
/// `ptr` is null or points to a NUL-terminated string that outlives the call.
unsafe fn text<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(Failure::new(
            "null_pointer",
            &format!("{what} is a null pointer"),
        ));
    }
    // SAFETY: not null, and the caller promises a NUL-terminated string.
    let bytes = unsafe { CStr::from_ptr(ptr) }.to_bytes();
    std::str::from_utf8(bytes)
        .map_err(|e| Failure::new("not_utf8", &format!("{what} is not UTF-8 text: {e}")))
}

/// The session `ptr` points to.
///
/// # Safety
/// `ptr` is null or a live handle from [`lockwork_open`], not used by
/// another thread during the call.
unsafe fn session<'a>(ptr: *mut LockworkSession) -> Result<&'a mut Session, Failure> {
    // SAFETY: the caller promises a live handle or null; `as_mut` checks null.
    match unsafe { ptr.as_mut() } {
        Some(handle) => Ok(&mut handle.session),
        None => Err(Failure::new(
            "null_pointer",
            "the session is a null pointer",
        )),
    }
}

/// Parses `text` as JSON of type `T`, or says what is wrong with it.
fn parse<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, Failure> {
    serde_json::from_str(text)
        .map_err(|e| Failure::new("bad_json", &format!("{what} is not valid: {e}")))
}

/// Opens a play session on a level.
///
/// `level_json` is a level file's text (FORMAT.md). On success `*out` is
/// the new session (free it with [`lockwork_close`]) and the answer is
/// `{"ok": STATE}`, the state of play at the start (see [`lockwork_apply`]).
/// On failure `*out` is null and the error's kind is `load` (the file is not
/// a valid level: the message names field and place) or `invalid_level`.
///
/// # Safety
/// `level_json` is null or a NUL-terminated string; `out` is null or
/// points to writable memory for one pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_open(
    level_json: *const c_char,
    out: *mut *mut LockworkSession,
) -> *mut c_char {
    answer(|| {
        // SAFETY: the caller promises `out` is null or writable.
        let out = unsafe { out.as_mut() }
            .ok_or_else(|| Failure::new("null_pointer", "out is a null pointer"))?;
        *out = std::ptr::null_mut();
        // SAFETY: the caller promises a NUL-terminated string or null.
        let text = unsafe { text(level_json, "level_json") }?;
        let level = lockwork::format::from_str(text)?.level;
        let session = Session::open(level, &PlayOptions::default())?;
        let state = state_json(&session);
        *out = Box::into_raw(Box::new(LockworkSession { session }));
        Ok(state)
    })
}

/// Frees a session. Null is ignored.
///
/// # Safety
/// `session` is null or a handle from [`lockwork_open`] not yet closed; it
/// is not used afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_close(session: *mut LockworkSession) {
    if !session.is_null() {
        // SAFETY: made by `Box::into_raw` in `lockwork_open`, closed once.
        drop(unsafe { Box::from_raw(session) });
    }
}

/// Every step the player may take now: `{"ok": [STEP, ...]}`, each
/// `{"action": "move", "door": "d1", "to": "r2"}` or
/// `{"action": "pull", "lever": "l1"}`; empty once solved.
///
/// # Safety
/// `session` is null or a live handle, not used by another thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_legal_steps(session: *mut LockworkSession) -> *mut c_char {
    answer(|| {
        // SAFETY: as the caller promises.
        let session = unsafe { self::session(session) }?;
        Ok(json!(session.legal_steps()))
    })
}

/// Takes a step, given as JSON (`{"action": "move", "door": "d1", "to":
/// "r2"}` or `{"action": "pull", "lever": "l1"}`).
///
/// The answer is the state after it, by id: `{"ok": {"room": "r2",
/// "keys": ["big"], "items": {"small": 2}, "open_doors": [...], "unlocked":
/// [...], "levers": [...], "cost": 1.0, "moves": 1, "pulls": 0, "solved":
/// false, "stuck": null, "picked": [...]}}` (`keys`: the named keys held;
/// `items`: items in hand per kind; `picked`: the keys picked up on
/// entering; `stuck`: as [`lockwork_is_stuck`]). A refused step leaves the session
/// unchanged; its error kind is `illegal` (with the `reason`) or `solved`.
///
/// # Safety
/// `session` is null or a live handle, not used by another thread
/// meanwhile; `step_json` is null or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_apply(
    session: *mut LockworkSession,
    step_json: *const c_char,
) -> *mut c_char {
    answer(|| {
        // SAFETY: as the caller promises.
        let (session, text) = unsafe { (self::session(session)?, text(step_json, "step_json")?) };
        let step: Step = parse(text, "the step")?;
        let picked = session.apply(&step)?;
        let mut state = state_json(session);
        state["picked"] = json!(picked);
        Ok(state)
    })
}

/// The state of play now, by id: `{"ok": STATE}`, as [`lockwork_apply`]
/// gives it (without `picked`).
///
/// # Safety
/// `session` is null or a live handle, not used by another thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_state(session: *mut LockworkSession) -> *mut c_char {
    answer(|| {
        // SAFETY: as the caller promises.
        let session = unsafe { self::session(session) }?;
        Ok(state_json(session))
    })
}

/// Takes back the last step: `{"ok": true}`, or `{"ok": false}` when there
/// is none (at the start, or just after a restore).
///
/// # Safety
/// `session` is null or a live handle, not used by another thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_undo(session: *mut LockworkSession) -> *mut c_char {
    answer(|| {
        // SAFETY: as the caller promises.
        let session = unsafe { self::session(session) }?;
        Ok(Value::Bool(session.undo()))
    })
}

/// What to do next, as one value: `{"ok": {"hint": "step", "step": STEP,
/// "words": "go through the door between Room 1 and Room 2 into Room 2"}}`
/// (the next step of a least-cost plan, and in the player's words, with
/// names and not ids), `{"hint": "solved"}`, `{"hint":
/// "stuck", "stuck": STUCK}` (see [`lockwork_is_stuck`]) or `{"hint":
/// "not_known", "states": N}` (a level too large for the table, past the
/// search budget).
///
/// # Safety
/// `session` is null or a live handle, not used by another thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_hint(session: *mut LockworkSession) -> *mut c_char {
    answer(|| {
        // SAFETY: as the caller promises.
        let session = unsafe { self::session(session) }?;
        Ok(hint_json(session))
    })
}

/// Whether the goal can no longer be reached: `{"ok": null}` when it can,
/// else `{"ok": {"step": STEP or null, "reason": "..."}}` (the step that
/// lost it, and why in the words `lockwork check` uses). Error kind
/// `not_known` past the search budget.
///
/// # Safety
/// `session` is null or a live handle, not used by another thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_is_stuck(session: *mut LockworkSession) -> *mut c_char {
    answer(|| {
        // SAFETY: as the caller promises.
        let session = unsafe { self::session(session) }?;
        Ok(session.is_stuck()?.map_or(Value::Null, stuck_json))
    })
}

/// The state of play for a save file: `{"ok": SAVED}`, the value to give
/// back to [`lockwork_restore`]: a JSON object (`lockwork::play::SavedSession`)
/// with the level's fingerprint and the undo history. A game may add its
/// own fields to it; they are kept.
///
/// # Safety
/// `session` is null or a live handle, not used by another thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_save(session: *mut LockworkSession) -> *mut c_char {
    answer(|| {
        // SAFETY: as the caller promises.
        let session = unsafe { self::session(session) }?;
        Ok(json!(session.save_with_history()))
    })
}

/// Puts the session in the state a save describes (what [`lockwork_save`]
/// gave), after checking that it fits the level. The answer is the state,
/// as [`lockwork_apply`] gives it. Error kind `other_level` for a save of
/// another level, `restore` naming what else does not fit; the session is
/// then unchanged.
///
/// # Safety
/// `session` is null or a live handle, not used by another thread
/// meanwhile; `saved_json` is null or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_restore(
    session: *mut LockworkSession,
    saved_json: *const c_char,
) -> *mut c_char {
    answer(|| {
        // SAFETY: as the caller promises.
        let (session, text) = unsafe { (self::session(session)?, text(saved_json, "saved_json")?) };
        let saved: SavedSession = parse(text, "the save")?;
        *session = Session::restore(session.guide().clone(), &saved)?;
        Ok(state_json(session))
    })
}

/// Frees a text a function of the bridge returned. Null is ignored.
///
/// # Safety
/// `text` is null or a text from the bridge not yet freed; it is not used
/// afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_free(text: *mut c_char) {
    if !text.is_null() {
        // SAFETY: made by `CString::into_raw` in `answer::to_c`, freed once.
        drop(unsafe { std::ffi::CString::from_raw(text) });
    }
}

/// Memory for `len` bytes, for a host that must write a string into the
/// module's memory (JavaScript with the `.wasm` module); null when there
/// is none. Free it with [`lockwork_dealloc`] and the same `len`.
#[unsafe(no_mangle)]
pub extern "C" fn lockwork_alloc(len: usize) -> *mut u8 {
    match Layout::from_size_align(len.max(1), 1) {
        // SAFETY: the layout's size is at least 1.
        Ok(layout) => unsafe { alloc(layout) },
        Err(_) => std::ptr::null_mut(),
    }
}

/// Frees memory from [`lockwork_alloc`]. Null is ignored.
///
/// # Safety
/// `ptr` is null or came from `lockwork_alloc(len)` and is not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lockwork_dealloc(ptr: *mut u8, len: usize) {
    if let (false, Ok(layout)) = (ptr.is_null(), Layout::from_size_align(len.max(1), 1)) {
        // SAFETY: the caller promises `ptr` came from `alloc` with this layout.
        unsafe { dealloc(ptr, layout) };
    }
}
