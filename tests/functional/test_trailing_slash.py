"""A trailing slash is ignored on every route, as NocoDB's clients expect: real requests
with and without one answer the same; the web app's pages and files are unchanged."""

V1 = "/api/v1/db/meta/projects"


def test_api_answers_the_same_with_a_trailing_slash(client, admin):
    headers = client.auth(admin)
    created = client.post_json(f"{V1}/", {"title": "Sales"}, headers=headers).json
    assert created["title"] == "Sales"

    assert client.get(f"{V1}/", headers=headers).json == client.get(V1, headers=headers).json
    one = f"{V1}/{created['id']}"
    assert client.get(f"{one}/", headers=headers).json == client.get(one, headers=headers).json

    columns = [{"title": "Title", "uidt": "SingleLineText"}]
    table = client.post_json(f"{one}/tables/", {"title": "Items", "columns": columns}, headers=headers).json
    records = f"/api/v2/tables/{table['id']}/records"
    client.post_json(f"{records}/", {"Title": "a"}, headers=headers)
    with_slash = client.get(f"{records}/", headers=headers).json
    assert with_slash == client.get(records, headers=headers).json
    assert [r["Title"] for r in with_slash["list"]] == ["a"]

    client.patch_json(f"{one}/", {"title": "Revenue"}, headers=headers)
    assert client.get(one, headers=headers).json["title"] == "Revenue"


def test_errors_and_methods_are_the_same_with_a_trailing_slash(client, admin):
    headers = client.auth(admin)
    missing = client.get(f"{V1}/p_missing/", headers=headers, status=404).json
    assert missing == client.get(f"{V1}/p_missing", headers=headers, status=404).json
    refused = client.get(f"{V1}/", status=401).json
    assert refused == client.get(V1, status=401).json
    assert (
        client.put_json("/api/v1/auth/user/me/", {}, headers=headers, status=405).headers["Allow"]
        == (client.put_json("/api/v1/auth/user/me", {}, headers=headers, status=405).headers["Allow"])
    )


def test_only_the_last_slash_is_ignored(client, admin):
    client.get(f"{V1}//", headers=client.auth(admin), status=404)
