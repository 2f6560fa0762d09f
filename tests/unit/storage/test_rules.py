"""Upload rules: server settings, narrowed (never widened) by the field's options."""

import pytest

from workbench.storage.rules import DEFAULT_MAX_SIZE, MB, UploadRules


def test_defaults_accept_anything_up_to_20_mib():
    rules = UploadRules.from_settings({})
    assert rules.max_size == DEFAULT_MAX_SIZE == 20 * MB
    assert rules.admits("application/x-anything")
    assert rules.describe_accepted() == "*/*"


def test_settings():
    rules = UploadRules.from_settings(
        {"workbench.attachments.max_size": "1000", "workbench.attachments.accepted_types": "image/* application/pdf"}
    )
    assert rules.max_size == 1000
    assert rules.admits("image/gif")
    assert not rules.admits("text/plain")
    assert rules.describe_accepted() == "image/*, application/pdf"
    with pytest.raises(ValueError, match="positive"):
        UploadRules.from_settings({"workbench.attachments.max_size": "-1"})
    with pytest.raises(ValueError, match="not a file type pattern"):
        UploadRules.from_settings({"workbench.attachments.accepted_types": "images"})


def test_field_options_narrow_the_server_rules():
    server = UploadRules.from_settings(
        {"workbench.attachments.max_size": str(5 * MB), "workbench.attachments.accepted_types": "image/*"}
    )
    field = server.for_field({"maxAttachmentSize": 1, "supportedAttachmentMimeTypes": ["image/png", "text/*"]})
    assert field.max_size == MB
    assert field.admits("image/png")
    assert not field.admits("image/gif")  # the field does not accept it
    assert not field.admits("text/plain")  # the server does not accept it
    assert field.describe_accepted() == "image/png, text/*"
    # A field cannot raise the server's limit; invalid options are ignored.
    assert server.for_field({"maxAttachmentSize": 50}).max_size == 5 * MB
    assert server.for_field({"maxAttachmentSize": "big", "supportedAttachmentMimeTypes": ["bad"]}) == server
    assert server.for_field(None) == server
