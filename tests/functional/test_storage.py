"""Attachment uploads and downloads: file objects, limits, types, and who may download."""

from __future__ import annotations

import pytest

from workbench.storage.keys import DOWNLOAD_PREFIX

UPLOAD = "/api/v1/db/storage/upload"
UPLOAD_V2 = "/api/v2/storage/upload"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
PDF = b"%PDF-1.7\n" + b"x" * 64


def upload(client, token, project, *files, url=UPLOAD, status=200, **query):
    query = {"project_id": project["id"], **query}
    qs = "&".join(f"{k}={v}" for k, v in query.items())
    return client.post(f"{url}?{qs}", upload_files=list(files), headers=client.auth(token), status=status).json


def download(client, item, token=None, status=200):
    headers = client.auth(token) if token else {}
    return client.get("/" + item["path"], headers=headers, status=status)


def add_member(client, owner, project, email, role) -> str:
    token = client.signup(email)
    client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/users", {"email": email, "roles": role}, headers=client.auth(owner)
    )
    return token


@pytest.fixture
def owner(client, admin):
    return client.signup("owner@example.com")


@pytest.fixture
def project(client, owner):
    return client.create_project(owner, "Files")


def test_upload_one_file_gives_a_file_object(client, owner, project):
    [item] = upload(client, owner, project, ("file", "photo.png", PNG))
    # The signed link comes with the answer (a client shows the image at once), not stored.
    assert set(item) == {"path", "title", "mimetype", "size", "signedPath"}
    assert client.get("/" + item["signedPath"]).body == PNG
    assert item["title"] == "photo.png"
    assert item["mimetype"] == "image/png"
    assert item["size"] == len(PNG)
    assert item["path"].startswith(f"{DOWNLOAD_PREFIX}{project['id']}/")
    assert item["path"].endswith("/photo.png")
    res = download(client, item, owner)
    assert res.body == PNG
    assert res.content_type == "image/png"
    assert res.headers["X-Content-Type-Options"] == "nosniff"
    assert res.headers["Content-Disposition"] == 'inline; filename="photo.png"'
    assert "sandbox" in res.headers["Content-Security-Policy"]


def test_upload_many_files_on_v2_with_base_id(client, owner, project):
    items = upload(
        client,
        owner,
        project,
        ("files", "a.txt", b"alpha"),
        ("files", "b.pdf", PDF),
        ("other", "c.csv", b"x,y\n1,2\n"),
        url=UPLOAD_V2,
        project_id=project["id"],
    )
    assert [i["title"] for i in items] == ["a.txt", "b.pdf", "c.csv"]
    assert [i["mimetype"] for i in items] == ["text/plain", "application/pdf", "text/csv"]
    assert len({i["path"] for i in items}) == 3
    assert download(client, items[2], owner).body == b"x,y\n1,2\n"


def test_project_from_base_id_and_nocodb_path(client, owner, project):
    [a] = upload(client, owner, {"id": "unused"}, ("f", "a.txt", b"a"), project_id="", base_id=project["id"])
    [b] = upload(client, owner, {"id": ""}, ("f", "b.txt", b"b"), project_id="", path=f"noco/{project['id']}")
    assert a["path"].startswith(f"{DOWNLOAD_PREFIX}{project['id']}/")
    assert b["path"].startswith(f"{DOWNLOAD_PREFIX}{project['id']}/")


def test_project_from_a_path_in_the_body_or_naming_a_table(client, owner, project):
    """NocoDB's PyPI client sends ``path=files/<table id>`` as a multipart field."""
    table = client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/tables", {"title": "Docs"}, headers=client.auth(owner)
    ).json
    for path in (f"noco/{project['id']}", f"files/{table['id']}"):
        res = client.post(
            UPLOAD_V2, {"path": path}, upload_files=[("file", "a.txt", b"a")], headers=client.auth(owner)
        ).json
        assert res[0]["path"].startswith(f"{DOWNLOAD_PREFIX}{project['id']}/"), path
    [c] = upload(client, owner, {"id": ""}, ("f", "c.txt", b"c"), project_id="", path=f"files/{table['id']}")
    assert c["path"].startswith(f"{DOWNLOAD_PREFIX}{project['id']}/")
    # A table of a project the caller is no member of gives them no right to upload there.
    stranger = client.signup("stranger@example.com")
    client.post(
        UPLOAD_V2,
        {"path": f"files/{table['id']}"},
        upload_files=[("file", "a.txt", b"a")],
        headers=client.auth(stranger),
        status=403,
    )
    client.post(
        UPLOAD_V2,
        {"path": "files/md_nope"},
        upload_files=[("file", "a.txt", b"a")],
        headers=client.auth(owner),
        status=404,
    )


