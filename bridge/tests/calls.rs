//! The bridge's functions as a C caller uses them: answers, and the errors
//! of bad calls (null pointers, text that is not UTF-8 or not JSON, steps
//! the rules refuse, saves of another state), none of which may panic.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::ffi::{CStr, CString, c_char};
use std::path::Path;

use lockwork_bridge::*;
use serde_json::{Value, json};

/// The JSON of an answer, freed.
fn answer(text: *mut c_char) -> Value {
    assert!(!text.is_null());
    // SAFETY: a text from the bridge, freed once here.
    let json = unsafe { CStr::from_ptr(text) }.to_str().unwrap().to_owned();
    // SAFETY: as above.
    unsafe { lockwork_free(text) };
    serde_json::from_str(&json).unwrap()
}

fn c(text: &str) -> CString {
    CString::new(text).unwrap()
}

fn open(path: &str) -> *mut LockworkSession {
    let level =
        c(&std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap());
    let mut session = std::ptr::null_mut();
    // SAFETY: valid strings and out-pointer.
    let opened = answer(unsafe { lockwork_open(level.as_ptr(), &mut session) });
    assert_eq!(opened["ok"]["room"], "r1", "{opened}");
    session
}

fn apply(session: *mut LockworkSession, step: &Value) -> Value {
    let step = c(&step.to_string());
    // SAFETY: a live session and a valid string.
    answer(unsafe { lockwork_apply(session, step.as_ptr()) })
}

#[test]
fn null_pointers_and_bad_text_are_errors() {
    let mut out = std::ptr::null_mut();
    // SAFETY: null pointers are part of the contract.
    unsafe {
        assert_eq!(
            answer(lockwork_open(std::ptr::null(), &mut out))["error"]["kind"],
            "null_pointer"
        );
        assert!(out.is_null());
        assert_eq!(
            answer(lockwork_open(c("{}").as_ptr(), std::ptr::null_mut()))["error"]["kind"],
            "null_pointer"
        );
        for call in [
            lockwork_hint,
            lockwork_legal_steps,
            lockwork_is_stuck,
            lockwork_save,
            lockwork_undo,
            lockwork_state,
        ] {
            assert_eq!(
                answer(call(std::ptr::null_mut()))["error"]["kind"],
                "null_pointer"
            );
        }
        lockwork_close(std::ptr::null_mut());
        lockwork_free(std::ptr::null_mut());
    }
    let session = open("../assets/smallkeys.level.json");
    let not_utf8: &[u8] = b"{\"action\": \"pull\", \"lever\": \"\xff\"}\0";
    // SAFETY: a live session; NUL-terminated bytes.
    unsafe {
        let e = answer(lockwork_apply(session, not_utf8.as_ptr().cast()));
        assert_eq!(e["error"]["kind"], "not_utf8");
        let e = answer(lockwork_apply(
            session,
            c("{\"action\": \"jump\"}").as_ptr(),
        ));
        assert_eq!(e["error"]["kind"], "bad_json");
        let e = answer(lockwork_restore(session, c("[1]").as_ptr()));
        assert_eq!(e["error"]["kind"], "bad_json");
        let e = answer(lockwork_apply(session, std::ptr::null()));
        assert_eq!(e["error"]["kind"], "null_pointer");
        lockwork_close(session);
    }
}

#[test]
fn a_bad_level_is_refused_naming_the_problem() {
    let mut out = std::ptr::null_mut();
    let text = c(
        r#"{"format": "lockwork-level", "version": 1, "start": "a", "goal": "a",
        "rooms": [{"id": "a"}], "doors": [{"id": "d", "from": "a", "to": "b"}]}"#,
    );
    // SAFETY: valid string and out-pointer.
    let e = answer(unsafe { lockwork_open(text.as_ptr(), &mut out) });
    assert!(out.is_null());
    assert_eq!(e["error"]["kind"], "load");
    assert!(
        e["error"]["message"]
            .as_str()
            .unwrap()
            .contains("doors[0].to"),
        "{e}"
    );
}

