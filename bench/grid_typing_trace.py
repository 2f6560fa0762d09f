"""Where a key typed into the grid spends its time (the figures bench.grid_typing times).

    .venv/bin/python -m bench.grid_typing_trace [rows] [samples] [trace.json]

starts a server with a table of `rows` records (default 20,000), types `samples` records'
first field as bench.grid_typing does (two characters, then Enter) in headless Chromium with a
Chromium trace and a CPU profile running, and prints, per kind of key (the first, which opens
the editor; the next, typed into it; Enter): the React components drawn (counted from React's
commits through the developer tools' hook), the page's costliest DOM calls (focus() and
setAttribute(), timed in the page), and for the keys, the main thread's work from keydown to
the frame that shows the key (each trace event's own time, thread CPU time of the tasks, and
how many layout objects each layout had to lay out), then the CPU profile's costliest
functions. The trace is kept in `trace.json` (default typing_trace.json in the temporary folder) for Chromium's
performance panel. Component names are the built bundle's (minified unless built without).
"""

import collections
import json
import shutil
import sys
import tempfile
from pathlib import Path

RENDER_HOOK = r"""(() => {
  const counts = (window.__wbRenders = { phase: null, byPhase: {} });
  let id = 0;
  const renderers = new Map();
  const nameOf = (f) => {
    const t = f.type;
    if (!t) return null;
    if (typeof t === 'string') return null;
    const n = t.displayName || t.name || (t.type && (t.type.displayName || t.type.name)) || (t.render && (t.render.displayName || t.render.name));
    return n || ('anon#' + f.tag);
  };
  const count = (f, out) => { const n = nameOf(f); if (n) out[n] = (out[n] || 0) + 1; };
  const mount = (f, out) => { for (let c = f; c; c = c.sibling) { count(c, out); if (c.child) mount(c.child, out); } };
  const walk = (next, prev, out) => {
    if (next.child === prev.child) return;
    for (let c = next.child; c; c = c.sibling) {
      const p = c.alternate;
      if (!p) { count(c, out); if (c.child) mount(c.child, out); continue; }
      if ((c.flags & 1) && typeof c.type !== 'string') count(c, out);
      walk(c, p, out);
    }
  };
  const realSet = Element.prototype.setAttribute;
  const realFocus = HTMLElement.prototype.focus;
  const note = (key, t) => {
    if (!counts.phase) return;
    const a = (counts.attrs = counts.attrs || {});
    const o = (a[counts.phase] = a[counts.phase] || {});
    const r = (o[key] = o[key] || [0, 0]);
    r[0] += 1; r[1] += t;
  };
  Element.prototype.setAttribute = function (name, value) {
    const t0 = performance.now();
    const r = realSet.call(this, name, value);
    note(this.tagName + '.' + (this.className && typeof this.className === 'string' ? this.className.split(' ')[0] : '') + ' @' + name, performance.now() - t0);
    return r;
  };
  HTMLElement.prototype.focus = function (o) {
    const t0 = performance.now();
    const r = realFocus.call(this, o);
    note('FOCUS ' + this.tagName + '.' + (typeof this.className === 'string' ? this.className.split(' ')[0] : ''), performance.now() - t0);
    return r;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers,
    inject(r) { id += 1; renderers.set(id, r); return id; },
    checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (!counts.phase) return;
      const out = (counts.byPhase[counts.phase] = counts.byPhase[counts.phase] || { commits: 0, renders: {} });
      out.commits += 1;
      if (root.current.alternate) walk(root.current, root.current.alternate, out.renders);
    },
  };
})();"""


def main():
    from playwright.sync_api import sync_playwright

    from bench import grid
    from bench.grid_typing import POLL_MS
    from tests.e2e.conftest import CHROMIUM_ARGS

    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    samples = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    out = Path(sys.argv[3]) if len(sys.argv) > 3 else Path(tempfile.gettempdir()) / "typing_trace.json"
    work = Path(tempfile.mkdtemp(prefix="wb-prof-"))
    side = grid.start(work, rows)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            page = browser.new_page(base_url=side["server"].url, viewport={"width": 1280, "height": 800})
            page.add_init_script(RENDER_HOOK)
            settings = json.dumps({"token": side["token"]})
            page.add_init_script(f"localStorage.setItem('workbench.settings', {json.dumps(settings)})")
            page.add_init_script(grid.FIRST_ROW_SCRIPT)
            from bench.grid_typing import TYPING_SCRIPT

            page.add_init_script(TYPING_SCRIPT)
            grid.page_load(page, side["url"])
            page.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").first.click()
            page.wait_for_timeout(300)
            cdp = page.context.new_cdp_session(page)
            cats = "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8.execute,blink,cc"
            events = []
            cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
            done = []
            cdp.on("Tracing.tracingComplete", lambda e: done.append(1))
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 100})
            cdp.send("Profiler.start")
            cdp.send("Tracing.start", {"categories": cats, "transferMode": "ReportEvents"})
            n0 = page.evaluate("() => window.__wbTyping.keys.length")
            e0 = page.evaluate("() => window.__wbTyping.enters.length")
            for i in range(samples):
                for k, (phase, text) in enumerate((("first", "x"), ("next", "xy"))):
                    page.evaluate(
                        "([t, ph]) => { window.__wbTyping.expect = t; window.__wbRenders.phase = ph; }", [text, phase]
                    )
                    page.keyboard.press(text[-1])
                    page.wait_for_function(
                        "(n) => window.__wbTyping.keys.length >= n", arg=n0 + 2 * i + k + 1, polling=POLL_MS
                    )
                page.evaluate("() => { window.__wbRenders.phase = 'enter'; }")
                page.keyboard.press("Enter")
                page.wait_for_function("(n) => window.__wbTyping.enters.length >= n", arg=e0 + i + 1, polling=POLL_MS)
                page.wait_for_timeout(50)
                page.evaluate("() => { window.__wbRenders.phase = null; }")
            prof = cdp.send("Profiler.stop")["profile"]
            cdp.send("Tracing.end")
            while not done:
                page.wait_for_timeout(100)
            got = page.evaluate("() => ({ typing: window.__wbTyping, renders: window.__wbRenders })")
            out.write_text(json.dumps(events))
            browser.close()
        keys = got["typing"]["keys"][n0:]
        print("keys first:", [round(k, 1) for k in keys[0::2]])
        print("keys next:", [round(k, 1) for k in keys[1::2]])
        for phase, r in got["renders"]["byPhase"].items():
            print(phase, "commits/sample", r["commits"] / samples)
            for name, c in sorted(r["renders"].items(), key=lambda kv: -kv[1])[:40]:
                print(f"   {name}: {c / samples:.1f}")
        for phase, o in (got["renders"].get("attrs") or {}).items():
            print("ATTRS", phase)
            for key, (c, t) in sorted(o.items(), key=lambda kv: -kv[1][1])[:15]:
                print(f"   {key}: {c / samples:.1f} calls, {t / samples:.2f} ms")
        analyse(events)
        cpu(prof)
    finally:
        side["server"].stop()
        shutil.rmtree(work, ignore_errors=True)


