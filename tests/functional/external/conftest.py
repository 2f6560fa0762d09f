"""An app with its meta on SQLite and one existing database per kind (PostgreSQL, MariaDB,
a SQLite file), made with plain SQL; private addresses allowed (the databases are local)."""

from __future__ import annotations

import socket
import threading

import pytest

from tests.functional.external.schemas import ExternalDatabase
from workbench.testing.app import make_app, wipe_meta
from workbench.testing.client import Client

KINDS = ("pg", "mariadb", "sqlite")


@pytest.fixture(scope="module")
def external_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("external")


@pytest.fixture(scope="module")
def ext_app(tmp_path_factory, external_folder):
    folder = tmp_path_factory.mktemp("meta")
    application = make_app(
        f"sqlite:///{folder / 'meta.db'}",
        folder / "data",
        **{"workbench.sources.allow_private": "true", "workbench.sources.sqlite_dir": str(external_folder)},
    )
    yield application
    application.registry["source_engines"].dispose_all()
    application.registry["db_engine"].dispose()


@pytest.fixture
def ext_client(ext_app):
    """A client on the app; the meta is emptied after the test."""
    yield Client(ext_app)
    ext_app.registry["source_engines"].dispose_all()
    wipe_meta(ext_app)


@pytest.fixture
def ext_admin(ext_client):
    return ext_client.signup("admin@example.com")


@pytest.fixture(params=KINDS)
def database(request, external_folder):
    """A fresh existing database of each kind, dropped after the test."""
    db = ExternalDatabase(request.param, external_folder)
    yield db
    db.drop()


@pytest.fixture
def silent_port():
    """A local port that accepts connections and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held = []
    stop = threading.Event()

    def accept():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()
