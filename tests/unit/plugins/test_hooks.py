"""Each hook, exercised through a real app: the core calls it as its spec promises."""

import pytest
from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.hookspecs import hookimpl
from workbench.plugins.registry import DuplicatePluginError
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins


def _contributor(hook_name, *classes):
    class Plugin:
        pass

    def impl(self):
        return list(classes)

    impl.__name__ = hook_name
    setattr(Plugin, hook_name, hookimpl(impl))
    return Plugin()


def _named(name):
    return type(name.title().replace("-", ""), (), {"name": name})


REGISTRY_HOOKS = [
    ("register_field_types", "field_types"),
    ("register_view_types", "view_types"),
    ("register_importers", "importers"),
    ("register_formula_functions", "formula_functions"),
    ("register_storage_backends", "storage_backends"),
]


def _check_registry_hook(tmp_path, hook_name, key):
    item = _named("zz-test-item")
    app = app_with_plugins(tmp_path, ("contrib", _contributor(hook_name, item)))
    registry = app.registry[key]
    assert registry.get("zz-test-item") is item
    assert registry.owner("zz-test-item") == "contrib"
    listed = {p["name"]: p for p in _plugins(app)}
    assert listed["contrib"]["enabled"] is True
    assert registry.kind in listed["contrib"]["kind"]
    # A second plugin contributing the same name stops start-up.
    with pytest.raises(DuplicatePluginError, match="zz-test-item"):
        app_with_plugins(
            tmp_path / "dup",
            ("a", _contributor(hook_name, item)),
            ("b", _contributor(hook_name, _named("zz-test-item"))),
        )


def _plugins(app):
    client = Client(app)
    token = client.signup("owner@example.com")
    return client.get("/api/v1/plugins", headers=client.auth(token)).json["list"]


def test_hook_register_field_types(tmp_path):
    _check_registry_hook(tmp_path, "register_field_types", "field_types")


def test_hook_register_view_types(tmp_path):
    _check_registry_hook(tmp_path, "register_view_types", "view_types")


def test_hook_register_importers(tmp_path):
    _check_registry_hook(tmp_path, "register_importers", "importers")


def test_hook_register_formula_functions(tmp_path):
    _check_registry_hook(tmp_path, "register_formula_functions", "formula_functions")


def test_hook_register_storage_backends(tmp_path):
    _check_registry_hook(tmp_path, "register_storage_backends", "storage_backends")


def test_hook_register_auth_providers(tmp_path):
    calls = []

    class MagicLink:
        name = "magic-link"
        title = "Magic link"

        def enabled(self, settings):
            return True

        def configure(self, config):
            calls.append("configure")
            config.add_route("magic.hello", "/api/plugins/magic-link/hello")
            config.add_view(
                lambda request: {"hello": "magic"},
                route_name="magic.hello",
                renderer="json",
                permission=NO_PERMISSION_REQUIRED,
            )

    app = app_with_plugins(tmp_path, ("magic-link", _contributor("register_auth_providers", MagicLink)))
    assert calls == ["configure"]
    client = Client(app)
    assert client.get("/api/plugins/magic-link/hello").json == {"hello": "magic"}
    # The built-in password provider is there too, and sign-up still works.
    assert "password" in app.registry["auth_providers"]
    assert client.get("/api/v1/db/meta/nocodb/info").json["passwordAuthEnabled"] is True


def test_hook_configure_pyramid(tmp_path):
    class Plugin:
        @hookimpl
        def configure_pyramid(self, config):
            config.add_route("hello.ping", "/api/plugins/hello/ping")
            config.add_view(
                lambda request: {"pong": request.identity is None},
                route_name="hello.ping",
                renderer="json",
                permission=NO_PERMISSION_REQUIRED,
            )

    client = Client(app_with_plugins(tmp_path, ("hello", Plugin())))
    assert client.get("/api/plugins/hello/ping").json == {"pong": True}


def test_hook_on_meta_changed(tmp_path):
    seen = []

    class Listener:
        @hookimpl
        def on_meta_changed(self, request, kind, action, obj):
            seen.append((kind, action, obj.get("id", obj)))

    client = Client(app_with_plugins(tmp_path, ("listener", Listener())))
    token = client.signup("owner@example.com")
    project = client.create_project(token, "Watched")
    client.patch_json(f"/api/v1/db/meta/projects/{project['id']}", {"title": "Renamed"}, headers=client.auth(token))
    client.delete(f"/api/v1/db/meta/projects/{project['id']}", headers=client.auth(token))
    assert seen == [
        ("project", "insert", project["id"]),
        ("project", "update", project["id"]),
        ("project", "delete", project["id"]),
    ]


