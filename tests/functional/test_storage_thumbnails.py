"""Signed links with ``?w=``: an image wider than an image breakpoint is served scaled down
to it; anything else as it is; other widths are refused; a decompression bomb is never
decoded."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from workbench.storage import thumbnails

UPLOAD = "/api/v1/db/storage/upload"


def _image(fmt: str, width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 90)).save(out, fmt)
    return out.getvalue()


@pytest.fixture
def owner(client, admin):
    return client.signup("owner@example.com")


@pytest.fixture
def project(client, owner):
    return client.create_project(owner, "Photos")


def _upload(client, owner, project, name: str, body: bytes) -> dict:
    [item] = client.post(
        f"{UPLOAD}?project_id={project['id']}", upload_files=[("file", name, body)], headers=client.auth(owner)
    ).json
    return item


@pytest.mark.parametrize(("fmt", "name", "served"), [("JPEG", "a.jpg", "image/jpeg"), ("PNG", "a.png", "image/png")])
def test_a_wide_image_is_scaled_down_to_the_breakpoint(client, owner, project, fmt, name, served):
    original = _image(fmt, 2000, 1000)
    item = _upload(client, owner, project, name, original)
    assert client.get("/" + item["signedPath"]).body == original
    for width in (320, 768):
        res = client.get("/" + item["signedPath"], params={"w": str(width)})
        assert res.content_type == served
        assert res.headers["X-Content-Type-Options"] == "nosniff"
        assert res.headers["Cache-Control"] == "private, max-age=600"
        with Image.open(io.BytesIO(res.body)) as copy:
            assert copy.size == (width, width // 2)
        assert len(res.body) < len(original)


def test_narrow_images_and_other_files_come_as_they_are(client, owner, project):
    small = _image("PNG", 200, 100)
    item = _upload(client, owner, project, "small.png", small)
    assert client.get("/" + item["signedPath"], params={"w": "320"}).body == small
    pdf = b"%PDF-1.7\n" + b"x" * 64
    item = _upload(client, owner, project, "doc.pdf", pdf)
    assert client.get("/" + item["signedPath"], params={"w": "320"}).body == pdf


def test_other_widths_are_refused(client, owner, project):
    item = _upload(client, owner, project, "a.png", _image("PNG", 800, 400))
    for width in ("100", "-320", "320.0", "abc", "99999999999999999999"):
        res = client.get("/" + item["signedPath"], params={"w": width}, status=400)
        assert "320, 640, 768, 1024, 1280, 1536" in res.json["msg"]
    # The link's signature is checked first: a forged link stays forbidden.
    forged = item["signedPath"].replace("/dltemp/", "/dltemp/1").split("?")[0]
    client.get("/" + forged, params={"w": "320"}, status=403)


def test_a_decompression_bomb_is_not_decoded(client, owner, project, monkeypatch):
    # An image declaring more pixels than allowed is served as it is, never decoded.
    monkeypatch.setattr(thumbnails, "MAX_PIXELS", 1000)
    bomb = _image("PNG", 2000, 1000)
    item = _upload(client, owner, project, "bomb.png", bomb)
    assert client.get("/" + item["signedPath"], params={"w": "320"}).body == bomb
    # A file that only claims to be an image.
    fake = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
    item = _upload(client, owner, project, "fake.png", fake)
    assert client.get("/" + item["signedPath"], params={"w": "320"}).body == fake
