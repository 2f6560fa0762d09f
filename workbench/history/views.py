"""The history API: a record's history, the project's audit log, restoring a deleted
record."""

from __future__ import annotations

import datetime as dt

from workbench.api import api_view
from workbench.errors import BadRequest, NotFound
from workbench.history import queries
from workbench.history.actor import VIAS
from workbench.history.retention import retention_days
from workbench.history.serialize import OPS, entry_json
from workbench.paging import int_param, paged
from workbench.projects.models import Source
from workbench.records.services import Records
from workbench.security.permissions import Permission

TAGS = ("history",)
MAX_PAGE = 1000


def _source(request, project_id: str):
    source = request.dbsession.query(Source).filter_by(project_id=project_id, is_default=True).first()
    if source is None:
        raise NotFound("The project has no data source")
    return source


def _date(request, name: str) -> dt.datetime | None:
    raw = (request.params.get(name) or "").strip()
    if not raw:
        return None
    try:
        value = dt.datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise BadRequest(f"{name} must be a date or a date and time (ISO 8601)") from None
    if value.tzinfo is not None:
        value = value.astimezone(dt.UTC).replace(tzinfo=None)
    return value


def _ops(request) -> tuple[str, ...]:
    wanted = []
    for key in ("op", "op[]"):
        for value in request.params.getall(key):
            wanted.extend(v.strip() for v in str(value).split(",") if v.strip())
    unknown = [op for op in wanted if op not in OPS]
    if unknown:
        raise BadRequest(f"Unknown op {unknown[0]!r}; one of {', '.join(OPS)}")
    return tuple(dict.fromkeys(wanted))


@api_view(
    "history.record",
    "GET",
    Permission.HISTORY_READ,
    tags=TAGS,
    summary="A record's history, newest first, paged; without row_id, the table's deleted records",
    query=(
        ("fk_model_id", "the table's id"),
        ("row_id", "the record's id (none: the delete entries of the table)"),
        ("limit", ""),
        ("offset", ""),
    ),
)
def record_history(request):
    row_id = (request.params.get("row_id") or "").strip() or None
    table = request.context.table
    limit = int_param(request, "limit", 25, 1, MAX_PAGE)
    offset = int_param(request, "offset", 0, 0)
    filters = queries.Filters(table_id=table.id, row_id=row_id, ops=() if row_id else ("delete",))
    rows, total = queries.page(request, table.source, table.project_id, filters, limit, offset)
    return paged(_with_restored(request, table.source, table.project_id, rows), total, limit, offset)


def _with_restored(request, source, project_id: str, rows) -> list[dict]:
    """Entries as JSON; a delete entry says whether its record was back since (``restored``)."""
    items = [entry_json(r) for r in rows]
    deletes = [r for r in rows if r.op == "delete" and r.row_id]
    if deletes:
        back = queries.back_since(request, source, project_id, deletes)
        for item in items:
            if item["op"] == "delete":
                item["restored"] = item["id"] in back
    return items


@api_view(
    "project.audits",
    "GET",
    Permission.AUDIT_READ,
    tags=TAGS,
    summary="The project's audit log, newest first, filtered and paged (with the server's retention_days)",
    query=(
        ("limit", ""),
        ("offset", ""),
        ("fk_model_id", "only this table's entries"),
        ("row_id", "only this record's (with fk_model_id)"),
        ("user", "only those of users whose address contains this"),
        ("op", "only these kinds (insert, update, delete, link, unlink, restore, import, table_*, column_*)"),
        ("via", "only those made through web, api_token, shared_form, import or script"),
        ("from", "from this date or time (UTC)"),
        ("to", "before this date or time (UTC)"),
    ),
)
def project_audits(request):
    project_id = request.context.project_id
    limit = int_param(request, "limit", 25, 1, MAX_PAGE)
    offset = int_param(request, "offset", 0, 0)
    via = (request.params.get("via") or "").strip() or None
    if via is not None and via not in VIAS:
        raise BadRequest(f"Unknown via {via!r}; one of {', '.join(VIAS)}")
    filters = queries.Filters(
        table_id=(request.params.get("fk_model_id") or "").strip() or None,
        row_id=(request.params.get("row_id") or "").strip() or None,
        user=(request.params.get("user") or "").strip() or None,
        ops=_ops(request),
        via=via,
        since=_date(request, "from"),
        until=_date(request, "to"),
    )
    source = _source(request, project_id)
    rows, total = queries.page(request, source, project_id, filters, limit, offset)
    found = paged(_with_restored(request, source, project_id, rows), total, limit, offset)
    # The server's retention (an ini setting, not the project's): the screen states it.
    found["retention_days"] = retention_days(request.registry.settings)
    return found


@api_view(
    "history.restore",
    "POST",
    Permission.DATA_INSERT,
    tags=TAGS,
    summary="Restore a deleted record, with its links, from its delete entry",
    query=(("fk_model_id", "the table's id (or in the body)"),),
)
def restore_record(request):
    from workbench.history.restore import restore

    try:
        entry_id = int(request.matchdict["entry_id"])
    except (TypeError, ValueError):
        raise NotFound("History entry not found") from None
    table = request.context.table
    entry = queries.one(request, table.source, table.project_id, entry_id)
    if entry is None or entry.table_id != table.id:
        raise NotFound("History entry not found")
    records = Records(request)
    key = restore(request, records, entry)
    return {"restored": True, "row_id": records.row_id(key), "record": key}
