"""The view-type interface: settings checks, defaults, and a referenced field that is gone."""

import types

import pytest

from workbench.errors import BadRequest
from workbench.views.types import Setting, ViewType, boolean, column_of, integer, text, url


def _table(*columns):
    return types.SimpleNamespace(columns=[types.SimpleNamespace(id=i, title=t, uidt=u) for i, t, u in columns])


class Board(ViewType):
    name = "board"
    type = 99
    path = "boards"
    settings = (
        Setting("heading", "", text(5)),
        Setting("on", False, boolean),
        Setting("size", 1, integer(0, 3)),
        Setting("link", None, url),
        Setting("group", None, column_of("SingleSelect")),
    )


TABLE = _table(("cl_1", "Status", "SingleSelect"), ("cl_2", "Name", "SingleLineText"))


def test_clean_settings_applies_only_given_keys():
    current = {"heading": "old", "size": 2}
    cleaned = Board.clean_settings({"on": "true", "group": "Status", "unknown": 1}, TABLE, current)
    assert cleaned == {"heading": "old", "size": 2, "on": True, "group": "cl_1"}
    assert current == {"heading": "old", "size": 2}  # not changed in place


@pytest.mark.parametrize(
    ("body", "msg"),
    [
        ({"heading": "too long"}, "Invalid heading: must be at most 5 characters"),
        ({"heading": 3}, "Invalid heading: must be a string"),
        ({"on": "maybe"}, "Invalid on: must be true or false"),
        ({"size": 4}, "Invalid size: must be an integer from 0 to 3"),
        ({"size": True}, "Invalid size: must be an integer from 0 to 3"),
        ({"link": "ftp://x"}, "Invalid link: must be an http or https address"),
        ({"group": "Name"}, "Invalid group: field 'Name' must be of type SingleSelect"),
        ({"group": "Nope"}, "Invalid group: field 'Nope' not found"),
    ],
)
def test_bad_settings_are_refused_naming_the_setting(body, msg):
    with pytest.raises(BadRequest) as info:
        Board.clean_settings(body, TABLE)
    assert info.value.msg == msg


def test_settings_json_fills_defaults_and_forgets_deleted_fields():
    view = types.SimpleNamespace(settings={"group": "cl_gone", "size": 3}, table=TABLE)
    assert Board.settings_json(view) == {"heading": "", "on": False, "size": 3, "link": None, "group": None}
    assert Board.initial_settings(TABLE) == {"heading": "", "on": False, "size": 1, "link": None, "group": None}
