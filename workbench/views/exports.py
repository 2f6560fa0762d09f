"""CSV download of a shared view, in chunks as NocoDB's clients read them: each response
holds at most ``EXPORT_CHUNK`` records with a header line, and ``nc-export-offset`` gives
the offset of the next chunk, or -1 after the last."""

from __future__ import annotations

import csv
import io
import json
import re

from pyramid.response import Response

from workbench.data.query import select_rows
from workbench.paging import int_param

EXPORT_CHUNK = 10_000


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list) and all(isinstance(v, dict) and "title" in v for v in value):
        return ", ".join(str(v["title"]) for v in value)  # attachments: their file names
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def csv_response(request, public) -> Response:
    params = public.params(paging=False)
    offset = int_param(request, "offset", 0, 0)
    rows = select_rows(public.connection, public.model, params, limit=EXPORT_CHUNK + 1, offset=offset)
    more = len(rows) > EXPORT_CHUNK
    rows = rows[:EXPORT_CHUNK]
    titles = [f.title for f in params.fields if f.expr is not None]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(titles)
    for row in rows:
        writer.writerow([_cell(row.get(t)) for t in titles])
    name = re.sub(r"[^\w.-]+", "_", public.view.title).strip("_") or "export"
    response = Response(body=out.getvalue().encode("utf-8"), content_type="text/csv", charset="utf-8")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.headers["nc-export-offset"] = str(offset + len(rows) if more else -1)
    response.headers["Access-Control-Expose-Headers"] = "nc-export-offset"
    return response
