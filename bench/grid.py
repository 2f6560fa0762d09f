"""Browser measurements of the grid on a big table, run by hand (not collected by pytest):

    .venv/bin/python -m bench.grid [rows] [--before REF] [--loads 7] [--scrolls 3]

Starts a server on a temporary data folder, fills a table with `rows` records (default
1,000,000) through the API, then in headless Debian Chromium reports: first contentful
paint and DOM content loaded of the table's page and when the grid's first row shows
(medians of several loads, the browser's cache warm), frames per second while scrolling the
grid 400 px per frame for 3 s (median of several), and checks that the last row is
reachable. With `--before REF`, commit REF is served the same way beside this checkout
(checked out and built as bench.first_paint does) and every load and scroll is taken in
turns from the two (which goes first alternating), so that the machine's load drifts alike
for both. Also reported: the
JavaScript the page loads before it is interactive and the plugins' UI bundles of this
checkout's build. Results go to the "grid" section of bench/RESULTS.md (targets: 60 fps, the
display's rate, and first paint under 500 ms).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench import grid_typing
from bench.first_paint import checkout
from bench.results import write_section
from tests.e2e.conftest import CHROMIUM_ARGS, REPO, Server

# Notes the moment the first row of the grid shows its first cell's text.
FIRST_ROW_SCRIPT = """(() => {
  window.__wbFirstRow = null;
  const seen = () => {
    const cell = document.querySelector(".wb-grid-row[aria-rowindex='2'] .wb-cell");
    return !!(cell && cell.textContent);
  };
  new MutationObserver((_, observer) => {
    if (window.__wbFirstRow === null && seen()) {
      window.__wbFirstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();"""

FPS_SCRIPT = """() => new Promise(resolve => {
  const el = document.querySelector('[data-testid=grid-scroll]');
  el.scrollTop = 0;
  let frames = 0;
  const t0 = performance.now();
  function step(now) {
    frames++;
    el.scrollTop += 400;
    if (now - t0 < 3000) requestAnimationFrame(step);
    else resolve(frames / ((now - t0) / 1000));
  }
  requestAnimationFrame(step);
})"""


def js_sizes(root: Path = REPO) -> dict:
    """Bytes (raw, gzip) of the JavaScript the page loads before it is interactive (the entry
    and its preloaded chunks) and of every plugin's UI bundle (loaded beside it)."""
    dist = root / "frontend" / "dist"
    html = (dist / "index.html").read_text()
    names = set(re.findall(r'(?:src|href)="(?:\.?/)?assets/([^"]+\.js)"', html))
    initial = [(dist / "assets" / name).read_bytes() for name in sorted(names)]
    bundles = [path.read_bytes() for path in sorted((root / "plugins").glob("**/static/index.js"))]

    def total(files):
        return sum(len(f) for f in files), sum(len(gzip.compress(f, 9)) for f in files)

    return {"initial_js": total(initial), "bundles_js": total(bundles), "bundles": len(bundles)}


def start(data: Path, rows: int, root: Path = REPO, site: Path | None = None) -> dict:
    """A server of `root` with a table of `rows` records; its page and token."""
    server = Server(data, env={"PYTHONPATH": str(site)} if site else {}, root=root)
    token = server.api("POST", "/api/v1/auth/user/signup", {"email": "a@example.com", "password": "x" * 12})["token"]
    project = server.api("POST", "/api/v1/db/meta/projects", {"title": "Big"}, token=token)
    columns = [
        {"title": "Title", "column_name": "title", "uidt": "SingleLineText", "pv": True},
        {"title": "N", "uidt": "Number"},
    ]
    table = server.api(
        "POST", f"/api/v1/db/meta/projects/{project['id']}/tables", {"title": "Rows", "columns": columns}, token=token
    )
    started = time.monotonic()
    for first in range(0, rows, 5000):
        batch = [{"Title": f"row {i}", "N": i} for i in range(first, min(rows, first + 5000))]
        server.api("POST", f"/api/v2/tables/{table['id']}/records", batch, token=token)
    return {
        "server": server,
        "token": token,
        "url": f"/nc/{project['id']}/table/Rows",
        "insert_seconds": round(time.monotonic() - started, 1),
    }


def open_page(browser, side: dict):
    page = browser.new_page(base_url=side["server"].url, viewport={"width": 1280, "height": 800})
    settings = json.dumps({"token": side["token"]})
    page.add_init_script(f"localStorage.setItem('workbench.settings', {json.dumps(settings)})")
    page.add_init_script(FIRST_ROW_SCRIPT)
    page.add_init_script(grid_typing.TYPING_SCRIPT)
    return page


def page_load(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_function("() => window.__wbHydrated === true")
    page.wait_for_function("() => window.__wbFirstRow !== null")
    return page.evaluate("""() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      firstRow: window.__wbFirstRow,
    })""")


def last_row_reached(page, rows: int) -> bool:
    page.eval_on_selector("[data-testid=grid-scroll]", "el => { el.scrollTop = el.scrollHeight; }")
    page.wait_for_selector(f".wb-grid-row[aria-rowindex='{rows + 1}'] .wb-cell >> text=row {rows - 1}")
    return True


def run(rows: int, before: str | None, loads: int, scrolls: int, typing: int) -> dict:
    work = Path(tempfile.mkdtemp(prefix="wb-bench-"))
    sides: dict[str, dict] = {}
    before_root = work / "before"
    try:
        if before:
            site = checkout(before, before_root)
            (work / "data-before").mkdir()
            sides["before"] = start(work / "data-before", rows, before_root, site)
        (work / "data-now").mkdir()
        sides["now"] = start(work / "data-now", rows)
        samples = {name: {"loads": [], "fps": []} for name in sides}
        load = [os.getloadavg()[0]]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            pages = {name: open_page(browser, side) for name, side in sides.items()}
            for name, side in sides.items():  # warms the servers' caches and the browser's HTTP cache
                page_load(pages[name], side["url"])
            # In turns, the first of each turn alternating, so that neither side always follows
            # the other's load.
            names = list(sides)
            for turn in range(loads):
                for name in names if turn % 2 == 0 else names[::-1]:
                    samples[name]["loads"].append(page_load(pages[name], sides[name]["url"]))
            for turn in range(scrolls):
                for name in names if turn % 2 == 0 else names[::-1]:
                    samples[name]["fps"].append(pages[name].evaluate(FPS_SCRIPT))
            reached = {name: last_row_reached(pages[name], rows) for name in sides}
            # Typing, timed in the page, on this checkout only (it writes into the table).
            page_load(pages["now"], sides["now"]["url"])
            typed = grid_typing.measure(pages["now"], typing)
            browser.close()
        load.append(os.getloadavg()[0])
        results = {
            "rows": rows,
            "before": before,
            "loads": loads,
            "scrolls": scrolls,
            "sides": {},
            "typing": typed,
            "load": load,
        }
        for name, side in sides.items():
            got = samples[name]["loads"]
            results["sides"][name] = {
                "first_contentful_paint_ms": round(statistics.median(t["fcp"] or 0 for t in got)),
                "interactive_ms": round(statistics.median(t["dcl"] for t in got)),
                "first_row_ms": round(statistics.median(t["firstRow"] for t in got)),
                "scroll_fps": round(statistics.median(samples[name]["fps"]), 1),
                "last_row_reached": reached[name],
                "insert_seconds": side["insert_seconds"],
            }
        results["sizes"] = js_sizes()
        if before:
            results["sizes_before"] = js_sizes(before_root)
        return results
    finally:
        for side in sides.values():
            side["server"].stop()
        if before:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(before_root)], check=False)
        shutil.rmtree(work, ignore_errors=True)


def record(results: dict) -> None:
    rows, before = results["rows"], results["before"]
    now = results["sides"]["now"]
    then = results["sides"].get("before")
    kb = lambda pair: f"{pair[0] / 1024:,.0f} KB ({pair[1] / 1024:,.0f} KB gzip)"  # noqa: E731
    yes = lambda value: "yes" if value else "no"  # noqa: E731

    def line(label: str, key: str, unit: str, target: str, shown=None) -> str:
        show = shown or (lambda v: f"{v} {unit}".strip())
        if not then:
            return f"| {label} | {show(now[key])} | {target} |"
        ratio = f"{now[key] / then[key]:.2f}x" if isinstance(now[key], (int, float)) and then[key] else ""
        return f"| {label} | {show(then[key])} | {show(now[key])} | {ratio} | {target} |"

    lines = [
        line("first contentful paint", "first_contentful_paint_ms", "ms", "< 500 ms"),
        line("interactive (DOM content loaded, hydrated)", "interactive_ms", "ms", ""),
        line("grid's first row shown", "first_row_ms", "ms", ""),
        line("frames per second while scrolling", "scroll_fps", "", ">= 60"),
        line("last row reached after a jump to the end", "last_row_reached", "", "yes", yes),
    ]
    sizes, sizes_before = results["sizes"], results.get("sizes_before")
    if then:
        head = f"| measure | before (`{before}`) | now | now / before | target |\n|---|---|---|---|---|"
        lines.append(
            f"| initial JavaScript | {kb(sizes_before['initial_js'])} | {kb(sizes['initial_js'])} | "
            f"{sizes['initial_js'][0] / sizes_before['initial_js'][0]:.2f}x | |"
        )
        lines.append(
            f"| plugins' UI bundles | {kb(sizes_before['bundles_js'])} ({sizes_before['bundles']}) | "
            f"{kb(sizes['bundles_js'])} ({sizes['bundles']}) | | |"
        )
        lines.append(
            f"| rows inserted through the API first | {rows:,} in {then['insert_seconds']} s | "
            f"{rows:,} in {now['insert_seconds']} s | | |"
        )
        command = f".venv/bin/python -m bench.grid {rows} --before {before}"
    else:
        head = "| measure | Workbench | target |\n|---|---|---|"
        lines.append(f"| initial JavaScript | {kb(sizes['initial_js'])} | |")
        lines.append(f"| plugins' UI bundles ({sizes['bundles']}) | {kb(sizes['bundles_js'])} | |")
        lines.append(f"| rows inserted through the API first | {rows:,} in {now['insert_seconds']} s | |")
        command = f".venv/bin/python -m bench.grid {rows}"
    command += f" --loads {results['loads']} --scrolls {results['scrolls']} --typing {results['typing']['samples']}"
    beside = (
        f' "Before" is commit `{before}`, served the same way beside this checkout; every load and'
        " scroll is taken in turns from the two."
        if then
        else ""
    )
    body = f"""## Web app: project page and grid (`{command}`)

The table workspace of a {rows:,}-row table (two fields) opened in headless Debian Chromium
(1280x800) from `pserve development.ini`: paint and readiness of the page and the moment the
grid's first row shows (medians of {results["loads"]} loads after a warm-up one, the browser's
cache warm), the grid scrolled 400 px per animation frame for 3 s (median of
{results["scrolls"]}), then a jump to the last row.{beside} The JavaScript the page loads
before it is interactive (the entry and the chunks it preloads) and the plugins' UI bundles,
which load beside it in parallel, are the files of each build (sent uncompressed by
`development.ini`). The machine's load average was {results["load"][0]:.1f} at the start and
{results["load"][1]:.1f} at the end (2 cores; above 2, the times include waiting for a CPU).

{head}
{chr(10).join(lines)}

{typing_table(results["typing"])}
"""
    write_section("grid", body)
    print(body)


def typing_table(typed: dict) -> str:
    """The typing figures (this checkout only), timed inside the page."""
    ms = lambda v: f"{v:.1f} ms"  # noqa: E731
    rows = [
        ("keypress to the first frame that shows it, every key", typed["frame"], 16),
        ("keypress to painted (that frame's rendering done), every key", typed["key"], None),
        ("the first key (opens the cell's editor)", typed["first_key"], None),
        ("the next key (types into the editor)", typed["next_key"], None),
        ("Enter to the value stored (the write's response)", typed["enter"], 50),
        ("of which the request (sent to answered)", typed["request"], None),
    ]
    lines = [
        f"| {label} | {ms(s['p50'])} | {ms(s['p95'])} | {ms(s['max'])} | "
        f"{f'p95 < {goal} ms' if goal else ''} | {('yes' if s['p95'] < goal else 'no') if goal else ''} |"
        for label, s, goal in rows
    ]
    return f"""Typing into the grid (this checkout), timed inside the page with performance marks from
each key's `keydown` timestamp (not through the browser driver's round trips), as
`bench/grid_typing.py` describes: {typed["samples"]} records of the big table, each given two
characters in its first field, then Enter (saved on SQLite, the cursor moving down).

| measure | p50 | p95 | max | goal | met |
|---|---|---|---|---|---|
{chr(10).join(lines)}

The page's main thread per key (mean over the keys, from the browser's own counters; wall
time, so it grows with the machine's load too): busy {typed["task_per_key"]:.1f} ms in tasks, of
which {typed["script_per_key"]:.1f} ms running script."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="?", type=int, default=1_000_000)
    parser.add_argument("--before", help="a commit to measure beside this checkout")
    parser.add_argument("--loads", type=int, default=7)
    parser.add_argument("--scrolls", type=int, default=3)
    parser.add_argument("--typing", type=int, default=60, help="records typed into (two keys and Enter each)")
    args = parser.parse_args()
    record(run(args.rows, args.before, args.loads, args.scrolls, args.typing))


if __name__ == "__main__":
    main()