def test_hook_on_meta_changed_failure_aborts_the_change(tmp_path):
    class Veto:
        @hookimpl
        def on_meta_changed(self, request, kind, action, obj):
            raise RuntimeError("vetoed")

    client = Client(app_with_plugins(tmp_path, ("veto", Veto())))
    token = client.signup("owner@example.com")
    res = client.post_json("/api/v1/db/meta/projects", {"title": "Nope"}, headers=client.auth(token), status=500)
    assert res.json == {"msg": "Some internal error occurred"}
    assert client.get("/api/v1/db/meta/projects", headers=client.auth(token)).json["list"] == []


def test_hook_on_rows_changed(tmp_path):
    from pyramid.scripting import prepare

    from workbench.plugins import notify

    seen = []

    class Listener:
        @hookimpl
        def on_rows_changed(self, request, table, action, changes):
            seen.append((table, action, list(changes)))

    app = app_with_plugins(tmp_path, ("listener", Listener()))
    env = prepare(registry=app.registry)
    try:
        notify.rows_changed(env["request"], "md_table", "update", [({"Id": 1, "a": 1}, {"Id": 1, "a": 2})])
        notify.rows_changed(env["request"], "md_table", "delete", [])  # nothing changed: no call
    finally:
        env["closer"]()
    assert seen == [("md_table", "update", [({"Id": 1, "a": 1}, {"Id": 1, "a": 2})])]


def test_hook_on_rows_deleting(tmp_path):
    """Told right before a delete, on the delete's own connection: the rows are still there
    to read, and the delete takes what the conditions select."""
    import sqlalchemy as sa

    from workbench.testing.tables import create_table

    seen = []

    class Listener:
        @hookimpl
        def on_rows_deleting(self, request, table, model, connection, where):
            rows = connection.execute(sa.select(model.table).where(sa.or_(*where))).all()
            seen.append((table.title, sorted(v for row in rows for v in row if v in ("keep", "drop", "also"))))

    client = Client(app_with_plugins(tmp_path, ("listener", Listener())))
    token = client.signup("owner@example.com")
    h = client.auth(token)
    project = client.create_project(token, "Deleting")
    tasks = create_table(client, token, project["id"], "Tasks", [{"title": "Title"}])
    url = f"/api/v2/tables/{tasks['id']}/records"
    client.post_json(url, [{"Title": "keep"}, {"Title": "drop"}, {"Title": "also"}], headers=h)
    client.delete_json(url, [{"Id": 2}, {"Id": 3}], headers=h)
    assert seen == [("Tasks", ["also", "drop"])]
    assert [r["Title"] for r in client.get(url, headers=h).json["list"]] == ["keep"]


def test_hook_on_links_changed(tmp_path):
    from workbench.testing.tables import create_table

    seen = []

    class Listener:
        @hookimpl
        def on_links_changed(self, request, table, row_id, field, action, related_table_id, ids):
            seen.append((table.title, row_id, field.title, action, related_table_id, ids))

    client = Client(app_with_plugins(tmp_path, ("listener", Listener())))
    token = client.signup("owner@example.com")
    h = client.auth(token)
    project = client.create_project(token, "Linked")
    tasks = create_table(client, token, project["id"], "Tasks", [{"title": "Name"}])
    tags = create_table(client, token, project["id"], "Tags", [{"title": "Label"}])
    client.post_json(
        f"/api/v1/db/meta/tables/{tasks['id']}/columns",
        {"title": "Tags", "uidt": "Links", "childId": tags["id"], "type": "mm"},
        headers=h,
    )
    field = next(
        c
        for c in client.get(f"/api/v1/db/meta/tables/{tasks['id']}", headers=h).json["columns"]
        if c["title"] == "Tags"
    )
    client.post_json(f"/api/v2/tables/{tasks['id']}/records", {"Name": "task"}, headers=h)
    client.post_json(f"/api/v2/tables/{tags['id']}/records", [{"Label": "a"}, {"Label": "b"}], headers=h)
    links = f"/api/v2/tables/{tasks['id']}/links/{field['id']}/records/1"
    client.post_json(links, [{"Id": 1}, {"Id": 2}], headers=h)
    client.delete_json(links, [{"Id": 2}], headers=h)
    mine = [s for s in seen if s[0] == "Tasks"]
    assert mine == [
        ("Tasks", "1", "Tags", "link", tags["id"], [1, 2]),
        ("Tasks", "1", "Tags", "unlink", tags["id"], [2]),
    ]
    # the other side: each tag is told of the task through its own field
    assert [(s[1], s[3], s[4], s[5]) for s in seen if s[0] == "Tags"] == [
        ("1", "link", tasks["id"], ["1"]),
        ("2", "link", tasks["id"], ["1"]),
        ("2", "unlink", tasks["id"], ["1"]),
    ]