#[test]
fn a_refused_step_says_why_and_changes_nothing() {
    let session = open("../assets/smallkeys.level.json");
    let e = apply(
        session,
        &json!({"action": "move", "door": "d8", "to": "r8"}),
    );
    assert_eq!(e["error"]["kind"], "illegal", "{e}");
    let reason = &e["error"]["reason"];
    assert_eq!(reason["kind"], "not_this_way", "{e}");
    assert_eq!(
        (&reason["door"], &reason["from"], &reason["to"]),
        (&json!("d8"), &json!("r1"), &json!("r8"))
    );
    // SAFETY: a live session.
    let state = answer(unsafe { lockwork_save(session) });
    assert_eq!(state["ok"]["moves"], 0);
    // SAFETY: opened above.
    unsafe { lockwork_close(session) };
}

#[test]
fn a_wrong_door_is_a_dead_end_the_hint_and_is_stuck_report() {
    let session = open("../assets/smallkeys.level.json");
    // The storeroom door spends a small key the way to the boss needs.
    apply(
        session,
        &json!({"action": "move", "door": "d1", "to": "r2"}),
    );
    let after = apply(
        session,
        &json!({"action": "move", "door": "d2", "to": "r3"}),
    );
    assert!(after["ok"]["stuck"]["reason"].is_string(), "{after}");
    // SAFETY: a live session.
    unsafe {
        let hint = answer(lockwork_hint(session));
        assert_eq!(hint["ok"]["hint"], "stuck", "{hint}");
        assert_eq!(hint["ok"]["stuck"]["step"]["door"], "d2");
        let stuck = answer(lockwork_is_stuck(session));
        assert_eq!(stuck["ok"], hint["ok"]["stuck"]);
        assert_eq!(answer(lockwork_undo(session))["ok"], true);
        assert_eq!(answer(lockwork_is_stuck(session))["ok"], Value::Null);
        let state = answer(lockwork_state(session));
        assert_eq!(
            (&state["ok"]["room"], &state["ok"]["items"]["small"]),
            (&json!("r2"), &json!(2))
        );
        let hint = answer(lockwork_hint(session));
        assert_eq!(
            hint["ok"]["words"],
            "go through the door between Guard room and Stairwell into Stairwell"
        );
        lockwork_close(session);
    }
}

#[test]
fn a_save_of_another_state_is_refused_and_the_session_kept() {
    let session = open("../assets/smallkeys.level.json");
    apply(
        session,
        &json!({"action": "move", "door": "d1", "to": "r2"}),
    );
    let bad = c(r#"{"room": "r9", "cost": 0, "moves": 0, "pulls": 0}"#);
    // SAFETY: a live session and a valid string.
    unsafe {
        let e = answer(lockwork_restore(session, bad.as_ptr()));
        assert_eq!(e["error"]["kind"], "restore", "{e}");
        assert_eq!(answer(lockwork_save(session))["ok"]["room"], "r2");
        lockwork_close(session);
    }
}

#[test]
fn a_save_keeps_the_games_fields_and_its_undo_steps_and_refuses_another_level() {
    let session = open("../assets/smallkeys.level.json");
    apply(
        session,
        &json!({"action": "move", "door": "d1", "to": "r2"}),
    );
    // SAFETY: a live session.
    let mut saved = answer(unsafe { lockwork_save(session) })["ok"].clone();
    saved["slot"] = json!(3);
    let text = c(&saved.to_string());
    // SAFETY: a live session and a valid string.
    unsafe {
        let restored = answer(lockwork_restore(session, text.as_ptr()));
        assert_eq!(
            restored["ok"]["slot"],
            Value::Null,
            "the state is not the save"
        );
        assert_eq!(answer(lockwork_save(session))["ok"]["slot"], Value::Null);
        assert_eq!(
            answer(lockwork_undo(session))["ok"],
            true,
            "the history came back"
        );
        assert_eq!(answer(lockwork_undo(session))["ok"], false);
        lockwork_close(session);
    }
    let basement = open("../assets/basement.level.json");
    // SAFETY: a live session and a valid string.
    unsafe {
        let e = answer(lockwork_restore(basement, text.as_ptr()));
        assert_eq!(e["error"]["kind"], "other_level", "{e}");
        lockwork_close(basement);
    }
}

#[test]
fn alloc_and_dealloc_pair_up() {
    let ptr = lockwork_alloc(16);
    assert!(!ptr.is_null());
    // SAFETY: from lockwork_alloc(16).
    unsafe {
        ptr.write_bytes(7, 16);
        lockwork_dealloc(ptr, 16);
    }
    let empty = lockwork_alloc(0);
    // SAFETY: from lockwork_alloc(0).
    unsafe { lockwork_dealloc(empty, 0) };
}
