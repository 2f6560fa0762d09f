"""The account's profile in headless Chromium: the display name changed and shown to the
members of a project, the avatar uploaded (shown on the page and in the top bar), a file that
is no image refused before it goes and a forged one refused by the server, then the avatar
removed. Each change says so and survives a reload."""

from __future__ import annotations

import struct
import zlib

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _member_token,
    _sign_up_first_user,
    _use_token,
    create_project,
    screenshot,
)

pytestmark = pytest.mark.e2e


def _png(size: int, rgb: tuple[int, int, int]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + bytes(rgb) * size for _ in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def _toast(page, text):
    return page.locator(".bp6-toast", has_text=text)


def test_display_name_and_avatar(server, page):
    owner = _sign_up_first_user(server)
    project = create_project(server, owner, "Team")
    member = _member_token(server, owner, project["id"], "ada@example.com", "editor")
    _use_token(page, member)
    page.goto("/account")

    # The display name: saved, said so, and what the project's members list shows.
    name = page.get_by_test_id("profile-display-name")
    expect(name).to_have_value("ada@example.com")
    expect(page.get_by_test_id("nav-account").get_by_test_id("avatar-initials")).to_have_text("AE")
    name.fill("  Ada   Lovelace ")
    page.get_by_test_id("profile-save").click()
    expect(_toast(page, "Profile saved")).to_be_visible()
    expect(name).to_have_value("Ada Lovelace")
    me = server.api("GET", "/api/v1/auth/user/me", token=member)
    assert me["display_name"] == "Ada Lovelace"
    users = server.api("GET", f"/api/v1/db/meta/projects/{project['id']}/users", token=owner)["users"]["list"]
    assert next(u for u in users if u["email"] == "ada@example.com")["display_name"] == "Ada Lovelace"
    expect(page.get_by_test_id("nav-account").get_by_test_id("avatar-initials")).to_have_text("AL")

    # A file that is no image is refused here, before it goes.
    page.get_by_test_id("avatar-file").set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"}]
    )
    expect(page.get_by_test_id("avatar-error")).to_have_text("Choose a PNG, JPEG, GIF or WebP image")
    # A page dressed up as an image gets past the browser's check, not the server's.
    page.get_by_test_id("avatar-file").set_input_files(
        files=[{"name": "evil.png", "mimeType": "image/png", "buffer": b"<html><script>alert(1)</script></html>"}]
    )
    expect(_toast(page, "An avatar must be a PNG, JPEG, GIF or WebP image")).to_be_visible()
    assert server.api("GET", "/api/v1/auth/user/me", token=member)["avatar"] is None

    # A real image: shown on the page and in the top bar at once.
    page.get_by_test_id("avatar-file").set_input_files(
        files=[{"name": "me.png", "mimeType": "image/png", "buffer": _png(48, (67, 81, 232))}]
    )
    expect(_toast(page, "Avatar saved")).to_be_visible()
    avatar = page.get_by_test_id("profile-editor").get_by_test_id("avatar-image")
    expect(avatar).to_have_attribute("src", server.api("GET", "/api/v1/auth/user/me", token=member)["avatar"])
    avatar.evaluate("i => i.complete ? null : new Promise(r => { i.onload = r; i.onerror = r; })")
    assert avatar.evaluate("i => i.naturalWidth") == 48
    expect(page.get_by_test_id("nav-account").get_by_test_id("avatar-image")).to_be_visible()
    expect(page.get_by_test_id("avatar-error")).to_have_count(0)
    screenshot(page, "account-profile")

    # Kept after a reload; then removed.
    page.reload()
    expect(page.get_by_test_id("profile-display-name")).to_have_value("Ada Lovelace")
    expect(page.get_by_test_id("profile-editor").get_by_test_id("avatar-image")).to_be_visible()
    page.get_by_test_id("avatar-remove").click()
    expect(_toast(page, "Avatar removed")).to_be_visible()
    expect(page.get_by_test_id("profile-editor").get_by_test_id("avatar-initials")).to_have_text("AL")
    assert server.api("GET", "/api/v1/auth/user/me", token=member)["avatar"] is None
