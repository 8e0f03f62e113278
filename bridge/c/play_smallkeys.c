/*
 * Plays a level to the goal by hints through lockwork.h, as a C game
 * would: open, hint, apply, save, restore, and the errors a bad call gets.
 *
 *   cargo build -p lockwork-bridge
 *   gcc -std=c99 -Wall -Wextra -Werror -I bridge/include bridge/c/play_smallkeys.c \
 *       target/debug/liblockwork_bridge.a -lpthread -ldl -lm -o play_smallkeys
 *   ./play_smallkeys assets/smallkeys.level.json
 *
 * A real game parses the answers with its JSON library; this program finds
 * the few fields it needs with strstr, to need nothing but the C library.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lockwork.h"

static int failures = 0;

static void expect(int ok, const char *what, const char *answer) {
    if (!ok) {
        fprintf(stderr, "FAILED: %s\n  answer: %s\n", what, answer ? answer : "(null)");
        failures++;
    }
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text) text[size] = '\0';
    fclose(f);
    return text;
}

/* The object after "step": in a hint answer, copied (a step has no nesting). */
static char *step_of(const char *hint) {
    const char *start = strstr(hint, "\"step\":{");
    if (!start) return NULL;
    start += strlen("\"step\":");
    const char *end = strchr(start, '}');
    if (!end) return NULL;
    size_t len = (size_t)(end - start) + 1;
    char *step = malloc(len + 1);
    if (!step) return NULL;
    memcpy(step, start, len);
    step[len] = '\0';
    return step;
}

/* Follows hints until the level is solved; returns the steps taken, or -1. */
static int play_by_hints(LockworkSession *session) {
    for (int taken = 0; taken < 1000; taken++) {
        char *hint = lockwork_hint(session);
        if (strstr(hint, "\"hint\":\"solved\"")) {
            lockwork_free(hint);
            return taken;
        }
        char *step = step_of(hint);
        expect(step != NULL, "a hint gives a step", hint);
        lockwork_free(hint);
        if (!step) return -1;
        char *after = lockwork_apply(session, step);
        expect(strncmp(after, "{\"ok\"", 5) == 0, "the hinted step is taken", after);
        printf("  %s\n", step);
        free(step);
        lockwork_free(after);
    }
    return -1;
}

static void bad_calls(LockworkSession *session) {
    char *answer = lockwork_apply(session, "{\"action\": \"move\", \"door\": \"d8\", \"to\": \"r8\"}");
    expect(strstr(answer, "\"kind\":\"illegal\"") != NULL, "a move far away is illegal", answer);
    lockwork_free(answer);
    answer = lockwork_apply(session, "not json");
    expect(strstr(answer, "\"kind\":\"bad_json\"") != NULL, "bad JSON is an error", answer);
    lockwork_free(answer);
    answer = lockwork_hint(NULL);
    expect(strstr(answer, "\"kind\":\"null_pointer\"") != NULL, "a null session is an error", answer);
    lockwork_free(answer);
    LockworkSession *none = NULL;
    answer = lockwork_open("{\"format\": \"lockwork-level\"}", &none);
    expect(none == NULL && strstr(answer, "\"kind\":\"load\"") != NULL, "a bad level is refused", answer);
    lockwork_free(answer);
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "assets/smallkeys.level.json";
    char *level = read_file(path);
    if (!level) {
        fprintf(stderr, "cannot read %s\n", path);
        return 2;
    }
    LockworkSession *session = NULL;
    char *opened = lockwork_open(level, &session);
    free(level);
    expect(session != NULL, "the level opens", opened);
    lockwork_free(opened);
    if (!session) return 1;
    bad_calls(session);

    /* One step by hint, saved; the rest by hints; then back to the save. */
    char *first = lockwork_hint(session);
    char *step = step_of(first);
    lockwork_free(first);
    lockwork_free(lockwork_apply(session, step));
    free(step);
    char *saved = lockwork_save(session);
    printf("saved: %s\n", saved);
    int steps = play_by_hints(session);
    printf("solved in %d more steps\n", steps);
    expect(steps > 0, "the hints reach the goal", NULL);

    /* The save's value is what follows "ok": in its answer. */
    char *value = strstr(saved, "{\"room\"");
    size_t len = value ? strlen(value) : 0;
    if (value && len > 0) value[len - 1] = '\0'; /* drop the envelope's closing brace */
    char *restored = lockwork_restore(session, value ? value : "");
    expect(strstr(restored, "\"solved\":false") != NULL, "the save is restored", restored);
    lockwork_free(restored);
    lockwork_free(saved);
    expect(play_by_hints(session) == steps, "from the save, the hints reach the goal again", NULL);

    lockwork_close(session);
    if (failures) {
        fprintf(stderr, "%d failure(s)\n", failures);
        return 1;
    }
    printf("ok: the level was played to the goal through lockwork.h\n");
    return 0;
}
