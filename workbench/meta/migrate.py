"""Bring a meta database up to date with the Alembic migrations shipped in the package."""

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from workbench.db import create_engine


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", "workbench:migrations")
    return cfg


def _run(step, url: str, revision: str) -> None:
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            cfg = alembic_config()
            cfg.attributes["connection"] = connection
            step(cfg, revision)
    finally:
        engine.dispose()


def upgrade(url: str, revision: str = "head") -> None:
    _run(command.upgrade, url, revision)


def downgrade(url: str, revision: str) -> None:
    """Take the database back to ``revision`` (tests of each migration's way back)."""
    _run(command.downgrade, url, revision)


def is_up_to_date(url: str) -> bool:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_heads()
    finally:
        engine.dispose()
    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    return set(current) == set(heads)
