"""Typing into the grid, timed inside the page (bench.grid runs it on its big table).

Two figures, each measured in the page with performance marks from the key's own
``keydown`` event (its ``timeStamp``), so that the browser driver's round trips are not in
them:

- keypress to painted: from a printable key's ``keydown`` to the end of the first animation
  frame whose DOM shows the typed text in the cell's editor (the frame's rendering done: a
  message posted from its ``requestAnimationFrame`` callback runs once it has painted). The
  first key of each cell opens the editor from that key; the second one types into it.
- Enter to the value stored: from the ``keydown`` of Enter in the editor to the response of
  the record's write (the first request after it that is not a read of records).

Each sample types two characters into a record's first field, then Enter, which saves the
value and moves down to the next record, as a user filling in a column does.
"""

from __future__ import annotations

import math
import statistics

# Installed before the page's own scripts: notes the keys' timestamps, the frames that show
# them and the writes' responses.
TYPING_SCRIPT = """(() => {
  const typing = (window.__wbTyping = { expect: null, keys: [], enters: [], requests: [], enterAt: null });
  const shown = (text) => {
    const editor = document.querySelector("[data-testid=grid-scroll] input, [data-testid=grid-scroll] textarea");
    return !!editor && editor.value === text;
  };
  const realFetch = window.fetch;
  window.fetch = function (input, init) {
    const method = (init && init.method) || (input instanceof Request ? input.method : "GET");
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const answer = realFetch.apply(this, arguments);
    const from = typing.enterAt;
    if (from !== null && method.toUpperCase() !== "GET" && url.includes("/records")) {
      typing.enterAt = null;
      const sent = performance.now();
      answer.then(() => {
        typing.requests.push(performance.now() - sent);
        performance.mark("wb-enter-stored");
        typing.enters.push(performance.measure("wb-enter-to-stored", { start: from, end: "wb-enter-stored" }).duration);
      }, () => typing.enters.push(null));
    }
    return answer;
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      typing.enterAt = event.timeStamp;
      return;
    }
    if (event.key.length !== 1 || typing.expect === null) return;
    const start = event.timeStamp;
    const text = typing.expect;
    typing.expect = null;
    const frame = () => {
      if (!shown(text)) {
        requestAnimationFrame(frame);
        return;
      }
      // Runs once this frame's rendering is done.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark("wb-key-painted");
        typing.keys.push(performance.measure("wb-key-to-painted", { start, end: "wb-key-painted" }).duration);
      };
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(frame);
  }, true);
})();"""


#: how often the driver looks whether a key has been timed (on a timer, not in the frames timed)
POLL_MS = 25


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def measure(page, samples: int) -> dict:
    """Type into `samples` records of the grid on `page` (opened on the table); the times in
    milliseconds, and the page's main-thread time per key (in tasks, and running script in
    them) from the browser's own counters (wall time as well: on a loaded machine it includes
    waiting for a CPU)."""
    page.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").first.click()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    before = _metrics(cdp)
    for i in range(samples):
        for count, text in ((2 * i + 1, "x"), (2 * i + 2, "xy")):
            page.evaluate("(text) => { window.__wbTyping.expect = text; }", text)
            page.keyboard.press(text[-1])
            page.wait_for_function("(n) => window.__wbTyping.keys.length >= n", arg=count, polling=POLL_MS)
        page.keyboard.press("Enter")
        page.wait_for_function("(n) => window.__wbTyping.enters.length >= n", arg=i + 1, polling=POLL_MS)
    after = _metrics(cdp)
    cdp.detach()
    got = page.evaluate("() => window.__wbTyping")
    if any(value is None for value in got["enters"]):
        raise RuntimeError("a write was refused")
    keys, enters = got["keys"], got["enters"]
    return {
        "samples": samples,
        "first_key": summary(keys[0::2]),
        "next_key": summary(keys[1::2]),
        "key": summary(keys),
        "enter": summary(enters),
        "request": summary(got["requests"]),
        # Three keys a sample: two characters and Enter.
        "task_per_key": (after["TaskDuration"] - before["TaskDuration"]) * 1000 / (3 * samples),
        "script_per_key": (after["ScriptDuration"] - before["ScriptDuration"]) * 1000 / (3 * samples),
    }


def _metrics(cdp) -> dict:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def summary(values: list[float]) -> dict:
    return {"p50": statistics.median(values), "p95": p95(values), "max": max(values)}
