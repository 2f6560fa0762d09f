"""QrCode and Barcode fields through the API, on every dialect: the records API gives the
source field's value, the image routes draw it (QR as SVG or PNG, barcodes as SVG) for
readers only, bad and empty values are refused with a clear 4xx, the source must be a
field that reads as a text and cannot be deleted while a code reads it."""

import pytest

from tests.common import accounts
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

COLUMNS = [
    {"title": "Name"},
    {"title": "Site", "uidt": "URL"},
    {"title": "Qty", "uidt": "Number"},
    {"title": "Ean", "uidt": "SingleLineText"},
    {"title": "Ok", "uidt": "Checkbox"},
]


@pytest.fixture
def ctx(client, admin):
    project, tokens = accounts.team(client, admin, "Codes")
    owner = tokens["owner"]
    table = create_table(client, owner, project["id"], "Things", COLUMNS)
    h = client.auth(owner)
    ids = {c["title"]: c["id"] for c in table["columns"]}
    url = f"/api/v2/tables/{table['id']}/records"
    rows = [
        {"Name": "alpha", "Site": "https://example.com/a", "Qty": 42, "Ean": "5901234123457"},
        {"Name": None, "Site": None, "Qty": None, "Ean": "12AB"},
    ]
    client.post_json(url, rows, headers=h)
    return {
        "client": client,
        "h": h,
        "tokens": tokens,
        "table": table,
        "ids": ids,
        "url": url,
        "columns": f"/api/v2/meta/tables/{table['id']}/columns",
    }


def add(ctx, body, status=200):
    return ctx["client"].post_json(ctx["columns"], body, headers=ctx["h"], status=status).json


def column(table, title):
    return next(c for c in table["columns"] if c["title"] == title)


def image_url(ctx, kind, column_id, row_id):
    return f"/api/plugins/{kind}/tables/{ctx['table']['id']}/columns/{column_id}/records/{row_id}"


def test_qr_code_gives_the_source_value_and_draws_it(ctx):
    client, h = ctx["client"], ctx["h"]
    table = add(ctx, {"title": "QR", "uidt": "QrCode", "fk_qr_value_column_id": ctx["ids"]["Site"]})
    qr = column(table, "QR")
    assert qr["column_name"] is None
    assert qr["fk_qr_value_column_id"] == qr["colOptions"]["fk_qr_value_column_id"] == ctx["ids"]["Site"]
    listed = client.get(ctx["url"], headers=h).json["list"]
    assert [r["QR"] for r in listed] == ["https://example.com/a", None]
    assert client.get(f"{ctx['url']}/1", headers=h).json["QR"] == "https://example.com/a"
    svg = client.get(image_url(ctx, "qrcode", qr["id"], 1), headers=h)
    assert svg.content_type == "image/svg+xml"
    assert svg.body.startswith(b"<svg")
    assert b"<path" in svg.body
    assert svg.headers["X-Content-Type-Options"] == "nosniff"
    png = client.get(image_url(ctx, "qrcode", qr["id"], 1), params={"format": "png", "scale": 2}, headers=h)
    assert png.content_type == "image/png"
    assert png.body.startswith(b"\x89PNG\r\n\x1a\n")
    bigger = client.get(image_url(ctx, "qrcode", qr["id"], 1), params={"format": "png", "scale": 8}, headers=h)
    assert len(bigger.body) != len(png.body)


def test_qr_code_of_a_number_and_of_a_formula(ctx):
    client, h = ctx["client"], ctx["h"]
    add(ctx, {"title": "Label", "uidt": "Formula", "formula_raw": 'CONCAT({Name}, "#", {Qty})'})
    table = add(ctx, {"title": "QR number", "uidt": "QrCode", "fk_qr_value_column_id": ctx["ids"]["Qty"]})
    formula_id = column(table, "Label")["id"]
    table = add(ctx, {"title": "QR label", "uidt": "QrCode", "colOptions": {"fk_qr_value_column_id": formula_id}})
    row = client.get(f"{ctx['url']}/1", headers=h).json
    assert (row["QR number"], row["QR label"]) == (42, "alpha#42")
    res = client.get(image_url(ctx, "qrcode", column(table, "QR label")["id"], 1), headers=h)
    assert res.content_type == "image/svg+xml"


def test_empty_missing_and_bad_requests(ctx):
    client, h = ctx["client"], ctx["h"]
    qr = column(add(ctx, {"title": "QR", "uidt": "QrCode", "fk_qr_value_column_id": ctx["ids"]["Name"]}), "QR")
    res = client.get(image_url(ctx, "qrcode", qr["id"], 2), headers=h, status=404)
    assert res.json["msg"] == "Record '2' has no value to encode in field 'QR'"
    res = client.get(image_url(ctx, "qrcode", qr["id"], 99), headers=h, status=404)
    assert res.json["msg"] == "Record '99' not found"
    res = client.get(image_url(ctx, "qrcode", ctx["ids"]["Name"], 1), headers=h, status=404)
    assert "QrCode field" in res.json["msg"]
    res = client.get(image_url(ctx, "qrcode", qr["id"], 1), params={"format": "gif"}, headers=h, status=400)
    assert res.json["msg"] == "format must be one of svg, png"
    res = client.get(image_url(ctx, "qrcode", qr["id"], 1), params={"scale": "0"}, headers=h, status=400)
    assert res.json["msg"] == "scale must be a whole number from 1 to 40"
    client.patch_json(ctx["url"], {"Id": 1, "Name": "x" * 3000}, headers=h)
    res = client.get(image_url(ctx, "qrcode", qr["id"], 1), headers=h, status=422)
    assert res.json["msg"].startswith("Cannot draw a QR code: the value is too long")


