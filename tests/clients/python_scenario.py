"""NocoDB's PyPI client (nocodb-simple-client), unchanged, through a whole scenario against a
live server. Sign-up and sign-in go through plain HTTP (the client has no calls for them);
everything after uses the client with an API token, as its users do."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from nocodb_simple_client import NocoDBClient, NocoDBLinks, NocoDBMetaClient, NocoDBViews
from nocodb_simple_client.exceptions import AuthenticationException, ValidationException

PASSWORD = "Py-password-123"


def call(base_url: str, method: str, path: str, body=None, token: str | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base_url + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("xc-auth", token)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def run(base_url: str, work_dir: Path) -> list[str]:
    """The scenario; answers the names of the steps done (an assertion stops it)."""
    done: list[str] = []
    email = "py-user@example.com"
    call(base_url, "POST", "/api/v1/auth/user/signup", {"email": email, "password": PASSWORD})
    jwt = call(base_url, "POST", "/api/v1/auth/user/signin", {"email": email, "password": PASSWORD})["token"]
    base = call(base_url, "POST", "/api/v1/db/meta/projects/", {"title": "Py base"}, jwt)
    api_token = call(base_url, "POST", "/api/v1/tokens", {"description": "python"}, jwt)["token"]
    done.append("sign up, sign in, API token")

    meta = NocoDBMetaClient(base_url=base_url, db_auth_token=api_token)
    client = NocoDBClient(base_url=base_url, db_auth_token=api_token)

    # Bases and tables through the meta client.
    assert [b["title"] for b in meta.list_bases()] == ["Py base"]
    assert meta.get_base(base["id"])["title"] == "Py base"
    table = meta.create_table(
        base["id"],
        {
            "table_name": "books",
            "title": "Books",
            "columns": [
                {"column_name": "id", "title": "Id", "uidt": "ID"},
                {"column_name": "title", "title": "Title", "uidt": "SingleLineText"},
                {"column_name": "pages", "title": "Pages", "uidt": "Number"},
                {"column_name": "read", "title": "Read", "uidt": "Checkbox"},
                {"column_name": "cover", "title": "Cover", "uidt": "Attachment"},
            ],
        },
    )
    table_id = table["id"]
    try:
        meta.create_table(base["id"], {"table_name": "books2", "title": "Books", "columns": []})
        raise AssertionError("a second table titled Books was created")
    except ValidationException:
        pass
    assert [t["title"] for t in meta.list_tables(base["id"])] == ["Books"]
    meta.create_column(table_id, {"column_name": "isbn", "title": "ISBN", "uidt": "SingleLineText"})
    titles = {c["title"] for c in meta.list_columns(table_id)}
    assert {"Id", "Title", "Pages", "Read", "Cover", "ISBN"} <= titles, titles
    assert meta.get_table_info(table_id)["title"] == "Books"
    done.append("bases, tables, columns")

    # Records (v2 paths).
    one = client.insert_record(table_id, {"Title": "Dune", "Pages": 412})
    ids = client.bulk_insert_records(
        table_id, [{"Title": "Emma", "Pages": 474, "Read": True}, {"Title": "Ulysses", "Pages": 730}]
    )
    assert len(ids) == 2
    records = client.get_records(table_id, sort="-Pages", where="(Pages,gt,420)", limit=10)
    assert [r["Title"] for r in records] == ["Ulysses", "Emma"], records
    assert client.get_record(table_id, one)["Title"] == "Dune"
    client.update_record(table_id, {"Pages": 500}, one)
    assert client.get_record(table_id, one)["Pages"] == 500
    client.bulk_update_records(table_id, [{"Id": ids[0], "Pages": 475}, {"Id": ids[1], "Pages": 731}])
    assert [r["Pages"] for r in client.get_records(table_id, sort="Id")] == [500, 475, 731]
    assert client.count_records(table_id) == 3
    extra = client.insert_record(table_id, {"Title": "spare"})
    client.delete_record(table_id, extra)
    spares = client.bulk_insert_records(table_id, [{"Title": "s1"}, {"Title": "s2"}])
    client.bulk_delete_records(table_id, spares)
    assert client.count_records(table_id) == 3
    done.append("records")

    # Links: a has-many link to a second table.
    authors = meta.create_table(
        base["id"],
        {
            "table_name": "authors",
            "title": "Authors",
            "columns": [
                {"column_name": "id", "title": "Id", "uidt": "ID"},
                {"column_name": "name", "title": "Name", "uidt": "SingleLineText"},
            ],
        },
    )
    made = meta.create_column(
        authors["id"],
        {"title": "Books", "uidt": "LinkToAnotherRecord", "parentId": authors["id"], "childId": table_id, "type": "hm"},
    )
    link_field = next(c for c in made["columns"] if c["title"] == "Books")
    author = client.insert_record(authors["id"], {"Name": "Herbert"})
    links = NocoDBLinks(client)
    links.link_records(authors["id"], author, link_field["id"], [one, ids[0]])
    linked = links.get_linked_records(authors["id"], author, link_field["id"])
    assert sorted(r["Title"] for r in linked) == ["Dune", "Emma"], linked
    links.unlink_records(authors["id"], author, link_field["id"], [ids[0]])
    assert [r["Title"] for r in links.get_linked_records(authors["id"], author, link_field["id"])] == ["Dune"]
    done.append("links")

    # Views, filters and sorts. The client's own helpers for creating views and their
    # filters use paths NocoDB does not serve; its request layer is used on NocoDB's paths.
    views = NocoDBViews(meta)
    assert [v["title"] for v in views.get_views(table_id)] == ["Books"]
    grid = meta._post(f"api/v2/meta/tables/{table_id}/grids", {"title": "Long ones"})
    assert grid["title"] == "Long ones"
    views.update_view(table_id, grid["id"], title="Long books")
    assert sorted(v["title"] for v in meta.list_views(table_id)) == ["Books", "Long books"]
    pages = next(c for c in meta.list_columns(table_id) if c["title"] == "Pages")
    meta._post(
        f"api/v2/meta/views/{grid['id']}/filters", {"fk_column_id": pages["id"], "comparison_op": "gt", "value": 480}
    )
    meta._post(f"api/v2/meta/views/{grid['id']}/sorts", {"fk_column_id": pages["id"], "direction": "desc"})
    assert len(meta._get(f"api/v2/meta/views/{grid['id']}/filters")["list"]) == 1
    assert meta._get(f"api/v2/meta/views/{grid['id']}/sorts")["list"][0]["direction"] == "desc"
    rows = client._get(f"api/v2/tables/{table_id}/records", {"viewId": grid["id"]})["list"]
    assert [r["Title"] for r in rows] == ["Ulysses", "Dune"], rows
    done.append("views, filters and sorts")

    # A shared view, read without a token.
    shared = meta._post(f"api/v2/meta/views/{grid['id']}/share", {})
    with urllib.request.urlopen(f"{base_url}/api/v2/public/shared-view/{shared['uuid']}/rows", timeout=30) as res:
        assert [r["Title"] for r in json.loads(res.read())["list"]] == ["Ulysses", "Dune"]
    done.append("shared view")

    # An attachment: uploaded to storage, appended to the record, downloaded again.
    cover = work_dir / "cover.txt"
    cover.write_bytes(b"a cover of Dune")
    client.attach_file_to_record(table_id, one, "Cover", cover)
    files = client.get_record(table_id, one)["Cover"]
    assert [f["title"] for f in files] == ["cover.txt"], files
    target = work_dir / "downloaded.txt"
    client.download_file_from_record(table_id, one, "Cover", target)
    assert target.read_bytes() == b"a cover of Dune"
    done.append("attachment upload and download")

    # Deleting the API token ends it.
    tokens = call(base_url, "GET", "/api/v1/tokens", token=jwt)["list"]
    call(base_url, "DELETE", f"/api/v1/tokens/{tokens[0]['id']}", token=jwt)
    try:
        client.get_records(table_id)
        raise AssertionError("a deleted API token still works")
    except AuthenticationException:
        pass
    done.append("API token deleted")
    return done
