"""An export of a table's records: which fields, in which order, read how, written in
which format, and the two ways it is answered.

- A chunk (NocoDB's paged download): the records from ``offset`` on, as many as fit in
  ``workbench.export.chunk_rows`` records and ``workbench.export.chunk_seconds`` seconds;
  the header ``nc-export-offset`` gives the offset of the next chunk, -1 after the last.
  A CSV chunk is the file; an Excel chunk is the XLSX file as base64 text, as NocoDB sends
  it.
- A stream (``stream=true``, what the web app downloads): every record in one response,
  written as it is read (``nc-export-offset`` is -1, ``wb-export-total`` the number of
  records); the request's first page is read before the response starts, so that a bad
  filter still answers ``{msg}`` with its status.

Settings: ``workbench.export.neutralise`` (default true: CSV cells that start like a
formula are neutralised), ``workbench.export.chunk_rows`` (10,000),
``workbench.export.chunk_seconds`` (5).
"""

from __future__ import annotations

import base64
import re
import time
import urllib.parse
import zoneinfo

import gevent
from pyramid.response import Response

from workbench.data.model import Field, Model
from workbench.data.query import ListParams, count_rows
from workbench.errors import BadRequest
from workbench.exports.cells import CellContext, column_for
from workbench.exports.csv_out import CsvWriter
from workbench.exports.rows import PAGE_SIZE, RowReader
from workbench.exports.xlsx_out import XlsxWriter
from workbench.paging import int_param
from workbench.records.expand import Page
from workbench.settings import as_bool

#: the formats of NocoDB's download paths (``.../export/{format}``)
WRITERS = {"csv": CsvWriter, "excel": XlsxWriter}
DEFAULT_CHUNK_ROWS = 10_000
DEFAULT_CHUNK_SECONDS = 5.0
EXPOSED = "nc-export-offset, nc-export-elapsed-time, wb-export-total, Content-Disposition"


def writer_class(request):
    found = WRITERS.get(request.matchdict.get("kind"))
    if found is None:
        raise BadRequest(f"Unknown export format '{request.matchdict.get('kind')}'; use one of {', '.join(WRITERS)}")
    return found


def requested_names(request) -> list[str]:
    """``fields`` as NocoDB's clients send it: repeated, ``fields[]``, or comma-separated."""
    params = request.params
    values = params.getall("fields") + params.getall("fields[]") + params.getall("f")
    return [name.strip() for value in values for name in str(value).split(",") if name.strip()]


def view_fields(model: Model, view) -> list[Field]:
    """The fields a view shows, in its order (every field of the table without a view)."""
    if view is None:
        return list(model.fields)
    fields = [model.by_id.get(vc.column_id) for vc in view.columns if vc.show]
    return [f for f in fields if f is not None]


def _timezone(request):
    name = (request.params.get("timezone") or "").strip()
    if not name:
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise BadRequest(f"Unknown time zone '{name}'") from None


def _file_name(title: str, extension: str) -> str:
    ascii_name = re.sub(r"[^\w.-]+", "_", title, flags=re.ASCII).strip("_") or "export"
    quoted = urllib.parse.quote(f"{title}-export.{extension}", safe="")
    return f"attachment; filename=\"{ascii_name}-export.{extension}\"; filename*=UTF-8''{quoted}"


