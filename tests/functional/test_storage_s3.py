"""What is particular to the s3 storage backend (the rest is the backends' contract, in
tests/contract): boto3 loaded only when chosen, settings checked at start-up with a
message naming what to fix, uploads in parts without holding a file in memory, a prefix
inside a shared bucket, and a 503 saying so when the service cannot be reached."""

from __future__ import annotations

import io
import shutil
import socket
import subprocess
import sys
import time
import tracemalloc
import urllib.request

import pytest

from plugins.storage.s3.backend import S3Storage
from tests.common.s3_server import running_s3_server
from tests.contract.test_storage_backends import Pattern
from tests.functional.live_api import Api
from workbench import cli
from workbench.settings import SettingsError
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins
from workbench.testing.server import live_server

MIB = 1024 * 1024
KEY = "p_s3test000000001/abcdefghijklmnopqrstuvwx/big.bin"


@pytest.fixture(scope="module")
def s3_server():
    with running_s3_server() as server:
        yield server


@pytest.fixture
def s3_bucket(s3_server) -> str:
    return s3_server.new_bucket()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_boto3_is_imported_only_when_the_s3_backend_is_chosen(tmp_path):
    code = (
        "import sys; from pathlib import Path; from workbench.testing.plugins import app_with_plugins; "
        f"app = app_with_plugins(Path({str(tmp_path)!r})); "
        "print(app.registry['storage'].backend.name, 'boto3' in sys.modules, 'botocore' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split() == ["local", "False", "False"]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"workbench.storage.s3.bucket": ""},
            "needs a bucket: set workbench.storage.s3.bucket (or WORKBENCH_S3_BUCKET)",
        ),
        ({"workbench.storage.s3.bucket": "Not_A_Bucket"}, "not a valid bucket name: 'Not_A_Bucket'"),
        ({"workbench.storage.s3.endpoint_url": "ftp://files"}, "endpoint_url must be an http:// or https:// address"),
        ({"workbench.storage.s3.secret_access_key": ""}, "set both workbench.storage.s3.access_key_id and"),
        ({"workbench.storage.s3.path_style": "maybe"}, "path_style must be true or false, not 'maybe'"),
        ({"workbench.storage.s3.part_size": "1000"}, "part_size must be a number of bytes from 5242880"),
        ({"workbench.storage.s3.url_ttl": "0"}, "url_ttl must be a number of seconds from 1 to 604800"),
        ({"workbench.storage.s3.prefix": "../up"}, "prefix must be folder names joined by /"),
        (
            {"workbench.storage.s3.part_size": str(5 * MIB), "workbench.attachments.max_size": str(60 * 1024**3)},
            "workbench.attachments.max_size (64424509440 bytes) is more than the s3 backend stores in one upload",
        ),
    ],
)
def test_bad_settings_are_named(s3_server, changes, message):
    settings = s3_server.settings("some-bucket") | changes
    with pytest.raises(SettingsError) as caught:
        S3Storage(settings)
    assert message in str(caught.value)


def test_a_bucket_that_cannot_be_used_stops_start_up(s3_server, tmp_path):
    with pytest.raises(SettingsError, match=r"cannot use its bucket: bucket 'no-such-bucket' at .* does not exist"):
        app_with_plugins(tmp_path / "a", **s3_server.settings("no-such-bucket"))
    endpoint = f"http://127.0.0.1:{closed_port()}"
    settings = s3_server.settings("some-bucket") | {"workbench.storage.s3.endpoint_url": endpoint}
    with pytest.raises(SettingsError, match=rf"cannot use its bucket: cannot reach bucket 'some-bucket' at {endpoint}"):
        S3Storage(settings)


