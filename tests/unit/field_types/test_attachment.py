"""Attachment cells: lists of file objects, checked item by item."""

import json
from types import SimpleNamespace

import pytest
import sqlalchemy as sa
from workbench_plugins.field_types.attachment import Attachment, register_field_types

from workbench.fields.interfaces import FieldValueError
from workbench.storage.keys import make_key

KEY = make_key("p_1", "photo.png")


def field(**meta):
    return Attachment(SimpleNamespace(meta=meta))


def stored(value):
    return json.loads(field().to_db(value))


def test_registered_and_stored_as_text():
    assert register_field_types() == [Attachment]
    assert isinstance(Attachment().sql_type("postgresql"), sa.Text)


def test_a_file_object_from_an_upload_round_trips():
    item = {
        "path": KEY.path,
        "title": "Photo.png",
        "mimetype": "image/png",
        "size": 10,
        "signedPath": "x",
        "signedUrl": "y",
        "data": "z",
        "width": 3,
        "height": 4,
    }
    [clean] = stored([item])
    assert clean == {
        "path": KEY.path,
        "title": "Photo.png",
        "mimetype": "image/png",
        "size": 10,
        "width": 3,
        "height": 4,
    }
    assert Attachment().to_api(Attachment().to_db([item])) == [clean]


def test_defaults_and_accepted_shapes():
    assert stored({"path": "/" + KEY.path}) == [{"path": KEY.path, "title": "photo.png", "mimetype": "image/png"}]
    assert stored(json.dumps([{"url": "https://example.com/a/doc.pdf"}])) == [
        {"url": "https://example.com/a/doc.pdf", "title": "doc.pdf", "mimetype": "application/pdf"}
    ]
    for empty in (None, "", "  ", []):
        assert Attachment().to_db(empty) is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("not json", "expected a list of file objects (JSON)"),
        (5, "expected a list of file objects"),
        (["x"], "attachment 1: each attachment must be an object"),
        ([{"title": "a"}], "attachment 1: each attachment needs a path (from an upload) or a url"),
        ([{"path": KEY.path}, {"path": "../../etc/passwd"}], "attachment 2: invalid path: path must start with"),
        ([{"path": "api/v1/db/storage/download/p_1/short/../x"}], "attachment 1: invalid path"),
        ([{"url": "javascript:alert(1)"}], "url must be an http or https address"),
        ([{"url": "file:///etc/passwd"}], "url must be an http or https address"),
        ([{"url": "http://a b/"}], "url must be an http or https address"),
        ([{"path": KEY.path, "size": -1}], "size must be a whole number of at least 0"),
        ([{"path": KEY.path, "size": "big"}], "size must be a whole number"),
        ([{"path": KEY.path, "title": 5}], "title must be text"),
        ([{"path": KEY.path, "mimetype": "no type"}], "'no type' is not a file type"),
    ],
)
def test_invalid_values(value, message):
    with pytest.raises(FieldValueError) as info:
        Attachment().to_db(value)
    assert message in str(info.value)


def test_field_options_limit_count_and_types():
    limited = field(maxNumberOfAttachments=1, supportedAttachmentMimeTypes=["image/*"])
    assert limited.to_db([{"path": KEY.path}])
    with pytest.raises(FieldValueError, match="at most 1 attachments are allowed"):
        limited.to_db([{"path": KEY.path}, {"path": KEY.path}])
    with pytest.raises(FieldValueError, match=r"target file is not an accepted file type: image/\*"):
        limited.to_db([{"url": "https://example.com/a.pdf"}])


def test_to_api_tolerates_foreign_data():
    assert Attachment().to_api(None) is None
    assert Attachment().to_api("not json") is None
    assert Attachment().to_api('{"a": 1}') is None
    assert Attachment().to_api('[{"path": "x"}, 5]') == [{"path": "x"}]
