"""The import API: upload (preview), start, progress, cancel, list."""

from __future__ import annotations

import json
import os

import gevent
import sqlalchemy as sa

from workbench.api import api_view
from workbench.errors import BadRequest, Forbidden, PayloadTooLarge
from workbench.imports import uploads
from workbench.imports.interfaces import ImportFileError
from workbench.imports.limits import ImportLimits
from workbench.imports.models import CANCELLED, PREVIEW, RUNNING, ImportJob
from workbench.imports.preview import read_preview
from workbench.imports.serialize import import_json
from workbench.imports.start import check_template, create_tables, map_existing
from workbench.imports.undo import undo
from workbench.meta.base import new_id, utcnow
from workbench.security.permissions import Permission
from workbench.storage.rules import NOT_ACCEPTED
from workbench.tables.models import Table

OPTION_KEYS = ("type", "firstRowAsHeaders", "encoding", "delimiter", "sheet", "table_id")


def _user_id(request) -> str | None:
    identity = request.identity
    return getattr(identity, "user_id", None)


def _options(request) -> dict:
    """The upload's ``options`` JSON, with any key; ``_kept`` narrows it to what the chosen
    importer understands."""
    raw = request.POST.get("options")
    if raw in (None, ""):
        return {}
    if hasattr(raw, "file"):
        raw = raw.file.read().decode("utf-8", "replace")
    try:
        options = json.loads(raw)
    except ValueError:
        raise BadRequest("options must be JSON text") from None
    if not isinstance(options, dict):
        raise BadRequest("options must be a JSON object")
    return options


def _kept(options: dict, importer_cls) -> dict:
    """The options every importer takes, and those ``importer_cls`` declares as its own."""
    keys = (*OPTION_KEYS, *getattr(importer_cls, "option_keys", ()))
    return {k: options[k] for k in keys if k in options}


def _read_preview(registry, importer, path: str):
    """``read_preview``'s result, or the ``ImportFileError`` it raised (handed back rather
    than raised, so the thread pool does not log the uploader's mistake as a crash)."""
    try:
        return read_preview(registry, importer, path)
    except ImportFileError as exc:
        return exc


def _importer_for(request, file_name: str, wanted):
    importers = request.registry["importers"]
    if wanted is not None:
        if wanted not in importers:
            raise BadRequest(f"Unknown import type '{wanted}' (known: {', '.join(importers.names())})")
        cls = importers.get(wanted)
        if not cls.accepts(file_name):
            raise BadRequest(f"{NOT_ACCEPTED}: {', '.join('.' + ext for ext in cls.extensions)}")
        return cls
    for cls in importers:
        if cls.accepts(file_name):
            return cls
    known = sorted({ext for cls in importers for ext in cls.extensions})
    raise BadRequest(f"{NOT_ACCEPTED}: {', '.join('.' + ext for ext in known)}")


def _target_table(request, table_id) -> Table | None:
    if table_id in (None, ""):
        return None
    table = request.dbsession.get(Table, table_id) if isinstance(table_id, str) else None
    if table is None or table.project_id != request.context.project_id:
        raise BadRequest(f"Table '{table_id}' is not a table of this project")
    return table


def _check_may_import(request, table: Table | None) -> None:
    if table is None and not request.has_permission(Permission.TABLE_CREATE, request.context):
        raise Forbidden("Only creators and owners can import into new tables")


def _check_own(request, job: ImportJob) -> None:
    """Only the uploader (or a project owner) sees, starts or cancels an import."""
    if job.user_id == _user_id(request):
        return
    if not request.has_permission(Permission.PROJECT_DELETE, request.context):
        raise Forbidden("Only the user who uploaded the file or a project owner can do this")


