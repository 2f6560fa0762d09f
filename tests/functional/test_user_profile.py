"""The signed-in user's profile on every dialect: the display name (NocoDB's PATCH
/api/v1/user/profile) shown wherever the user is named, and the avatar: an image checked by
its bytes for type, size and pixels, read at an address carrying its digest. Uploads that try
to pass something else as an avatar are refused and change nothing."""

from __future__ import annotations

import struct
import zlib

import pytest

pytestmark = pytest.mark.dialects

PROFILE = "/api/v1/user/profile"
AVATAR = "/api/v1/user/avatar"
ME = "/api/v1/auth/user/me"


def png(width: int = 2, height: int = 2) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\x10\x80\xf0" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def gif(width: int = 1, height: int = 1) -> bytes:
    return b"GIF89a" + struct.pack("<HH", width, height) + b"\x80\x00\x00" + b"\x00" * 6 + b";"


def jpeg(width: int = 3, height: int = 2) -> bytes:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


def webp(width: int = 5, height: int = 4) -> bytes:
    body = b"VP8X" + struct.pack("<I", 10) + b"\x00" * 4 + (width - 1).to_bytes(3, "little")
    body += (height - 1).to_bytes(3, "little")
    return b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body


@pytest.fixture
def user(client, admin):
    return client.signup("ada@example.com", firstname="Ada", lastname="Lovelace")


def upload(client, token, *files, status=200):
    return client.post(AVATAR, upload_files=list(files), headers=client.auth(token), status=status).json


def test_display_name_is_changed_trimmed_and_cleared(client, user):
    me = client.get(ME, headers=client.auth(user)).json
    assert (me["display_name"], me["avatar"]) == ("Ada Lovelace", None)
    res = client.patch_json(PROFILE, {"display_name": "  Countess   of  Lovelace "}, headers=client.auth(user)).json
    assert res["display_name"] == "Countess of Lovelace"
    assert client.get(ME, headers=client.auth(user)).json["display_name"] == "Countess of Lovelace"
    # The v2 alias; a blank name falls back to first and last name.
    client.patch_json("/api/v2/user/profile", {"display_name": "   "}, headers=client.auth(user))
    assert client.get(ME, headers=client.auth(user)).json["display_name"] == "Ada Lovelace"


def test_the_display_name_names_the_user_to_others(client, admin, user):
    project = client.create_project(admin, "Shared")
    client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/users",
        {"email": "ada@example.com", "roles": "editor"},
        headers=client.auth(admin),
    )
    client.patch_json(PROFILE, {"display_name": "Ada L."}, headers=client.auth(user))
    members = client.get(f"/api/v1/db/meta/projects/{project['id']}/users", headers=client.auth(admin)).json
    rows = members.get("users", members).get("list", [])
    assert next(m for m in rows if m["email"] == "ada@example.com")["display_name"] == "Ada L."


@pytest.mark.parametrize(
    ("body", "msg"),
    [
        ({"display_name": 12}, "display_name must be text"),
        ({"display_name": "x" * 256}, "display_name may be at most 255 characters"),
        ({"display_name": "Ada\u202eevil"}, "display_name may not contain control characters"),
        ({"display_name": "Ada\x07"}, "display_name may not contain control characters"),
        (["Ada"], "Expected a JSON object"),
    ],
)
def test_bad_display_names_are_refused(client, user, body, msg):
    assert client.patch_json(PROFILE, body, headers=client.auth(user), status=400).json["msg"] == msg
    assert client.get(ME, headers=client.auth(user)).json["display_name"] == "Ada Lovelace"


def test_profile_needs_a_signed_in_user(client, user):
    client.patch_json(PROFILE, {"display_name": "x"}, status=401)
    client.post(AVATAR, upload_files=[("file", "a.png", png())], status=401)
    client.delete(AVATAR, status=401)


