"""Backup and restore of a whole instance with the ``workbench`` command: a backup taken
from a live server while records are being written, restored into a fresh data folder
(and fresh databases), served again with every record, field, view and attachment equal;
and a restore refused, untouched, where anything is already there. On SQLite (meta and
embedded project files), on PostgreSQL and on MariaDB (meta and the shared data database)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
import tracemalloc
import urllib.request

import pytest

from plugins.storage.s3.backend import S3Storage
from tests.common.s3_server import running_s3_server
from tests.contract.test_storage_backends import Pattern
from tests.functional.live_api import Api
from workbench.backup import RestoreError, restore, stored
from workbench.cli import _settings as cli_settings
from workbench.testing.app import TEST_SECRET
from workbench.testing.databases import create_database, drop_database
from workbench.testing.server import live_server

META = "/api/v1/db/meta"
PREFIX = {"workbench.storage.s3.prefix": "restored"}
SEEDS = 40
MIB = 1024 * 1024


class Instance:
    """An instance's settings, as an ini file for the command and as a live server's."""

    def __init__(self, folder, dialect: str, tmp_path, **extra: str):
        self.folder = folder
        self.extra = extra
        self.data_dir = folder / "data"
        self.urls = []
        if dialect == "sqlite":
            self.meta_url, self.data_url = f"sqlite:///{folder / 'meta.db'}", ""
        else:
            self.meta_url, self.data_url = (create_database(dialect, tmp_path) for _ in range(2))
            self.urls = [self.meta_url, self.data_url]
        folder.mkdir(parents=True, exist_ok=True)
        self.ini = folder / "workbench.ini"
        lines = ["[app:main]", f"sqlalchemy.url = {self.meta_url}", f"workbench.data_dir = {self.data_dir}"]
        lines += [f"workbench.secret = {TEST_SECRET}", f"workbench.data.url = {self.data_url}"]
        lines += [f"{name} = {value}" for name, value in extra.items()]
        self.ini.write_text("\n".join(lines) + "\n")

    def settings(self) -> dict:
        return ({"workbench.data.url": self.data_url} if self.data_url else {}) | self.extra

    def command(self, *args: str) -> subprocess.CompletedProcess:
        argv = [sys.executable, "-m", "workbench.cli", "-c", str(self.ini), *args]
        return subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)

    def loaded(self) -> dict:
        """The settings the command reads from the ini file."""
        return cli_settings(str(self.ini))

    def drop(self) -> None:
        for url in self.urls:
            drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql", "mariadb"])
def instances(request, tmp_path):
    made = [Instance(tmp_path / name, request.param, tmp_path) for name in ("first", "second")]
    yield made
    for instance in made:
        instance.drop()


def _records(api: Api, table_id: str) -> dict:
    found, offset = {}, 0
    while True:
        page = api.call("GET", f"/api/v2/tables/{table_id}/records?limit=1000&offset={offset}&sort=Id")
        for row in page["list"]:
            found[row["Id"]] = row
        if page["pageInfo"]["isLastPage"]:
            return found
        offset += len(page["list"])


def _shape(api: Api, table_id: str) -> dict:
    """The table's fields and views, each view with its filters and sorts."""
    table = api.call("GET", f"{META}/tables/{table_id}")
    views = api.call("GET", f"{META}/tables/{table_id}/views")["list"]
    return {
        "columns": [(c["id"], c["title"], c["uidt"], c.get("meta"), c.get("dtxp")) for c in table["columns"]],
        "views": [
            (
                v["id"],
                v["title"],
                v["type"],
                [
                    (f["fk_column_id"], f["comparison_op"], f["value"])
                    for f in api.call("GET", f"{META}/views/{v['id']}/filters")["list"]
                ],
                [(s["fk_column_id"], s["direction"]) for s in api.call("GET", f"{META}/views/{v['id']}/sorts")["list"]],
            )
            for v in views
        ],
    }


def _file(base_url: str, api: Api, item: dict) -> bytes:
    req = urllib.request.Request(f"{base_url}/{item['path']}", headers={"xc-auth": api.token})
    with urllib.request.urlopen(req, timeout=10) as res:
        return res.read()


