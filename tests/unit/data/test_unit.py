"""The data unit of work: DDL and data commit or roll back with the request's transaction,
in order before the meta database, and are compensated when the meta commit fails."""

import pytest
import sqlalchemy as sa
import transaction

from workbench.data import ddl
from workbench.data.unit import DataTransaction
from workbench.db import create_engine


class _FailingVote:
    """A resource that votes after the data manager and fails (a meta commit that fails)."""

    def __init__(self, manager):
        self.transaction_manager = manager

    def sortKey(self):
        return "~zzz"

    def abort(self, txn):
        pass

    tpc_begin = commit = tpc_finish = tpc_abort = abort

    def tpc_vote(self, txn):
        raise RuntimeError("meta commit failed")


@pytest.fixture
def engine(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'data.db'}")
    yield engine
    engine.dispose()


def _tables(engine):
    return set(sa.inspect(engine).get_table_names())


def _new_table(name="things"):
    return sa.Table(name, sa.MetaData(), sa.Column("id", sa.Integer, primary_key=True))


def _begin(engine, lock=None):
    """A begun transaction manager and a data unit of work joined to it."""
    manager = transaction.TransactionManager(explicit=True)
    manager.begin()
    return manager, DataTransaction(engine, manager, lock)


def test_ddl_commits_with_the_transaction(engine):
    manager, work = _begin(engine)
    ddl.create_table(work, _new_table())
    manager.commit()
    assert _tables(engine) == {"things"}
    assert work.connection.closed


def test_abort_rolls_ddl_back(engine):
    manager, work = _begin(engine)
    ddl.create_table(work, _new_table())
    manager.abort()
    assert _tables(engine) == set()


def test_failed_meta_commit_is_compensated(engine):
    manager, work = _begin(engine)
    ddl.create_table(work, _new_table())
    manager.get().join(_FailingVote(manager))
    with pytest.raises(RuntimeError, match="meta commit failed"):
        manager.commit()
    manager.abort()
    assert _tables(engine) == set()


def test_destructive_ddl_waits_for_the_commit(engine):
    with engine.begin() as connection:
        _new_table().create(connection)
    manager, work = _begin(engine)
    ddl.drop_table(work, "things")
    assert _tables(engine) == {"things"}
    manager.get().join(_FailingVote(manager))
    with pytest.raises(RuntimeError):
        manager.commit()
    manager.abort()
    assert _tables(engine) == {"things"}  # the meta change failed: the table stays
    manager.begin()
    work = DataTransaction(engine, manager)
    ddl.drop_table(work, "things")
    manager.commit()
    assert _tables(engine) == set()


def test_data_votes_before_the_meta_session():
    assert DataTransaction.sortKey(object.__new__(DataTransaction)) < "~sqlalchemy:1"


def test_one_writer_at_a_time_on_sqlite(engine, monkeypatch):
    import threading

    from workbench.data import unit
    from workbench.errors import Conflict

    lock = threading.Lock()
    first_manager, first = _begin(engine, lock)
    ddl.create_table(first, _new_table())
    assert lock.locked()
    monkeypatch.setattr(unit, "WRITE_LOCK_TIMEOUT", 0)
    second_manager, second = _begin(engine, lock)
    with pytest.raises(Conflict):
        second.begin_write()
    second_manager.abort()
    first_manager.commit()
    assert not lock.locked()
    second_manager.begin()
    second = DataTransaction(engine, second_manager, lock)
    ddl.create_table(second, _new_table("others"))
    second_manager.abort()
    assert not lock.locked()
    assert _tables(engine) == {"things"}
