"""Meta models of tables: the table, its columns, its views and their filters and sorts.

Titles are what people see; ``table_name`` and ``column_name`` are the physical names in the
source database, derived once from the first title and never changed on rename.

A change to a view's fields, sorts or filters stamps the view's ``updated_at`` in the same
flush, as a change to the view itself does: a view's ``updated_at`` moves whenever anything
a read through the view depends on (other than the table's fields) changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship

from workbench.meta.base import Base, JSONText, TimestampMixin, new_id, utcnow


class Table(TimestampMixin, Base):
    __tablename__ = "wb_tables"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("md_"))
    project_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_projects.id", ondelete="CASCADE"), index=True)
    source_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_sources.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(sa.String(255))
    table_name: Mapped[str] = mapped_column(sa.String(64))
    type: Mapped[str] = mapped_column(sa.String(16), default="table")
    meta: Mapped[dict | None] = mapped_column(JSONText)
    order: Mapped[float | None] = mapped_column(sa.Float)
    # Bumped by every change to the table's title or columns (records requests cache by it).
    schema_version: Mapped[int] = mapped_column(sa.Integer, default=0, server_default="0")

    columns: Mapped[list[Column]] = relationship(
        back_populates="table", order_by="Column.order", cascade="all, delete-orphan", passive_deletes=True
    )
    views: Mapped[list[View]] = relationship(
        back_populates="table", order_by="View.order", cascade="all, delete-orphan", passive_deletes=True
    )
    source = relationship("Source")


class Column(TimestampMixin, Base):
    __tablename__ = "wb_columns"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("cl_"))
    table_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_tables.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(sa.String(255))
    column_name: Mapped[str | None] = mapped_column(sa.String(64))
    uidt: Mapped[str] = mapped_column(sa.String(32))
    dt: Mapped[str | None] = mapped_column(sa.String(32))
    pk: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    ai: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    rqd: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    pv: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    system: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    cdf: Mapped[str | None] = mapped_column(sa.Text)
    meta: Mapped[dict | None] = mapped_column(JSONText)
    # Type-specific options, e.g. ``{"options": [{"id", "title", "color", "order"}]}`` for selects.
    col_options: Mapped[dict | None] = mapped_column(JSONText)
    order: Mapped[float | None] = mapped_column(sa.Float)

    table: Mapped[Table] = relationship(back_populates="columns")


class View(TimestampMixin, Base):
    __tablename__ = "wb_views"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("vw_"))
    table_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_tables.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(sa.String(255))
    #: the view type's name (a view type plugin's ``ViewType.name``)
    type: Mapped[str] = mapped_column(sa.String(16))
    is_default: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    lock_type: Mapped[str] = mapped_column(sa.String(16), default="collaborative")
    meta: Mapped[dict | None] = mapped_column(JSONText)
    order: Mapped[float | None] = mapped_column(sa.Float)
    # Public sharing: the link's uuid (None while not shared) and its optional password (Argon2).
    uuid: Mapped[str | None] = mapped_column(sa.String(64), unique=True)
    password_hash: Mapped[str | None] = mapped_column(sa.String(255))
    # The view type's own settings (form heading, kanban grouping field, ...): see ``workbench.views``.
    settings: Mapped[dict | None] = mapped_column(JSONText)
    created_by: Mapped[str | None] = mapped_column(sa.String(32))

    table: Mapped[Table] = relationship(back_populates="views")
    columns: Mapped[list[ViewColumn]] = relationship(
        back_populates="view", order_by="ViewColumn.order", cascade="all, delete-orphan", passive_deletes=True
    )
    filters: Mapped[list[Filter]] = relationship(
        order_by="Filter.order", cascade="all, delete-orphan", passive_deletes=True
    )
    sorts: Mapped[list[Sort]] = relationship(order_by="Sort.order", cascade="all, delete-orphan", passive_deletes=True)


class ViewColumn(Base):
    """A column as one view shows it: visibility, order and width."""

    __tablename__ = "wb_view_columns"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("nc_"))
    view_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_views.id", ondelete="CASCADE"), index=True)
    column_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_columns.id", ondelete="CASCADE"), index=True)
    show: Mapped[bool] = mapped_column(sa.Boolean, default=True)
    order: Mapped[float | None] = mapped_column(sa.Float)
    width: Mapped[str | None] = mapped_column(sa.String(16))
    # Per-view field settings of the view type (a form's label, description, help, required).
    meta: Mapped[dict | None] = mapped_column(JSONText)

    view: Mapped[View] = relationship(back_populates="columns")


class Filter(TimestampMixin, Base):
    """A view's filter tree: groups (``is_group``) hold conditions through ``parent_id``."""

    __tablename__ = "wb_filters"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("fi_"))
    view_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_views.id", ondelete="CASCADE"), index=True)
    parent_id: Mapped[str | None] = mapped_column(sa.ForeignKey("wb_filters.id", ondelete="CASCADE"))
    column_id: Mapped[str | None] = mapped_column(sa.ForeignKey("wb_columns.id", ondelete="CASCADE"))
    comparison_op: Mapped[str | None] = mapped_column(sa.String(32))
    comparison_sub_op: Mapped[str | None] = mapped_column(sa.String(32))
    value: Mapped[str | None] = mapped_column(sa.Text)
    logical_op: Mapped[str] = mapped_column(sa.String(8), default="and")
    is_group: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    order: Mapped[float | None] = mapped_column(sa.Float)


class Sort(TimestampMixin, Base):
    __tablename__ = "wb_sorts"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("so_"))
    view_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_views.id", ondelete="CASCADE"), index=True)
    column_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_columns.id", ondelete="CASCADE"))
    direction: Mapped[str] = mapped_column(sa.String(4), default="asc")
    order: Mapped[float | None] = mapped_column(sa.Float)


_VIEW_PARTS = (ViewColumn, Filter, Sort)


@event.listens_for(Session, "after_flush")
def _stamp_views(session, _flush_context) -> None:
    """Every session's flush (requests', workers' and scripts'): the views whose fields,
    sorts or filters it wrote get a new ``updated_at`` (one UPDATE)."""
    view_ids = {
        obj.view_id
        for objects in (session.new, session.dirty, session.deleted)
        for obj in objects
        if isinstance(obj, _VIEW_PARTS) and obj.view_id
    }
    if view_ids:
        views = View.__table__
        session.connection().execute(views.update().where(views.c.id.in_(sorted(view_ids))).values(updated_at=utcnow()))