def test_a_backup_taken_during_writes_restores_everything(instances):
    first, second = instances
    with live_server(first.data_dir, first.meta_url, **first.settings()) as base_url:
        owner = Api(base_url).signup("owner@example.com")
        pid = owner.call("POST", f"{META}/projects", {"title": "Shop"})["id"]
        columns = [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}, {"title": "Files", "uidt": "Attachment"}]
        table = owner.call("POST", f"{META}/projects/{pid}/tables", {"title": "Items", "columns": columns})
        col = {c["title"]: c["id"] for c in owner.call("GET", f"{META}/tables/{table['id']}")["columns"]}
        grid = owner.call("POST", f"{META}/tables/{table['id']}/grids", {"title": "Big ones"})
        owner.call(
            "POST",
            f"{META}/views/{grid['id']}/filters",
            {"fk_column_id": col["Qty"], "comparison_op": "gt", "value": "10"},
        )
        owner.call("POST", f"{META}/views/{grid['id']}/sorts", {"fk_column_id": col["Qty"], "direction": "desc"})
        owner.call("POST", f"{META}/tables/{table['id']}/forms", {"title": "Order"})
        files = []
        for i in range(3):
            content = f"name,qty\nbolt,{i}\n".encode() * (i + 1)
            [item] = owner.upload(
                f"/api/v1/db/storage/upload?project_id={pid}&column_id={col['Files']}", f"f{i}.csv", content, status=200
            )
            files.append((item, content))
        records = f"/api/v2/tables/{table['id']}/records"
        owner.call("POST", records, [{"Name": f"seed {i}", "Qty": i, "Files": [files[i % 3][0]]} for i in range(SEEDS)])
        # An import uploaded and previewed, not started yet: its upload is a stored file too.
        pending_csv = "sku,count\n" + "".join(f"k{i},{i}\n" for i in range(30))
        pending = owner.upload(f"{META}/projects/{pid}/imports", "stock.csv", pending_csv.encode())

        # Records keep being written while the backup is taken.
        written, stop = [], threading.Event()

        def write():
            writer = Api(base_url, owner.token)
            while not stop.is_set():
                writer.call("POST", records, [{"Name": f"live {len(written)}", "Qty": len(written)}])
                written.append(len(written))

        thread = threading.Thread(target=write)
        thread.start()
        try:
            while len(written) < 5:
                stop.wait(0.05)
            before = len(written)
            done = first.command("backup", "--to", str(first.folder / "backup"))
            after = len(written)
        finally:
            stop.set()
            thread.join(timeout=30)
        assert done.returncode == 0, done.stderr
        assert after > before  # the writes did run during the backup
        original = _records(owner, table["id"])
        shape = _shape(owner, table["id"])

    # The second instance starts empty: the backup goes in.
    done = second.command("restore", "--from", str(first.folder / "backup"))
    assert done.returncode == 0, done.stderr
    # A second restore over it is refused and changes nothing.
    again = second.command("restore", "--from", str(first.folder / "backup"))
    assert again.returncode == 1
    assert "not empty" in again.stderr

    with live_server(second.data_dir, second.meta_url, **second.settings()) as base_url:
        owner = Api(base_url).signin("owner@example.com")
        restored = _records(owner, table["id"])
        assert _shape(owner, table["id"]) == shape
        # Every seed and a prefix of the live writes, each record as it was.
        live = sorted(r["Qty"] for r in restored.values() if r["Name"].startswith("live "))
        assert before <= len(live) <= after
        assert live == list(range(len(live)))
        assert len(restored) == SEEDS + len(live)
        for key, row in restored.items():
            assert {k: v for k, v in row.items() if k != "Files"} == {
                k: v for k, v in original[key].items() if k != "Files"
            }
            assert [f["path"] for f in row["Files"] or []] == [f["path"] for f in original[key]["Files"] or []]
        for item, content in files:
            assert _file(base_url, owner, item) == content
        # The restored instance takes writes.
        owner.call("POST", f"/api/v2/tables/{table['id']}/records", [{"Name": "after", "Qty": 1}])
        # The pending import is still there, and runs from its restored upload.
        assert owner.call("GET", f"{META}/imports/{pending['id']}")["status"] == pending["status"]
        owner.call("POST", f"{META}/imports/{pending['id']}/start", {"template": pending["template"]}, status=202)
        job = _finished(owner, pending["id"])
        assert job["status"] == "done", job
        [stock] = job["tables"]
        rows = _records(owner, stock["id"])
        assert sorted((r["sku"], r["count"]) for r in rows.values()) == sorted((f"k{i}", i) for i in range(30))


