"""Undoing what an import did: the tables it created are dropped (through the meta API's
delete service), the rows it inserted into an existing table are deleted by the keys kept
for each batch. Safe to run twice (what is already gone is skipped)."""

from __future__ import annotations

import logging

import sqlalchemy as sa

from workbench.data.unit import data_transaction
from workbench.data.writes import RowWriter
from workbench.errors import NotFound
from workbench.imports.models import ImportJob, ImportKeys
from workbench.plugins import notify
from workbench.records.loading import load_table_ref_by_id, model_for
from workbench.tables import services as table_services
from workbench.tables.models import Table
from workbench.tables.serialize import table_json

log = logging.getLogger(__name__)


def undo(request, job: ImportJob) -> None:
    for entry in job.tables or []:
        if entry.get("created"):
            table = request.dbsession.get(Table, entry["id"])
            if table is not None:
                snapshot = table_json(table, registry=request.registry)
                table_services.delete_table(request, table)
                notify.meta_changed(request, "table", "delete", snapshot)
        else:
            _delete_rows(request, job.id, entry["id"])


def _delete_rows(request, import_id: str, table_id: str) -> None:
    batches = request.dbsession.scalars(
        sa.select(ImportKeys).where(ImportKeys.import_id == import_id, ImportKeys.table_id == table_id)
    ).all()
    if not batches:
        return
    try:
        ref = load_table_ref_by_id(request, table_id)
    except NotFound:  # the table was deleted meanwhile: its rows went with it
        ref = None
    if ref is not None:
        work = data_transaction(request, ref.source)
        model = model_for(request, ref, work.dialect)
        work.begin_write()
        writer = RowWriter(request, ref, model, work.connection)
        keys = [key for batch in batches for key in batch.keys]
        for clause in writer._keys_clauses(keys):
            writer.delete_where(clause)
    for batch in batches:
        request.dbsession.delete(batch)
    request.dbsession.flush()
