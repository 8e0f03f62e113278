// The bridge's .wasm module with JavaScript strings and objects: the same
// functions as lockwork.h, strings passed through the module's memory with
// lockwork_alloc / lockwork_dealloc, answers read and given back with
// lockwork_free. Works in Node and in a browser (load it from the bytes of
// fetch("lockwork_bridge.wasm")).
/** The bridge's functions, with JavaScript strings and objects. */
export class Lockwork {
  static async load(bytes) {
    const { instance } = await WebAssembly.instantiate(bytes, {});
    return new Lockwork(instance.exports);
  }

  constructor(exports) {
    this.x = exports;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  /** Calls `f` with `text` as a NUL-terminated string in the module's memory. */
  withString(text, f) {
    const bytes = this.encoder.encode(text);
    const len = bytes.length + 1;
    const ptr = this.x.lockwork_alloc(len);
    const view = new Uint8Array(this.x.memory.buffer, ptr, len);
    view.set(bytes);
    view[bytes.length] = 0;
    try {
      return f(ptr);
    } finally {
      this.x.lockwork_dealloc(ptr, len);
    }
  }

  /** The answer at `ptr`, parsed, and freed. */
  answer(ptr) {
    const memory = new Uint8Array(this.x.memory.buffer);
    let end = ptr;
    while (memory[end] !== 0) end++;
    const text = this.decoder.decode(memory.subarray(ptr, end));
    this.x.lockwork_free(ptr);
    return JSON.parse(text);
  }

  /** Opens a session: { session, answer }; session is 0 when refused. */
  open(levelJson) {
    const out = this.x.lockwork_alloc(4);
    try {
      const answer = this.withString(levelJson, (text) => this.answer(this.x.lockwork_open(text, out)));
      const session = new DataView(this.x.memory.buffer).getUint32(out, true);
      return { session, answer };
    } finally {
      this.x.lockwork_dealloc(out, 4);
    }
  }

  close(session) { this.x.lockwork_close(session); }
  legalSteps(session) { return this.answer(this.x.lockwork_legal_steps(session)); }
  hint(session) { return this.answer(this.x.lockwork_hint(session)); }
  state(session) { return this.answer(this.x.lockwork_state(session)); }
  isStuck(session) { return this.answer(this.x.lockwork_is_stuck(session)); }
  undo(session) { return this.answer(this.x.lockwork_undo(session)); }
  save(session) { return this.answer(this.x.lockwork_save(session)); }
  apply(session, step) {
    return this.withString(JSON.stringify(step), (s) => this.answer(this.x.lockwork_apply(session, s)));
  }
  restore(session, saved) {
    return this.withString(JSON.stringify(saved), (s) => this.answer(this.x.lockwork_restore(session, s)));
  }
}
