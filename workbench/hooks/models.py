"""The meta model of webhooks: a hook of a table, its condition (a filter tree like a
view's), the delivery log, and the outbox of events whose table lives in a source that
Workbench does not own (see ``workbench.hooks.outbox``).

A hook goes with its table and its project (deleted with them, by foreign key); its log
goes with it.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from workbench.hooks.outbox_table import outbox_columns
from workbench.meta.base import Base, JSONText, TimestampMixin, new_id, utcnow

#: the operations a hook fires on, as NocoDB names them
OPERATIONS = ("insert", "update", "delete", "bulkInsert", "bulkUpdate", "bulkDelete")
#: a hook fired by hand only (NocoDB's Button field with a webhook action)
MANUAL = "trigger"


class Hook(TimestampMixin, Base):
    __tablename__ = "wb_hooks"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("hk_"))
    project_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_projects.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_tables.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(sa.String(255))
    description: Mapped[str | None] = mapped_column(sa.Text)
    #: ``after`` (NocoDB's only event of version 2), or ``manual`` for a button's hook
    event: Mapped[str] = mapped_column(sa.String(16), default="after")
    operation: Mapped[str] = mapped_column(sa.String(16))
    version: Mapped[str] = mapped_column(sa.String(8), default="v2")
    active: Mapped[bool] = mapped_column(sa.Boolean, default=True)
    #: whether the hook's filters are a condition the records must meet
    condition: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    #: ``{"type": <notifier name>, "payload": {...}}``: the notifier and its settings
    notification: Mapped[dict] = mapped_column(JSONText)
    #: seconds one delivery may take (None: the server's ``workbench.webhooks.timeout``)
    timeout: Mapped[int | None] = mapped_column(sa.Integer)
    order: Mapped[float | None] = mapped_column(sa.Float)


class HookFilter(TimestampMixin, Base):
    """A hook's condition: groups (``is_group``) hold conditions through ``parent_id``."""

    __tablename__ = "wb_hook_filters"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("hf_"))
    hook_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_hooks.id", ondelete="CASCADE"), index=True)
    parent_id: Mapped[str | None] = mapped_column(sa.ForeignKey("wb_hook_filters.id", ondelete="CASCADE"))
    column_id: Mapped[str | None] = mapped_column(sa.ForeignKey("wb_columns.id", ondelete="CASCADE"))
    comparison_op: Mapped[str | None] = mapped_column(sa.String(32))
    comparison_sub_op: Mapped[str | None] = mapped_column(sa.String(32))
    value: Mapped[str | None] = mapped_column(sa.Text)
    logical_op: Mapped[str] = mapped_column(sa.String(8), default="and")
    is_group: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    order: Mapped[float | None] = mapped_column(sa.Float)


class HookLog(Base):
    """One delivery attempt of an event (or a test call)."""

    __tablename__ = "wb_hook_logs"
    __table_args__ = (sa.Index("ix_wb_hook_logs_hook_created", "hook_id", "created_at"),)

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("hl_"))
    hook_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_hooks.id", ondelete="CASCADE"))
    #: the event's id: its idempotency key, the same on every attempt
    event_id: Mapped[str] = mapped_column(sa.String(64))
    type: Mapped[str] = mapped_column(sa.String(32))
    operation: Mapped[str] = mapped_column(sa.String(16))
    attempt: Mapped[int] = mapped_column(sa.Integer, default=1)
    #: ``success``, ``retrying`` (another attempt is planned) or ``failed`` (no more)
    status: Mapped[str] = mapped_column(sa.String(16))
    response_status: Mapped[int | None] = mapped_column(sa.Integer)
    #: the start of the response's body (or of the error)
    response: Mapped[str | None] = mapped_column(sa.Text)
    error: Mapped[str | None] = mapped_column(sa.Text)
    duration_ms: Mapped[int] = mapped_column(sa.Integer, default=0)
    test_call: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    created_at: Mapped[dt.datetime] = mapped_column(sa.DateTime, default=utcnow)


class MetaOutboxEvent(Base):
    """Events of tables in sources Workbench does not own, written after their commit."""

    __table__ = sa.Table("wb_hook_outbox", Base.metadata, *outbox_columns())
