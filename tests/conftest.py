"""Fixtures, layered: a migrated database and app per dialect for the whole session,
then a clean meta database and a fresh client for every test."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.testing.app import make_app, wipe_meta
from workbench.testing.client import Client
from workbench.testing.databases import create_database, drop_database, selected_dialects
from workbench.testing.mail import mail_settings, memory_mail_plugin


@pytest.fixture(scope="session", params=selected_dialects())
def dialect(request) -> str:
    """The database dialect under test: every test using the app runs once per dialect."""
    return request.param


@pytest.fixture(scope="session")
def db_url(dialect, tmp_path_factory):
    """A fresh database on ``dialect``, dropped at the end of the session."""
    url = create_database(dialect, tmp_path_factory.mktemp(f"db-{dialect}"))
    yield url
    drop_database(url)


@pytest.fixture(scope="session")
def app(db_url, tmp_path_factory):
    """The Workbench WSGI app on ``db_url`` (migrations run once); its mail is kept in
    ``app.outbox`` (a mailer that delivers)."""
    plugin, outbox = memory_mail_plugin()
    application = make_app(db_url, tmp_path_factory.mktemp("data"), **mail_settings(plugin))
    application.outbox = outbox
    yield application
    application.registry["db_engine"].dispose()


@pytest.fixture
def client(app):
    """A WebTest client on a meta database emptied after the test. Use it for API tests;
    ``client.outbox`` holds the mail sent during the test."""
    c = Client(app)
    c.outbox = app.outbox
    yield c
    wipe_meta(app)
    app.outbox.clear()


@pytest.fixture
def admin(client):
    """The first user's token (super admin)."""
    return client.signup("admin@example.com")


# Tests that must not run beside each other when the suite runs in several worker processes
# (`make test` runs two): the tests that build the example plugins in their folders, and the
# tests on Redis, which share its numbered databases. Each group runs in one worker, one test
# after another; every other test (browser tests included: each has its own server and data
# folder) goes to whichever worker is free.
SERIAL_GROUPS = {
    "examples": (
        "e2e/test_example_plugins.py",
        "functional/test_examples.py",
        "unit/plugins/test_plugin_kit.py",
    ),
    "redis": (
        "functional/test_realtime_fanout.py",
        "functional/test_realtime_session_end.py",
        "functional/test_rate_limits.py",
        "unit/realtime/test_bus.py",
        "unit/ratelimits/test_stores.py",
    ),
}
TESTS = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        where = Path(item.fspath).relative_to(TESTS).as_posix()
        for group, prefixes in SERIAL_GROUPS.items():
            if where.startswith(prefixes):
                item.add_marker(pytest.mark.xdist_group(group))
                break
