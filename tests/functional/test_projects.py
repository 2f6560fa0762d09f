"""Projects (bases) through the v1 and v2 meta paths: CRUD, title and theme rules, the
default SQLite source and its file, list paging."""

import json
from pathlib import Path

import pytest

from tests.common import accounts

V1 = "/api/v1/db/meta/projects"
V2 = "/api/v2/meta/bases"
DEFAULT_THEME = {"primaryColor": "#4351E8", "accentColor": "#FF4A8D"}


def data_file(client, project) -> Path:
    return Path(client.app.registry.settings["workbench.data_dir"]) / "projects" / f"{project['id']}.db"


@pytest.fixture(params=[V1, V2], ids=["v1", "v2"])
def base(request):
    """The projects collection path: every CRUD test runs on both API versions."""
    return request.param


def test_create_read_update_delete(client, admin, base):
    headers = client.auth(admin)
    created = client.post_json(base, {"title": "Sales", "description": "Q3", "color": "#ff0000"}, headers=headers).json
    assert created["id"].startswith("p_")
    assert created["title"] == "Sales"
    assert created["description"] == "Q3"
    assert created["color"] == "#ff0000"
    assert created["meta"] == {"theme": DEFAULT_THEME}
    assert created["roles"] == {"owner": True}
    assert created["project_role"] == "owner"

    read = client.get(f"{base}/{created['id']}", headers=headers).json
    for key in ("id", "title", "description", "color", "meta", "bases", "created_by", "created_at"):
        assert read[key] == created[key]

    updated = client.patch_json(
        f"{base}/{created['id']}", {"title": "Revenue", "description": None}, headers=headers
    ).json
    assert updated["title"] == "Revenue"
    assert updated["description"] is None
    assert updated["color"] == "#ff0000"
    assert client.get(f"{base}/{created['id']}", headers=headers).json["title"] == "Revenue"

    deleted = client.delete(f"{base}/{created['id']}", headers=headers).json
    assert deleted == {"msg": "The project has been deleted successfully"}
    res = client.get(f"{base}/{created['id']}", headers=headers, status=404)
    assert res.json == {"msg": "Project not found"}
    assert client.get(base, headers=headers).json["list"] == []


def test_v1_and_v2_are_the_same_projects(client, admin):
    headers = client.auth(admin)
    one = client.post_json(V1, {"title": "One"}, headers=headers).json
    two = client.post_json(V2, {"title": "Two"}, headers=headers).json
    assert [p["id"] for p in client.get(V1, headers=headers).json["list"]] == [one["id"], two["id"]]
    assert [p["id"] for p in client.get(V2, headers=headers).json["list"]] == [one["id"], two["id"]]
    client.patch_json(f"{V2}/{one['id']}", {"title": "Uno"}, headers=headers)
    assert client.get(f"{V1}/{one['id']}", headers=headers).json["title"] == "Uno"


@pytest.fixture
def embedded(make_client):
    """A client on an app with the embedded default: each project's data in its own SQLite file
    (the shared app may put project data in a server database instead)."""
    client = make_client()
    return client, client.signup("admin@example.com")


def test_default_source_and_its_file(embedded, base):
    client, admin = embedded
    headers = client.auth(admin)
    project = client.post_json(base, {"title": "Files"}, headers=headers).json
    [source] = project["bases"]
    assert project["sources"] == project["bases"]
    assert source["type"] == "sqlite3"
    assert source["id"].startswith("ds_")
    assert source["is_default"] is True
    assert source["enabled"] is True
    assert source["project_id"] == project["id"]
    assert "config" not in source
    path = data_file(client, project)
    assert path.is_file()
    assert path.read_bytes().startswith(b"SQLite format 3")
    listed = client.get(f"{base}/{project['id']}/{'bases' if base == V1 else 'sources'}", headers=headers).json
    assert [s["id"] for s in listed["list"]] == [source["id"]]
    assert listed["pageInfo"]["totalRows"] == 1

    client.delete(f"{base}/{project['id']}", headers=headers)
    assert not path.exists()
    assert not list(path.parent.glob(f"{project['id']}.db*"))


def test_failed_create_leaves_no_file(embedded):
    client, admin = embedded
    before = set((Path(client.app.registry.settings["workbench.data_dir"]) / "projects").glob("*.db"))
    client.post_json(V1, {"title": " bad"}, headers=client.auth(admin), status=400)
    after = set((Path(client.app.registry.settings["workbench.data_dir"]) / "projects").glob("*.db"))
    assert after == before


def test_each_project_has_its_own_file(embedded):
    client, admin = embedded
    first = client.create_project(admin, "A")
    second = client.create_project(admin, "B")
    assert data_file(client, first) != data_file(client, second)
    client.delete(f"{V1}/{first['id']}", headers=client.auth(admin))
    assert not data_file(client, first).exists()
    assert data_file(client, second).is_file()


