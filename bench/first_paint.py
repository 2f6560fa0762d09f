"""First paint of the web app, this checkout against an earlier commit, run by hand (not
collected by pytest):

    .venv/bin/python -m bench.first_paint --before REF [--runs 9]

Checks REF out beside this one (a detached git worktree in a temporary folder), builds its
web app with this checkout's node_modules (REF must use the same package.json), and serves
both from this virtualenv (REF's Python packages are put first on the path). Each server
gets a fresh data folder, an owner and a table of 200 records over six field types; then, in
turns so that the machine's load drifts alike for both, headless Debian Chromium opens the
table's grid with an empty cache and reads:

- the page's first byte, the page parsed, first contentful paint;
- DOM content loaded (the entry script has run and the page is hydrating);
- the moment every plugin UI bundle has loaded (the grid draws cells with them);
- the moment the grid's first row shows its first cell;
- the HTML's size, the JavaScript loaded before DOM content loaded (the initial bundle) and
  the plugin bundles' size.

The medians and the ratios (this checkout / REF) go to the "first-paint" section of
bench/RESULTS.md. On a machine busy with other work, run it as root under ``nice -n -15``
so that the servers and the browser are served first (the figures are wall times).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from bench.results import write_section
from tests.e2e.conftest import CHROMIUM_ARGS, REPO, Server

COLUMNS = [
    {"title": "Title", "uidt": "SingleLineText", "pv": True},
    {"title": "Amount", "uidt": "Number"},
    {"title": "Due", "uidt": "Date"},
    {"title": "Done", "uidt": "Checkbox"},
    {
        "title": "Stage",
        "uidt": "SingleSelect",
        "colOptions": {"options": [{"title": "Todo"}, {"title": "Doing"}, {"title": "Done"}]},
    },
    {"title": "Notes", "uidt": "LongText"},
]
ROWS = 200

# Installed before the page's own scripts: records when the plugin bundles have loaded (the
# entry script sets window.__wbPlugins then).
PLUGINS_TIMER = """(() => {
  let value;
  Object.defineProperty(window, "__wbPlugins", {
    configurable: true,
    get() { return value; },
    set(v) { value = v; window.__wbPluginsAt = performance.now(); },
  });
})()"""

# Records when the grid's first row shows its first cell's text (found by its text, so that
# builds from before the grid's row indexes are timed alike).
FIRST_ROW_TIMER = """(() => {
  window.__wbFirstRowAt = null;
  new MutationObserver((_, observer) => {
    const rows = document.querySelectorAll(".wb-grid-row");
    if ([...rows].some((row) => row.textContent.includes("Task 0"))) {
      window.__wbFirstRowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()"""

MEASURE = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  const scripts = resources.filter((r) => r.name.split("?")[0].endsWith(".js"));
  const bundles = scripts.filter((r) => r.name.includes("/plugins-ui/"));
  const initial = scripts.filter((r) => !r.name.includes("/plugins-ui/") && r.responseEnd <= nav.domContentLoadedEventEnd);
  const size = (list) => list.reduce((sum, r) => sum + (r.encodedBodySize || r.transferSize || 0), 0);
  return {
    ttfb: nav.responseStart,
    parsed: nav.domInteractive,
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    dcl: nav.domContentLoadedEventEnd,
    plugins: window.__wbPluginsAt ?? null,
    firstRow: window.__wbFirstRowAt ?? null,
    html: nav.encodedBodySize || nav.transferSize,
    initialJs: size(initial),
    bundleJs: size(bundles),
    bundles: bundles.length,
  };
}"""


def checkout(ref: str, folder: Path) -> Path:
    """REF checked out in ``folder``, its web app built; returns the folder with the
    packages' import path (``workbench`` and ``workbench_plugins`` linked to REF's)."""
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(folder), ref], check=True)
    (folder / "frontend" / "node_modules").symlink_to(REPO / "frontend" / "node_modules")
    subprocess.run(["npm", "run", "--silent", "build"], cwd=folder / "frontend", check=True, capture_output=True)
    site = folder / ".bench-site"
    site.mkdir()
    (site / "workbench").symlink_to(folder / "workbench")
    (site / "workbench_plugins").symlink_to(folder / "plugins")
    # REF's own distribution metadata (its plugins' entry points and keywords), found before
    # this checkout's installed one, so that REF loads the plugins it had and no others.
    subprocess.run(
        [sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(site)],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    return site


def start(data: Path, root: Path, site: Path | None) -> tuple[Server, str, str]:
    env = {"PYTHONPATH": str(site)} if site else {}
    server = Server(data, env=env, root=root)
    token = server.api("POST", "/api/v1/auth/user/signup", {"email": "a@example.com", "password": "x" * 12})["token"]
    project = server.api("POST", "/api/v1/db/meta/projects", {"title": "Paint"}, token=token)
    table = server.api(
        "POST",
        f"/api/v1/db/meta/projects/{project['id']}/tables",
        {"title": "Tasks", "columns": COLUMNS},
        token=token,
    )
    stages = ("Todo", "Doing", "Done")
    records = [
        {
            "Title": f"Task {i}",
            "Amount": i * 3,
            "Due": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}",
            "Done": i % 2 == 0,
            "Stage": stages[i % 3],
            "Notes": "note " * (i % 7),
        }
        for i in range(ROWS)
    ]
    server.api("POST", f"/api/v2/tables/{table['id']}/records", records, token=token)
    return server, token, f"/nc/{project['id']}/table/Tasks"


def measure(browser, server: Server, token: str, path: str) -> dict:
    context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800}, locale="en-US")
    try:
        page = context.new_page()
        settings = json.dumps({"token": token})
        page.add_init_script(f"localStorage.setItem('workbench.settings', {json.dumps(settings)})")
        page.add_init_script(PLUGINS_TIMER)
        page.add_init_script(FIRST_ROW_TIMER)
        page.goto(path)
        page.wait_for_selector(".wb-grid-row >> text=Task 0")
        # An older build may not announce its plugins: then the figure reads n/a.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function("() => window.__wbPluginsAt !== undefined", timeout=10_000)
        page.wait_for_load_state("networkidle")
        return page.evaluate(MEASURE)
    finally:
        context.close()


def run(ref: str, runs: int) -> dict:
    work = Path(tempfile.mkdtemp(prefix="wb-first-paint-"))
    before_root = work / "before"
    servers = []
    try:
        site = checkout(ref, before_root)
        (work / "data-before").mkdir()
        (work / "data-now").mkdir()
        servers.append(("before", *start(work / "data-before", before_root, site)))
        servers.append(("now", *start(work / "data-now", REPO, None)))
        samples: dict[str, list[dict]] = {"before": [], "now": []}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            for _name, server, token, path in servers:  # one warm-up each (server caches)
                measure(browser, server, token, path)
            for _ in range(runs):
                for name, server, token, path in servers:
                    samples[name].append(measure(browser, server, token, path))
            browser.close()
        return {"ref": ref, "runs": runs, "samples": samples}
    finally:
        for _name, server, _token, _path in servers:
            server.stop()
        subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(before_root)], check=False)
        shutil.rmtree(work, ignore_errors=True)


