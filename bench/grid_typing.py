"""Typing into the grid, timed inside the page (bench.grid runs it on its big table).

Two figures, each measured in the page with performance marks from the key's own
``keydown`` event (its ``timeStamp``), so that the browser driver's round trips are not in
them:

- keypress to the first frame that shows it: from a printable key's ``keydown`` to the
  ``requestAnimationFrame`` callback of the first animation frame whose DOM shows the typed
  text in the cell's editor (the wait for that frame, and the key's own work). The first key
  of each cell opens the editor from that key; the second one types into it.
  Beside it, keypress to painted: to the end of that frame's rendering (style, layout and
  paint; a message posted from its animation callback runs once it has painted). A key
  that comes just after a vsync waits up to a whole frame (16.7 ms at 60 Hz) for the next
  one, so this figure's p95 sits near 16 ms even for a bare text input.
- Enter to the value stored: from the ``keydown`` of Enter in the editor to the response of
  the record's write (the first request after it that is not a read of records).

Each sample types two characters into a record's first field, then Enter, which saves the
value and moves down to the next record, as a user filling in a column does.

bench.grid takes these figures on its big table; run alone, by hand (not collected by pytest):

    .venv/bin/python -m bench.grid_typing [rows] [--before REF] [--samples 60] [--rounds 6]

starts a server on a temporary data folder with a table of `rows` records (default 100,000)
and types into its grid in headless Debian Chromium (1280x800). With `--before REF`, commit
REF is served the same way beside this checkout (checked out and built as bench.first_paint
does). Beside them, the same keys are typed into a bare text input in the same browser: the
floor that the browser, the driver and the machine's load set (the frame a key waits for
included). The samples are taken in rounds, each side in turn (which goes first rotating),
so that the machine's load drifts alike for all of them. Results go to the "grid-typing"
section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

# Installed before the page's own scripts: notes the keys' timestamps, the frames that show
# them and the writes' responses.
TYPING_SCRIPT = """(() => {
  const typing = (window.__wbTyping = { expect: null, keys: [], frames: [], enters: [], requests: [], enterAt: null });
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
      typing.frames.push(performance.now() - start);
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


def measure(page, samples: int, click: bool = True) -> dict:
    """Type into `samples` records of the grid on `page` (opened on the table), from its first
    record (`click`) or from the active cell, where the previous call left it; the times in
    milliseconds, and the page's main-thread time per key (in tasks, and running script in
    them) from the browser's own counters (wall time as well: on a loaded machine it includes
    waiting for a CPU)."""
    if click:
        page.locator(".wb-grid-row[aria-rowindex='2'] .wb-cell").first.click()
    got = _typed(page, samples, enter=True)
    if any(value is None for value in got["enters"]):
        raise RuntimeError("a write was refused")
    keys, enters = got["keys"], got["enters"]
    return {
        "samples": samples,
        "raw": got,
        "first_key": summary(keys[0::2]),
        "next_key": summary(keys[1::2]),
        "key": summary(keys),
        "frame": summary(got["frames"]),
        "enter": summary(enters),
        "request": summary(got["requests"]),
        # Three keys a sample: two characters and Enter.
        "task_per_key": got["task_ms"] / (3 * samples),
        "script_per_key": got["script_ms"] / (3 * samples),
    }


def _typed(page, samples: int, enter: bool) -> dict:
    """Two keys a sample (then Enter, or the editor emptied), timed by TYPING_SCRIPT; what it
    noted during these samples."""
    base = page.evaluate(
        "() => ({ keys: window.__wbTyping.keys.length, frames: window.__wbTyping.frames.length, enters: window.__wbTyping.enters.length, requests: window.__wbTyping.requests.length })"
    )
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    before = _metrics(cdp)
    for i in range(samples):
        for count, text in ((base["keys"] + 2 * i + 1, "x"), (base["keys"] + 2 * i + 2, "xy")):
            page.evaluate("(text) => { window.__wbTyping.expect = text; }", text)
            page.keyboard.press(text[-1])
            page.wait_for_function("(n) => window.__wbTyping.keys.length >= n", arg=count, polling=POLL_MS)
        if enter:
            page.keyboard.press("Enter")
            page.wait_for_function(
                "(n) => window.__wbTyping.enters.length >= n", arg=base["enters"] + i + 1, polling=POLL_MS
            )
        else:
            page.evaluate("() => { document.querySelector('input').value = ''; }")
    after = _metrics(cdp)
    cdp.detach()
    got = page.evaluate("() => window.__wbTyping")
    return {
        "keys": got["keys"][base["keys"] :],
        "frames": got["frames"][base["frames"] :],
        "enters": got["enters"][base["enters"] :],
        "requests": got["requests"][base["requests"] :],
        "task_ms": (after["TaskDuration"] - before["TaskDuration"]) * 1000,
        "script_ms": (after["ScriptDuration"] - before["ScriptDuration"]) * 1000,
    }


def _metrics(cdp) -> dict:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def summary(values: list[float]) -> dict:
    return {"p50": statistics.median(values), "p95": p95(values), "max": max(values)}


#: A bare text input, typed into as the grid's editor is (the floor of the figures).
FLOOR_PAGE = '<div data-testid="grid-scroll"><input aria-label="floor"></div>'


def run(rows: int, before: str | None, samples: int, rounds: int) -> dict:
    from playwright.sync_api import sync_playwright

    from bench import grid
    from bench.first_paint import checkout
    from tests.e2e.conftest import CHROMIUM_ARGS, REPO

    work = Path(tempfile.mkdtemp(prefix="wb-typing-"))
    sides: dict[str, dict] = {}
    before_root = work / "before"
    per = max(1, samples // rounds)
    try:
        if before:
            site = checkout(before, before_root)
            (work / "data-before").mkdir()
            sides["before"] = grid.start(work / "data-before", rows, before_root, site)
        (work / "data-now").mkdir()
        sides["now"] = grid.start(work / "data-now", rows)
        load = [os.getloadavg()[0]]
        got: dict[str, dict] = {
            name: {"keys": [], "frames": [], "enters": [], "requests": [], "task_ms": 0.0, "script_ms": 0.0}
            for name in [*sides, "floor"]
        }
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            pages = {name: grid.open_page(browser, side) for name, side in sides.items()}
            for name, side in sides.items():
                grid.page_load(pages[name], side["url"])
            floor = browser.new_page(viewport={"width": 1280, "height": 800})
            floor.add_init_script(TYPING_SCRIPT)
            floor.goto("data:text/html," + quote(FLOOR_PAGE))
            names = [*sides, "floor"]
            for turn in range(rounds):
                shift = turn % len(names)
                for name in names[shift:] + names[:shift]:
                    if name == "floor":
                        floor.focus("input")
                        taken = _typed(floor, per, enter=False)
                    else:
                        pages[name].bring_to_front()
                        taken = measure(pages[name], per, click=turn == 0)["raw"]
                    for key in ("keys", "frames", "enters", "requests"):
                        got[name][key] += taken[key]
                    got[name]["task_ms"] += taken["task_ms"]
                    got[name]["script_ms"] += taken["script_ms"]
            browser.close()
        load.append(os.getloadavg()[0])
        results: dict = {
            "rows": rows,
            "before": before,
            "samples": per * rounds,
            "rounds": rounds,
            "load": load,
            "sides": {},
        }
        for name, taken in got.items():
            keys = taken["keys"]
            side = {"key": summary(keys), "first_key": summary(keys[0::2]), "next_key": summary(keys[1::2])}
            side["frame"] = summary(taken["frames"])
            side["task_per_key"] = taken["task_ms"] / len(keys)
            side["script_per_key"] = taken["script_ms"] / len(keys)
            if taken["enters"]:
                if any(value is None for value in taken["enters"]):
                    raise RuntimeError("a write was refused")
                side["enter"] = summary(taken["enters"])
                side["request"] = summary(taken["requests"])
                # Three keys a sample: two characters and Enter.
                side["task_per_key"] = taken["task_ms"] / (3 * len(taken["enters"]))
                side["script_per_key"] = taken["script_ms"] / (3 * len(taken["enters"]))
            results["sides"][name] = side
        return results
    finally:
        for side in sides.values():
            side["server"].stop()
        if before:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(before_root)], check=False)
        shutil.rmtree(work, ignore_errors=True)


def record(results: dict) -> str:
    from bench.results import write_section

    sides = results["sides"]
    before = results["before"]
    now, then, floor = sides["now"], sides.get("before"), sides["floor"]
    ms = lambda v: f"{v:.1f} ms"  # noqa: E731

    def line(label: str, pick, goal: float | None = None, on_floor: bool = True) -> str:
        cells = [ms(pick(floor)) if on_floor else ""]
        if then:
            cells.append(ms(pick(then)))
        cells.append(ms(pick(now)))
        if then:
            cells.append(f"{pick(now) / pick(then):.2f}x")
        met = ("yes" if pick(now) < goal else "no") if goal else ""
        return f"| {label} | {' | '.join(cells)} | {f'< {goal:g} ms' if goal else ''} | {met} |"

    lines = [
        line("keypress to the first frame that shows it, p50", lambda s: s["frame"]["p50"]),
        line("keypress to the first frame that shows it, p95", lambda s: s["frame"]["p95"], 16),
        line("keypress to painted (that frame's rendering done), p50", lambda s: s["key"]["p50"]),
        line("keypress to painted (that frame's rendering done), p95", lambda s: s["key"]["p95"]),
        line("the first key (opens the editor), painted, p95", lambda s: s["first_key"]["p95"]),
        line("the next key (types into it), painted, p95", lambda s: s["next_key"]["p95"]),
        line("Enter to the value stored, p50", lambda s: s["enter"]["p50"], on_floor=False),
        line("Enter to the value stored, p95", lambda s: s["enter"]["p95"], 50, on_floor=False),
        line("of which the request (sent to answered), p95", lambda s: s["request"]["p95"], on_floor=False),
        line("main thread busy per key (tasks)", lambda s: s["task_per_key"]),
        line("of which running script", lambda s: s["script_per_key"]),
    ]
    if then:
        head = f"| measure | bare input | before (`{before}`) | now | now / before | goal | met |\n|---|---|---|---|---|---|---|"
    else:
        head = "| measure | bare input | Workbench | goal | met |\n|---|---|---|---|---|"
    command = f".venv/bin/python -m bench.grid_typing {results['rows']}"
    if before:
        command += f" --before {before}"
    command += f" --samples {results['samples']} --rounds {results['rounds']}"
    beside = f' "Before" is commit `{before}`, served the same way beside this checkout.' if then else ""
    body = f"""## Typing into the grid (`{command}`)

A {results["rows"]:,}-row table (two fields) in headless Debian Chromium (1280x800) from
`pserve development.ini` (SQLite), timed inside the page with performance marks from each
key's `keydown` timestamp as `bench/grid_typing.py` describes: {results["samples"]} records, each
given two characters in its first field, then Enter (saved, the cursor moving down).{beside}
"Bare input" is the same keys typed into a lone text input in the same browser: the floor
that the browser, the driver and the machine set (a key waits for the next frame, up to
16.7 ms at 60 Hz). The samples were taken in {results["rounds"]} rounds, the sides in turn. The
machine's load average was {results["load"][0]:.1f} at the start and {results["load"][1]:.1f} at
the end (2 cores; above 2, the times include waiting for a CPU).

{head}
{chr(10).join(lines)}
"""
    write_section("grid-typing", body)
    return body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="?", type=int, default=100_000)
    parser.add_argument("--before", help="a commit to measure beside this checkout")
    parser.add_argument("--samples", type=int, default=60, help="records typed into on each side")
    parser.add_argument("--rounds", type=int, default=6, help="turns the samples are taken in")
    args = parser.parse_args()
    print(record(run(args.rows, args.before, args.samples, args.rounds)))


if __name__ == "__main__":
    main()
