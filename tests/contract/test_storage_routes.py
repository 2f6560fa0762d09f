"""The storage routes on each built-in backend (the local disk, an S3-compatible server on
127.0.0.1): the same uploads, limits, permissions, signed links, thumbnails, garbage
collection and import uploads. Where the local backend streams a file, the s3 backend
answers a redirect to the service's presigned URL, after the same permission check."""

from __future__ import annotations

import io
import tempfile
import urllib.request

import pytest
from PIL import Image

from tests.common import accounts
from tests.common.s3_server import running_s3_server
from workbench.storage import keys
from workbench.storage.cleanup import sweep
from workbench.testing.app import make_app
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins
from workbench.testing.tables import create_table

UPLOAD = "/api/v1/db/storage/upload"
V1 = "/api/v1/db/meta"


@pytest.fixture(scope="module")
def s3_server():
    with running_s3_server() as server:
        yield server


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (10, 120, 200)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture(scope="module", params=["local", "s3"])
def env(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"storage-{request.param}")
    settings = {
        "workbench.attachments.max_size": "200000",
        "workbench.import.max_size": "100000",
        "workbench.import.autostart": "false",
        # the projects' tables in one database, so that a second app reaches them
        "workbench.data.url": f"sqlite:///{tmp / 'tables.db'}",
    }
    if request.param == "s3":
        server = request.getfixturevalue("s3_server")
        settings |= server.settings(server.new_bucket())
    app = app_with_plugins(tmp, **settings)
    client = Client(app)
    admin = client.signup("admin@example.com")
    project, tokens = accounts.team(client, admin, "Files")
    table = create_table(
        client, tokens["owner"], project["id"], "Docs", [{"title": "Name"}, {"title": "Files", "uidt": "Attachment"}]
    )
    yield {
        "kind": request.param,
        "tmp": tmp,
        "client": client,
        "tokens": tokens,
        "project": project,
        "table": table,
        "backend": app.registry["storage"].backend,
    }
    app.registry["source_engines"].dispose_all()
    app.registry["db_engine"].dispose()


def upload(env, name: str, body: bytes, status=200):
    client = env["client"]
    url = f"{UPLOAD}?project_id={env['project']['id']}"
    return client.post(
        url, upload_files=[("f", name, body)], headers=client.auth(env["tokens"]["owner"]), status=status
    )


def fetched(env, res) -> tuple[bytes, dict]:
    """The file a download answered: its body, or what its redirect leads to (s3)."""
    if env["kind"] == "local":
        assert res.status_int == 200
        return res.body, {k.lower(): v for k, v in res.headers.items()}
    assert res.status_int == 302
    assert res.headers["Cache-Control"] == "no-store"
    location = res.headers["Location"]
    assert "X-Amz-Signature=" in location
    with urllib.request.urlopen(location, timeout=10) as answer:
        return answer.read(), {k.lower(): v for k, v in answer.headers.items()}


def test_upload_and_download_with_the_callers_permission(env):
    client, tokens = env["client"], env["tokens"]
    [item] = upload(env, "notes.txt", b"hello storage").json
    key = str(keys.parse_path(item["path"]))
    assert env["backend"].size(key) == 13
    body, headers = fetched(env, client.get("/" + item["path"], headers=client.auth(tokens["viewer"])))
    assert body == b"hello storage"
    assert headers["content-type"].startswith("text/plain")
    assert headers["content-disposition"].startswith("inline;")
    # the same refusals whatever the backend: no redirect is handed to anyone else
    assert client.get("/" + item["path"], status=401).json == {"msg": "Unauthorized"}
    stranger = client.auth(client.signup(f"stranger-{env['kind']}@example.com"))
    assert "Location" not in client.get("/" + item["path"], headers=stranger, status=403).headers
    missing = item["path"].rsplit("/", 2)[0] + "/AAAAAAAAAAAAAAAAAAAAAAAA/notes.txt"
    res = client.get("/" + missing, headers=client.auth(tokens["owner"]), status=404)
    assert res.json == {"msg": "File not found"}


def test_signed_links_and_thumbnails(env):
    client = env["client"]
    original = png(1600, 800)
    [item] = upload(env, "wide.png", original).json
    assert "signedPath" in item
    assert "signedUrl" not in item
    body, headers = fetched(env, client.get("/" + item["signedPath"]))
    assert body == original
    assert headers["content-type"] == "image/png"
    res = client.get("/" + item["signedPath"], params={"w": "320"})
    assert res.status_int == 200
    assert res.content_type == "image/png"
    with Image.open(io.BytesIO(res.body)) as copy:
        assert copy.size == (320, 160)
    forged = item["signedPath"].replace("/dltemp/", "/dltemp/1")
    client.get("/" + forged, status=403)


def test_download_attachment_names_the_file(env):
    client, owner = env["client"], env["client"].auth(env["tokens"]["owner"])
    [item] = upload(env, "Été report.pdf", b"%PDF-1.7\n" + b"x" * 50).json
    records = f"/api/v2/tables/{env['table']['id']}/records"
    row = client.post_json(records, {"Name": "r", "Files": [item]}, headers=owner).json
    column = next(c["id"] for c in env["table"]["columns"] if c["title"] == "Files")
    url = f"/api/v2/downloadAttachment/{env['table']['id']}/{column}/{row['Id']}"
    body, headers = fetched(env, client.get(url, params={"urlOrPath": item["path"]}, headers=owner))
    assert body.startswith(b"%PDF-1.7")
    assert headers["content-disposition"] == (
        "attachment; filename=\"Ete_report.pdf\"; filename*=UTF-8''%C3%89t%C3%A9%20report.pdf"
    )
    client.get(url, params={"urlOrPath": item["path"]}, status=401)


