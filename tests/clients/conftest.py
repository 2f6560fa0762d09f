"""Fixtures of the client scenarios: a live server (real HTTP, the production handler) with
an empty meta database, for NocoDB's own clients to talk to."""

from __future__ import annotations

import pytest

from workbench.testing.server import live_server


@pytest.fixture
def server_url(tmp_path):
    """The base URL of a fresh server on SQLite (the next sign-up is the first user)."""
    with live_server(tmp_path / "data") as base_url:
        yield base_url
