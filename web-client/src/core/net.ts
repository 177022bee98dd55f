// The WebSocket to whistd: requests with ids answered by ack, welcome or
// error; everything else goes to onMessage. When the connection drops it
// reconnects by itself (with a growing pause) and calls onOpen again, where
// the app says hello with its token and catches up. The server may send
// several messages in one batch ({"t":"batch","d":[...]}); they are handled
// one by one, each in its own task as if it had come alone, so an awaited
// answer's continuation runs before the messages after it.
import type { Envelope, ServerError } from "./types";

export type Status = "connecting" | "online" | "offline";

/** An error reply: the server's code, its message (English), and for some limits the seconds to wait. */
export class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

interface Pending {
  resolve: (d: unknown) => void;
  reject: (e: RequestError) => void;
}

export class Connection {
  onMessage: (m: Envelope) => void = () => {};
  onStatus: (s: Status) => void = () => {};
  /** Called on every new connection, before anything else is sent. */
  onOpen: () => Promise<void> = async () => {};

  private ws: WebSocket | null = null;
  private pending = new Map<string, Pending>();
  // Ids are unique across page loads: the server remembers a seat's recent
  // action ids, and a reused id would get an old answer.
  private readonly prefix = Math.random().toString(36).slice(2, 8);
  private counter = 0;
  private retries = 0;
  private timer: number | undefined;
  // Messages received and not handled yet, in order, and the channel that
  // wakes the next task to handle one.
  private inbox: Envelope[] = [];
  private readonly next = new MessageChannel();
  private waking = false;

  constructor(private readonly url: string) {
    this.next.port1.onmessage = () => {
      this.waking = false;
      this.handleOne();
    };
  }

  connect(): void {
    window.clearTimeout(this.timer);
    this.timer = undefined;
    this.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.retries = 0;
      this.onStatus("online");
      this.onOpen().catch((e: unknown) => console.error("on open", e));
    };
    ws.onmessage = (ev: MessageEvent) => {
      if (this.ws !== ws || typeof ev.data !== "string") return;
      let m: Envelope;
      try {
        m = JSON.parse(ev.data) as Envelope;
      } catch {
        return;
      }
      if (m.t === "batch" && Array.isArray(m.d)) this.inbox.push(...(m.d as Envelope[]));
      else this.inbox.push(m);
      if (!this.waking) this.handleOne();
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.lost();
    };
  }

  /** Closes the socket and opens a new one at once (a new hello). */
  restart(): void {
    const old = this.ws;
    this.ws = null;
    old?.close();
    this.failPending();
    this.connect();
  }

  /** Closes the socket as if the network had dropped it (for tests). */
  drop(): void {
    this.ws?.close();
  }

  get online(): boolean {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  request<T>(t: string, d?: object): Promise<T> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      // The words are the catalogue's (core/errors.ts, error.offline).
      return Promise.reject(new RequestError("offline", "not connected to the server; reconnecting…"));
    }
    const id = `${this.prefix}-${++this.counter}`;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (d: unknown) => void, reject });
      ws.send(JSON.stringify(d === undefined ? { t, id } : { t, d, id }));
    });
  }

  /** Handles the oldest message received, and wakes a new task for the next. */
  private handleOne(): void {
    const m = this.inbox.shift();
    try {
      if (m) this.receive(m);
    } finally {
      if (this.inbox.length > 0 && !this.waking) {
        this.waking = true;
        this.next.port2.postMessage(null);
      }
    }
  }

  private receive(m: Envelope): void {
    if (m.id !== undefined && (m.t === "ack" || m.t === "error" || m.t === "welcome")) {
      const p = this.pending.get(String(m.id));
      if (p) {
        this.pending.delete(String(m.id));
        if (m.t === "error") {
          const e = (m.d ?? {}) as ServerError;
          p.reject(new RequestError(e.code, e.message, e.retry_after));
        } else {
          p.resolve(m.d ?? {});
        }
        return;
      }
    }
    this.onMessage(m);
  }

  private failPending(): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(new RequestError("offline", "the connection to the server was lost"));
  }

  private lost(): void {
    this.ws = null;
    this.failPending();
    this.onStatus("offline");
    // 0.5 s, 1 s, 2 s, 4 s, then every 5 s.
    const delay = Math.min(5000, 500 * 2 ** this.retries);
    this.retries += 1;
    this.timer = window.setTimeout(() => this.connect(), delay);
  }
}
