"""The text of a notification: a hook's ``body`` with ``{{ path }}`` placeholders filled in
from the event (``{{ data.table_name }}``, ``{{ type }}``, ``{{ json data.rows }}``), or a
short summary when the body is empty."""

from __future__ import annotations

import json
import re

_PLACEHOLDER = re.compile(r"\{\{\s*(json\s+)?([A-Za-z_][\w.]*)\s*\}\}")
#: the longest text a notification carries
MAX_TEXT = 3500


def _lookup(event: dict, path: str):
    value = event
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def summary(event: dict) -> str:
    data = event.get("data") or {}
    count = data.get("rows_inserted")
    if count is None:
        count = len(data.get("rows") or data.get("previous_rows") or [])
    return f"{event.get('type', 'records')} in {data.get('table_name', '')}: {count} record(s)"


def render(body: str | None, event: dict) -> str:
    if not body or not body.strip():
        return summary(event)

    def fill(match: re.Match) -> str:
        value = _lookup(event, match.group(2))
        if match.group(1) or isinstance(value, (dict, list)):
            return json.dumps(value, default=str)
        return "" if value is None else str(value)

    return _PLACEHOLDER.sub(fill, body)[:MAX_TEXT]
