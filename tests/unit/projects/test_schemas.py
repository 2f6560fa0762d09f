"""Project and member bodies: title and colour rules, meta and theme, roles."""

import json

import pytest
from pydantic import ValidationError

from workbench.projects.schemas import (
    DEFAULT_THEME,
    MemberInviteBody,
    MemberUpdateBody,
    ProjectCreateBody,
    ProjectUpdateBody,
    check_color,
    check_member_role,
    check_project_title,
    normalise_meta,
)


@pytest.mark.parametrize("title", ["a", "x" * 50, "Trailing ", "Ünïcödé", "\tTab first"])
def test_good_titles(title):
    assert check_project_title(title) == title


@pytest.mark.parametrize(
    ("title", "msg"),
    [
        ("", "required"),
        ("  ", "required"),
        (None, "required"),
        (" x", "cannot start with a space"),
        ("x" * 51, "at most 50"),
    ],
)
def test_bad_titles(title, msg):
    with pytest.raises(ValueError, match=msg):
        check_project_title(title)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("#abc", "#abc"),
        ("#ABCD", "#ABCD"),
        ("#a1b2c3", "#a1b2c3"),
        ("#a1b2c3d4", "#a1b2c3d4"),
        ("fff", "#fff"),
        (None, None),
    ],
)
def test_check_color_accepts_3_4_6_8_hex_digits(value, expected):
    assert check_color(value, "c") == expected


@pytest.mark.parametrize("value", ["", "#", "#ab", "#abcde", "#abcdefa", "#abcdefabc", "#ggg", "red", 123, "# abc"])
def test_check_color_refuses_the_rest(value):
    with pytest.raises(ValueError, match="c must be a hex colour"):
        check_color(value, "c")


def test_normalise_meta_defaults():
    for empty in (None, "", {}, "{}"):
        assert normalise_meta(empty) == {"theme": DEFAULT_THEME}


def test_normalise_meta_keeps_other_keys_and_theme_keys():
    meta = {"icon": "x", "theme": {"primaryColor": "#111", "mode": "dark"}}
    assert normalise_meta(meta) == {
        "icon": "x",
        "theme": {"primaryColor": "#111", "accentColor": "#FF4A8D", "mode": "dark"},
    }
    assert normalise_meta(json.dumps(meta)) == normalise_meta(meta)
    assert meta == {"icon": "x", "theme": {"primaryColor": "#111", "mode": "dark"}}  # input untouched


@pytest.mark.parametrize("bad", ["nope", 5, "#12", None, ""])
def test_invalid_theme_colour_falls_back(bad):
    assert normalise_meta({"theme": {"primaryColor": bad, "accentColor": "#222"}})["theme"] == {
        "primaryColor": DEFAULT_THEME["primaryColor"],
        "accentColor": "#222",
    }


@pytest.mark.parametrize("bad", ["[1]", "not json", "3", [1], 3, {"theme": "dark"}, {"theme": [1]}])
def test_malformed_meta(bad):
    with pytest.raises(ValueError, match="must be"):
        normalise_meta(bad)


def test_create_body():
    body = ProjectCreateBody.model_validate({"title": "T", "meta": '{"theme": {"accentColor": "#000"}}', "unknown": 1})
    assert body.meta == {"theme": {"primaryColor": DEFAULT_THEME["primaryColor"], "accentColor": "#000"}}
    assert body.color is None
    with pytest.raises(ValidationError):
        ProjectCreateBody.model_validate({"title": "T", "color": "blue"})
    with pytest.raises(ValidationError):
        ProjectCreateBody.model_validate({"title": "T", "description": "x" * 10_001})


def test_update_body_leaves_absent_fields_unset():
    body = ProjectUpdateBody.model_validate({"color": None})
    assert body.model_dump(exclude_unset=True) == {"color": None}
    assert ProjectUpdateBody.model_validate({"title": None}).title is None
    with pytest.raises(ValidationError):
        ProjectUpdateBody.model_validate({"title": " x"})


def test_member_invite_emails_are_normalised_and_deduplicated():
    emails = " A@Example.com, b@example.com ,a@example.com,"
    body = MemberInviteBody.model_validate({"email": emails, "roles": "viewer"})
    assert body.email == "a@example.com,b@example.com"
    for bad in ("", ",", "a@example.com,nope"):
        with pytest.raises(ValidationError):
            MemberInviteBody.model_validate({"email": bad, "roles": "viewer"})


@pytest.mark.parametrize("role", ["creator", "editor", "commenter", "viewer"])
def test_selectable_member_roles(role):
    assert check_member_role(role) == role
    assert MemberUpdateBody.model_validate({"roles": role}).roles == role


@pytest.mark.parametrize("role", ["owner", "super", "user", "Editor", ""])
def test_other_member_roles_are_refused(role):
    with pytest.raises(ValueError, match="roles must be one of"):
        check_member_role(role)
