"""The benchmarks' timing helpers: worker processes that time their own calls, and the
choice of each side's fastest process."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from bench.timing import Meter, RemoteMeter, Worker, best, interleaved, serve_worker

ROOT = Path(__file__).resolve().parents[2]
WORKER = [
    sys.executable,
    "-c",
    "import sys; from bench.timing import serve_worker; serve_worker({'add': lambda i: None}, sys.stdin, sys.stdout)",
]


def test_serve_worker_times_each_call_and_refuses_unknown_names():
    seen = []
    stdin = io.StringIO(
        json.dumps({"name": "add", "start": 3, "n": 4}) + "\n" + json.dumps({"name": "nope", "start": 0, "n": 1}) + "\n"
    )
    stdout = io.StringIO()
    serve_worker({"add": seen.append}, stdin, stdout)
    first, second = (json.loads(line) for line in stdout.getvalue().splitlines())
    assert seen == [3, 4, 5, 6]
    assert len(first["samples"]) == 4
    assert all(s >= 0 for s in first["samples"])
    assert first["cpu"] >= 0
    assert second == {"error": "no call named 'nope'"}


def test_worker_process_runs_the_slices_it_is_asked_for():
    worker = Worker(WORKER, cwd=ROOT)
    try:
        meter = RemoteMeter(worker, "add")
        interleaved([meter], 10, rounds=3)
        assert meter.calls == 10
        assert len(meter.samples) == 10
        with pytest.raises(RuntimeError, match="no call named 'missing'"):
            worker.ask("missing", 0, 1)
    finally:
        worker.close()
    assert worker.proc.returncode == 0


def test_best_keeps_the_fastest_process_and_lists_every_p50():
    slow, fast = Meter(lambda i: None, lambda: 0.0), Meter(lambda i: None, lambda: 0.0)
    slow.samples, slow.calls, slow.cpu_spent = [5.0, 5.0, 6.0], 3, 15.0
    fast.samples, fast.calls, fast.cpu_spent = [3.0, 3.0, 4.0], 3, 9.0
    timing, cpu, p50s = best([slow, fast])
    assert timing.p50 == 3.0
    assert timing.p95 == 4.0
    assert cpu == 4.0  # both processes' CPU over all their calls
    assert p50s == [5.0, 3.0]
