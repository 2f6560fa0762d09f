"""The JSON importer: an array of objects, streamed with ijson. Nested objects become
``parent_child`` columns, arrays are kept as JSON text; the columns are the keys in the
order they are first met over the first rows (a key first met later is still read)."""

from __future__ import annotations

import json
import os
from decimal import Decimal

from workbench.plugin_api import Importer, ImportFileError, Sheet, hookimpl

#: rows read ahead to learn the columns
LOOKAHEAD = 1000


class JsonImporter(Importer):
    name = "json"
    icon = "code-block"
    media_types = ("application/json",)
    label = "JSON"
    extensions = ("json",)
    header_row = False

    def sheets(self, path: str):
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, "rb") as raw:
            head = raw.read(4096).lstrip()
            if head.startswith(b"\xef\xbb\xbf"):
                head = head[3:].lstrip()
            if not head.startswith(b"["):
                raise ImportFileError("A JSON import must be an array of objects")
            raw.seek(0)
            objects = _objects(raw)
            ahead = []
            for item in objects:
                ahead.append(item)
                if len(ahead) >= LOOKAHEAD:
                    break
            keys: dict[str, None] = {}
            for item in ahead:
                keys.update(dict.fromkeys(item))
            header = list(keys)
            yield Sheet(name=name, header=header, rows=_rows(header, ahead, objects))


def _objects(raw):
    import ijson

    try:
        for index, item in enumerate(ijson.items(raw, "item", use_float=False)):
            if not isinstance(item, dict):
                raise ImportFileError(f"Item {index + 1} of the array is not an object")
            yield flatten(item)
    except ijson.JSONError as exc:
        raise ImportFileError(f"Invalid JSON: {exc}") from None


def flatten(item: dict, prefix: str = "") -> dict:
    """``{"a": {"b": 1}, "c": [1, 2]}`` -> ``{"a_b": 1, "c": "[1, 2]"}``."""
    flat: dict = {}
    for key, value in item.items():
        name = f"{prefix}_{key}" if prefix else str(key)
        if isinstance(value, dict):
            flat.update(flatten(value, name))
        elif isinstance(value, list):
            flat[name] = json.dumps(value, default=_decimal, ensure_ascii=False)
        else:
            flat[name] = value
    return flat


def _decimal(value):
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def _rows(header: list[str], ahead: list[dict], rest):
    """Each object as a row in ``header``'s order; keys first met after the look-ahead
    window are appended to the header (and read) from then on."""
    for item in ahead:
        yield [item.get(key) for key in header]
    for item in rest:
        for key in item:
            if key not in header:
                header.append(key)
        yield [item.get(key) for key in header]


@hookimpl
def register_importers():
    return [JsonImporter]