def test_the_command_line_prints_the_setting_to_fix_not_a_traceback(tmp_path, capsys):
    ini = tmp_path / "app.ini"
    ini.write_text(
        "[app:main]\nuse = egg:workbench\n"
        f"sqlalchemy.url = sqlite:///{tmp_path / 'meta.db'}\nworkbench.data_dir = {tmp_path / 'data'}\n"
        "workbench.secret = a secret of more than thirty-two characters\n"
        "workbench.storage.backend = s3\n"
    )
    assert cli.main(["-c", str(ini), "migrate"]) == 0
    capsys.readouterr()
    assert cli.main(["-c", str(ini), "attachments", "gc"]) == 2
    err = capsys.readouterr().err
    expected = "the s3 storage backend needs a bucket: set workbench.storage.s3.bucket (or WORKBENCH_S3_BUCKET)"
    assert err == f"workbench: {expected}\n"


def test_a_large_file_goes_in_parts_without_being_held_in_memory(s3_server, s3_bucket):
    settings = s3_server.settings(s3_bucket) | {
        "workbench.storage.s3.multipart_threshold": str(5 * MIB),
        "workbench.storage.s3.part_size": str(5 * MIB),
    }
    backend = S3Storage(settings)
    stream = Pattern(40 * MIB)
    tracemalloc.start()
    try:
        assert backend.save(KEY, stream, "application/octet-stream") == 40 * MIB
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 25 * MIB, peak
    head = s3_server.client().head_object(Bucket=s3_bucket, Key=KEY)
    assert head["ETag"].strip('"').endswith("-8")  # eight parts of 5 MiB
    assert head["ContentLength"] == 40 * MIB
    assert head["ContentType"] == "application/octet-stream"
    small = "p_s3test000000001/abcdefghijklmnopqrstuvwx/small.txt"
    backend.save(small, io.BytesIO(b"one request"), "text/plain")
    assert "-" not in s3_server.client().head_object(Bucket=s3_bucket, Key=small)["ETag"]


def test_a_prefix_shares_a_bucket(s3_server, s3_bucket):
    backend = S3Storage(s3_server.settings(s3_bucket, **{"workbench.storage.s3.prefix": "team-a/files"}))
    backend.save(KEY, io.BytesIO(b"data"), "text/plain")
    s3_server.client().put_object(Bucket=s3_bucket, Key="elsewhere/x", Body=b"not ours")
    assert set(s3_server.objects(s3_bucket)) == {f"team-a/files/{KEY}", "elsewhere/x"}
    assert [key for key, _ in backend.list_keys()] == [KEY]
    assert backend.open(KEY).read() == b"data"


def test_unreachable_storage_is_a_503_that_says_so(s3_server, tmp_path, caplog):
    endpoint = f"http://127.0.0.1:{closed_port()}"
    settings = s3_server.settings("down-bucket") | {
        "workbench.storage.s3.endpoint_url": endpoint,
        "workbench.storage.s3.check_bucket": "false",
    }
    client = Client(app_with_plugins(tmp_path, **settings))
    owner = client.signup("owner@example.com")
    project = client.create_project(owner, "P")
    unavailable = {"msg": "File storage is unavailable: try again later"}
    res = client.post(
        f"/api/v1/db/storage/upload?project_id={project['id']}",
        upload_files=[("f", "a.txt", b"hello")],
        headers=client.auth(owner),
        status=503,
    )
    assert res.json == unavailable
    # the reason is for the operator: in the log, not in the answer
    assert f"cannot reach bucket 'down-bucket' at {endpoint}" in caplog.text
    path = f"api/v1/db/storage/download/{project['id']}/abcdefghijklmnopqrstuvwx/a.txt"
    assert client.get("/" + path, headers=client.auth(owner), status=503).json == unavailable
    imports = f"/api/v1/db/meta/projects/{project['id']}/imports"
    res = client.post(imports, upload_files=[("file", "a.csv", b"a\n1\n")], headers=client.auth(owner), status=503)
    assert res.json == unavailable
    assert client.get(imports, headers=client.auth(owner)).json["list"] == []


