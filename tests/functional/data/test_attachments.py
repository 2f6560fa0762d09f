"""Attachment files through the records API, on every dialect: signed links that work
without a token until they expire, NocoDB's downloadAttachment, and files no record
refers to any more removed after commit (never one still referenced) or by the sweep
(``workbench attachments gc``)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.common import accounts
from workbench import cli
from workbench.storage import keys
from workbench.storage.cleanup import sweep
from workbench.storage.signing import SIGNED_PREFIX
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


@pytest.fixture
def ctx(client, admin):
    project, tokens = accounts.team(client, admin, "Files")
    owner = tokens["owner"]
    table = create_table(
        client, owner, project["id"], "Docs", [{"title": "Name"}, {"title": "Files", "uidt": "Attachment"}]
    )
    columns = {c["title"]: c["id"] for c in table["columns"]}
    return {
        "client": client,
        "h": client.auth(owner),
        "tokens": tokens,
        "project": project,
        "table": table,
        "columns": columns,
        "url": f"/api/v2/tables/{table['id']}/records",
        "storage": client.app.registry["storage"],
    }


def upload(ctx, *files):
    url = f"/api/v1/db/storage/upload?project_id={ctx['project']['id']}&column_id={ctx['columns']['Files']}"
    return ctx["client"].post(url, upload_files=list(files), headers=ctx["h"]).json


def key_of(item) -> str:
    return str(keys.parse_path(item["path"]))


def stored(ctx, item) -> bool:
    return ctx["storage"].backend.exists(key_of(item))


def record(ctx, row_id):
    return ctx["client"].get(f"{ctx['url']}/{row_id}", headers=ctx["h"]).json


def test_file_objects_carry_a_signed_link_that_needs_no_token(ctx):
    client, h = ctx["client"], ctx["h"]
    [png, txt] = upload(ctx, ("f", "a.png", PNG), ("f", "b.txt", b"hello"))
    client.post_json(ctx["url"], {"Name": "x", "Files": [png, txt, {"url": "https://example.com/c.pdf"}]}, headers=h)
    files = record(ctx, 1)["Files"]
    listed = client.get(ctx["url"], headers=h).json["list"][0]["Files"]
    assert [f.get("signedPath") for f in files] == [f.get("signedPath") for f in listed]
    assert "signedPath" not in files[2]
    signed = files[0]["signedPath"]
    assert signed.startswith(SIGNED_PREFIX)
    assert signed.endswith(key_of(png))
    res = client.get("/" + signed)
    assert res.body == PNG
    assert res.content_type == "image/png"
    assert res.headers["Content-Disposition"].startswith("inline;")
    assert client.get("/" + files[1]["signedPath"]).body == b"hello"
    # clients send the objects back as they got them: the links are not stored
    client.patch_json(ctx["url"], {"Id": 1, "Files": files}, headers=h)
    assert client.get(f"/api/v1/db/data/noco/{ctx['project']['id']}/Docs/1", headers=h).json["Files"] == files


def test_tampered_and_expired_links_are_refused(ctx):
    client = ctx["client"]
    [png, txt] = upload(ctx, ("f", "a.png", PNG), ("f", "b.txt", b"hello"))
    signer = ctx["storage"].signer
    expires, signature, rest = (
        signer.signed_path(keys.parse_path(png["path"])).removeprefix(SIGNED_PREFIX).split("/", 2)
    )
    other = key_of(txt)
    res = client.get(f"/api/v1/db/storage/dltemp/{expires}/{signature}/{other}", status=403)
    assert res.json == {"msg": "Invalid download link"}
    res = client.get(f"/api/v1/db/storage/dltemp/{int(expires) + 600}/{signature}/{rest}", status=403)
    assert res.json == {"msg": "Invalid download link"}
    res = client.get(f"/api/v1/db/storage/dltemp/{expires}/{signature[:-2]}xx/{rest}", status=403)
    assert res.json == {"msg": "Invalid download link"}
    res = client.get(f"/api/v1/db/storage/dltemp/soon/{signature}/{rest}", status=403)
    assert res.json == {"msg": "Invalid download link"}
    past = int(time.time()) - 10
    res = client.get("/" + signer.signed_path(keys.parse_path(png["path"]), past), status=403)
    assert res.json == {"msg": "This download link has expired"}
    ctx["storage"].backend.delete(key_of(png))
    res = client.get(f"/api/v1/db/storage/dltemp/{expires}/{signature}/{rest}", status=404)
    assert res.json == {"msg": "File not found"}


def test_download_attachment(ctx):
    client, h = ctx["client"], ctx["h"]
    [png] = upload(ctx, ("f", "Été photo.png", PNG))
    external = "https://example.com/c.pdf"
    client.post_json(ctx["url"], {"Name": "x", "Files": [png, {"url": external}]}, headers=h)
    base = f"/api/v2/downloadAttachment/{ctx['table']['id']}/{ctx['columns']['Files']}"
    res = client.get(f"{base}/1", params={"urlOrPath": png["path"]}, headers=h)
    assert res.body == PNG
    assert res.headers["Content-Disposition"] == (
        "attachment; filename=\"Ete_photo.png\"; filename*=UTF-8''%C3%89t%C3%A9%20photo.png"
    )
    viewer = client.auth(ctx["tokens"]["viewer"])
    assert client.get(f"{base}/1", params={"urlOrPath": png["path"]}, headers=viewer).body == PNG
    res = client.get(f"{base}/1", params={"urlOrPath": external}, headers=h, status=302)
    assert res.headers["Location"] == external
    res = client.get(f"{base}/1", headers=h, status=400)
    assert res.json == {"msg": "urlOrPath is required: the path or url of the file"}
    res = client.get(f"{base}/1", params={"urlOrPath": "api/v1/db/storage/download/x"}, headers=h, status=404)
    assert res.json == {"msg": "File not found in field 'Files' of record '1'"}
    client.get(f"{base}/2", params={"urlOrPath": png["path"]}, headers=h, status=404)
    name_field = f"/api/v2/downloadAttachment/{ctx['table']['id']}/{ctx['columns']['Name']}/1"
    client.get(name_field, params={"urlOrPath": png["path"]}, headers=h, status=404)
    client.get(f"{base}/1", params={"urlOrPath": png["path"]}, status=401)
    stranger = client.auth(client.signup("stranger@example.com"))
    client.get(f"{base}/1", params={"urlOrPath": png["path"]}, headers=stranger, status=403)


def test_files_no_record_refers_to_are_removed_after_commit_or_by_the_sweep(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["url"]
    a, b, c = upload(ctx, ("f", "a.txt", b"a"), ("f", "b.txt", b"b"), ("f", "c.txt", b"c"))
    client.post_json(url, [{"Name": "one", "Files": [a, b]}, {"Name": "two", "Files": [b]}], headers=h)
    client.patch_json(url, {"Id": 1, "Files": [a]}, headers=h)
    assert stored(ctx, b)  # record two still holds it
    client.patch_json(url, {"Id": 2, "Files": [c]}, headers=h)
    assert not stored(ctx, b)
    assert stored(ctx, a)
    # a deleted record's files stay for its undo; the sweep removes them once unreferenced
    client.delete_json(url, {"Id": 1}, headers=h)
    assert stored(ctx, a)
    assert key_of(a) in sweep(client.app.registry, grace=0).removed
    assert not stored(ctx, a)
    # a write that fails removes nothing
    res = client.patch_json(url, [{"Id": 2, "Files": []}, {"Id": 99, "Name": "x"}], headers=h, status=404)
    assert res.json["msg"] == "Record '99' not found"
    assert stored(ctx, c)
    # a file the meta database mentions (a project's logo) stays
    client.patch_json(f"/api/v1/db/meta/projects/{ctx['project']['id']}", {"meta": {"logo": c["path"]}}, headers=h)
    client.patch_json(url, {"Id": 2, "Files": None}, headers=h)
    assert stored(ctx, c)


def test_sweep_removes_old_unreferenced_files_only(ctx):
    client, h = ctx["client"], ctx["h"]
    used, unused = upload(ctx, ("f", "used.txt", b"u"), ("f", "unused.txt", b"n"))
    client.post_json(ctx["url"], {"Name": "x", "Files": [used]}, headers=h)
    registry = client.app.registry
    assert sweep(registry).removed == []  # both are younger than a day
    # files of earlier tests (their records are gone) may be swept too
    result = sweep(registry, grace=0, dry_run=True)
    assert key_of(unused) in result.removed
    assert key_of(used) not in result.removed
    assert stored(ctx, unused)
    result = sweep(registry, grace=0)
    assert key_of(unused) in result.removed
    assert key_of(used) not in result.removed
    assert result.kept >= 1
    assert not stored(ctx, unused)
    assert stored(ctx, used)


def test_gc_command(ctx, tmp_path, capsys):
    [unused] = upload(ctx, ("f", "unused.txt", b"n"))
    settings = ctx["client"].app.registry.settings
    lines = [
        "[app:main]",
        "use = egg:workbench",
        f"sqlalchemy.url = {settings['sqlalchemy.url']}",
        f"workbench.data_dir = {settings['workbench.data_dir']}",
        f"workbench.secret = {settings['workbench.secret']}",
    ]
    if settings.get("workbench.data.url"):
        lines.append(f"workbench.data.url = {settings['workbench.data.url']}")
    ini = Path(tmp_path / "gc.ini")
    ini.write_text("\n".join(lines) + "\n")
    assert cli.main(["-c", str(ini), "attachments", "gc", "--dry-run", "--older-than", "0"]) == 0
    assert f"would remove {key_of(unused)}" in capsys.readouterr().out
    assert stored(ctx, unused)
    assert cli.main(["-c", str(ini), "attachments", "gc", "--older-than", "0"]) == 0
    out = capsys.readouterr().out
    assert f"removed {key_of(unused)}" in out
    assert re.search(r"^removed \d+ unreferenced file\(s\), kept \d+$", out, re.MULTILINE)
    assert not stored(ctx, unused)


def write_raw(app, project_id: str, table: dict, column_title: str, value: str) -> None:
    """Write ``value`` into every record's ``column_title`` straight in the data database,
    as a value stored before files were bound to their project (or by another program)."""
    import sqlalchemy as sa
    from sqlalchemy.orm import Session

    from workbench.projects.models import Source

    column = next(c for c in table["columns"] if c["title"] == column_title)
    with Session(app.registry["db_engine"]) as session:
        source = session.scalars(sa.select(Source).where(Source.project_id == project_id)).first()
        session.expunge(source)
    engine = app.registry["source_engines"].get(source)
    physical = sa.table(table["table_name"], sa.column(column["column_name"]))
    with engine.begin() as connection:
        connection.execute(sa.update(physical).values({column["column_name"]: value}))


def test_a_file_of_another_project_can_be_neither_written_nor_signed(ctx):
    """A member who saw a file's path in one project (and was removed from it since)
    cannot write it into a project of their own to get a link that needs no token."""
    client, h = ctx["client"], ctx["h"]
    [secret] = upload(ctx, ("f", "secret.txt", b"top secret"))
    client.post_json(ctx["url"], {"Name": "x", "Files": [secret]}, headers=h)
    editor = ctx["tokens"]["editor"]
    mine = client.create_project(editor, "Mine")
    table = create_table(
        client, editor, mine["id"], "Loot", [{"title": "Name"}, {"title": "Files", "uidt": "Attachment"}]
    )
    me = client.auth(editor)
    members = client.get(f"/api/v1/db/meta/projects/{ctx['project']['id']}/users", headers=h).json["users"]["list"]
    editor_id = next(m["id"] for m in members if m["email"] == "editor@example.com")
    client.delete(f"/api/v1/db/meta/projects/{ctx['project']['id']}/users/{editor_id}", headers=h)
    url = f"/api/v2/tables/{table['id']}/records"

    for value in ([secret], [{"path": secret["path"]}], [{"path": "/" + secret["path"], "title": "mine.txt"}]):
        res = client.post_json(url, {"Name": "y", "Files": value}, headers=me, status=422)
        assert "the file was not uploaded to this project" in res.json["msg"]
    client.post_json(url, {"Name": "y"}, headers=me)
    res = client.patch_json(url, {"Id": 1, "Files": [secret]}, headers=me, status=422)
    assert "the file was not uploaded to this project" in res.json["msg"]
    v1 = f"/api/v1/db/data/noco/{mine['id']}/Loot/1"
    client.patch_json(v1, {"Files": [secret]}, headers=me, status=422)
    assert client.get(f"{url}/1", headers=me).json["Files"] is None

    # a value already stored (written by another program) gets no signed link, and
    # downloadAttachment refuses to serve it
    write_raw(client.app, mine["id"], table, "Files", f'[{{"path": "{secret["path"]}", "title": "s.txt"}}]')
    [item] = client.get(f"{url}/1", headers=me).json["Files"]
    assert item["path"] == secret["path"]
    assert "signedPath" not in item
    assert "signedUrl" not in item
    listed = client.get(url, headers=me).json["list"][0]["Files"]
    assert "signedPath" not in listed[0]
    files_id = next(c["id"] for c in table["columns"] if c["title"] == "Files")
    base = f"/api/v2/downloadAttachment/{table['id']}/{files_id}"
    res = client.get(f"{base}/1", params={"urlOrPath": secret["path"]}, headers=me, status=404)
    assert res.json == {"msg": "File not found"}
    # the plain path still checks access to the project the file belongs to
    client.get("/" + secret["path"], headers=me, status=403)
    # the owner's own links are unaffected
    assert client.get("/" + record(ctx, 1)["Files"][0]["signedPath"]).body == b"top secret"