class Export:
    """The records of ``model`` selected by ``params``, as ``fields`` (in order), from the
    source ``engine``, for ``request``; ``title`` names the file and the sheet."""

    def __init__(self, request, engine, model: Model, params: ListParams, fields: list[Field], title: str):
        self.request = request
        self.settings = request.registry.settings
        self.writer_class = writer_class(request)
        self.title = title
        self.model = model
        self.params = params
        readable = [f for f in fields if f.expr is not None]
        context = CellContext(base_url=request.application_url, timezone=_timezone(request))
        self.offset = int_param(request, "offset", 0, 0)
        page_context = Page(request, None, model, "v1")
        self.reader = RowReader(engine, model, params, readable, page_context, self.offset)
        raw = not self.reader.api_values
        self.columns = [column_for(f.title, f.type, context, raw=raw) for f in readable]
        self.engine = engine

    def _writer(self):
        neutralise = as_bool(self.settings.get("workbench.export.neutralise", "true"))
        return self.writer_class(self.columns, neutralise=neutralise, sheet_name=self.title)

    def _headers(self, response: Response, next_offset: int, started: float) -> Response:
        response.headers["Content-Disposition"] = _file_name(self.title, self.writer_class.extension)
        response.headers["nc-export-offset"] = str(next_offset)
        response.headers["nc-export-elapsed-time"] = f"{(time.monotonic() - started) * 1000:.0f}"
        response.headers["Access-Control-Expose-Headers"] = EXPOSED
        response.headers["Cache-Control"] = "no-store"
        return response

    def response(self) -> Response:
        if as_bool(self.request.params.get("stream", "false")):
            return self.stream()
        return self.chunk()

    def chunk(self) -> Response:
        """One chunk of NocoDB's paged download."""
        started = time.monotonic()
        max_rows = int(self.settings.get("workbench.export.chunk_rows") or DEFAULT_CHUNK_ROWS)
        seconds = float(self.settings.get("workbench.export.chunk_seconds") or DEFAULT_CHUNK_SECONDS)
        writer = self._writer()
        parts = [writer.header()]
        count, more = 0, False
        while True:
            room = max_rows - count
            records = self.reader.next_page(min(PAGE_SIZE, room + 1))
            if len(records) > room:
                records, more = records[:room], True
            parts.append(writer.rows(records))
            count += len(records)
            if more or self.reader.done:
                break
            if time.monotonic() - started > seconds:
                more = True
                break
        parts.append(writer.close())
        body = b"".join(parts)
        if self.writer_class.base64_chunks:
            body = base64.b64encode(body)
        response = Response(body=body, content_type=self.writer_class.media_type)
        if self.writer_class.base64_chunks:
            response.content_type = "text/plain"
            response.charset = "utf-8"
        elif self.writer_class.media_type.startswith("text/"):
            response.charset = "utf-8"
        return self._headers(response, self.offset + count if more else -1, started)

    def stream(self) -> Response:
        """Every record in one response, written as it is read."""
        started = time.monotonic()
        with self.engine.connect() as connection:
            total = count_rows(connection, self.model, self.params.where)
        writer = self._writer()
        first = self.reader.next_page()
        response = Response(app_iter=_Stream(writer, self.reader, first), content_type=self.writer_class.media_type)
        if self.writer_class.media_type.startswith("text/"):
            response.charset = "utf-8"
        response.headers["wb-export-total"] = str(max(0, total - self.offset))
        return self._headers(response, -1, started)


class _Stream:
    """The response body of a stream: the header, the first page, then a page at a time
    until the last, then the end of the file. While a page is written the next one is read
    in a worker thread (the database driver releases the interpreter while it works), unless
    linked values are expanded (they read the meta database of the request). Closed early
    (the client went away), it stops reading."""

    def __init__(self, writer, reader: RowReader, first: list[tuple]):
        self.writer = writer
        self.reader = reader
        self.first = first
        self.closed = False

    def _pages(self):
        reader = self.reader
        if reader.expanding:
            while not reader.done and not self.closed:
                gevent.sleep(0)  # a page at a time, other requests get their turn
                yield reader.next_page()
            return
        pool = gevent.get_hub().threadpool
        pending = None if reader.done else pool.spawn(reader.next_page)
        while pending is not None and not self.closed:
            page = pending.get()
            pending = None if reader.done or self.closed else pool.spawn(reader.next_page)
            yield page
        if pending is not None:
            pending.get()  # let the last read end before the connection goes back

    def __iter__(self):
        yield self.writer.header() + self.writer.rows(self.first)
        self.first = []
        for page in self._pages():
            data = self.writer.rows(page)
            if data:
                yield data
        if not self.closed:
            yield self.writer.close()

    def close(self) -> None:
        self.closed = True
