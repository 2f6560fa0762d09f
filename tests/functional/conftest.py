"""Functional-test fixtures beyond the shared ones in ``tests/conftest.py``."""

from __future__ import annotations

import pytest

from workbench.testing.app import make_app, wipe_meta
from workbench.testing.client import Client


@pytest.fixture
def make_client(db_url, tmp_path):
    """Build a client on an app with extra ini settings (same database as ``app``).

    Use it for settings the shared app does not have: ``make_client(**{"workbench.signup": "invite"})``.
    Do not mix it with ``client`` in one test: each wipes the meta database when done.
    """
    apps = []

    def build(**settings) -> Client:
        application = make_app(db_url, tmp_path / f"data{len(apps)}", **settings)
        apps.append(application)
        return Client(application)

    yield build
    for application in apps:
        wipe_meta(application)
        if "source_engines" in application.registry:
            application.registry["source_engines"].dispose_all()
        application.registry["db_engine"].dispose()
