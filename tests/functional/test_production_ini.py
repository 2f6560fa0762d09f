"""production.ini runs on PostgreSQL with every secret from the environment, and refuses
to start without them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import webtest
from pyramid.paster import get_app

from workbench.settings import SettingsError
from workbench.testing.databases import create_database, drop_database

ROOT = Path(__file__).resolve().parents[2]
INI = str(ROOT / "production.ini")
SECRET = "s" * 48


@pytest.fixture
def pg_url(tmp_path):
    url = create_database("postgresql", tmp_path)
    yield url
    drop_database(url)


@pytest.fixture
def env(monkeypatch, tmp_path):
    monkeypatch.setenv("WORKBENCH_DATA_DIR", str(tmp_path / "data"))
    for name in ("WORKBENCH_SECRET", "WORKBENCH_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_refuses_to_start_without_a_secret(env, pg_url):
    env.setenv("WORKBENCH_DATABASE_URL", pg_url)
    with pytest.raises(SettingsError, match="WORKBENCH_SECRET"):
        get_app(INI)


def test_refuses_to_start_on_sqlite(env):
    env.setenv("WORKBENCH_SECRET", SECRET)
    with pytest.raises(SettingsError, match="PostgreSQL"):
        get_app(INI)


def test_runs_on_postgresql_with_secrets_from_the_environment(env, pg_url):
    env.setenv("WORKBENCH_SECRET", SECRET)
    env.setenv("WORKBENCH_DATABASE_URL", pg_url)
    migrate = subprocess.run(
        [str(Path(sys.executable).parent / "workbench"), "-c", INI, "migrate"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert migrate.returncode == 0, migrate.stderr
    app = get_app(INI)
    assert app.registry.settings["sqlalchemy.url"] == pg_url
    assert app.registry.settings["workbench.secret"] == SECRET
    client = webtest.TestApp(app)
    assert client.get("/api/v1/health").json["message"] == "OK"
    signup = client.post_json("/api/v1/auth/user/signup", {"email": "a@example.com", "password": "password-123"})
    cookie = signup.headers["Set-Cookie"].lower()
    assert "; secure" in cookie
    assert "; httponly" in cookie
    app.registry["db_engine"].dispose()