def test_an_import_whose_storage_fails_stays_running_and_resumes(s3_server, s3_bucket, tmp_path):
    settings = s3_server.settings(s3_bucket) | {"workbench.import.autostart": "false"}
    app = app_with_plugins(tmp_path, **settings)
    client = Client(app)
    owner = client.auth(client.signup("owner@example.com"))
    pid = client.post_json("/api/v1/db/meta/projects", {"title": "P"}, headers=owner).json["id"]
    rows = "Name\n" + "".join(f"n{i}\n" for i in range(1500))
    job = client.post(
        f"/api/v1/db/meta/projects/{pid}/imports", upload_files=[("file", "n.csv", rows.encode())], headers=owner
    ).json
    started = client.post_json(
        f"/api/v1/db/meta/imports/{job['id']}/start", {"template": job["template"]}, headers=owner
    )
    backend = app.registry["storage"].backend
    working = backend.client
    down = settings | {
        "workbench.storage.s3.endpoint_url": f"http://127.0.0.1:{closed_port()}",
        "workbench.storage.s3.check_bucket": "false",
    }
    backend.client = S3Storage(down).client
    runner = app.registry["import_runner"]
    try:
        assert runner.run(job["id"]) == "running"
    finally:
        backend.client = working
    found = client.get(f"/api/v1/db/meta/imports/{job['id']}", headers=owner).json
    assert found["status"] == "running"
    assert found["rows_done"] == {"n": 0}
    assert runner.run(job["id"]) == "done"
    table_id = started.json["tables"][0]["id"]
    assert client.get(f"/api/v2/tables/{table_id}/records/count", headers=owner).json["count"] == 1500


def test_a_second_server_with_a_disk_of_its_own_serves_the_files_and_resumes_the_import(s3_server, s3_bucket, tmp_path):
    """Two gevent servers on the same databases and bucket, the first one's data folder
    deleted before the second starts: the second serves the first one's files (through
    the redirect) and resumes its import in a greenlet, reading the upload from the bucket."""
    db_url = f"sqlite:///{tmp_path / 'meta.db'}"
    shared = s3_server.settings(s3_bucket) | {"workbench.data.url": f"sqlite:///{tmp_path / 'tables.db'}"}
    with live_server(tmp_path / "one", db_url, **shared, **{"workbench.import.autostart": "false"}) as base_url:
        owner = Api(base_url).signup("owner@example.com")
        pid = owner.call("POST", "/api/v1/db/meta/projects", {"title": "P"})["id"]
        [item] = owner.upload(f"/api/v1/db/storage/upload?project_id={pid}", "notes.txt", b"live bytes", status=200)
        rows = "Name,Qty\n" + "".join(f"item {i},{i}\n" for i in range(2500))
        job = owner.upload(f"/api/v1/db/meta/projects/{pid}/imports", "items.csv", rows.encode())
        started = owner.call("POST", f"/api/v1/db/meta/imports/{job['id']}/start", {"template": job["template"]}, 202)
    assert f"_imports/{job['id']}/items.csv" in s3_server.objects(s3_bucket)
    shutil.rmtree(tmp_path / "one")
    resume = {"workbench.import.lease": "1", "workbench.import.resume_interval": "0.2"}
    with live_server(tmp_path / "two", db_url, **shared, **resume) as base_url:
        owner = Api(base_url).signin("owner@example.com")
        request = urllib.request.Request(f"{base_url}/{item['path']}", headers={"xc-auth": owner.token})
        with urllib.request.urlopen(request, timeout=30) as answer:  # follows the redirect to the bucket
            assert answer.read() == b"live bytes"
            assert answer.url.startswith(s3_server.endpoint)
        deadline = time.monotonic() + 60
        while (found := owner.call("GET", f"/api/v1/db/meta/imports/{job['id']}"))["status"] == "running":
            assert time.monotonic() < deadline, found
            time.sleep(0.2)
        assert found["status"] == "done", found.get("msg")
        table_id = started["tables"][0]["id"]
        assert owner.call("GET", f"/api/v2/tables/{table_id}/records/count")["count"] == 2500
    assert not any(key.startswith("_imports/") for key in s3_server.objects(s3_bucket))
    assert not (tmp_path / "two" / "imports").exists()
    assert not (tmp_path / "two" / "attachments").exists()