def _median(samples: list[dict], key: str) -> float | None:
    values = [s[key] for s in samples if s[key] is not None]
    return statistics.median(values) if values else None


def _shown(value: float | None, unit: str) -> str:
    if value is None:
        return "n/a"
    return f"{value / 1024:,.0f} KB" if unit == "KB" else f"{value:,.0f} {unit}"


def record(results: dict) -> None:
    before, now = results["samples"]["before"], results["samples"]["now"]
    rows = [
        ("first byte of the page", "ttfb", "ms"),
        ("page parsed (DOM interactive)", "parsed", "ms"),
        ("first contentful paint", "fcp", "ms"),
        ("DOM content loaded (entry script run)", "dcl", "ms"),
        ("plugin bundles loaded", "plugins", "ms"),
        ("grid's first row shown", "firstRow", "ms"),
        ("HTML of the page", "html", "KB"),
        ("initial JavaScript (before DOM content loaded)", "initialJs", "KB"),
        ("plugin UI bundles", "bundleJs", "KB"),
    ]
    lines = []
    for label, key, unit in rows:
        b, n = _median(before, key), _median(now, key)
        ratio = f"{n / b:.2f}x" if b and n is not None else "n/a"
        lines.append(f"| {label} | {_shown(b, unit)} | {_shown(n, unit)} | {ratio} |")
    count = _median(now, "bundles")
    body = f"""## Web app: first paint, before and after (`.venv/bin/python -m bench.first_paint --before {results["ref"]} --runs {results["runs"]}`)

The grid of a table of {ROWS} records over six field types, opened with an empty cache in
headless Debian Chromium (1280x800) from `pserve development.ini`; medians of
{results["runs"]} runs taken in turns from the two servers. "Before" is commit
`{results["ref"]}` served the same way; "now" is this checkout ({count:.0f} plugin UI bundles
loaded after hydration). Sizes are as sent (no compression in `development.ini`).

| measure | before | now | now / before |
|---|---|---|---|
{chr(10).join(lines)}
"""
    write_section("first-paint", body)
    print(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the commit to compare with")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    record(run(args.before, args.runs))


if __name__ == "__main__":
    main()
