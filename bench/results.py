"""Write one benchmark's section of bench/RESULTS.md, leaving the other sections alone."""

from __future__ import annotations

import datetime as dt
import platform
from pathlib import Path

RESULTS = Path(__file__).with_name("RESULTS.md")
HEADER = """# Benchmark results

Each section is written by the benchmark named in it; run the command shown to reproduce
it. Absolute times drift on shared machines: compare the ratios, which are measured side
by side in one run.
"""


def machine() -> str:
    import os

    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def section_option(args) -> str:
    """`` --section NAME`` when a benchmark writes a section other than its own."""
    return f" --section {args.section}" if getattr(args, "section", None) else ""


def write_section(name: str, body: str) -> None:
    start, end = f"<!-- section:{name} -->", f"<!-- /section:{name} -->"
    text = RESULTS.read_text() if RESULTS.exists() else HEADER
    stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    block = f"{start}\n{body.rstrip()}\n\n_Recorded {stamp} on {machine()}._\n{end}"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        after = rest.split(end, 1)[1]
        text = before + block + after
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    RESULTS.write_text(text)
