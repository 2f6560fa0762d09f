"""The view-type contract suite: what every view type must declare and answer over HTTP.

A plugin author runs it on their own type::

    from workbench.testing.plugins import app_with_plugins
    from workbench.testing.view_types import check_declarations, check_view_type

    def test_my_view(tmp_path):
        check_declarations(MyView)
        app = app_with_plugins(tmp_path, ("my_view", my_plugin))
        check_view_type(app, "my_view", valid={"limit": 10}, invalid=[{"limit": 0}])

A type passes when its declarations are sound (a name, NocoDB's numeric ``type``, a path,
what a shared view offers, settings with unique names that the settings schema describes)
and, in a real app, a view of it is created under its path, listed with the table's views,
answers its settings (with their defaults) on its settings path, takes valid settings and
refuses invalid ones with a 400 and a message, is listed in the catalogue, and is deleted.
"""

from __future__ import annotations

import re

from workbench.testing.client import Client
from workbench.testing.tables import create_table
from workbench.views.types import PUBLIC_FORM, PUBLIC_ROWS, Setting, ViewType

_PATH = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def check_declarations(cls: type[ViewType]) -> None:
    assert issubclass(cls, ViewType), f"{cls!r} must derive from ViewType"
    assert isinstance(getattr(cls, "name", None), str), f"{cls!r} has no name"
    assert cls.name, f"{cls!r} has no name"
    assert isinstance(cls.type, int), f"view type {cls.name}: type must be an integer"
    assert not isinstance(cls.type, bool), f"view type {cls.name}: type must be an integer"
    assert isinstance(cls.path, str), f"view type {cls.name} has no path"
    assert _PATH.match(cls.path), f"view type {cls.name}: path must be a lower-case URL segment"
    assert cls.public in (PUBLIC_ROWS, PUBLIC_FORM), f"view type {cls.name}: public is PUBLIC_ROWS or PUBLIC_FORM"
    names = [setting.name for setting in cls.settings]
    assert all(isinstance(s, Setting) for s in cls.settings), f"view type {cls.name}: settings are Setting objects"
    assert len(names) == len(set(names)), f"view type {cls.name}: two settings share a name"
    schema = cls.settings_schema
    if schema is not None:
        assert schema.get("type") == "object", f"view type {cls.name}: the settings schema describes an object"
        unknown = set(schema.get("properties", {})) - set(names)
        assert not unknown, f"view type {cls.name}: the settings schema describes no setting {sorted(unknown)}"


def check_view_type(app, name: str, valid: dict | None = None, invalid: list[dict] = (), columns=None) -> None:
    """Create, read, change and delete a view of the type ``name`` over HTTP in ``app`` (an
    app whose meta database is empty: the first user signs up). ``valid`` settings must be
    answered as given, each of ``invalid`` refused; ``columns`` are the table's fields
    (by default one of each scalar type)."""
    cls = app.registry["view_types"].get(name)
    client = Client(app)
    token = client.signup("view-contract@example.com")
    headers = client.auth(token)
    project = client.create_project(token, "View contract")
    table = create_table(client, token, project["id"], "Things", columns)
    view = client.post_json(
        f"/api/v1/db/meta/tables/{table['id']}/{cls.path}", {"title": "Contract view"}, headers=headers
    ).json
    assert view["title"] == "Contract view"
    assert int(view["type"]) == cls.type, f"view type {name}: the view is answered with type {view['type']}"
    listed = client.get(f"/api/v1/db/meta/tables/{table['id']}/views", headers=headers).json["list"]
    assert view["id"] in [v["id"] for v in listed], f"view type {name}: the new view is not listed"
    settings_path = f"/api/v1/db/meta/{cls.path}/{view['id']}"
    if cls.readable:
        answered = client.get(settings_path, headers=headers).json
        missing = {s.name for s in cls.settings} - set(answered)
        assert not missing, f"view type {name}: the settings path does not answer {sorted(missing)}"
    if valid:
        answered = client.patch_json(settings_path, valid, headers=headers).json
        for key, value in valid.items():
            assert answered.get(key) == value, f"view type {name}: {key}={value!r} came back as {answered.get(key)!r}"
    for body in invalid:
        refused = client.patch_json(settings_path, body, headers=headers, status="*")
        assert refused.status_code == 400, f"view type {name}: {body!r} was answered {refused.status_code}"
        assert refused.json.get("msg"), f"view type {name}: the refusal of {body!r} says nothing"
    catalogue = client.get("/api/v1/catalogue", headers=headers).json
    assert name in [t["name"] for t in catalogue["viewTypes"]], f"view type {name} is not in the catalogue"
    client.delete(f"/api/v1/db/meta/views/{view['id']}", headers=headers)
    listed = client.get(f"/api/v1/db/meta/tables/{table['id']}/views", headers=headers).json["list"]
    assert view["id"] not in [v["id"] for v in listed], f"view type {name}: the deleted view is still listed"