def test_project_info(client, admin):
    project = client.create_project(admin, "Info")
    info = client.get(f"{V1}/{project['id']}/info", headers=client.auth(admin)).json
    assert info["Database"] == project["bases"][0]["type"]
    assert info["RootDB"] in {"sqlite", "postgresql", "mysql", "mariadb"}
    assert info["PackageVersion"]
    assert client.get(f"{V2}/{project['id']}/info", headers=client.auth(admin)).json == info


# -- title rules ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "msg"),
    [
        ("", "title: Project name is required"),
        ("   ", "title: Project name is required"),
        (" Leading", "title: Project name cannot start with a space"),
        ("x" * 51, "title: Project name must be at most 50 characters long"),
        (None, "title: Input should be a valid string"),
        (42, "title: Input should be a valid string"),
        (["a"], "title: Input should be a valid string"),
    ],
)
def test_bad_titles_are_refused(client, admin, base, title, msg):
    res = client.post_json(base, {"title": title}, headers=client.auth(admin), status=400)
    assert res.json == {"msg": msg}
    assert client.get(base, headers=client.auth(admin)).json["list"] == []


def test_missing_title_is_refused(client, admin, base):
    assert client.post_json(base, {}, headers=client.auth(admin), status=400).json == {"msg": "title: Field required"}


@pytest.mark.parametrize("title", ["x" * 50, "Trailing space ", "é" * 50, "Ünïcödé 🚀", "a"])
def test_good_titles_are_kept_exactly(client, admin, title):
    assert client.create_project(admin, title)["title"] == title


def test_title_rules_apply_on_update(client, admin, base):
    project = client.create_project(admin, "Fine")
    url = f"{base}/{project['id']}"
    for title in ("", " x", "y" * 51, 7):
        client.patch_json(url, {"title": title}, headers=client.auth(admin), status=400)
    assert client.get(url, headers=client.auth(admin)).json["title"] == "Fine"
    # An absent or null title leaves it unchanged.
    assert client.patch_json(url, {"color": "#abc"}, headers=client.auth(admin)).json["title"] == "Fine"
    assert client.patch_json(url, {"title": None}, headers=client.auth(admin)).json["title"] == "Fine"


# -- meta and theme -----------------------------------------------------------------------


THEME = {"primaryColor": "#123456", "accentColor": "#abcdef"}


@pytest.mark.parametrize("as_string", [False, True], ids=["object", "string"])
def test_meta_as_object_or_json_string(client, admin, as_string):
    meta = {"theme": THEME, "icon": "rocket"}
    body = {"title": "Meta", "meta": json.dumps(meta) if as_string else meta}
    project = client.post_json(V1, body, headers=client.auth(admin)).json
    assert project["meta"] == meta
    url = f"{V1}/{project['id']}"
    new_meta = {"theme": {"primaryColor": "#000", "accentColor": "#fff"}}
    res = client.patch_json(
        url, {"meta": json.dumps(new_meta) if as_string else new_meta}, headers=client.auth(admin)
    ).json
    assert res["meta"] == new_meta
    assert client.get(url, headers=client.auth(admin)).json["meta"] == new_meta


@pytest.mark.parametrize("color", ["#abc", "#a1b2c3", "abc", "A1B2C3"], ids=["3", "6", "bare3", "bare6"])
def test_theme_colours_of_3_or_6_hex_digits_are_kept(client, admin, color):
    project = client.create_project(admin, "T", meta={"theme": {"primaryColor": color, "accentColor": color}})
    expected = color if color.startswith("#") else "#" + color
    assert project["meta"]["theme"] == {"primaryColor": expected, "accentColor": expected}


@pytest.mark.parametrize(
    "color", ["#ab", "#abcd", "#abcde", "#a1b2c3d4", "#abcdefg", "#12345", "red", "", "#gggggg", 123, ["#abc"]]
)
def test_invalid_theme_colours_fall_back_to_the_defaults(client, admin, color):
    """A theme colour has no alpha: 4 and 8 digits fall back like any invalid colour."""
    project = client.create_project(admin, "T", meta={"theme": {"primaryColor": color, "accentColor": "#abc"}})
    assert project["meta"]["theme"] == {"primaryColor": DEFAULT_THEME["primaryColor"], "accentColor": "#abc"}


def test_theme_defaults_fill_what_is_missing(client, admin):
    project = client.create_project(admin, "T", meta={"theme": {"accentColor": "#00ff00", "mode": "dark"}})
    assert project["meta"]["theme"] == {"primaryColor": "#4351E8", "accentColor": "#00ff00", "mode": "dark"}
    assert client.create_project(admin, "U", meta={})["meta"] == {"theme": DEFAULT_THEME}
    assert client.create_project(admin, "V", meta="")["meta"] == {"theme": DEFAULT_THEME}
    assert client.create_project(admin, "W", meta=None)["meta"] == {"theme": DEFAULT_THEME}