@api_view(
    "imports",
    "POST",
    Permission.DATA_IMPORT,
    tags=("imports",),
    status=201,
    summary="Upload a CSV, Excel or JSON file (multipart: file, options) and get its preview and template",
)
def upload(request):
    if not (request.content_type or "").startswith("multipart/form-data"):
        raise BadRequest("Expected a multipart/form-data body with the file")
    try:
        part = request.POST.get("file")
    except (ValueError, TypeError, KeyError, UnicodeDecodeError):
        raise BadRequest("Malformed multipart body") from None
    if part is None or not getattr(part, "filename", None) or not getattr(part, "file", None):
        raise BadRequest("No file uploaded (the form field is 'file')")
    options = _options(request)
    table = _target_table(request, options.get("table_id"))
    _check_may_import(request, table)
    file_name = os.path.basename(part.filename.replace("\\", "/"))
    importer_cls = _importer_for(request, file_name, options.get("type"))
    options = _kept(options, importer_cls)
    settings = request.registry.settings
    job_id = new_id("im_")
    registry = request.registry
    try:
        stored = uploads.save(registry, job_id, file_name, part.file, int(settings["workbench.import.max_size"]))
    except uploads.TooLarge as exc:
        raise PayloadTooLarge(str(exc)) from None
    try:
        if uploads.size(registry, stored) == 0:
            raise ImportFileError("The file is empty")
        # Reading a whole file is CPU work: in a native thread, so other requests go on.
        importer = importer_cls(options, ImportLimits.from_settings(settings))
        with uploads.local_copy(registry, stored, file_name) as path:
            outcome = gevent.get_hub().threadpool.apply(_read_preview, (registry, importer, path))
        if isinstance(outcome, ImportFileError):
            raise outcome
        template, preview, totals = outcome
    except ImportFileError as exc:
        uploads.remove(registry, stored)
        raise BadRequest(str(exc)) from None
    except BaseException:
        uploads.remove(registry, stored)
        raise
    request.tm.get().addAfterCommitHook(lambda ok: ok or uploads.remove(registry, stored))
    job = ImportJob(
        id=job_id,
        project_id=request.context.project_id,
        user_id=_user_id(request),
        status=PREVIEW,
        type=importer_cls.name,
        file_name=file_name,
        file_path=stored,
        options=options,
        table_id=table.id if table is not None else None,
        template=template,
        preview=preview,
        rows_total=totals,
        rows_done=dict.fromkeys(totals, 0),
        rows_read={},
        errors=[],
        error_count=0,
        tables=[],
    )
    request.dbsession.add(job)
    request.dbsession.flush()
    request.response.status_int = 201
    return import_json(job)


@api_view("imports", "GET", Permission.DATA_IMPORT, tags=("imports",), summary="The caller's imports, newest first")
def list_imports(request):
    jobs = request.dbsession.scalars(
        sa.select(ImportJob)
        .where(ImportJob.project_id == request.context.project_id, ImportJob.user_id == _user_id(request))
        .order_by(ImportJob.created_at.desc(), ImportJob.id.desc())
    ).all()
    return {"list": [import_json(job) for job in jobs]}


@api_view("import", "GET", Permission.DATA_IMPORT, tags=("imports",), summary="An import and its progress")
def read_import(request):
    job = request.context.job
    _check_own(request, job)
    return import_json(job)


@api_view(
    "import.start",
    "POST",
    Permission.DATA_IMPORT,
    tags=("imports",),
    status=202,
    summary="Start an import with the edited template (and, into an existing table, a column map)",
)
def start_import(request):
    job = request.context.job
    _check_own(request, job)
    if job.status != PREVIEW:
        raise BadRequest(f"The import is {job.status}, not waiting to start")
    body = request.json_payload
    if not isinstance(body, dict):
        raise BadRequest("Request body must be a JSON object")
    table = _target_table(request, job.table_id)
    _check_may_import(request, table)
    known = {t["ref_table_name"]: [c["ref_column_name"] for c in t["columns"]] for t in job.template["tables"]}
    tables = check_template(request.registry, body.get("template", job.template), known)
    if table is None:
        made = create_tables(request, request.context.project, tables)
    else:
        if len(tables) != 1:
            raise BadRequest("Import one sheet into an existing table (remove the others from the template)")
        mapping = map_existing(request, table, tables[0], body.get("column_map"))
        made = [
            {
                "id": table.id,
                "title": table.title,
                "ref_table_name": tables[0]["ref_table_name"],
                "created": False,
                "columns": mapping,
            }
        ]
    job.template = {"tables": tables}
    job.column_map = body.get("column_map") if isinstance(body.get("column_map"), dict) else None
    job.tables = made
    job.rows_done = {t["ref_table_name"]: 0 for t in tables}
    job.rows_total = {t["ref_table_name"]: (job.rows_total or {}).get(t["ref_table_name"]) for t in tables}
    job.status = RUNNING
    job.updated_at = utcnow()
    request.dbsession.flush()
    runner = request.registry["import_runner"]
    request.tm.get().addAfterCommitHook(lambda ok, job_id=job.id: ok and runner.start(job_id))
    request.response.status_int = 202
    return import_json(job)


@api_view(
    "import",
    "DELETE",
    Permission.DATA_IMPORT,
    tags=("imports",),
    summary="Cancel a running import (what it did is undone) or discard a preview",
)
def cancel_import(request):
    job = request.context.job
    _check_own(request, job)
    if job.status in (PREVIEW, RUNNING):
        if job.status == RUNNING:
            undo(request, job)
        stored = job.file_path
        job.status = CANCELLED
        job.file_path = None
        job.updated_at = utcnow()
        request.dbsession.flush()
        registry = request.registry
        request.tm.get().addAfterCommitHook(lambda ok: ok and uploads.remove(registry, stored))
    return import_json(job)