def cpu(prof):
    nodes = {n["id"]: n for n in prof["nodes"]}
    parent = {}
    for n in prof["nodes"]:
        for c in n.get("children", []):
            parent[c] = n["id"]
    selft = collections.Counter()
    total = collections.Counter()
    deltas = prof["timeDeltas"]
    for sid, dt in zip(prof["samples"][1:], deltas[1:], strict=True):
        n = nodes[sid]
        cf = n["callFrame"]
        key = f"{cf['functionName'] or '(anon)'} {cf['url'].rsplit('/', 1)[-1]}:{cf['lineNumber']}"
        selft[key] += dt
        seen = set()
        i = sid
        while i in nodes:
            cf = nodes[i]["callFrame"]
            k = f"{cf['functionName'] or '(anon)'} {cf['url'].rsplit('/', 1)[-1]}:{cf['lineNumber']}"
            if k not in seen:
                total[k] += dt
                seen.add(k)
            i = parent.get(i)
    print("--- CPU self (ms):")
    for k, t in selft.most_common(30):
        print(f"   {t / 1000:.1f} {k}")
    print("--- CPU total (ms):")
    for k, t in total.most_common(60):
        print(f"   {t / 1000:.1f} {k}")


def analyse(events):
    # main thread
    names = {
        (e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    main_tids = [k for k, v in names.items() if v == "CrRendererMain"]
    # intervals from the measure
    bs = [e["ts"] for e in events if e.get("name") == "wb-key-to-painted" and e["ph"] == "b"]
    es = [e["ts"] for e in events if e.get("name") == "wb-key-to-painted" and e["ph"] == "e"]
    intervals = list(zip(bs, es, strict=False))
    print("durations:", [round((b - a) / 1000, 1) for a, b in intervals])
    print("measures in trace:", len(intervals))
    if not intervals:
        return
    best = None
    for tid in main_tids:
        cnt = sum(1 for e in events if (e["pid"], e["tid"]) == tid and e.get("ph") == "X")
        if best is None or cnt > best[0]:
            best = (cnt, tid)
    tid = best[1]
    xs = sorted(
        (e for e in events if (e["pid"], e["tid"]) == tid and e.get("ph") == "X" and "dur" in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    # self times via a stack
    stack = []
    for e in xs:
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        e["_self"] = e["dur"]
        if stack:
            stack[-1]["_self"] -= e["dur"]
        stack.append(e)
    for label, which in (("first", intervals[0::2]), ("next", intervals[1::2])):
        tot = collections.Counter()
        span = 0
        for a, b in which:
            span += b - a
            for e in xs:
                if e["ts"] >= a and e["ts"] < b:
                    nm = e["name"]
                    if nm == "EventDispatch":
                        nm += ":" + e.get("args", {}).get("data", {}).get("type", "")
                    tot[nm] += e["_self"]
        cpu_ms = (
            sum(e.get("tdur", 0) for a, b in which for e in xs if e["name"] == "RunTask" and a <= e["ts"] < b)
            / len(which)
            / 1000
        )
        dirty = collections.Counter(
            e.get("args", {}).get("beginData", {}).get("dirtyObjects")
            for a, b in which
            for e in xs
            if e["name"] == "Layout" and a <= e["ts"] < b
        )
        print(
            f"--- {label} key: mean span {span / len(which) / 1000:.1f} ms, main thread CPU {cpu_ms:.1f} ms, layouts by objects laid out {dict(dirty)}; self time per key (ms):"
        )
        for nm, t in tot.most_common(25):
            print(f"   {nm}: {t / len(which) / 1000:.2f}")


if __name__ == "__main__":
    main()
