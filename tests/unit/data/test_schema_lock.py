"""One schema change at a time per source, across processes: a second connection cannot
take the source's schema lock until the first transaction ends."""

import pytest
import sqlalchemy as sa
import transaction

from workbench.data.unit import DataTransaction, schema_lock_key
from workbench.db import create_engine

pytestmark = pytest.mark.dialects


@pytest.fixture
def engine(db_url):
    engine = create_engine(db_url)
    yield engine
    engine.dispose()


def _lock_is_free(engine, source_id) -> bool:
    key = schema_lock_key(source_id)
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            taken = connection.execute(sa.text("SELECT pg_try_advisory_xact_lock(:k)"), {"k": key}).scalar()
            connection.rollback()
            return bool(taken)
        free = connection.execute(sa.text("SELECT IS_FREE_LOCK(:k)"), {"k": f"wb_schema_{key}"}).scalar()
        return free == 1


def test_schema_lock_is_held_until_the_transaction_ends(engine):
    if engine.dialect.name == "sqlite":
        pytest.skip("SQLite sources are serialised by the per-source writer lock (test_unit.py)")
    manager = transaction.TransactionManager(explicit=True)
    manager.begin()
    work = DataTransaction(engine, manager, source_id="ds_lock_test")
    work.lock_schema()
    work.lock_schema()  # taking it twice is harmless
    assert not _lock_is_free(engine, "ds_lock_test")
    assert _lock_is_free(engine, "ds_other")
    manager.commit()
    assert _lock_is_free(engine, "ds_lock_test")
    manager.begin()
    work = DataTransaction(engine, manager, source_id="ds_lock_test")
    work.lock_schema()
    manager.abort()
    assert _lock_is_free(engine, "ds_lock_test")


def test_lock_keys_are_stable_and_distinct():
    assert schema_lock_key("ds_a") == schema_lock_key("ds_a")
    assert schema_lock_key("ds_a") != schema_lock_key("ds_b")
    assert -(2**63) <= schema_lock_key("ds_a") < 2**63
