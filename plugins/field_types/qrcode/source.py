"""What QrCode and Barcode share: a virtual field whose value is another field's value.

The field stores no data. Its column options name the source field
(``fk_qr_value_column_id`` or ``fk_barcode_value_column_id``, as NocoDB names them); the
records API gives the source's value as it is, for the client to draw, and the field's
image route (``views``) draws it on the server. Through ``ComputedInSql`` the value is
the source's SQL in the same SELECT as the rest of the record, and the source is listed
in ``references()``, so the source cannot be deleted while a code reads it.

A source is a field whose value reads as one text: a text, URL, e-mail, phone number,
number or decimal field, or a formula. When the table's other columns are at hand
(``TableFields.column_of``) the source's type is checked by ``uidt``; otherwise by the
formula type of its value (a text, a number or a date).
"""

from __future__ import annotations

import datetime as dt
import decimal
from typing import ClassVar

from workbench.plugin_api import BadRequest, DataType, FieldType, FieldValueError, NotFound, Records, read_row

SOURCE_UIDTS = frozenset({"SingleLineText", "LongText", "URL", "Email", "PhoneNumber", "Number", "Decimal", "Formula"})
_SOURCE_TYPES = frozenset({DataType.STRING, DataType.NUMERIC, DataType.DATE, DataType.DATETIME})


class SourcedField(FieldType):
    """Base of QrCode and Barcode: ``option`` names the column option holding the source."""

    option: ClassVar[str]
    read_only = True
    virtual = True
    group = "computed"
    sortable = False
    groupable = False
    dt = "varchar"
    operators: ClassVar[frozenset[str]] = frozenset()
    aggregations = ("count",)
    #: for the contract suite: configured over a text field, the value is that field's
    computed_example: ClassVar[dict] = {}

    def __init__(self, column=None):
        super().__init__(column)
        options = (getattr(column, "col_options", None) or {}) if column is not None else {}
        self.source_id = options.get(self.option)
        try:
            self.result = DataType(options.get("dataType") or DataType.STRING)
        except ValueError:
            self.result = DataType.STRING

    def sql_type(self, dialect):
        return None

    def to_db(self, value):
        raise FieldValueError(f"a {self.name} shows another field's value and cannot be written")

    # -- ComputedInSql -----------------------------------------------------------
    def configure(self, body, fields):
        options = body.get("colOptions") if isinstance(body.get("colOptions"), dict) else {}
        source = body.get(self.option, options.get(self.option, self.source_id))
        if not source or not isinstance(source, str):
            raise FieldValueError(f"{self.option} is required: the field whose value is encoded")
        if source not in fields.titles:
            source = fields.ids.get(source, source)  # a title is accepted too
        if source not in fields.titles or source == fields.column_id:
            raise FieldValueError(f"{self.option}: field '{source}' not found in this table")
        title = fields.titles[source]
        column_of = getattr(fields, "column_of", None)
        column = column_of(source) if column_of is not None else None
        uidt = getattr(column, "uidt", None)
        data_type = fields.data_type(source)
        if (uidt is not None and uidt not in SOURCE_UIDTS) or data_type not in _SOURCE_TYPES:
            kinds = "a text, URL, e-mail, phone number, number or formula field"
            raise FieldValueError(f"field '{title}' cannot be encoded: choose {kinds}")
        return {self.option: source, "dataType": str(data_type)}

    def references(self):
        return [self.source_id] if self.source_id else []

    def data_type(self):
        return self.result

    def expression(self, resolver, dialect, functions):
        resolved = resolver.column(self.source_id) if self.source_id else None
        if resolved is None:
            raise FieldValueError(f"the field this {self.name} encodes is missing")
        return resolved.expression

    def describe(self, title_of):
        return {self.option: self.source_id}


def as_text(value) -> str | None:
    """The text a code encodes for a source value (None when there is nothing to encode)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, decimal.Decimal):
        value = int(value) if value == value.to_integral_value() else value.normalize()
    if isinstance(value, dt.datetime):
        value = value.replace(microsecond=0).isoformat(sep=" ")
    elif isinstance(value, dt.date):
        value = value.isoformat()
    text = str(value)
    return text if text.strip() else None


def encoded_text(request, uidt: str) -> tuple:
    """``(field, text)``: the text the image route draws, the record's value of the
    ``column_id`` field, which must be a field of type ``uidt`` of the route's table (404
    if the field, the record or a value is missing)."""
    records = Records(request)
    md = request.matchdict
    f = records.model.by_id.get(md["column_id"])
    if f is None or f.column.uidt != uidt:
        raise NotFound(f"{uidt} field '{md['column_id']}' not found in table '{records.model.title}'")
    row = read_row(records.connection, records.model, records.key_of_id(md["row_id"]), [f])
    if row is None:
        raise NotFound(f"Record '{md['row_id']}' not found")
    text = as_text(row[f.title])
    if text is None:
        raise NotFound(f"Record '{md['row_id']}' has no value to encode in field '{f.title}'")
    return f, text


def int_param(request, name: str, default: int, low: int, high: int) -> int:
    raw = request.params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"{name} must be a whole number from {low} to {high}") from None
    if not low <= value <= high:
        raise BadRequest(f"{name} must be a whole number from {low} to {high}")
    return value


#: a drawn code is an image of ours: no scripts, no framing, not sniffed as something else
IMAGE_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Cache-Control": "private, max-age=60",
}
