"""Color: a field type for Workbench whose values are colours.

A value is a colour written ``#rrggbb`` (``#RGB`` and upper case are taken and written so).
The field's palette (``meta.palette``, a list of such colours) is what its picker offers;
any other colour can still be typed.
"""

import re
from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import FieldType, FieldValueError, blank, hookimpl
from workbench.plugin_api import operators as ops

_HEX = re.compile(r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
DEFAULT_PALETTE = ("#e03131", "#f08c00", "#fcc419", "#2f9e44", "#1971c2", "#7048e8", "#c2255c", "#495057")
MAX_PALETTE = 32


def parse_colour(value) -> str | None:
    """``#rrggbb`` in lower case, from ``#RGB``, ``rrggbb``, ...; None for a blank value."""
    if blank(value):
        return None
    match = _HEX.match(value.strip()) if isinstance(value, str) else None
    if match is None:
        raise FieldValueError("expected a colour written #rrggbb")
    digits = match.group(1).lower()
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return "#" + digits


class Color(FieldType):
    name = "Color"
    icon = "tint"
    group = "choice"
    order = 390
    operators = ops.EQUALITY | ops.BLANK | ops.NULLS
    search = "eq"
    dt = "varchar"
    formula_type = "string"
    export_as = "text"
    aggregations = ("count", "count_empty", "count_filled", "count_unique")
    value_schema: ClassVar[dict] = {"type": ["string", "null"], "pattern": "^#[0-9a-f]{6}$"}
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {
            "meta": {
                "type": "object",
                "properties": {
                    "palette": {
                        "type": "array",
                        "items": {"type": "string", "pattern": "^#[0-9a-f]{6}$"},
                        "maxItems": MAX_PALETTE,
                        "default": list(DEFAULT_PALETTE),
                        "title": "setting.palette",
                    }
                },
            }
        },
    }
    examples = (("#1971C2", "#1971c2"), ("f80", "#ff8800"), ("", None), (None, None))
    invalid_examples = ("blue", "#12345", 42, ["#fff"])

    def sql_type(self, dialect):
        return sa.String(7)

    def to_db(self, value):
        return parse_colour(value)

    def check_meta(self, meta: dict) -> dict:
        """The palette: colours ``#rrggbb``, each once, at most 32."""
        palette = meta.get("palette")
        if palette is None:
            return meta
        if not isinstance(palette, list) or len(palette) > MAX_PALETTE:
            raise FieldValueError(f"the palette is a list of at most {MAX_PALETTE} colours")
        colours = [parse_colour(item) for item in palette]
        if None in colours:
            raise FieldValueError("the palette has a blank colour")
        return {**meta, "palette": list(dict.fromkeys(colours))}


@hookimpl
def register_field_types():
    return [Color]
