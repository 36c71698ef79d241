// The page's side of the bot worker (worker.js, which documents the messages): one request
// at a time, its progress, and cancelling it.

/** The error a cancelled request rejects with (`name` is "Cancelled"). */
export class Cancelled extends Error {
  constructor() {
    super("the bot's search was cancelled");
    this.name = "Cancelled";
  }
}

export class BotWorker {
  /** `url`: the worker script (a module worker). */
  constructor(url = new URL("./worker.js", import.meta.url)) {
    this.url = url;
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
  }

  /** Whether a request is in hand. */
  get busy() {
    return this.pending !== null;
  }

  /**
   * The move of the bot `spec` for the player to move at the end of `record` (the page
   * session's record()), seeded with `seed`; `table` names the game (a new one starts the
   * bots afresh). Resolves with `{move, work, ms}`; rejects with the worker's Error, or with
   * Cancelled. `onInfo(info)` receives the search's progress while it thinks.
   */
  think({ table, record, spec, seed }, onInfo = () => {}) {
    if (this.pending) this.cancel();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onInfo };
      this.started().postMessage({ type: "move", id, table, record, spec, seed });
    });
  }

  /**
   * Stops the request in hand, if any: its promise rejects with Cancelled. A worker inside a
   * search reads no message until the search returns, so the worker is terminated; the next
   * request starts another.
   */
  cancel() {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    pending.reject(new Cancelled());
  }

  started() {
    if (this.worker) return this.worker;
    const worker = new Worker(this.url, { type: "module" });
    worker.onmessage = ({ data }) => this.received(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.failed(new Error(`the bot worker failed: ${event.message ?? "it could not start"}`));
    };
    worker.onmessageerror = () => this.failed(new Error("the bot worker sent a message the page cannot read"));
    this.worker = worker;
    return worker;
  }

  received(data) {
    const pending = this.pending;
    if (!pending || data.id !== pending.id) return;
    if (data.type === "info") {
      pending.onInfo(data);
      return;
    }
    this.pending = null;
    if (data.type === "move") pending.resolve({ move: data.move, work: data.work, ms: data.ms });
    else pending.reject(new Error(data.message ?? `unexpected answer ${JSON.stringify(data.type)}`));
  }

  failed(error) {
    const pending = this.pending;
    this.pending = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (pending) pending.reject(error);
  }
}
