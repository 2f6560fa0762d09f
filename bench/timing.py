"""Timing of repeated calls: in this process, or in a worker process that times its own calls.

A full scan's speed depends on where the process's code and memory happen to be placed
(address-space layout randomisation): in one fresh process SQLite's text comparisons run
a `where` scan of 100,000 rows in 3.2 ms, in the next one in 5.0 ms, for the whole life of
each process. So a measure that compares two processes takes several of each and keeps
each side's fastest process (``best``): the layout's toll is noise, as the machine's load
is, and the fastest process is the one that paid least of it.
"""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

WARMUP = 5
ROUNDS = 4


@dataclass
class Timing:
    p50: float
    p95: float


def timed(fn: Callable[[], object], n: int, warmup: int = 0) -> list[float]:
    """Milliseconds of ``n`` calls of ``fn``, after ``warmup`` calls not timed."""
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def summary(samples: list[float]) -> Timing:
    samples = sorted(samples)
    return Timing(statistics.median(samples), samples[max(0, math.ceil(len(samples) * 0.95) - 1)])


class Meter:
    """Wall times of calls, and the CPU they cost: a process's (the server's) or this thread's."""

    def __init__(self, fn: Callable[[int], object], cpu: Callable[[], float]):
        self.fn, self.cpu = fn, cpu
        self.samples: list[float] = []
        self.cpu_spent = 0.0
        self.calls = 0

    def warm(self) -> None:
        for i in range(WARMUP):
            self.fn(i)

    def run(self, start: int, n: int) -> None:
        before = self.cpu()
        for i in range(start, start + n):
            started = time.perf_counter()
            self.fn(i)
            self.samples.append((time.perf_counter() - started) * 1000)
        self.cpu_spent += self.cpu() - before
        self.calls += n


class RemoteMeter(Meter):
    """A ``Meter`` whose calls run in a ``Worker`` process, which times them itself."""

    def __init__(self, worker: Worker, name: str):
        super().__init__(lambda _i: None, lambda: 0.0)
        self.worker, self.name = worker, name

    def warm(self) -> None:
        self.worker.ask(self.name, 0, WARMUP)

    def run(self, start: int, n: int) -> None:
        answer = self.worker.ask(self.name, start, n)
        self.samples += answer["samples"]
        self.cpu_spent += answer["cpu"]
        self.calls += n


class Worker:
    """A child process answering one JSON line ``{"name", "start", "n"}`` with one JSON line
    ``{"samples": [ms, ...], "cpu": ms}`` (see ``serve_worker``)."""

    def __init__(self, argv: list[str], cwd=None):
        self.proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.pid = self.proc.pid
        self.ask("ping", 0, 0)  # ready once it answers

    def ask(self, name: str, start: int, n: int) -> dict:
        self.proc.stdin.write(json.dumps({"name": name, "start": start, "n": n}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker process {self.pid} ended (exit code {self.proc.wait()})")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer

    def close(self) -> None:
        self.proc.stdin.close()  # the worker's loop ends with its input
        self.proc.wait(timeout=30)
        self.proc.stdout.close()


def serve_worker(calls: dict[str, Callable[[int], object]], stdin, stdout) -> None:
    """The loop of a ``Worker`` process: timed calls of ``calls[name]``, CPU by thread time."""
    for line in stdin:
        ask = json.loads(line)
        fn = calls.get(ask["name"])
        if fn is None and ask["name"] != "ping":
            stdout.write(json.dumps({"error": f"no call named {ask['name']!r}"}) + "\n")
            stdout.flush()
            continue
        samples: list[float] = []
        before = time.thread_time()
        for i in range(ask["start"], ask["start"] + ask["n"]):
            started = time.perf_counter()
            fn(i)
            samples.append((time.perf_counter() - started) * 1000)
        stdout.write(json.dumps({"samples": samples, "cpu": (time.thread_time() - before) * 1000}) + "\n")
        stdout.flush()


def interleaved(meters: list[Meter], n: int, rounds: int = ROUNDS) -> None:
    """``n`` timed calls of each meter, alternating in ``rounds`` slices so that every meter
    sees the same share of whatever else the machine is doing."""
    for meter in meters:
        meter.warm()
    done = 0
    for r in range(rounds):
        size = n * (r + 1) // rounds - done
        for meter in meters:
            meter.run(done, size)
        done += size


def best(meters: list[Meter]) -> tuple[Timing, float, list[float]]:
    """The timing of the meter (process) with the lowest p50, the CPU per call of all of
    them, and every meter's p50 (the spread the layout of each process makes)."""
    timings = [summary(m.samples) for m in meters]
    calls = sum(m.calls for m in meters)
    cpu = sum(m.cpu_spent for m in meters) / calls if calls else 0.0
    return min(timings, key=lambda t: t.p50), cpu, [t.p50 for t in timings]


def concurrent(make_worker: Callable[[], Callable[[int], object]], clients: int, per_client: int) -> float:
    """Requests per second of ``clients`` threads, each doing ``per_client`` calls."""
    errors: list[BaseException] = []
    workers = [make_worker() for _ in range(clients)]
    for w in workers:
        w(0)  # open the connection before the clock starts
    barrier = threading.Barrier(clients + 1)

    def run(work):
        barrier.wait()
        try:
            for i in range(per_client):
                work(i)
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    barrier.wait()
    started = time.perf_counter()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    if errors:
        raise errors[0]
    return clients * per_client / elapsed
