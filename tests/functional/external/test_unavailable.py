"""A connected database that stops answering answers its own requests with 503 {msg}
within 5 s, while other projects on the same server keep working (a real gevent server)."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request

import sqlalchemy as sa

from tests.functional.external.schemas import ExternalDatabase
from workbench.testing.server import live_server


def call(base, method, path, token=None, body=None, timeout=20):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("xc-auth", token)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as res:
            return res.status, json.loads(res.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def test_a_silent_database_answers_503_in_time_and_blocks_no_one(tmp_path, silent_port):
    folder = tmp_path / "external"
    folder.mkdir()
    database = ExternalDatabase("pg", folder)
    settings = {"workbench.sources.allow_private": "true", "workbench.sources.sqlite_dir": str(folder)}
    try:
        with live_server(tmp_path / "server", **settings) as base:
            _, signed = call(
                base,
                "POST",
                "/api/v1/auth/user/signup",
                body={"email": "a@example.com", "password": "correct horse battery"},
            )
            token = signed["token"]
            _, local = call(base, "POST", "/api/v1/db/meta/projects", token, {"title": "Local"})
            _, table = call(
                base,
                "POST",
                f"/api/v1/db/meta/projects/{local['id']}/tables",
                token,
                {"title": "Notes", "columns": [{"title": "Text", "uidt": "SingleLineText"}]},
            )
            call(base, "POST", f"/api/v2/tables/{table['id']}/records", token, [{"Text": "hi"}])
            status, shop = call(
                base,
                "POST",
                "/api/v1/db/meta/projects",
                token,
                {"title": "Shop", "bases": [{"config": database.config()}]},
            )
            assert status == 200, shop
            _, tables = call(base, "GET", f"/api/v1/db/meta/projects/{shop['id']}/tables", token)
            customers = next(t["id"] for t in tables["list"] if t["title"] == "customers")
            assert call(base, "GET", f"/api/v2/tables/{customers}/records", token)[0] == 200
            # The database goes silent: its address now leads to a port that never answers.
            meta = sa.create_engine(f"sqlite:///{tmp_path / 'server' / 'meta.db'}")
            with meta.begin() as conn:
                source_id, config = conn.execute(
                    sa.text("SELECT id, config FROM wb_sources WHERE project_id = :p AND is_default = 0"),
                    {"p": shop["id"]},
                ).one()
                config = json.loads(config)
                config["connection"]["port"] = silent_port
                conn.execute(
                    sa.text("UPDATE wb_sources SET config = :c WHERE id = :i"),
                    {"c": json.dumps(config), "i": source_id},
                )
            meta.dispose()

            stuck: dict = {}

            def read_shop():
                started = time.monotonic()
                stuck["answer"] = call(base, "GET", f"/api/v2/tables/{customers}/records", token)
                stuck["seconds"] = time.monotonic() - started

            thread = threading.Thread(target=read_shop)
            thread.start()
            time.sleep(0.3)
            # Meanwhile the other project answers at once, several times over.
            others = []
            while thread.is_alive() and len(others) < 50:
                started = time.monotonic()
                status, page = call(base, "GET", f"/api/v2/tables/{table['id']}/records", token)
                others.append((status, time.monotonic() - started, page["list"][0]["Text"]))
            thread.join()
            status, body = stuck["answer"]
            assert status == 503
            assert "Timed out" in body["msg"]
            assert stuck["seconds"] < 5
            assert len(others) >= 3
            assert all(s == 200 and text == "hi" for s, _took, text in others)
            assert max(took for _s, took, _t in others) < 1.5
    finally:
        database.drop()
