"""Running an import job: the file read again from where the job stands, rows converted
by the template and inserted through the records engine in batches of ``BATCH`` rows (more
into PostgreSQL: ``COPY_ROWS``), converted and bound column by column, each batch its own
transaction that also records the progress (``workbench.imports.progress``: a resumed job
starts after the last committed batch). Bad rows are skipped and reported; a fatal error
fails the job and undoes it. A job run under a claim (``token``) stops as soon as another
process holds it."""

from __future__ import annotations

import contextlib
import functools
import itertools
import logging
import re
import types

import gevent
import sqlalchemy as sa

from workbench.data.batch import batches_collected, frozen_heap, paused_gc
from workbench.data.unit import data_transaction
from workbench.data.writes import RowWriter
from workbench.db import SQLITE_IMMEDIATE
from workbench.errors import APIError
from workbench.fields.interfaces import FieldValueError
from workbench.fields.typed_column import TypedColumn, typed
from workbench.imports import detect, events, progress, read_ahead, uploads
from workbench.imports.context import JobRequest
from workbench.imports.convert import column_converter, converter
from workbench.imports.interfaces import ImportFileError
from workbench.imports.limits import CpuBudget, ImportLimits
from workbench.imports.models import CANCELLED, DONE, FAILED, RUNNING, ImportJob, ImportKeys
from workbench.imports.serialize import MAX_ERRORS
from workbench.imports.undo import undo
from workbench.meta.base import utcnow
from workbench.projects.models import Source
from workbench.records.loading import load_table_ref_by_id, model_for
from workbench.storage.interfaces import FileMissing, StorageUnavailable
from workbench.tables.columns import bump
from workbench.tables.models import Column, Table

log = logging.getLogger(__name__)

#: rows per batch (one transaction each, which also records the progress a resumed job
#: starts from): few enough that a batch holds the source's write lock for a moment (a
#: tenth of a second or so), enough that the work of each batch (its transaction, the
#: job's progress, the listeners) weighs little against its rows
BATCH = 10_000
#: a batch into PostgreSQL holds up to ``COPY_ROWS`` rows of up to ``COPY_CELLS`` values
#: (rows times columns), and at least ``BATCH`` rows: a row costs COPY little, so the work
#: of each batch (its transaction, the job's progress) weighs more
COPY_ROWS = 20_000
COPY_CELLS = 200_000
_GENERATED = re.compile(r"^field_(\d+)$")


class Stopped(Exception):
    """The job is no longer running (cancelled elsewhere)."""


def source_indexes(header: list[str], refs: list[str]) -> dict[str, int]:
    """Where each ref column name is in a sheet's rows."""
    names = detect.column_names(header, len(header))
    found = {name: index for index, name in enumerate(names)}
    indexes = {}
    for ref in refs:
        if ref in found:
            indexes[ref] = found[ref]
        elif (match := _GENERATED.match(ref)) is not None:
            indexes[ref] = int(match.group(1)) - 1
    return indexes


def run_job(registry, job_id: str, max_batches: int | None = None, token: str | None = None, stopping=None) -> str:
    """Run (or resume) a job until it ends; answers its status. ``max_batches`` stops it
    after that many batches, still running (tests of resuming); so does ``stopping()``
    answering True between two batches (the server is stopping); ``token``: the claim it
    runs under (it answers ``running`` once another process holds the job)."""
    with JobRequest(registry, None) as req:
        job = req.dbsession.get(ImportJob, job_id)
        if job is None or job.status != RUNNING:
            return job.status if job is not None else CANCELLED
        if token is not None and job.claimed_by != token:
            return RUNNING
        state = {
            "type": job.type,
            "options": job.options or {},
            "file_path": job.file_path,
            "file_name": job.file_name or "upload",
            "template": job.template or {"tables": []},
            "tables": job.tables or [],
            "rows_read": dict(job.rows_read or {}),
            "rows_done": dict(job.rows_done or {}),
            "user_id": job.user_id,
            "token": token,
        }
    throttle = events.Throttle(registry)
    limits = ImportLimits.from_settings(registry.settings)
    # the job's own CPU time: reading, converting and inserting, not other greenlets' turns
    budget = CpuBudget(limits.cpu_seconds)
    try:
        if not state["file_path"]:
            raise ImportFileError("The uploaded file is gone")
        importer = registry["importers"].get(state["type"])(state["options"], limits)
        try:
            with uploads.local_copy(registry, state["file_path"], state["file_name"]) as path, frozen_heap():
                finished = _read_sheets(
                    registry, job_id, state, importer, path, budget, throttle, max_batches, stopping
                )
        except FileMissing:
            raise ImportFileError("The uploaded file is gone") from None
        if not finished:
            return RUNNING
        _finish(registry, job_id, token)
    except progress.Lost:
        log.info("import %s: another process runs it now", job_id)
        return RUNNING
    except StorageUnavailable as exc:
        # left running: a resume (here or in another process) tries again once its lease passes
        log.warning("import %s paused: %s", job_id, exc)
        return RUNNING
    except Stopped:
        _undo_cancelled(registry, job_id)
        return CANCELLED
    except Exception as exc:
        if not isinstance(exc, (ImportFileError, APIError)):
            log.exception("import %s failed", job_id)
        fail(registry, job_id, _message(exc))
    status = throttle.final(job_id)
    return status


