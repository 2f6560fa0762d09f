"""Meta models of import jobs: the job (its file, template, progress and errors) and the
keys of the rows each batch inserted (what cancelling deletes from an existing table)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from workbench.meta.base import Base, JSONText, TimestampMixin, new_id

PREVIEW = "preview"
RUNNING = "running"
DONE = "done"
FAILED = "failed"
CANCELLED = "cancelled"
ENDED = (DONE, FAILED, CANCELLED)


class ImportJob(TimestampMixin, Base):
    __tablename__ = "wb_imports"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("im_"))
    project_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_projects.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[str | None] = mapped_column(sa.ForeignKey("wb_users.id", ondelete="SET NULL"))
    status: Mapped[str] = mapped_column(sa.String(16), default=PREVIEW, index=True)
    type: Mapped[str] = mapped_column(sa.String(32))
    file_name: Mapped[str] = mapped_column(sa.String(255))
    #: the upload, relative to the data folder; None once removed
    file_path: Mapped[str | None] = mapped_column(sa.String(512))
    options: Mapped[dict | None] = mapped_column(JSONText)
    #: the existing table imported into (None: new tables)
    table_id: Mapped[str | None] = mapped_column(sa.String(32))
    template: Mapped[dict | None] = mapped_column(JSONText)
    column_map: Mapped[dict | None] = mapped_column(JSONText)
    preview: Mapped[dict | None] = mapped_column(JSONText)
    rows_total: Mapped[dict | None] = mapped_column(JSONText)
    rows_done: Mapped[dict | None] = mapped_column(JSONText)
    #: rows of the file read so far per ref_table_name (done + skipped): where a resume starts
    rows_read: Mapped[dict | None] = mapped_column(JSONText)
    errors: Mapped[list | None] = mapped_column(JSONText)
    error_count: Mapped[int] = mapped_column(sa.Integer, default=0)
    #: [{"id", "title", "ref_table_name", "created"}]
    tables: Mapped[list | None] = mapped_column(JSONText)
    msg: Mapped[str | None] = mapped_column(sa.Text)
    #: the process running the job (its runner's token) and until when (``workbench.leases``)
    claimed_by: Mapped[str | None] = mapped_column(sa.String(64))
    claimed_until: Mapped[dt.datetime | None] = mapped_column(sa.DateTime)


class ImportKeys(Base):
    """The primary keys one batch inserted into a table (JSON list of key objects)."""

    __tablename__ = "wb_import_keys"

    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True, autoincrement=True)
    import_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_imports.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[str] = mapped_column(sa.String(32))
    keys: Mapped[list] = mapped_column(JSONText)
