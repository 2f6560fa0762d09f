"""Fixtures, layered: a migrated database and app per dialect for the whole session,
then a clean meta database and a fresh client for every test."""

from __future__ import annotations

import pytest

from workbench.testing.app import make_app, wipe_meta
from workbench.testing.client import Client
from workbench.testing.databases import create_database, drop_database, selected_dialects


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
    """The Workbench WSGI app on ``db_url`` (migrations run once)."""
    application = make_app(db_url, tmp_path_factory.mktemp("data"))
    yield application
    application.registry["db_engine"].dispose()


@pytest.fixture
def client(app):
    """A WebTest client on a meta database emptied after the test. Use it for API tests."""
    yield Client(app)
    wipe_meta(app)


@pytest.fixture
def admin(client):
    """The first user's token (super admin)."""
    return client.signup("admin@example.com")