def _finished(api: Api, job_id: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        job = api.call("GET", f"{META}/imports/{job_id}")
        if job["status"] != "running" or time.monotonic() > deadline:
            return job
        time.sleep(0.1)


@pytest.fixture(scope="module")
def s3_server():
    with running_s3_server() as server:
        yield server


def _stored(folder) -> dict[str, bytes]:
    """The stored files a backup holds, by key."""
    return {"/".join(p.relative_to(folder).parts): p.read_bytes() for p in folder.glob("*/*/*") if p.is_file()}


def test_attachments_go_through_the_storage_backend_local_to_s3_and_s3_to_s3(s3_server, tmp_path):
    bucket = s3_server.new_bucket()
    first = Instance(tmp_path / "local", "sqlite", tmp_path)
    second = Instance(tmp_path / "s3", "sqlite", tmp_path, **s3_server.settings(bucket))
    third = Instance(tmp_path / "s3-prefix", "sqlite", tmp_path, **s3_server.settings(bucket, **PREFIX))
    used = Instance(tmp_path / "s3-used", "sqlite", tmp_path, **s3_server.settings(bucket))

    with live_server(first.data_dir, first.meta_url, **first.settings()) as base_url:
        owner = Api(base_url).signup("owner@example.com")
        pid = owner.call("POST", f"{META}/projects", {"title": "Shop"})["id"]
        columns = [{"title": "Name"}, {"title": "Files", "uidt": "Attachment"}]
        table = owner.call("POST", f"{META}/projects/{pid}/tables", {"title": "Items", "columns": columns})
        col = {c["title"]: c["id"] for c in owner.call("GET", f"{META}/tables/{table['id']}")["columns"]}
        upload = f"/api/v1/db/storage/upload?project_id={pid}&column_id={col['Files']}"
        # One file of several read chunks, so the copies stream it in parts.
        contents = [b"name\nbolt\n", bytes(range(256)) * 10_000]
        files = [(owner.upload(upload, f"f{i}.csv", c, status=200)[0], c) for i, c in enumerate(contents)]
        records = f"/api/v2/tables/{table['id']}/records"
        owner.call("POST", records, [{"Name": f"r{i}", "Files": [item]} for i, (item, _c) in enumerate(files)])
        done = first.command("backup", "--to", str(tmp_path / "b1"))
        assert done.returncode == 0, done.stderr
    keys = {item["path"].split("download/", 1)[1]: c for item, c in files}
    assert _stored(tmp_path / "b1" / "storage") == keys
    assert not (tmp_path / "b1" / "files" / "attachments").exists()

    # A backup of the first format (the local files under files/attachments) still restores.
    legacy = tmp_path / "legacy-backup"
    shutil.copytree(tmp_path / "b1", legacy)
    (legacy / "storage").rename(legacy / "files" / "attachments")
    manifest = json.loads((legacy / "manifest.json").read_text())
    del manifest["storage"]
    (legacy / "manifest.json").write_text(json.dumps(manifest | {"format": 1}))
    fourth = Instance(tmp_path / "legacy", "sqlite", tmp_path)
    restore(fourth.loaded(), legacy)  # in this process: the command line is tested above and below
    assert _stored(fourth.data_dir / "attachments") == keys

    # A local instance's backup restored into one keeping its files in a bucket.
    done = second.command("restore", "--from", str(tmp_path / "b1"))
    assert done.returncode == 0, done.stderr
    assert s3_server.objects(bucket) == keys
    assert not (second.data_dir / "attachments").exists()
    # The bucket instance's backup reads them from the bucket.
    done = second.command("backup", "--to", str(tmp_path / "b2"))
    assert done.returncode == 0, done.stderr
    assert _stored(tmp_path / "b2" / "storage") == keys

    # A bucket (or prefix) already holding files is refused, and nothing is changed.
    with pytest.raises(RestoreError) as refused:
        restore(used.loaded(), tmp_path / "b2")
    assert "the s3 storage backend already holds files" in str(refused.value)
    assert "restore into an empty one (for s3, an empty bucket or prefix)" in str(refused.value)
    assert not (used.folder / "meta.db").exists()
    assert not used.data_dir.exists() or not any(used.data_dir.iterdir())
    assert s3_server.objects(bucket) == keys

    # The bucket's backup restored under a prefix of the same bucket.
    done = third.command("restore", "--from", str(tmp_path / "b2"))
    assert done.returncode == 0, done.stderr
    under_prefix = {f"{PREFIX['workbench.storage.s3.prefix']}/{key}": c for key, c in keys.items()}
    assert s3_server.objects(bucket) == keys | under_prefix
    with live_server(third.data_dir, third.meta_url, **third.settings()) as base_url:
        owner = Api(base_url).signin("owner@example.com")
        rows = _records(owner, table["id"])
        assert sorted(f["path"] for r in rows.values() for f in r["Files"]) == sorted(i["path"] for i, _c in files)
        for item, content in files:  # through the bucket's presigned URLs
            assert _file(base_url, owner, item) == content


def test_stored_files_are_copied_in_chunks_never_held_whole(s3_server, tmp_path):
    """A 40 MiB object goes to the backup folder and back into another bucket without the
    copy holding it in memory (at most a read chunk, and the parts of an upload)."""
    parts = str(5 * MIB)
    settings = {"workbench.storage.s3.multipart_threshold": parts, "workbench.storage.s3.part_size": parts}
    source = S3Storage(s3_server.settings(s3_server.new_bucket(), **settings))
    key = "p_backup000000001/abcdefghijklmnopqrstuvwx/big.bin"
    pattern = Pattern(40 * MIB)
    source.save(key, pattern, "application/octet-stream")
    target = S3Storage(s3_server.settings(s3_server.new_bucket(), **settings))
    tracemalloc.start()
    try:
        assert stored.take(source, tmp_path / "storage") == 1
        taking = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        assert stored.put_back(target, tmp_path / "storage") == 1
        putting = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert taking < 8 * MIB, taking
    assert putting < 25 * MIB, putting
    assert hashlib.sha256((tmp_path / "storage" / key).read_bytes()).digest() == pattern.digest.digest()
    digest = hashlib.sha256()
    with contextlib.closing(target.open(key)) as body:
        for chunk in iter(lambda: body.read(MIB), b""):
            digest.update(chunk)
    assert digest.digest() == pattern.digest.digest()
    assert stored.take(source, tmp_path / "storage") == 0  # already there: not copied again


def test_a_restore_is_refused_without_a_backup_or_into_a_used_folder(tmp_path):
    instance = Instance(tmp_path / "one", "sqlite", tmp_path)
    done = instance.command("restore", "--from", str(tmp_path / "nothing"))
    assert done.returncode == 1
    assert "holds no backup" in done.stderr
    instance.data_dir.mkdir(parents=True, exist_ok=True)
    (instance.data_dir / "kept.txt").write_text("mine")
    taken = instance.command("backup", "--to", str(tmp_path / "b"))
    assert taken.returncode == 1  # no meta database to back up
    (tmp_path / "b").mkdir(exist_ok=True)
    (tmp_path / "b" / "manifest.json").write_text(
        '{"format": 1, "meta": {"dialect": "sqlite"}, "databases": [], "sqlite": []}'
    )
    done = instance.command("restore", "--from", str(tmp_path / "b"))
    assert done.returncode == 1
    assert "is not empty" in done.stderr
    assert [p.name for p in instance.data_dir.iterdir()] == ["kept.txt"]
    # An empty data folder but a meta database already holding tables: refused, untouched.
    (instance.data_dir / "kept.txt").unlink()
    with sqlite3.connect(instance.folder / "meta.db") as connection:
        connection.execute("CREATE TABLE mine (x)")
    done = instance.command("restore", "--from", str(tmp_path / "b"))
    assert done.returncode == 1
    assert "the meta database" in done.stderr
    assert "is not empty" in done.stderr
    assert list(instance.data_dir.iterdir()) == []
    with sqlite3.connect(instance.folder / "meta.db") as connection:
        assert connection.execute("SELECT name FROM sqlite_master").fetchall() == [("mine",)]
    assert "holds no backup" not in done.stderr
    assert "backup failed" in taken.stderr


def test_a_development_instance_restores_with_its_own_generated_secret(tmp_path):
    made = []
    for name in ("dev1", "dev2"):
        folder = tmp_path / name
        folder.mkdir()
        ini = folder / "workbench.ini"
        # No secret set: reading the settings generates one in the data folder.
        ini.write_text(f"[app:main]\nworkbench.data_dir = {folder / 'data'}\n")
        made.append((folder, ini))

    def command(ini, *args):
        argv = [sys.executable, "-m", "workbench.cli", "-c", str(ini), *args]
        return subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)

    (first, first_ini), (second, second_ini) = made
    assert command(first_ini, "migrate").returncode == 0
    assert command(first_ini, "backup", "--to", str(tmp_path / "backup")).returncode == 0
    done = command(second_ini, "restore", "--from", str(tmp_path / "backup"))
    assert done.returncode == 0, done.stderr
    secret = (first / "data" / "secret.key").read_text()
    assert (second / "data" / "secret.key").read_text() == secret
    assert (second / "data" / "workbench.db").is_file()
