"""Bring a meta database up to date with the Alembic migrations shipped in the package.

A migration that encrypts or decrypts stored secrets needs the app's secret
(``workbench.secret``): it is handed over as the configuration's attribute
``workbench.secret`` (``app_secret(op)`` in a migration reads it)."""

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from workbench.db import create_engine


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", "workbench:migrations")
    return cfg


SECRET_ATTRIBUTE = "workbench.secret"  # noqa: S105 (a name)
NO_SECRET = "this migration needs the app's secret (WORKBENCH_SECRET): run it with `workbench migrate`"  # noqa: S105 (a message)


def _run(step, url: str, revision: str, secret: str | None) -> None:
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            cfg = alembic_config()
            cfg.attributes["connection"] = connection
            cfg.attributes[SECRET_ATTRIBUTE] = secret
            step(cfg, revision)
    finally:
        engine.dispose()


def upgrade(url: str, revision: str = "head", secret: str | None = None) -> None:
    _run(command.upgrade, url, revision, secret)


def downgrade(url: str, revision: str, secret: str | None = None) -> None:
    """Take the database back to ``revision`` (tests of each migration's way back)."""
    _run(command.downgrade, url, revision, secret)


def app_secret(op) -> str:
    """The app's secret, in a migration that needs it (``op`` is Alembic's)."""
    secret = op.get_context().config.attributes.get(SECRET_ATTRIBUTE)
    if not secret:
        raise RuntimeError(NO_SECRET)
    return secret


def is_up_to_date(url: str) -> bool:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_heads()
    finally:
        engine.dispose()
    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    return set(current) == set(heads)