def test_too_large_is_413_and_leaves_nothing(env):
    before = set(dict(env["backend"].list_keys()))
    res = upload(env, "big.bin", b"x" * 200001, status=413)
    assert "limit is 200000 bytes" in res.json["msg"]
    assert set(dict(env["backend"].list_keys())) == before


def test_an_import_upload_past_its_limit_is_413_and_leaves_nothing(env):
    client, owner = env["client"], env["client"].auth(env["tokens"]["owner"])
    rows = b"Name\n" + b"x" * 100_000 + b"\n"
    res = client.post(
        f"{V1}/projects/{env['project']['id']}/imports",
        upload_files=[("file", "big.csv", rows)],
        headers=owner,
        status=413,
    )
    assert "larger than the import limit (100000 bytes)" in res.json["msg"]
    assert list(env["backend"].list_keys("_imports/")) == []
    assert client.get(f"{V1}/projects/{env['project']['id']}/imports", headers=owner).json["list"] == []


def test_garbage_collection_spares_what_is_referenced_and_import_uploads(env):
    client, owner = env["client"], env["client"].auth(env["tokens"]["owner"])
    [used] = upload(env, "used.txt", b"used").json
    [unused] = upload(env, "unused.txt", b"unused").json
    client.post_json(f"/api/v2/tables/{env['table']['id']}/records", {"Name": "gc", "Files": [used]}, headers=owner)
    job = client.post(
        f"{V1}/projects/{env['project']['id']}/imports",
        upload_files=[("file", "people.csv", b"Name\nAda\n")],
        headers=owner,
    ).json
    registry = client.app.registry
    assert sweep(registry).removed == []  # younger than a day
    removed = sweep(registry, grace=0).removed
    assert str(keys.parse_path(unused["path"])) in removed
    assert str(keys.parse_path(used["path"])) not in removed
    assert env["backend"].exists(str(keys.parse_path(used["path"])))
    assert [key for key, _ in env["backend"].list_keys("_imports/")] == [f"_imports/{job['id']}/people.csv"]
    client.delete(f"{V1}/imports/{job['id']}", headers=owner)
    assert list(env["backend"].list_keys("_imports/")) == []
    # an upload left in preview is swept once older than workbench.import.max_age
    left = client.post(
        f"{V1}/projects/{env['project']['id']}/imports", upload_files=[("file", "left.csv", b"A\n1\n")], headers=owner
    ).json
    runner = registry["import_runner"]
    assert runner.sweep() == []
    runner.max_age = -1
    try:
        assert runner.sweep() == [left["id"]]
    finally:
        runner.max_age = 7 * 24 * 3600
    assert list(env["backend"].list_keys("_imports/")) == []
    assert client.get(f"{V1}/imports/{left['id']}", headers=owner).json["status"] == "cancelled"


def test_an_import_upload_is_kept_by_the_backend_and_resumed_elsewhere(env, tmp_path, monkeypatch):
    """The job's file is in the backend, not in the data folder of the process that took
    it, so another process (another app on the same databases) resumes the job."""
    monkeypatch.setattr("workbench.imports.run.BATCH", 1000)
    monkeypatch.setattr("workbench.imports.run.COPY_CELLS", 0)  # as many rows into PostgreSQL
    client, owner = env["client"], env["client"].auth(env["tokens"]["owner"])
    rows = "Name,Qty\n" + "".join(f"item {i},{i}\n" for i in range(1500))
    job = client.post(
        f"{V1}/projects/{env['project']['id']}/imports",
        upload_files=[("file", "items.csv", rows.encode())],
        headers=owner,
    ).json
    assert not (env["tmp"] / "data" / "imports").exists()
    assert env["backend"].exists(f"_imports/{job['id']}/items.csv")
    started = client.post_json(f"{V1}/imports/{job['id']}/start", {"template": job["template"]}, headers=owner).json
    runner = client.app.registry["import_runner"]
    assert runner.run(job["id"], max_batches=1) == "running"
    if env["kind"] == "s3":
        # another process: its own data folder, the same databases and bucket
        settings = client.app.registry.settings
        shared = {k: v for k, v in settings.items() if k.startswith(("workbench.storage.", "workbench.data.url"))}
        other_dir = tmp_path / "other"
        other_dir.mkdir()
        other = make_app(settings["sqlalchemy.url"], other_dir, **shared, **{"workbench.import.autostart": "false"})
        runner = other.registry["import_runner"]
    # The job's local copies go to a temporary folder of this test's own (other tests and
    # processes make theirs in the machine's), which is left as it was found.
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    assert runner.run(job["id"]) == "done"
    assert list(private.iterdir()) == []
    table_id = started["tables"][0]["id"]
    assert client.get(f"/api/v2/tables/{table_id}/records/count", headers=owner).json["count"] == 1500
    assert not env["backend"].exists(f"_imports/{job['id']}/items.csv")
    assert not (env["tmp"] / "data" / "imports").exists()