@pytest.mark.parametrize(
    ("name", "data", "mimetype"),
    [
        ("a.png", png(), "image/png"),
        ("a.gif", gif(), "image/gif"),
        ("a.jpg", jpeg(), "image/jpeg"),
        ("a.webp", webp(), "image/webp"),
        # The bytes tell the type, not the name.
        ("photo.txt", png(), "image/png"),
    ],
)
def test_an_avatar_is_uploaded_read_replaced_and_removed(client, user, name, data, mimetype):
    me = upload(client, user, ("file", name, data))
    url = me["avatar"]
    assert url.startswith("/api/v1/avatars/us_")
    assert client.get(ME, headers=client.auth(user)).json["avatar"] == url
    # Read without a token (an <img> sends none), as an image that is no page.
    res = client.get(url)
    assert res.body == data
    assert res.content_type == mimetype
    assert res.headers["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in res.headers["Content-Security-Policy"]
    # Another image moves the address; the old one is gone.
    other = upload(client, user, ("file", "b.png", png(3, 3)))["avatar"]
    assert other != url
    client.get(url, status=404)
    assert client.get(other).body == png(3, 3)
    # Removed.
    assert client.delete(AVATAR, headers=client.auth(user)).json["avatar"] is None
    client.get(other, status=404)


HTML = b"<html><script>alert(1)</script></html>"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'


@pytest.mark.parametrize(
    ("files", "status", "msg"),
    [
        ([("file", "evil.png", HTML)], 400, "An avatar must be a PNG, JPEG, GIF or WebP image"),
        ([("file", "evil.svg", SVG)], 400, "An avatar must be a PNG, JPEG, GIF or WebP image"),
        ([("file", "doc.pdf", b"%PDF-1.7\n" + b"x" * 64)], 400, "An avatar must be a PNG, JPEG, GIF or WebP image"),
        ([("file", "empty.png", b"")], 400, "The avatar file is empty"),
        ([("file", "cut.png", png()[:20])], 400, "The avatar image is damaged"),
        ([("file", "cut.jpg", b"\xff\xd8\xff\xe0\x00")], 400, "The avatar image is damaged"),
        ([("file", "huge.png", png(4097, 1))], 400, "An avatar may be at most 4096 pixels wide and high"),
        ([("file", "bomb.gif", gif(65535, 65535))], 400, "An avatar may be at most 4096 pixels wide and high"),
        ([("file", "zero.gif", gif(0, 10))], 400, "An avatar may be at most 4096 pixels wide and high"),
        ([("file", "big.png", png() + b"\x00" * (1024 * 1024))], 413, "An avatar may be at most 1024 KB"),
        ([("file", "a.png", png()), ("file", "b.png", png())], 400, "Send one image"),
    ],
)
def test_what_is_not_an_avatar_is_refused(client, user, files, status, msg):
    upload(client, user, ("file", "first.png", png()))
    before = client.get(ME, headers=client.auth(user)).json["avatar"]
    res = upload(client, user, *files, status=status)
    assert res["msg"] == msg
    # Nothing changed.
    assert client.get(ME, headers=client.auth(user)).json["avatar"] == before
    assert client.get(before).body == png()


def test_an_avatar_upload_must_be_multipart_with_a_file(client, user):
    res = client.post_json(AVATAR, {"file": "x"}, headers=client.auth(user), status=400).json
    assert res["msg"] == "Expected a multipart/form-data body with the image"
    res = client.post(AVATAR, {"name": "x"}, headers=client.auth(user), content_type="multipart/form-data", status=400)
    assert res.json["msg"] in ("Send one image", "Malformed multipart body")


def test_avatar_addresses_are_not_guessed(client, user):
    url = upload(client, user, ("file", "a.png", png()))["avatar"]
    user_id, digest = url.rsplit("/", 2)[-2:]
    client.get(f"/api/v1/avatars/{user_id}/{'0' * len(digest)}", status=404)
    client.get(f"/api/v1/avatars/us_nobody/{digest}", status=404)
    assert client.get(f"/api/v2/avatars/{user_id}/{digest}").body == png()
