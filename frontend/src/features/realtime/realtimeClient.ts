// The realtime socket: authenticates with the session token, reconnects
// after 1 to 5 seconds without limit, gives up a connection attempt after 20 seconds,
// reconnects when the token changes and disconnects on sign-out. When the server ends the
// socket because its token no longer counts (close code 4401: a sign-out, a password change,
// a refused token), it does not retry with that token: it asks for a new one
// (`onUnauthorized`) and connects again once the token changes. It reports route changes
// as `page` messages and usage as `event` messages.

export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 5000;
export const CONNECT_TIMEOUT_MS = 20_000;
/** The close code of a socket whose token no longer counts. */
export const CLOSE_UNAUTHORIZED = 4401;

export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type RealtimeState = "idle" | "connecting" | "ready" | "waiting";

export interface RealtimeOptions {
  url: string;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  onMessage?(message: Record<string, unknown>): void;
  onState?(state: RealtimeState): void;
  /** The server refused the token: get another (or sign out). */
  onUnauthorized?(): void;
}

const OPEN = 1;

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private token: string | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private pending: string[] = [];
  private lastPage: string | null = null;
  state: RealtimeState = "idle";

  constructor(private readonly options: RealtimeOptions) {}

  /** Connect with `token`, reconnect if it changed, disconnect when null. */
  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    this.teardown();
    if (token) this.connect();
    else this.setState("idle");
  }

  /** The path, a type query and the project id, on every route change; the id of
   * the table shown, when one is open. */
  page(path: string, type: string | null, pid: string | null, tableId: string | null = null): void {
    const data = tableId ? { path, type, pid, table_id: tableId } : { path, type, pid };
    const message = JSON.stringify({ event: "page", data });
    this.lastPage = message;
    this.send(message, false);
  }

  /** Usage telemetry: an event name, its data, the path and the project id. */
  event(name: string, data: Record<string, unknown>, path: string, pid: string | null): void {
    this.send(JSON.stringify({ event: "event", data: { event: name, data, path, pid } }), true);
  }

  private send(message: string, queue: boolean): void {
    if (this.state === "ready" && this.socket?.readyState === OPEN) this.socket.send(message);
    else if (queue) this.pending.push(message);
  }

  private setState(state: RealtimeState): void {
    this.state = state;
    this.options.onState?.(state);
  }

  private connect(): void {
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = create(this.options.url);
    const token = this.token;
    this.socket = socket;
    this.setState("connecting");
    this.connectTimer = setTimeout(() => socket.close(4000, "connect timeout"), CONNECT_TIMEOUT_MS);
    socket.onopen = () => socket.send(JSON.stringify({ event: "auth", token }));
    socket.onmessage = (ev) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (message.event === "ready") {
        this.clearConnectTimer();
        this.setState("ready");
        if (this.lastPage) socket.send(this.lastPage);
        for (const queued of this.pending.splice(0)) socket.send(queued);
      }
      this.options.onMessage?.(message);
    };
    socket.onerror = () => undefined;
    socket.onclose = (ev) => {
      if (this.socket !== socket) return; // replaced or torn down on purpose
      this.socket = null;
      this.clearConnectTimer();
      if ((ev as { code?: number } | null)?.code === CLOSE_UNAUTHORIZED) {
        this.setState("idle"); // until the token changes
        this.options.onUnauthorized?.();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.token) return;
    const random = this.options.random ?? Math.random;
    const delay = RECONNECT_MIN_MS + Math.floor(random() * (RECONNECT_MAX_MS - RECONNECT_MIN_MS));
    this.setState("waiting");
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.token) this.connect();
    }, delay);
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private teardown(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.clearConnectTimer();
    const socket = this.socket;
    this.socket = null;
    this.pending = [];
    if (socket) socket.close(1000, "token changed");
  }
}

/** ws:// or wss:// URL of the /ws endpoint on the site that served the page, under its base path. */
export function socketUrl(location: { protocol: string; host: string }, base = ""): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${base}/ws`;
}
