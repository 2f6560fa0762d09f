"""The meta model of row comments.

A comment goes with its table and its project (deleted with them, by foreign key). It
outlives its author's account: ``user_id`` is cleared and the address kept in
``created_by_email``. The comments of a deleted record are deleted with it (see
``workbench.comments.listeners``).
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.dialects import mysql
from sqlalchemy.orm import Mapped, mapped_column

from workbench.meta.base import Base, TimestampMixin, new_id, utcnow

#: the longest comment, in characters
MAX_LENGTH = 10_000
#: the longest record id a comment can name
MAX_ROW_ID = 255
#: comments are listed in the order they were written: MariaDB keeps microseconds too
PRECISE_TIME = sa.DateTime().with_variant(mysql.DATETIME(fsp=6), "mysql", "mariadb")


class Comment(TimestampMixin, Base):
    __tablename__ = "wb_comments"
    __table_args__ = (sa.Index("ix_wb_comments_table_row", "table_id", "row_id"),)

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("cm_"))
    project_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_projects.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_tables.id", ondelete="CASCADE"))
    row_id: Mapped[str] = mapped_column(sa.String(MAX_ROW_ID))
    user_id: Mapped[str | None] = mapped_column(sa.ForeignKey("wb_users.id", ondelete="SET NULL"), index=True)
    created_by_email: Mapped[str] = mapped_column(sa.String(255))
    body: Mapped[str] = mapped_column(sa.Text)
    created_at: Mapped[dt.datetime] = mapped_column(PRECISE_TIME, default=utcnow)
    #: when the author last changed the text (None: never edited)
    edited_at: Mapped[dt.datetime | None] = mapped_column(sa.DateTime)
