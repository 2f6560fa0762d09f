import { pageInfo } from "./pageInfo";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONNECT_TIMEOUT_MS, RealtimeClient, socketUrl, type SocketLike } from "./realtimeClient";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed: number | undefined;
  onopen: SocketLike["onopen"] = null;
  onclose: SocketLike["onclose"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onerror: SocketLike["onerror"] = null;
  constructor(public url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closed = code ?? 1000;
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code?: number) {
    this.readyState = 3;
    this.onclose?.(code === undefined ? {} : { code });
  }
}

function setup(random = () => 0, onUnauthorized?: () => void) {
  const sockets: FakeSocket[] = [];
  const client = new RealtimeClient({
    url: "ws://host/ws",
    random,
    onUnauthorized,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  return { client, sockets };
}

describe("realtime client", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("connects with the token, authenticates, then sends the current page", () => {
    const { client, sockets } = setup();
    client.page("/nc/p1", "project", "p1");
    client.setToken("t1");
    expect(sockets).toHaveLength(1);
    sockets[0].open();
    expect(sockets[0].sent).toEqual([{ event: "auth", token: "t1" }]);
    sockets[0].receive({ event: "ready", user_id: "u1" });
    expect(client.state).toBe("ready");
    expect(sockets[0].sent[1]).toEqual({ event: "page", data: { path: "/nc/p1", type: "project", pid: "p1" } });
    client.page("/", null, null);
    expect(sockets[0].sent[2]).toEqual({ event: "page", data: { path: "/", type: null, pid: null } });
  });

  it("queues usage events until ready", () => {
    const { client, sockets } = setup();
    client.setToken("t1");
    client.event("project-open", { a: 1 }, "/", "p1");
    sockets[0].open();
    sockets[0].receive({ event: "ready" });
    expect(sockets[0].sent).toContainEqual({ event: "event", data: { event: "project-open", data: { a: 1 }, path: "/", pid: "p1" } });
  });

  it("reconnects between 1 and 5 seconds after a drop, without limit", () => {
    const { client, sockets } = setup(() => 0.999);
    client.setToken("t1");
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      sockets[attempt - 1].drop();
      expect(client.state).toBe("waiting");
      vi.advanceTimersByTime(999);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(4000);
      expect(sockets).toHaveLength(attempt + 1);
    }
  });

  it("gives up a connection attempt after 20 seconds and tries again", () => {
    const { client, sockets } = setup();
    client.setToken("t1");
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(sockets[0].closed).toBe(4000);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it("reconnects when the token changes and disconnects on sign-out", () => {
    const { client, sockets } = setup();
    client.setToken("t1");
    client.setToken("t1");
    expect(sockets).toHaveLength(1);
    client.setToken("t2");
    expect(sockets[0].closed).toBe(1000);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toEqual({ event: "auth", token: "t2" });
    client.setToken(null);
    expect(sockets[1].closed).toBe(1000);
    expect(client.state).toBe("idle");
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);
  });

  it("does not retry a token the server refused (4401): asks for another and connects with it", () => {
    const onUnauthorized = vi.fn();
    const { client, sockets } = setup(() => 0, onUnauthorized);
    client.setToken("t1");
    sockets[0].open();
    sockets[0].receive({ event: "ready", user_id: "u1" });
    sockets[0].receive({ event: "error", msg: "Your session has ended" });
    sockets[0].drop(4401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(client.state).toBe("idle");
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    client.setToken("t2");
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toEqual({ event: "auth", token: "t2" });
    // Another close (a network drop) is retried as before.
    sockets[1].drop(1006);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(3);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("builds the socket URL from the page's location", () => {
    expect(socketUrl({ protocol: "http:", host: "localhost:8080" })).toBe("ws://localhost:8080/ws");
    expect(socketUrl({ protocol: "https:", host: "wb.example.com" })).toBe("wss://wb.example.com/ws");
  });
});

describe("page message", () => {
  it("carries the path, the type query and the route's project id", () => {
    expect(pageInfo("/nc/p_1/table/Orders", "")).toEqual({ path: "/nc/p_1/table/Orders", type: null, pid: "p_1" });
    expect(pageInfo("/nc/p_1", "?type=grid")).toEqual({ path: "/nc/p_1", type: "grid", pid: "p_1" });
    expect(pageInfo("/p_2", "")).toMatchObject({ pid: "p_2" });
  });

  it("has no project id on shared views, account pages and the project list", () => {
    expect(pageInfo("/nc/form/vw_1", "").pid).toBeNull();
    expect(pageInfo("/nc/view/vw_1", "").pid).toBeNull();
    expect(pageInfo("/account/users", "").pid).toBeNull();
    expect(pageInfo("/", "").pid).toBeNull();
    expect(pageInfo("/signin", "").pid).toBeNull();
  });
});
