"""Shared forms with link fields in headless Chromium: a signed-out visitor searches the
linked table in the form's link picker, picks records, submits, and the links exist."""

from __future__ import annotations

import struct
import zlib

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    add_records,
    add_table,
    column_id,
    form_input,
    fresh_page,
    screenshot,
    shop_table,
)
from workbench.storage.signing import SIGNED_PREFIX

pytestmark = pytest.mark.e2e


def test_a_shared_form_links_picked_records(server, browser):
    token = _sign_up_first_user(server)
    project, parts = shop_table(server, token)
    names = ["Acme", "Bolt Works", "Cogs Ltd"]
    suppliers = add_table(
        server,
        token,
        project["id"],
        "Suppliers",
        [{"title": "Company", "uidt": "SingleLineText", "pv": True}, {"title": "Phone"}],
        [{"Company": n, "Phone": "555"} for n in names],
    )
    for title, kind in (("Maker", "bt"), ("Sellers", "mm")):
        body = {"title": title, "uidt": "LinkToAnotherRecord", "childId": suppliers["id"], "type": kind}
        server.api("POST", f"/api/v1/db/meta/tables/{parts['id']}/columns", body, token=token)
    form = server.api("POST", f"/api/v1/db/meta/tables/{parts['id']}/forms", {"title": "Order"}, token=token)
    shared = server.api("POST", f"/api/v1/db/meta/views/{form['id']}/share", token=token)

    with fresh_page(browser, server) as visitor:
        visitor.goto(f"/nc/form/{shared['uuid']}")
        expect(visitor.get_by_test_id("shared-form")).to_be_visible()
        form_input(visitor, "Name").fill("bolt")
        maker = visitor.get_by_test_id("form-field-Maker")
        expect(maker.get_by_test_id("link-choice-Acme")).to_be_visible()
        maker.get_by_test_id("link-search-Maker").fill("bolt")
        expect(maker.get_by_test_id("link-choice-Acme")).to_have_count(0)
        maker.get_by_test_id("link-choice-Bolt Works").click()
        expect(maker.get_by_test_id("link-picked-Bolt Works")).to_be_visible()
        expect(maker.get_by_test_id("link-search-Maker")).to_have_count(0)  # belongs-to: one record
        sellers = visitor.get_by_test_id("form-field-Sellers")
        sellers.get_by_test_id("link-choice-Acme").click()
        sellers.get_by_test_id("link-choice-Cogs Ltd").click()
        expect(sellers.get_by_test_id("link-picked-Acme")).to_be_visible()
        expect(sellers.get_by_test_id("link-picked-Cogs Ltd")).to_be_visible()
        expect(sellers.get_by_test_id("link-choice-Acme")).to_have_count(0)
        expect(visitor.get_by_text("555")).to_have_count(0)  # the linked table's other fields stay private
        screenshot(visitor, "views-shared-form-links")
        visitor.get_by_test_id("form-submit").click()
        expect(visitor.get_by_test_id("form-success")).to_be_visible()

    [row] = server.api("GET", f"/api/v1/db/data/noco/{project['id']}/{parts['id']}", token=token)["list"]
    assert row["Name"] == "bolt"
    assert row["Maker"]["Company"] == "Bolt Works"
    assert sorted(s["Company"] for s in row["Sellers"]) == ["Acme", "Cogs Ltd"]


def _png() -> bytes:
    """A 4x4 red PNG."""
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * 4 for _ in range(4))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def test_a_password_protected_gallery_shows_its_covers(server, browser):
    token = _sign_up_first_user(server)
    project, parts = shop_table(server, token)
    photo = server.api(
        "POST", f"/api/v1/db/meta/tables/{parts['id']}/columns", {"title": "Photo", "uidt": "Attachment"}, token=token
    )
    photo_id = column_id(photo, "Photo")
    with fresh_page(browser, server) as visitor:
        uploaded = visitor.request.post(
            f"/api/v1/db/storage/upload?project_id={project['id']}&column_id={photo_id}",
            multipart={"file": {"name": "red.png", "mimeType": "image/png", "buffer": _png()}},
            headers={"xc-auth": token},
        ).json()
        add_records(server, token, parts, [{"Name": "bolt", "Photo": uploaded}])
        body = {"title": "Cards", "fk_cover_image_col_id": photo_id}
        gallery = server.api("POST", f"/api/v1/db/meta/tables/{parts['id']}/galleries", body, token=token)
        shared = server.api("POST", f"/api/v1/db/meta/views/{gallery['id']}/share", token=token)
        server.api("PATCH", f"/api/v1/db/meta/views/{gallery['id']}/share", {"password": "s3cret"}, token=token)

        visitor.goto(f"/nc/gallery/{shared['uuid']}")
        visitor.get_by_test_id("shared-password-input").fill("s3cret")
        visitor.get_by_test_id("shared-password-submit").click()
        cover = visitor.get_by_test_id("record-card").locator("img.wb-card-cover")
        expect(cover).to_have_count(1)
        # The image loaded (a signed link: <img> sends neither a token nor the password).
        visitor.wait_for_function("() => document.querySelector('img.wb-card-cover')?.naturalWidth === 4")
        assert (cover.get_attribute("src") or "").startswith("/" + SIGNED_PREFIX)
