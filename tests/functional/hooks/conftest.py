"""Fixtures of the webhook tests: an app allowed to call loopback receivers, retrying at
once (no backoff) so that a test delivers attempt after attempt with ``drain``; its
projects' tables live in a database of the dialect under test."""

from __future__ import annotations

import pytest

from tests.functional.hooks.receiver import receiving
from workbench.testing.app import make_app, wipe_data, wipe_meta
from workbench.testing.client import Client
from workbench.testing.databases import create_database, drop_database

HOOK_SETTINGS = {
    "workbench.webhooks.allow_private": "true",
    "workbench.webhooks.backoff": "0",
    "workbench.webhooks.timeout": "5",
}


@pytest.fixture(scope="session")
def hooks_data_url(dialect, tmp_path_factory):
    if dialect == "sqlite":
        yield None
        return
    url = create_database(dialect, tmp_path_factory.mktemp(f"hooks-data-{dialect}"))
    yield url
    drop_database(url)


@pytest.fixture(scope="session")
def hooks_app(db_url, hooks_data_url, tmp_path_factory):
    settings = dict(HOOK_SETTINGS)
    if hooks_data_url:
        settings["workbench.data.url"] = hooks_data_url
    application = make_app(db_url, tmp_path_factory.mktemp("hooks"), **settings)
    yield application
    application.registry["source_engines"].dispose_all()
    application.registry["db_engine"].dispose()


@pytest.fixture
def client(hooks_app):
    c = Client(hooks_app)
    c.worker = hooks_app.registry["hook_worker"]
    yield c
    wipe_meta(hooks_app)
    wipe_data(hooks_app)


@pytest.fixture
def admin(client):
    return client.signup("admin@example.com")


@pytest.fixture
def receiver():
    with receiving() as r:
        yield r