@pytest.mark.parametrize("meta", [[1], 5, True, "not json", "[1, 2]", '"text"', {"theme": "blue"}, {"theme": [1]}])
def test_malformed_meta_is_refused(client, admin, meta):
    res = client.post_json(V1, {"title": "M", "meta": meta}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("meta: ")


@pytest.mark.parametrize("color", ["#abc", "#ABCD", "#a1b2c3", "#a1b2c3d4"])
def test_project_colour(client, admin, color):
    assert client.create_project(admin, "C", color=color)["color"] == color


@pytest.mark.parametrize("color", ["#ab", "blue", "#1234567", 5])
def test_invalid_project_colour_is_refused(client, admin, color):
    res = client.post_json(V1, {"title": "C", "color": color}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("color: ")


def test_update_can_clear_colour_and_set_order(client, admin):
    project = client.create_project(admin, "C", color="#abc")
    url = f"{V1}/{project['id']}"
    res = client.patch_json(url, {"color": None, "order": 7.5}, headers=client.auth(admin)).json
    assert res["color"] is None
    assert res["order"] == 7.5
    client.patch_json(url, {"order": "first"}, headers=client.auth(admin), status=400)


# -- list paging --------------------------------------------------------------------------


def test_list_shape_and_paging(client, admin, base):
    headers = client.auth(admin)
    ids = [client.create_project(admin, f"P{i}")["id"] for i in range(5)]
    everything = client.get(base, headers=headers).json
    assert set(everything) == {"list", "pageInfo"}
    assert [p["id"] for p in everything["list"]] == ids
    assert everything["pageInfo"] == {
        "totalRows": 5,
        "page": 1,
        "pageSize": 25,
        "isFirstPage": True,
        "isLastPage": True,
    }
    first = everything["list"][0]
    assert first["bases"][0]["type"] in {"sqlite3", "pg", "mysql2"}
    assert first["roles"] == {"owner": True}
    assert first["meta"]["theme"] == DEFAULT_THEME

    page2 = client.get(base, params={"limit": 2, "offset": 2}, headers=headers).json
    assert [p["id"] for p in page2["list"]] == ids[2:4]
    assert page2["pageInfo"] == {"totalRows": 5, "page": 2, "pageSize": 2, "isFirstPage": False, "isLastPage": False}
    last = client.get(base, params={"limit": 2, "offset": 4}, headers=headers).json
    assert [p["id"] for p in last["list"]] == ids[4:]
    assert last["pageInfo"]["isLastPage"] is True
    odd = client.get(base, params={"limit": 2, "offset": 1}, headers=headers).json
    assert [p["id"] for p in odd["list"]] == ids[1:3]
    assert odd["pageInfo"] == {"totalRows": 5, "offset": 1, "pageSize": 2, "isFirstPage": False, "isLastPage": False}
    beyond = client.get(base, params={"offset": 10}, headers=headers).json
    assert beyond["list"] == []
    assert beyond["pageInfo"]["totalRows"] == 5


@pytest.mark.parametrize(
    ("params", "msg"),
    [
        ({"limit": "abc"}, "limit must be an integer"),
        ({"limit": "0"}, "limit must be between 1 and 1000"),
        ({"limit": "1001"}, "limit must be between 1 and 1000"),
        ({"offset": "-1"}, "offset must be >= 0"),
        ({"offset": "1.5"}, "offset must be an integer"),
    ],
)
def test_bad_paging_parameters(client, admin, params, msg):
    assert client.get(V1, params=params, headers=client.auth(admin), status=400).json == {"msg": msg}


def test_list_shows_only_my_projects(client, admin):
    mine = client.signup("me@example.com")
    theirs = client.signup("them@example.com")
    a = client.create_project(mine, "Mine")
    b = client.create_project(theirs, "Theirs")
    assert [p["id"] for p in client.get(V1, headers=client.auth(mine)).json["list"]] == [a["id"]]
    assert client.get(V1, headers=client.auth(theirs)).json["pageInfo"]["totalRows"] == 1
    accounts.add_member(client, theirs, b["id"], "me@example.com", "viewer")
    listed = client.get(V1, headers=client.auth(mine)).json["list"]
    assert [(p["id"], p["roles"]) for p in listed] == [(a["id"], {"owner": True}), (b["id"], {"viewer": True})]


def test_super_admin_lists_every_project(client, admin):
    other = client.signup("other@example.com")
    project = client.create_project(other, "Other's")
    listed = client.get(V1, headers=client.auth(admin)).json["list"]
    assert [p["id"] for p in listed] == [project["id"]]
    assert listed[0]["roles"] == {"owner": True}


def test_projects_need_sign_in(client, admin):
    project = client.create_project(admin, "P")
    client.get(V1, status=401)
    client.post_json(V1, {"title": "x"}, status=401)
    for method in ("get", "patch_json", "delete"):
        getattr(client, method)(f"{V1}/{project['id']}", status=401)


def test_unknown_project_is_404(client, admin):
    for method in ("get", "patch_json", "delete"):
        res = getattr(client, method)(f"{V1}/p_nope", headers=client.auth(admin), status=404)
        assert res.json == {"msg": "Project not found"}
    client.get(f"{V2}/p_nope/info", headers=client.auth(admin), status=404)