def test_content_decides_the_type_and_the_stored_extension(client, owner, project):
    # Declared a text file named .txt, but the bytes are a PNG: it is stored and served as one.
    [item] = upload(client, owner, project, ("f", "notes.txt", PNG, "text/plain"))
    assert item["mimetype"] == "image/png"
    assert item["title"] == "notes.txt"
    assert item["path"].endswith("/notes.png")
    assert download(client, item, owner).content_type == "image/png"


def test_active_content_is_served_as_a_download(client, owner, project):
    [item] = upload(client, owner, project, ("f", "page.html", b"<script>alert(1)</script>", "image/png"))
    assert item["mimetype"] == "text/html"
    res = download(client, item, owner)
    assert res.headers["Content-Disposition"].startswith("attachment;")
    assert res.headers["Content-Security-Policy"] == "default-src 'none'; sandbox"


def test_file_names_are_sanitised(client, owner, project):
    [item] = upload(client, owner, project, ("f", "../../etc/pass wd\x07.txt", b"x"))
    assert item["title"] == "pass wd.txt"
    assert item["path"].endswith("/pass_wd.txt")
    [item] = upload(client, owner, project, ("f", "C:\\Users\\me\\Ünïcode ファイル.txt", b"x"))
    assert item["title"] == "Ünïcode ファイル.txt"
    assert item["path"].rsplit("/", 1)[1] == "Unicode.txt"


def test_no_file(client, owner, project):
    res = client.post(
        f"{UPLOAD}?project_id={project['id']}",
        {"name": "value"},
        headers=client.auth(owner),
        content_type="multipart/form-data",
        status=400,
    )
    assert res.json == {"msg": "No file uploaded"}
    res = client.post(
        f"{UPLOAD}?project_id={project['id']}", upload_files=[("f", "", b"")], headers=client.auth(owner), status=400
    )
    assert res.json == {"msg": "No file uploaded"}


def test_not_multipart(client, owner, project):
    res = client.post_json(
        f"{UPLOAD}?project_id={project['id']}", {"file": "x"}, headers=client.auth(owner), status=400
    )
    assert "multipart/form-data" in res.json["msg"]


def test_malformed_multipart(client, owner, project):
    body = b'--XYZ\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nunterminated'
    res = client.post(
        f"{UPLOAD}?project_id={project['id']}",
        body,
        headers=client.auth(owner),
        content_type="multipart/form-data; boundary=ABC",
        status=400,
    )
    assert res.json == {"msg": "No file uploaded"}
    res = client.post(
        f"{UPLOAD}?project_id={project['id']}",
        b"garbage",
        headers=client.auth(owner),
        content_type="multipart/form-data",
        status=400,
    )
    assert res.json["msg"] in {"Malformed multipart body", "No file uploaded"}


def test_upload_needs_a_project(client, owner, project):
    res = client.post(UPLOAD, upload_files=[("f", "a.txt", b"a")], headers=client.auth(owner), status=400)
    assert "project_id is required" in res.json["msg"]
    res = client.post(
        f"{UPLOAD}?project_id=p_nope", upload_files=[("f", "a.txt", b"a")], headers=client.auth(owner), status=404
    )
    assert res.json == {"msg": "Project not found"}


def test_upload_permissions(client, owner, project):
    upload(client, add_member(client, owner, project, "editor@example.com", "editor"), project, ("f", "a.txt", b"a"))
    viewer = add_member(client, owner, project, "viewer@example.com", "viewer")
    assert upload(client, viewer, project, ("f", "a.txt", b"a"), status=403)["msg"]
    stranger = client.signup("stranger@example.com")
    upload(client, stranger, project, ("f", "a.txt", b"a"), status=403)
    client.post(f"{UPLOAD}?project_id={project['id']}", upload_files=[("f", "a.txt", b"a")], status=401)