def _read_sheets(registry, job_id, state, importer, path, budget, throttle, max_batches, stopping) -> bool:
    """Insert the rows of every chosen sheet from where the job stands; False when stopped
    after ``max_batches`` or by ``stopping()``."""
    targets = {t["ref_table_name"]: t for t in state["tables"]}
    specs = {t["ref_table_name"]: t for t in state["template"]["tables"]}
    batches = 0
    for sheet in importer.sheets(path):
        target = targets.get(sheet.name)
        if target is None:
            continue
        spec = specs[sheet.name]
        indexes = source_indexes(sheet.header, [c["ref_column_name"] for c in spec["columns"]])
        plan = [
            (
                indexes[c["ref_column_name"]],
                target["columns"][c["ref_column_name"]],
                converter(registry, c["uidt"], c["meta"]),
                column_converter(registry, c["uidt"], c["meta"]),
            )
            for c in spec["columns"]
            if c["ref_column_name"] in target["columns"] and c["ref_column_name"] in indexes
        ]
        start, source = _position(registry, job_id, state, target)
        size = _batch_rows(source, len(plan))
        rows = itertools.islice(budget.watch(sheet.rows), start, None)
        ahead = source.type == "pg"  # a COPY waits on the server: the next batch is read meanwhile
        # and its values converted, by the writer of the batch before (the same schema)
        last: dict = {}
        prepare = functools.partial(_store_ahead, last, plan, sheet.texts) if ahead else None
        reading = contextlib.closing(read_ahead.batches(rows, size, budget, ahead, prepare))
        with batches_collected() as collect, reading as chunks:
            while True:
                chunk = next(chunks, None)
                if chunk is None:
                    break
                if (max_batches is not None and batches >= max_batches) or (stopping is not None and stopping()):
                    return False
                _insert_batch(registry, job_id, state, target, plan, start + 1, chunk, sheet.texts, last)
                start += len(chunk)
                del chunk
                collect()
                batches += 1
                budget.check()
                budget.pause()
                throttle.progress(job_id)
                gevent.sleep(0)
                budget.resume()
    return True


def _message(exc: Exception) -> str:
    text = getattr(exc, "msg", None) or str(exc) or type(exc).__name__
    return text if isinstance(text, str) else str(text)


def _running_job(req, job_id: str, token: str | None = None) -> ImportJob:
    job = req.dbsession.get(ImportJob, job_id)
    if job is None or job.status != RUNNING:
        raise Stopped
    if token is not None and job.claimed_by != token:
        raise progress.Lost(job_id)
    return job