def test_image_needs_read_access(ctx):
    client = ctx["client"]
    qr = column(add(ctx, {"title": "QR", "uidt": "QrCode", "fk_qr_value_column_id": ctx["ids"]["Name"]}), "QR")
    viewer = client.auth(ctx["tokens"]["viewer"])
    assert client.get(image_url(ctx, "qrcode", qr["id"], 1), headers=viewer).content_type == "image/svg+xml"
    client.get(image_url(ctx, "qrcode", qr["id"], 1), status=401)
    stranger = client.auth(client.signup("stranger@example.com"))
    client.get(image_url(ctx, "qrcode", qr["id"], 1), headers=stranger, status=403)


def test_source_must_be_a_text_like_field_and_exist(ctx):
    res = add(ctx, {"title": "QR", "uidt": "QrCode"}, status=400)
    assert res["msg"] == "Field 'QR': fk_qr_value_column_id is required: the field whose value is encoded"
    res = add(ctx, {"title": "QR", "uidt": "QrCode", "fk_qr_value_column_id": "cl_nope"}, status=400)
    assert res["msg"] == "Field 'QR': fk_qr_value_column_id: field 'cl_nope' not found in this table"
    res = add(ctx, {"title": "QR", "uidt": "QrCode", "fk_qr_value_column_id": ctx["ids"]["Ok"]}, status=400)
    assert "field 'Ok' cannot be encoded" in res["msg"]
    table = ctx["client"].get(f"/api/v2/meta/tables/{ctx['table']['id']}", headers=ctx["h"]).json
    titles = [c["title"] for c in table["columns"]]
    assert "QR" not in titles


def test_codes_are_read_only(ctx):
    add(ctx, {"title": "QR", "uidt": "QrCode", "fk_qr_value_column_id": ctx["ids"]["Name"]})
    res = ctx["client"].patch_json(ctx["url"], {"Id": 1, "QR": "x"}, headers=ctx["h"], status=400)
    assert res.json["msg"] == "Field 'QR' is computed (QrCode) and cannot be written"


def test_deleting_the_source_is_refused(ctx):
    client, h = ctx["client"], ctx["h"]
    add(ctx, {"title": "QR", "uidt": "QrCode", "fk_qr_value_column_id": ctx["ids"]["Site"]})
    table = add(ctx, {"title": "Bar", "uidt": "Barcode", "fk_barcode_value_column_id": ctx["ids"]["Site"]})
    res = client.delete(f"/api/v2/meta/columns/{ctx['ids']['Site']}", headers=h, status=400)
    assert res.json["msg"] == "Field 'Site' is used by computed field 'QR', 'Bar': change or delete those first"
    client.delete(f"/api/v2/meta/columns/{column(table, 'Bar')['id']}", headers=h)
    res = client.delete(f"/api/v2/meta/columns/{ctx['ids']['Site']}", headers=h, status=400)
    assert res.json["msg"] == "Field 'Site' is used by QrCode field 'QR': change or delete those first"
    res = client.patch_json(f"/api/v2/meta/columns/{ctx['ids']['Site']}", {"uidt": "Checkbox"}, headers=h, status=400)
    assert "is used by QrCode field 'QR', which would break" in res.json["msg"]


def test_barcode_formats_and_values(ctx):
    client, h = ctx["client"], ctx["h"]
    table = add(ctx, {"title": "Code", "uidt": "Barcode", "fk_barcode_value_column_id": ctx["ids"]["Ean"]})
    code = column(table, "Code")
    assert code["meta"]["barcodeFormat"] == "CODE128"
    assert code["colOptions"]["fk_barcode_value_column_id"] == ctx["ids"]["Ean"]
    assert [r["Code"] for r in client.get(ctx["url"], headers=h).json["list"]] == ["5901234123457", "12AB"]
    svg = client.get(image_url(ctx, "barcode", code["id"], 2), headers=h)
    assert svg.content_type == "image/svg+xml"
    assert b"<svg" in svg.body
    assert b"<rect" in svg.body
    assert b"12AB" in svg.body
    bare = client.get(image_url(ctx, "barcode", code["id"], 2), params={"text": "0"}, headers=h)
    assert b"12AB" not in bare.body
    table = add(
        ctx,
        {
            "title": "Ean13",
            "uidt": "Barcode",
            "fk_barcode_value_column_id": ctx["ids"]["Ean"],
            "meta": {"barcodeFormat": "EAN13"},
        },
    )
    ean = column(table, "Ean13")
    assert client.get(image_url(ctx, "barcode", ean["id"], 1), headers=h).content_type == "image/svg+xml"
    res = client.get(image_url(ctx, "barcode", ean["id"], 2), headers=h, status=422)
    assert res.json["msg"].startswith("Cannot draw a barcode: EAN13 cannot encode this value")
    res = add(
        ctx,
        {
            "title": "X",
            "uidt": "Barcode",
            "fk_barcode_value_column_id": ctx["ids"]["Ean"],
            "meta": {"barcodeFormat": "EAN2"},
        },
        status=400,
    )
    assert res["msg"].startswith("Field 'X': barcodeFormat must be one of CODE128, CODE39, EAN13")
    client.get(image_url(ctx, "barcode", ctx["ids"]["Ean"], 1), headers=h, status=404)
    client.patch_json(ctx["url"], {"Id": 2, "Ean": "x" * 201}, headers=h)
    res = client.get(image_url(ctx, "barcode", code["id"], 2), headers=h, status=422)
    assert res.json["msg"] == "Cannot draw a barcode: a barcode holds at most 200 characters"
