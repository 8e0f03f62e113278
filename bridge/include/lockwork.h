/*
 * lockwork.h: Lockwork's play session for C and C++ (and, through the same
 * functions, C#, Godot and the web). JSON in, JSON out.
 *
 * Every function that answers returns a NUL-terminated UTF-8 JSON text that
 * the caller frees with lockwork_free, of one of two shapes:
 *   {"ok": VALUE}
 *   {"error": {"kind": "...", "message": "...", ...}}
 * A null pointer, text that is not UTF-8 or not JSON, and every refusal of
 * the rules come back as an error; no function aborts the program.
 *
 * A session is not thread-safe: use it from one thread at a time.
 *
 * Link with liblockwork_bridge.a (and -lpthread -ldl -lm on Linux) or the
 * shared liblockwork_bridge.so / lockwork_bridge.dll / liblockwork_bridge.dylib.
 * This header is checked against the library's exports by the bridge's
 * tests (bridge/tests/header.rs).
 */
#ifndef LOCKWORK_H
#define LOCKWORK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One player's game on a level: opaque. */
typedef struct LockworkSession LockworkSession;

/* Opens a session on a level file's text. On success *out is the session
 * (free it with lockwork_close) and the answer is {"ok": STATE}; on failure
 * *out is NULL and the error kind is "load" or "invalid_level". */
char *lockwork_open(const char *level_json, LockworkSession **out);

/* Frees a session. NULL is ignored. */
void lockwork_close(LockworkSession *session);

/* {"ok": [STEP, ...]}: every step the player may take now. A STEP is
 * {"action": "move", "door": "d1", "to": "r2"} or {"action": "pull", "lever": "l1"}. */
char *lockwork_legal_steps(LockworkSession *session);

/* Takes a STEP. {"ok": STATE} with "picked": the keys picked up; error kind
 * "illegal" (with "reason": why, field by field) or "solved". A refused
 * step changes nothing. STATE, by id: {"room", "keys" (named keys held),
 * "items" (per kind in hand, e.g. {"small": 2}), "open_doors", "unlocked",
 * "levers", "cost", "moves", "pulls", "solved", "stuck"}. */
char *lockwork_apply(LockworkSession *session, const char *step_json);

/* {"ok": STATE}: the state of play now (after lockwork_undo, say). */
char *lockwork_state(LockworkSession *session);

/* Takes back the last step: {"ok": true}, or {"ok": false} when there is none. */
char *lockwork_undo(LockworkSession *session);

/* What to do next: {"ok": {"hint": "step", "step": STEP, "words": "go through
 * the door between Room 1 and Room 2 into Room 2"}}, {"hint": "solved"},
 * {"hint": "stuck", "stuck": STUCK} or {"hint": "not_known", "states": N}. */
char *lockwork_hint(LockworkSession *session);

/* {"ok": null} while the goal can be reached, else {"ok": STUCK}:
 * {"step": STEP or null, "reason": "..."}. Error kind "not_known" past the budget. */
char *lockwork_is_stuck(LockworkSession *session);

/* {"ok": SAVED}: the state of play for a save file, with the level's
 * fingerprint and the undo history; a game may add fields of its own to it. */
char *lockwork_save(LockworkSession *session);

/* Puts the session in the state of a SAVED (from lockwork_save), checked
 * against the level: {"ok": STATE}, or error kind "other_level" (a save of
 * another level) or "restore" (the session is then unchanged). */
char *lockwork_restore(LockworkSession *session, const char *saved_json);

/* Frees a text the bridge returned. NULL is ignored. */
void lockwork_free(char *text);

/* Memory for len bytes inside the library, for hosts that must write
 * strings into it (JavaScript and the .wasm module); free with lockwork_dealloc. */
uint8_t *lockwork_alloc(size_t len);

/* Frees memory from lockwork_alloc(len). NULL is ignored. */
void lockwork_dealloc(uint8_t *ptr, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* LOCKWORK_H */
