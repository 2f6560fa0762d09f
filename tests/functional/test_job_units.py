"""A background job's unit of work that reads and then writes the meta database
(``JobRequest(..., writing=True)``): on SQLite it holds the write lock from its start, so a
writer committing between its read and its write cannot make SQLite refuse the write (it
waits for its turn instead); a deferred unit is refused at once, with no retry to fall
back on."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from workbench.accounts.models import AppSetting
from workbench.imports.context import JobRequest
from workbench.testing.app import make_app


@pytest.fixture
def registry(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'meta.db'}", tmp_path / "data")
    with JobRequest(app.registry, None) as req:
        req.dbsession.add(AppSetting(key="counter", value=0))
    yield app.registry
    app.registry["db_engine"].dispose()


def _note(registry) -> None:
    """Another writer's one-statement unit (a lease's heartbeat, say)."""
    with JobRequest(registry, None) as req:
        req.dbsession.execute(sa.insert(AppSetting).values(key="other", value=1))


def _settings(registry) -> dict:
    with JobRequest(registry, None) as req:
        return dict(req.dbsession.execute(sa.select(AppSetting.key, AppSetting.value)).all())


def _read_then_write_while_another_commits(registry, writing: bool) -> threading.Thread:
    other = threading.Thread(target=_note, args=(registry,))
    with JobRequest(registry, None, writing=writing) as req:
        setting = req.dbsession.get(AppSetting, "counter")
        other.start()
        other.join(0.3)  # it commits now, or waits for this unit's write lock
        setting.value = setting.value + 1
        req.dbsession.flush()
    return other


def test_a_writing_unit_is_not_overtaken_between_its_read_and_its_write(registry):
    other = _read_then_write_while_another_commits(registry, writing=True)
    other.join(10)
    assert not other.is_alive()
    assert _settings(registry) == {"counter": 1, "other": 1}  # both kept, one after the other


def test_a_deferred_unit_overtaken_so_is_refused(registry):
    with pytest.raises(sa.exc.OperationalError, match="locked"):
        _read_then_write_while_another_commits(registry, writing=False)
    assert _settings(registry) == {"counter": 0, "other": 1}