def test_download_needs_read_access_to_the_project(client, owner, project):
    [item] = upload(client, owner, project, ("f", "secret.txt", b"top secret"))
    viewer = add_member(client, owner, project, "viewer@example.com", "viewer")
    assert download(client, item, viewer).body == b"top secret"
    stranger = client.signup("stranger@example.com")
    res = download(client, item, stranger, status=403)
    assert res.json == {"msg": "You don't have enough permission to access the project."}
    assert download(client, item, None, status=401).json == {"msg": "Unauthorized"}
    # A file of one project is not reachable through another the caller can read.
    own = client.create_project(stranger, "Mine")
    moved = {"path": item["path"].replace(project["id"], own["id"])}
    assert download(client, moved, stranger, status=404).json == {"msg": "File not found"}


def test_download_unknown_or_malformed_keys(client, owner, project):
    [item] = upload(client, owner, project, ("f", "a.txt", b"a"))
    base = f"/{DOWNLOAD_PREFIX}{project['id']}"
    token = item["path"].split("/")[-2]
    # secret.key exists in the data folder, next to the storage root.
    for path in (
        f"{base}/{token}/b.txt",
        f"{base}/{'x' * 24}/a.txt",
        f"{base}/../secret.key",
        f"{base}/{token}/..",
        f"{base}/{token}/.hidden",
        f"{base}/..%2F..%2F/secret.key",
        f"{base}/{token}/%2e%2e",
        f"{base}/short/a.txt",
    ):
        res = client.get(path, headers=client.auth(owner), expect_errors=True)
        assert res.status_int == 404, path
        assert res.content_type == "application/json"


def test_download_head_and_openapi(client, owner, project):
    [item] = upload(client, owner, project, ("f", "a.txt", b"abc"))
    res = client.head("/" + item["path"], headers=client.auth(owner))
    assert res.headers["Content-Length"] == "3"
    paths = client.get("/api/v1/openapi.json").json["paths"]
    assert paths[UPLOAD]["post"]["x-permission"] == "project:attachment:upload"
    assert paths["/api/v1/db/storage/download/{project_id}/{token}/{name}"]["get"]["x-permission"] == (
        "project:data:read"
    )


# -- limits and types from the settings --------------------------------------------------------------------


@pytest.fixture
def limited(make_client):
    client = make_client(
        **{
            "workbench.attachments.max_size": "1000",
            "workbench.attachments.accepted_types": "image/* application/pdf",
            "workbench.max_upload_size": "5000",
        }
    )
    client.signup("admin@example.com")
    owner = client.signup("owner@example.com")
    return client, owner, client.create_project(owner, "Limited")


def test_too_large_is_413_and_leaves_nothing(limited, tmp_path):
    client, owner, project = limited
    res = upload(client, owner, project, ("f", "big.png", PNG + b"\x00" * 1000), status=413)
    assert res["msg"] == "big.png: File too large: the limit is 1000 bytes"
    assert upload(client, owner, project, ("f", "ok.png", PNG))[0]["size"] == len(PNG)
    root = next(tmp_path.glob("data*/attachments")) / project["id"]
    assert len(list(root.iterdir())) == 1


def test_body_over_the_upload_limit_is_refused_before_parsing(limited):
    client, owner, project = limited
    files = [("f", f"{i}.png", PNG + b"\x00" * 900) for i in range(6)]
    res = upload(client, owner, project, *files, status=413)
    assert res["msg"] == "Request body too large (limit 5000 bytes)"


def test_wrong_type_names_the_accepted_types(limited, tmp_path):
    client, owner, project = limited
    res = upload(client, owner, project, ("f", "ok.png", PNG), ("f", "notes.txt", b"hello"), status=400)
    assert res["msg"] == "target file is not an accepted file type: image/*, application/pdf"
    assert res["file"] == "notes.txt"
    # The first file of the refused request was removed again.
    root = next(tmp_path.glob("data*/attachments"))
    assert not any(p.is_file() for p in root.rglob("*"))
    assert upload(client, owner, project, ("f", "doc.pdf", PDF))[0]["mimetype"] == "application/pdf"
