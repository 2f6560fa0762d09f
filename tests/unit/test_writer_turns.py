"""Writers of a SQLite meta database take turns in the process, without stalling it."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from workbench.meta.writer_turns import is_write


@pytest.mark.parametrize(
    "statement",
    [
        "INSERT INTO t VALUES (1)",
        " update t set a = 1",
        "DELETE FROM t",
        "BEGIN IMMEDIATE",
        "CREATE TABLE x (a)",
        "WITH a AS (SELECT 1) INSERT INTO t SELECT * FROM a",
        "REPLACE INTO t VALUES (1)",
    ],
)
def test_writes_take_a_turn(statement):
    assert is_write(statement)


@pytest.mark.parametrize(
    "statement",
    [
        "SELECT 1",
        "  select * from t",
        "PRAGMA table_info(t)",
        "BEGIN",
        "BEGIN DEFERRED",
        "SAVEPOINT sa_1",
        "RELEASE SAVEPOINT sa_1",
        "ROLLBACK TO SAVEPOINT sa_1",
        "WITH a AS (SELECT 1) SELECT * FROM a",
        "EXPLAIN SELECT 1",
    ],
)
def test_reads_do_not(statement):
    assert not is_write(statement)


# A writer holds the write lock while it waits on the network (a sleep here); a second
# writer starts meanwhile. With turns, the second waits without blocking the process: a
# ticker keeps ticking, the first finishes, then the second writes. Without them, the
# second's busy wait would block every greenlet until SQLite gave up.
SCRIPT = """
from gevent import monkey
monkey.patch_all()
import sys, time, gevent
import sqlalchemy as sa
from workbench.db import create_engine
from workbench.meta.writer_turns import take_turns

engine = create_engine("sqlite:///" + sys.argv[1])
with engine.begin() as c:
    c.exec_driver_sql("CREATE TABLE t (who TEXT)")
if sys.argv[2] == "turns":
    take_turns(engine, timeout=3)
@sa.event.listens_for(engine, "connect")
def shorter_busy_wait(dbapi_connection, _record):
    dbapi_connection.execute("PRAGMA busy_timeout=1500")
ticks = []
order = []

def ticker():
    for _ in range(40):
        ticks.append(time.monotonic())
        gevent.sleep(0.01)

def first():
    with engine.begin() as c:
        c.exec_driver_sql("INSERT INTO t VALUES ('first')")
        gevent.sleep(0.3)  # waiting on the network with the write lock held
    order.append("first")

def second():
    gevent.sleep(0.05)
    try:
        with engine.begin() as c:
            c.exec_driver_sql("INSERT INTO t VALUES ('second')")
        order.append("second")
    except sa.exc.OperationalError as exc:
        order.append("second failed: " + str(exc.orig))

gevent.joinall([gevent.spawn(ticker), gevent.spawn(first), gevent.spawn(second)])
longest = max(b - a for a, b in zip(ticks, ticks[1:]))
with engine.connect() as c:
    rows = [r[0] for r in c.exec_driver_sql("SELECT who FROM t ORDER BY rowid")]
import json
print(json.dumps({"order": order, "rows": rows, "longest_gap": longest}))
"""


def _run(tmp_path, mode) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(SCRIPT), str(tmp_path / f"{mode}.sqlite"), mode],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_second_writer_waits_its_turn_without_stalling_the_process(tmp_path):
    found = _run(tmp_path, "turns")
    assert found["order"] == ["first", "second"]
    assert found["rows"] == ["first", "second"]
    # The ticker ran throughout: no gap near the first writer's 0.3 s hold.
    assert found["longest_gap"] < 0.2


def test_without_turns_the_busy_wait_stalls_the_process(tmp_path):
    """The failure the turns prevent, shown on the same script."""
    found = _run(tmp_path, "none")
    assert found["order"][0].startswith("second failed: database is locked")
    assert found["rows"] == ["first"]
    assert found["longest_gap"] > 1.0
