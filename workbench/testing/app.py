"""Build a Workbench app for tests, and wipe its meta database between tests."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from workbench import main
from workbench.meta.migrate import upgrade
from workbench.meta.models import Base

# Fast Argon2 parameters: tests hash many passwords; production keeps the defaults.
FAST_HASH_SETTINGS = {
    "workbench.password.argon2.time_cost": "1",
    "workbench.password.argon2.memory_cost": "1024",
    "workbench.password.argon2.parallelism": "1",
}

#: the app secret of test apps
TEST_SECRET = "test-secret-" + "x" * 40


def make_app(db_url: str, data_dir: Path, **settings):
    """Migrate ``db_url`` and return the WSGI app using it."""
    merged = {
        "sqlalchemy.url": db_url,
        "workbench.data_dir": str(data_dir),
        "workbench.secret": TEST_SECRET,
        **FAST_HASH_SETTINGS,
        **settings,
    }
    upgrade(db_url, secret=merged["workbench.secret"])
    return main({"here": str(data_dir)}, **merged)


def wipe_meta(app) -> None:
    """Delete every meta row (children first) so the next test starts empty, and forget the
    rate limits' counts."""
    engine = app.registry["db_engine"]
    with engine.begin() as conn:
        for table in reversed(Base.metadata.sorted_tables):
            conn.execute(sa.delete(table))
    app.registry["rate_limiter"].store.clear()


def wipe_data(app) -> None:
    """Drop every table of the shared data database (``workbench.data.url``), if any."""
    app.registry["source_engines"].dispose_all()
    url = app.registry.settings.get("workbench.data.url")
    if not url:
        return
    engine = sa.create_engine(url)
    try:
        metadata = sa.MetaData()
        metadata.reflect(engine)
        metadata.drop_all(engine)
    finally:
        engine.dispose()
