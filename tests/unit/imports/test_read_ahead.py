"""A sheet's rows in batches read ahead by a greenlet of their own: the same rows in the
same order, an error raised where its batch would have been, nothing read once closed, and
the reading counted in the job's CPU time while it is paused."""

from __future__ import annotations

import time

import gevent
import pytest

from workbench.imports import read_ahead
from workbench.imports.limits import CpuBudget


@pytest.fixture(autouse=True)
def small_parts(monkeypatch):
    monkeypatch.setattr(read_ahead, "PART", 3)


def _rows(count: int, read: list, fail_at: int | None = None):
    for i in range(count):
        if i == fail_at:
            raise ValueError(f"bad row {i}")
        read.append(i)
        yield [str(i)]


@pytest.mark.parametrize("ahead", [True, False])
def test_batches_hold_the_rows_in_order(ahead):
    read: list = []
    got = list(read_ahead.batches(_rows(23, read), 10, CpuBudget(60), ahead))
    assert [len(b) for b in got] == [10, 10, 3]
    assert [row[0] for b in got for row in b] == [str(i) for i in range(23)]
    assert list(read_ahead.batches(_rows(0, []), 10, CpuBudget(60), ahead)) == []


def test_an_error_is_raised_where_its_batch_would_be():
    chunks = read_ahead.batches(_rows(30, [], fail_at=25), 10, CpuBudget(60))
    assert len(next(chunks)) == 10
    assert len(next(chunks)) == 10
    with pytest.raises(ValueError, match="bad row 25"):
        next(chunks)


def test_nothing_more_is_read_once_closed():
    read: list = []
    chunks = read_ahead.batches(_rows(100, read), 10, CpuBudget(60))
    assert len(next(chunks)) == 10
    chunks.close()
    seen = len(read)
    assert seen <= 20  # at most the batch read ahead
    gevent.sleep(0.01)  # the hub runs: no greenlet reads on
    assert len(read) == seen


def test_reading_while_paused_is_counted():
    budget = CpuBudget(60)
    budget.pause()
    spent = budget.spent
    budget.charge(0.5)
    assert budget.spent == spent + 0.5
    budget.resume()
    budget.charge(0.5)  # running: this thread's time counts it already
    assert budget.spent == spent + 0.5


def test_each_batch_read_ahead_is_prepared_in_steps():
    steps: list = []

    def prepare(rows, pause):
        steps.append(len(rows))
        pause()  # the reader of the batches may go on here
        if rows[0][0] == "10":
            raise ValueError("refused")
        return [row[0] for row in rows]

    got = list(read_ahead.batches(_rows(23, []), 10, CpuBudget(60), True, prepare))
    assert [b.ahead for b in got] == [[str(i) for i in range(10)], None, ["20", "21", "22"]]
    assert [list(b) for b in got] == [[[str(i)] for i in range(s, min(s + 10, 23))] for s in (0, 10, 20)]
    assert steps == [10, 10, 3]
    # read when asked for: nothing prepared
    assert [b.ahead for b in read_ahead.batches(_rows(5, []), 10, CpuBudget(60), False, prepare)] == [None]


def test_the_insert_goes_on_between_two_steps_of_a_preparation():
    order: list = []

    def prepare(rows, pause):
        for _ in range(3):
            time.sleep(0.002)  # a step's work, holding the thread
            order.append("step")
            pause()
        return True

    chunks = read_ahead.batches(_rows(20, []), 10, CpuBudget(60), True, prepare)
    next(chunks)  # the first batch (read and prepared first); the second one meanwhile:
    order.clear()
    order.append("insert waits")
    gevent.sleep(0.001)  # on its database, which answers during the first step
    order.append("insert goes on")
    assert order[:3] == ["insert waits", "step", "insert goes on"]
    assert next(chunks).ahead is True
    assert order.count("step") == 3
