"""File types: content first, then the name, then what the client declared."""

import pytest

from workbench.storage import filetypes

PNG = b"\x89PNG\r\n\x1a\n\x00"


@pytest.mark.parametrize(
    ("head", "name", "declared", "expected"),
    [
        (PNG, "x.txt", "text/plain", "image/png"),
        (b"\xff\xd8\xff\xe0", "x", None, "image/jpeg"),
        (b"GIF89a..", "x.bin", None, "image/gif"),
        (b"RIFF\x00\x00\x00\x00WEBPVP8", "x", None, "image/webp"),
        (b"\x00\x00\x00\x1cftypavif", "x", None, "image/avif"),
        (b"%PDF-1.4", "x.png", "image/png", "application/pdf"),
        (b"<html>", "x.html", "image/png", "text/html"),
        (b"PK\x03\x04", "book.xlsx", None, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (b"BMW,Audi", "cars.csv", None, "text/csv"),
        (b"...", "x.weird", "Application/X-Thing; charset=utf-8", "application/x-thing"),
        (b"...", "x.weird", "not a type", "application/octet-stream"),
        (b"...", "x.weird", None, "application/octet-stream"),
    ],
)
def test_resolve(head, name, declared, expected):
    assert filetypes.resolve(head, name, declared) == expected


@pytest.mark.parametrize(
    ("mimetype", "name", "ext"),
    [
        ("image/png", "a.PNG", ".png"),
        ("image/jpeg", "a.jpg", ".jpg"),
        ("image/png", "a.txt", ".png"),
        ("application/octet-stream", "a.weird", None),
        ("text/plain", "readme", ".txt"),
    ],
)
def test_extension_agrees_with_the_type(mimetype, name, ext):
    found = filetypes.extension(mimetype, name)
    assert found == ext
    if ext:
        assert filetypes.served_type("stored" + ext) == mimetype


def test_inline_only_for_passive_types():
    assert filetypes.inline("image/png")
    assert filetypes.inline("application/pdf")
    for mimetype in ("text/html", "image/svg+xml", "application/javascript", "application/octet-stream"):
        assert not filetypes.inline(mimetype)


def test_patterns():
    assert filetypes.parse_patterns("image/*, application/pdf") == ("image/*", "application/pdf")
    assert filetypes.parse_patterns(["*/*"]) == ("*/*",)
    assert filetypes.parse_patterns("") == ()
    for bad in ("image", "*/png", "image/png/x", "ima ge/*"):
        with pytest.raises(ValueError, match="is not a file type pattern"):
            filetypes.parse_patterns([bad])
    assert filetypes.accepted("image/png", ("image/*",))
    assert filetypes.accepted("image/png", ())
    assert filetypes.accepted("text/csv", ("*/*",))
    assert not filetypes.accepted("text/html", ("image/*", "application/pdf"))
    assert not filetypes.accepted("image/png", ("image/jpeg",))