def _batch_rows(source, width: int) -> int:
    """Rows per batch of ``width`` columns into ``source``."""
    if source.type != "pg":
        return BATCH
    return max(BATCH, min(COPY_ROWS, COPY_CELLS // max(width, 1)))


def _position(registry, job_id: str, state: dict, target: dict) -> tuple[int, Source]:
    """Rows of ``target``'s sheet read so far: from its database's progress row when it has
    one (ahead of the meta database's if the process died between the two commits); and
    the source it goes to."""
    ref_table = target["ref_table_name"]
    read, done = state["rows_read"].get(ref_table, 0), state["rows_done"].get(ref_table, 0)
    with JobRequest(registry, None) as req:
        source = load_table_ref_by_id(req, target["id"]).source
    if progress.fenced(source):
        read, done = progress.stored(registry["source_engines"], source, job_id, ref_table, read, done)
    if read != state["rows_read"].get(ref_table, 0):
        with JobRequest(registry, None, writing=True) as req:
            job = _running_job(req, job_id, state["token"])
            job.rows_read = {**(job.rows_read or {}), ref_table: read}
            job.rows_done = {**(job.rows_done or {}), ref_table: done}
    state["rows_read"][ref_table], state["rows_done"][ref_table] = read, done
    return read, source


def forget_progress(registry, job_id: str) -> None:
    """Remove an ended job's progress rows from its project's own database."""
    with JobRequest(registry, None) as req:
        job = req.dbsession.get(ImportJob, job_id)
        if job is None or job.status == RUNNING:
            return
        row = req.dbsession.execute(
            sa.select(Source.id, Source.type, Source.config, Source.is_default).where(
                Source.project_id == job.project_id, Source.is_default.is_(True)
            )
        ).first()
    if row is not None:
        source = types.SimpleNamespace(id=row.id, type=row.type, config=row.config, is_default=True)
        progress.forget(registry["source_engines"], [source], job_id)


def _insert_batch(
    registry,
    job_id: str,
    state: dict,
    target: dict,
    plan: list,
    first: int,
    chunk: read_ahead.Batch,
    texts: bool = False,
    last: dict | None = None,
) -> None:
    """Insert the rows ``chunk``, the first of them row ``first`` of its sheet (``texts``:
    every cell a text or None), with its values as converted ahead (``_store_ahead``) when
    they were, by the same model; its writer left in ``last`` for the next batch's."""
    ref_table = target["ref_table_name"]
    with JobRequest(registry, state["user_id"], job_id) as req:
        # A SQLite meta database: the batch's transaction takes the write lock before it reads
        # the job. A deferred one that read first could not write at its end once another
        # writer (the lease's heartbeat) had committed meanwhile: SQLite refuses that at once.
        req.dbsession.connection(execution_options={SQLITE_IMMEDIATE: True})
        job = _running_job(req, job_id, state["token"])
        ref = load_table_ref_by_id(req, target["id"])
        work = data_transaction(req, ref.source)
        model = model_for(req, ref, work.dialect)
        work.begin_write()
        writer = RowWriter(req, ref, model, work.connection, typecast=True, save_options=_saver(req, ref.id))
        if last is not None:
            last["writer"] = writer
        with paused_gc(len(chunk)):
            ahead = getattr(chunk, "ahead", None)
            if ahead is not None and ahead[0] is model:
                prepared = _column_batch(writer, ahead[1], len(chunk))
            else:
                prepared = _prepare_columns(writer, plan, chunk, texts)
            errors: list[dict] = []
            if prepared is None:
                prepared, errors = _prepare_rows(writer, model, plan, first, chunk, ref_table)
            read, done = first + len(chunk) - 1, state["rows_done"].get(ref_table, 0) + len(prepared)
            if progress.fenced(ref.source):
                progress.advance(work.connection, job_id, ref_table, first - 1, read, len(prepared))
            # the keys are kept for undo only in a table that was there before the import
            keys = writer.insert_prepared(prepared, want_keys=not target.get("created"))
        if not target.get("created") and keys:
            pk_fields = model.pk_fields
            stored = [{f.id: key.get(f.title) for f in pk_fields} for key in keys]
            req.dbsession.add(ImportKeys(import_id=job_id, table_id=ref.id, keys=stored))
        job.rows_read = {**(job.rows_read or {}), ref_table: read}
        job.rows_done = {**(job.rows_done or {}), ref_table: done}
        if errors:
            job.errors = [*(job.errors or []), *errors][:MAX_ERRORS]
            job.error_count = (job.error_count or 0) + len(errors)
        job.updated_at = utcnow()
        req.dbsession.flush()
    state["rows_read"][ref_table], state["rows_done"][ref_table] = read, done


def _prepare_rows(writer: RowWriter, model, plan: list, first: int, chunk: list, ref_table: str) -> tuple[list, list]:
    """The rows converted and prepared one by one: the bad ones skipped and reported."""
    prepared, errors = [], []
    for number, row in enumerate(chunk, start=first):
        data, problem = {}, None
        for index, field_id, convert, _many in plan:
            value = row[index] if index < len(row) else None
            try:
                data[field_id] = convert(value)
            except ValueError as exc:
                problem = (model.by_id[field_id].title, str(exc))
                break
        if problem is None:
            try:
                prepared.append(writer.prepare(data, inserting=True))
            except APIError as exc:
                problem = (_failing_field(model, data), _message(exc))
        if problem is not None:
            errors.append({"table": ref_table, "row": number, "column": problem[0], "msg": problem[1]})
    return prepared, errors


def _prepare_columns(writer: RowWriter, plan: list, rows: list[list], texts: bool = False):
    """The rows converted and prepared column by column (``column_converter``,
    ``RowWriter.prepare_columns``); None when a value is refused, for the rows to be read
    one by one (the bad ones skipped and reported). ``texts``: every cell is a text or
    None, so each column is marked with its types at once."""
    stored = _store_columns(writer, plan, rows, texts)
    return None if stored is None else _column_batch(writer, stored, len(rows))


def _store_columns(writer: RowWriter, plan: list, rows: list[list], texts: bool = False, pause=None):
    """The stored values of the rows' columns by field id (``RowWriter.store_columns``),
    ``pause()`` called after each column; None when a value is refused."""
    if not plan:
        return None
    width = max(index for index, *_rest in plan) + 1
    shortest = min(map(len, rows))
    if shortest >= width:
        cells = list(itertools.chain.from_iterable(rows))
        if len(cells) == shortest * len(rows):
            # every row as long: each column is every ``shortest``-th cell, by a slice
            columns = [cells[index::shortest] for index in range(width)]
        else:
            columns = list(zip(*rows, strict=False))  # a row's cells past the plan's are not read
        del cells
    else:
        columns = [[row[index] if index < len(row) else None for row in rows] for index in range(width)]
    if texts:
        columns = [_texts_column(column) for column in columns]
    try:
        converted = []
        for index, _field_id, _convert, convert_many in plan:
            converted.append(convert_many(columns[index]))
            if pause is not None:
                pause()
        return writer.store_columns([field_id for _index, field_id, *_rest in plan], converted, pause)
    except (ValueError, APIError):  # FieldValueError is a ValueError
        return None


def _column_batch(writer: RowWriter, stored: dict, count: int):
    """``RowWriter.column_batch`` of stored columns; None when it refuses them."""
    try:
        return writer.column_batch(stored, count)
    except (ValueError, APIError):
        return None


def _store_ahead(last: dict, plan: list, texts: bool, rows: list[list], pause):
    """``(model, stored columns)`` of a batch read ahead, converted by the last batch's
    writer (its model's field types; nothing else of its request is used): the batch uses
    them if its own model is the same. None before the first batch, or when a value is
    refused (the batch is then prepared as it is inserted)."""
    writer = last.get("writer")
    if writer is None:
        return None
    stored = _store_columns(writer, plan, rows, texts, pause)
    return None if stored is None else (writer.model, stored)


def _texts_column(cells) -> TypedColumn:
    """A column of texts and Nones, marked with which of them it holds (every cell true:
    no None, found without comparing each cell with it)."""
    return typed(cells, str) if all(cells) or None not in cells else typed(cells, str, type(None))


def _failing_field(model, data: dict) -> str | None:
    """The title of the first field whose value its type refuses (None: a row-level problem)."""
    for field_id, value in data.items():
        field = model.by_id[field_id]
        try:
            field.type.to_db(value)
        except FieldValueError:
            return field.title
    missing = [f.title for f in model.required_fields if data.get(f.id) is None]
    return missing[0] if missing else None


def _saver(req, table_id: str):
    def save_options(column_id: str, options: dict) -> None:
        db = req.dbsession
        db.get(Column, column_id).col_options = options
        bump(db.get(Table, table_id))
        db.flush()

    return save_options


def _finish(registry, job_id: str, token: str | None) -> None:
    """Mark the job done, then remove its upload: storage is never reached inside the
    transaction (a wait on the network there would hold the meta database's snapshot)."""
    with JobRequest(registry, None, writing=True) as req:
        job = _running_job(req, job_id, token)
        job.status = DONE
        job.claimed_by = job.claimed_until = None
        job.updated_at = utcnow()
        file_path, job.file_path = job.file_path, None
        req.dbsession.execute(sa.delete(ImportKeys).where(ImportKeys.import_id == job.id))
    uploads.remove(registry, file_path)


def _undo_cancelled(registry, job_id: str) -> None:
    """A job cancelled while a batch ran: undo again what that batch added."""
    with JobRequest(registry, None, job_id, writing=True) as req:
        job = req.dbsession.get(ImportJob, job_id)
        if job is not None and job.status == CANCELLED:
            undo(req, job)


def fail(registry, job_id: str, msg: str) -> None:
    """Record a fatal error and undo the job (in a unit of work of its own)."""
    file_path = None
    try:
        with JobRequest(registry, None, job_id, writing=True) as req:
            job = req.dbsession.get(ImportJob, job_id)
            if job is None or job.status != RUNNING:
                return
            file_path = job.file_path
            undo(req, job)
            job.status = FAILED
            job.msg = msg
            job.file_path = None
            job.updated_at = utcnow()
    except Exception:
        log.exception("import %s: the failed job could not be undone", job_id)
        with JobRequest(registry, None, writing=True) as req:
            job = req.dbsession.get(ImportJob, job_id)
            if job is not None and job.status == RUNNING:
                job.status = FAILED
                job.msg = msg
                job.updated_at = utcnow()
    uploads.remove(registry, file_path)
