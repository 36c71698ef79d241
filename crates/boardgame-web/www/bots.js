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
  /** `url`: the worker script (a module worker); `networkUrl`: the engine's network file. */
  constructor(url = new URL("./worker.js", import.meta.url),
    networkUrl = new URL("./pkg/ataxx.nnue", import.meta.url)) {
    this.url = url;
    this.networkUrl = networkUrl;
    /** The network's bytes (a promise), fetched once, at the first engine seat. */
    this.network = null;
    /** Whether the running worker has been sent the network. */
    this.workerHasNetwork = false;
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
  }

  /**
   * Fetches the engine's network, once per page: call it when an engine seat is chosen.
   * Resolves with its bytes; a failed fetch rejects (and the next call tries again).
   */
  loadNetwork() {
    this.network ??= fetch(this.networkUrl).then((response) => {
      if (!response.ok) throw new Error(`the engine's network (${this.networkUrl.pathname}): HTTP ${response.status}; build it with scripts/build-web.sh`);
      return response.arrayBuffer();
    }).catch((error) => {
      this.network = null;
      throw error;
    });
    return this.network;
  }

  /** Whether a request is in hand. */
  get busy() {
    return this.pending !== null;
  }

  /**
   * The move of the bot `spec` for the player to move at the end of `record` (the page
   * session's record()), seeded with `seed`; `table` names the game (a new one starts the
   * bots afresh). Resolves with `{move, work, ms, analysis}`; rejects with the worker's
   * Error, or with Cancelled. `onInfo(info)` receives the search's progress while it thinks.
   * An `engine:` spec first needs the network (loadNetwork), which the worker is sent once.
   */
  think({ table, record, spec, seed }, onInfo = () => {}) {
    if (this.pending) this.cancel();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const pending = { id, resolve, reject, onInfo };
      this.pending = pending;
      const send = () => {
        if (this.pending !== pending) return;
        this.started().postMessage({ type: "move", id, table, record, spec, seed });
      };
      if (!spec.startsWith("engine:")) {
        send();
        return;
      }
      this.loadNetwork().then((bytes) => {
        if (this.pending !== pending) return;
        const worker = this.started();
        if (!this.workerHasNetwork) {
          // A copy: the page keeps its own for the next worker.
          worker.postMessage({ type: "network", bytes });
          this.workerHasNetwork = true;
        }
        send();
      }, (error) => {
        if (this.pending !== pending) return;
        this.pending = null;
        reject(error);
      });
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
    this.stop();
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
    this.workerHasNetwork = false;
    return worker;
  }

  /** Ends the worker (the next request starts another). */
  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.workerHasNetwork = false;
  }

  received(data) {
    const pending = this.pending;
    if (!pending || data.id !== pending.id) return;
    if (data.type === "info") {
      pending.onInfo(data);
      return;
    }
    this.pending = null;
    if (data.type === "move") pending.resolve({ move: data.move, work: data.work, ms: data.ms, analysis: data.analysis });
    else pending.reject(new Error(data.message ?? `unexpected answer ${JSON.stringify(data.type)}`));
  }

  failed(error) {
    const pending = this.pending;
    this.pending = null;
    this.stop();
    if (pending) pending.reject(error);
  }
}
