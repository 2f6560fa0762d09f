"""Attachment, Geometry and SpecificDBType fields through the tables and records APIs, on
every dialect: values round-trip, bad values are refused naming the field, and an
Attachment field's options apply to uploads made for it."""

from __future__ import annotations

import pytest

from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
# (native type, value sent, value read back) per dialect
NATIVE = {
    "sqlite": ("varchar(20)", "abc", "abc"),
    "postgresql": ("inet", "10.0.0.1", "10.0.0.1"),
    "mariadb": ("mediumint", 42, 42),
}


@pytest.fixture
def ctx(client, admin, dialect):
    project = client.create_project(admin, "Rich")
    native = NATIVE[dialect][0]
    table = create_table(
        client,
        admin,
        project["id"],
        "Places",
        [
            {"title": "Name"},
            {
                "title": "Files",
                "uidt": "Attachment",
                "meta": {"maxNumberOfAttachments": 2, "supportedAttachmentMimeTypes": ["image/*", "text/plain"]},
            },
            {"title": "Shape", "uidt": "Geometry"},
            {"title": "Native", "uidt": "SpecificDBType", "dt": native},
        ],
    )
    columns = {c["title"]: c for c in table["columns"]}
    return {
        "client": client,
        "h": client.auth(admin),
        "project": project,
        "columns": columns,
        "url": f"/api/v2/tables/{table['id']}/records",
        "dialect": dialect,
    }


def upload(ctx, *files, status=200, column_id=None):
    """Upload `files` for the field `column_id` (the Files field by default)."""
    column_id = column_id or ctx["columns"]["Files"]["id"]
    url = f"/api/v1/db/storage/upload?project_id={ctx['project']['id']}&column_id={column_id}"
    return ctx["client"].post(url, upload_files=list(files), headers=ctx["h"], status=status).json


def unsigned(items):
    """File objects without the signed link added at read time."""
    return [{k: v for k, v in item.items() if k != "signedPath"} for item in items]


def test_columns_describe_themselves(ctx):
    cols = ctx["columns"]
    assert (cols["Files"]["uidt"], cols["Files"]["dt"]) == ("Attachment", "text")
    assert (cols["Shape"]["uidt"], cols["Shape"]["dt"]) == ("Geometry", "text")
    assert (cols["Native"]["uidt"], cols["Native"]["dt"]) == ("SpecificDBType", NATIVE[ctx["dialect"]][0])


def test_values_round_trip(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["url"]
    files = upload(ctx, ("f", "a.png", PNG), ("f", "b.txt", b"text"))
    _, sent, read = NATIVE[ctx["dialect"]]
    row = {"Name": "x", "Files": files, "Shape": "polygon((0 0, 1 0, 1 1, 0 0))", "Native": sent}
    created = client.post_json(url, row, headers=h).json
    got = client.get(f"{url}/{created['Id']}", headers=h).json
    assert unsigned(got["Files"]) == unsigned(files)  # the upload also answers with signed links
    assert all(item["signedPath"].startswith("api/v1/db/storage/dltemp/") for item in got["Files"])
    assert got["Shape"] == "POLYGON ((0 0, 1 0, 1 1, 0 0))"
    assert got["Native"] == read
    client.patch_json(url, {"Id": created["Id"], "Files": files[:1], "Shape": None}, headers=h)
    got = client.get(f"{url}/{created['Id']}", headers=h).json
    assert (unsigned(got["Files"]), got["Shape"]) == (unsigned(files[:1]), None)
    # What a record points at downloads for a reader of the project.
    assert client.get("/" + files[0]["path"], headers=h).body == PNG
    client.patch_json(url, {"Id": created["Id"], "Files": []}, headers=h)
    assert client.get(f"{url}/{created['Id']}", headers=h).json["Files"] is None
    # ... and once no record refers to it, it is removed.
    client.get("/" + files[0]["path"], headers=h, status=404)


def test_filters_and_search(ctx):
    client, h, url = ctx["client"], ctx["h"], ctx["url"]
    files = upload(ctx, ("f", "holiday.png", PNG))
    client.post_json(url, [{"Name": "a", "Files": files, "Shape": "POINT(1 2)"}, {"Name": "b"}], headers=h)
    listed = client.get(url, params={"where": "(Files,like,holiday)"}, headers=h).json["list"]
    assert [r["Name"] for r in listed] == ["a"]
    listed = client.get(url, params={"where": "(Shape,blank)"}, headers=h).json["list"]
    assert [r["Name"] for r in listed] == ["b"]
    listed = client.get(url, params={"where": "(Shape,eq,POINT (1 2))"}, headers=h).json["list"]
    assert [r["Name"] for r in listed] == ["a"]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("Shape", "POINT(1 2", "invalid geometry: expected ')' at position 10, found end of text"),
        ("Shape", "LINESTRING(0 0)", "invalid geometry: a linestring needs at least 2 points"),
        ("Files", [{"path": "../../etc/passwd"}], "attachment 1: invalid path"),
        (
            "Files",
            [{"url": "https://x.example/a.pdf"}],
            "target file is not an accepted file type: image/*, text/plain",
        ),
        ("Files", [{"url": "https://x.example/a.png"}] * 3, "at most 2 attachments are allowed"),
        ("Native", {"a": 1}, "expected a single value"),
    ],
)
def test_bad_values_name_the_field(ctx, field, value, message):
    res = ctx["client"].post_json(ctx["url"], {field: value}, headers=ctx["h"], status=422).json
    assert res["msg"].startswith(f"Invalid value for field '{field}'")
    assert message in res["msg"]


def test_uploads_for_the_field_follow_its_options(ctx):
    res = upload(ctx, ("f", "doc.pdf", b"%PDF-1.4 ..."), status=400)
    assert res["msg"] == "target file is not an accepted file type: image/*, text/plain"
    res = upload(ctx, ("f", "a.png", PNG), status=400, column_id=ctx["columns"]["Name"]["id"])
    assert res == {"msg": "Field 'Name' is not an Attachment field"}
    res = upload(ctx, ("f", "a.png", PNG), status=404, column_id="cl_missing")
    assert res == {"msg": "Field not found"}
    client, h = ctx["client"], ctx["h"]
    project_id = ctx["project"]["id"]
    # NocoDB's path=noco/<base>/<table>/<column> names the same field.
    files = ctx["columns"]["Files"]
    path = f"noco/{project_id}/{files['fk_model_id']}/{files['id']}"
    res = client.post(
        f"/api/v2/storage/upload?path={path}", upload_files=[("f", "doc.pdf", b"%PDF-1.4")], headers=h, status=400
    ).json
    assert res["msg"].startswith("target file is not an accepted file type")
    assert (
        client.post(f"/api/v2/storage/upload?path={path}", upload_files=[("f", "a.png", PNG)], headers=h).json[0][
            "mimetype"
        ]
        == "image/png"
    )


def test_a_field_of_another_project_is_not_found(ctx):
    client, h = ctx["client"], ctx["h"]
    other = client.create_project(client.signup("other@example.com"), "Other")
    files = ctx["columns"]["Files"]
    client.post(
        f"/api/v1/db/storage/upload?project_id={other['id']}&column_id={files['id']}",
        upload_files=[("f", "a.png", PNG)],
        headers=h,
        status=404,
    )
