"""Fixtures of the data engine's tests: the app keeps each project's tables in a database
of the dialect under test (on SQLite, each project's own embedded file)."""

from __future__ import annotations

import pytest

from workbench.testing.app import make_app, wipe_data, wipe_meta
from workbench.testing.client import Client
from workbench.testing.databases import create_database, drop_database


@pytest.fixture(scope="session")
def data_db_url(dialect, tmp_path_factory):
    """A second database on ``dialect`` for the projects' tables (None on SQLite)."""
    if dialect == "sqlite":
        yield None
        return
    url = create_database(dialect, tmp_path_factory.mktemp(f"data-{dialect}"))
    yield url
    drop_database(url)


@pytest.fixture(scope="session")
def data_app(db_url, data_db_url, tmp_path_factory):
    """The app with ``workbench.data.url`` pointing at ``data_db_url``."""
    settings = {"workbench.data.url": data_db_url} if data_db_url else {}
    application = make_app(db_url, tmp_path_factory.mktemp("data"), **settings)
    yield application
    application.registry["source_engines"].dispose_all()
    application.registry["db_engine"].dispose()


@pytest.fixture
def client(data_app):
    """A WebTest client on ``data_app``; meta and data are emptied after the test."""
    yield Client(data_app)
    wipe_meta(data_app)
    wipe_data(data_app)
