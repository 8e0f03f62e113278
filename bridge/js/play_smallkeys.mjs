// Plays a level to the goal by hints through the bridge's .wasm module, as
// a web page would, with the Lockwork class of lockwork.mjs: open, hint,
// apply, save, restore, and the errors a bad call gets.
//
//   cargo build -p lockwork-bridge --target wasm32-unknown-unknown
//   node bridge/js/play_smallkeys.mjs target/wasm32-unknown-unknown/debug/lockwork_bridge.wasm assets/smallkeys.level.json
//
import { readFile } from "node:fs/promises";

import { Lockwork } from "./lockwork.mjs";

function expect(ok, what, answer) {
  if (!ok) {
    console.error(`FAILED: ${what}\n  answer: ${JSON.stringify(answer)}`);
    process.exitCode = 1;
  }
}

/** Follows hints to the goal; the number of steps taken. */
function playByHints(lw, session) {
  for (let taken = 0; taken < 1000; taken++) {
    const { ok } = lw.hint(session);
    if (ok.hint === "solved") return taken;
    expect(ok.hint === "step", "a hint gives a step", ok);
    if (ok.hint !== "step") return -1;
    const after = lw.apply(session, ok.step);
    expect(after.ok, "the hinted step is taken", after);
    console.log(`  ${ok.words}`);
  }
  return -1;
}

const [wasmPath, levelPath = "assets/smallkeys.level.json"] = process.argv.slice(2);
const lw = await Lockwork.load(await readFile(wasmPath));
const { session, answer } = lw.open(await readFile(levelPath, "utf8"));
expect(session !== 0 && answer.ok, "the level opens", answer);

const illegal = lw.apply(session, { action: "move", door: "d8", to: "r8" });
expect(illegal.error?.kind === "illegal", "a move far away is illegal", illegal);
const bad = lw.open("{}");
expect(bad.session === 0 && bad.error === undefined && bad.answer.error?.kind === "load", "a bad level is refused", bad);

lw.apply(session, lw.hint(session).ok.step);
const saved = lw.save(session).ok;
const steps = playByHints(lw, session);
console.log(`solved in ${steps} more steps`);
expect(steps > 0, "the hints reach the goal", steps);
expect(lw.state(session).ok?.solved === true, "the state says solved", lw.state(session));
const restored = lw.restore(session, saved);
expect(restored.ok?.solved === false, "the save is restored", restored);
expect(playByHints(lw, session) === steps, "from the save, the hints reach the goal again", null);
lw.close(session);

if (!process.exitCode) console.log("ok: the level was played to the goal through the .wasm module");
