"""Browser measurements of the web app, run by hand (not collected by pytest):

    .venv/bin/python -m bench.grid [rows]      # default 1,000,000

Starts a server on a temporary data folder, fills a table with `rows` records through the
API, then in headless Debian Chromium reports: first contentful paint and time to
interactive (hydrated) of the project page, when the grid's first row shows (the median of
several loads), frames per second while scrolling the grid 400 px per frame, and checks that
the last row is reachable; and the JavaScript the page loads before it is interactive
against the plugins' UI bundles it loads beside. Results go to the "grid" section of
bench/RESULTS.md (targets: 50 fps or more, first paint under 500 ms).
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.results import write_section
from tests.e2e.conftest import CHROMIUM_ARGS, Server

DIST = Path(__file__).resolve().parent.parent / "frontend" / "dist"
PLUGINS = Path(__file__).resolve().parent.parent / "plugins"
LOADS = 7

# Notes the moment the first row of the grid shows its first cell's text.
FIRST_ROW_SCRIPT = """(() => {
  window.__wbFirstRow = null;
  const seen = () => {
    const cell = document.querySelector(".wb-grid-row[aria-rowindex='1'] .wb-cell");
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


def js_sizes() -> dict:
    """Bytes (raw, gzip) of the JavaScript the page loads before it is interactive (the entry
    and its preloaded chunks) and of every plugin's UI bundle (loaded beside it)."""
    html = (DIST / "index.html").read_text()
    names = set(re.findall(r'(?:src|href)="/assets/([^"]+\.js)"', html))
    initial = [(DIST / "assets" / name).read_bytes() for name in sorted(names)]
    bundles = [path.read_bytes() for path in sorted(PLUGINS.glob("**/static/index.js"))]

    def total(files):
        return sum(len(f) for f in files), sum(len(gzip.compress(f, 9)) for f in files)

    return {"initial_js": total(initial), "bundles_js": total(bundles), "bundles": len(bundles)}


def page_load(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_function("() => window.__wbHydrated === true")
    page.wait_for_function("() => window.__wbFirstRow !== null")
    return page.evaluate("""() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      firstRow: window.__wbFirstRow,
    })""")


def main(rows: int) -> dict:
    data = Path(tempfile.mkdtemp(prefix="wb-bench-"))
    server = Server(data)
    try:
        token = server.api("POST", "/api/v1/auth/user/signup", {"email": "a@example.com", "password": "x" * 12})[
            "token"
        ]
        project = server.api("POST", "/api/v1/db/meta/projects", {"title": "Big"}, token=token)
        columns = [
            {"title": "Title", "column_name": "title", "uidt": "SingleLineText", "pv": True},
            {"title": "N", "uidt": "Number"},
        ]
        table = server.api(
            "POST",
            f"/api/v1/db/meta/projects/{project['id']}/tables",
            {"title": "Rows", "columns": columns},
            token=token,
        )
        started = time.monotonic()
        for start in range(0, rows, 5000):
            batch = [{"Title": f"row {i}", "N": i} for i in range(start, min(rows, start + 5000))]
            server.api("POST", f"/api/v2/tables/{table['id']}/records", batch, token=token)
        results = {"rows": rows, "insert_seconds": round(time.monotonic() - started, 1)}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            page = browser.new_page(base_url=server.url, viewport={"width": 1280, "height": 800})
            settings = json.dumps({"token": token})
            page.add_init_script(f"localStorage.setItem('workbench.settings', {json.dumps(settings)})")
            page.add_init_script(FIRST_ROW_SCRIPT)
            url = f"/nc/{project['id']}/table/Rows"
            page_load(page, url)  # warms the server's caches and the browser's HTTP cache
            loads = [page_load(page, url) for _ in range(LOADS)]
            page.wait_for_selector(".wb-grid-row[aria-rowindex='1'] .wb-cell >> text=row 0")
            results["first_contentful_paint_ms"] = round(statistics.median(t["fcp"] or 0 for t in loads))
            results["interactive_ms"] = round(statistics.median(t["dcl"] for t in loads))
            results["first_row_ms"] = round(statistics.median(t["firstRow"] for t in loads))
            results["scroll_fps"] = round(page.evaluate(FPS_SCRIPT), 1)
            page.eval_on_selector("[data-testid=grid-scroll]", "el => { el.scrollTop = el.scrollHeight; }")
            page.wait_for_selector(f".wb-grid-row[aria-rowindex='{rows}'] .wb-cell >> text=row {rows - 1}")
            results["last_row_reached"] = True
            browser.close()
        return {**results, **js_sizes()}
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)


def record(results: dict) -> None:
    rows = results["rows"]
    fps, fcp, tti = results["scroll_fps"], results["first_contentful_paint_ms"], results["interactive_ms"]
    kb = lambda pair: f"{pair[0] / 1024:,.0f} KB ({pair[1] / 1024:,.0f} KB gzip)"  # noqa: E731
    body = f"""## Web app: project page and grid (`.venv/bin/python -m bench.grid {rows}`)

The table workspace of a {rows:,}-row table (two fields) opened in headless Debian Chromium
(1280x800) from `pserve development.ini`: paint and readiness of the page and the moment the
grid's first row shows (medians of {LOADS} loads after a warm-up one, the browser's cache
warm), then the grid scrolled 400 px per animation frame for 3 s, then a jump to the last
row. The JavaScript the page loads before it is interactive (the entry and the chunks it
preloads) and the plugins' UI bundles, which load beside it in parallel, are the files of
the build.

| measure | Workbench | target |
|---|---|---|
| first contentful paint | {fcp} ms | < 500 ms |
| interactive (DOM content loaded, hydrated) | {tti} ms | |
| grid's first row shown | {results["first_row_ms"]} ms | |
| initial JavaScript | {kb(results["initial_js"])} | |
| plugins' UI bundles ({results["bundles"]}) | {kb(results["bundles_js"])} | |
| frames per second while scrolling | {fps} | >= 50 |
| last row reached after a jump to the end | {"yes" if results["last_row_reached"] else "no"} | yes |
| rows inserted through the API first | {rows:,} in {results["insert_seconds"]} s | |
"""
    write_section("grid", body)
    print(body)


if __name__ == "__main__":
    record(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000))
