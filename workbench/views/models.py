"""A project's public link (shared base): its uuid, the role it grants and its password."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from workbench.meta.base import Base, TimestampMixin


class SharedBase(TimestampMixin, Base):
    __tablename__ = "wb_shared_bases"

    project_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_projects.id", ondelete="CASCADE"), primary_key=True)
    uuid: Mapped[str] = mapped_column(sa.String(64), unique=True)
    roles: Mapped[str] = mapped_column(sa.String(32), default="viewer")
    password_hash: Mapped[str | None] = mapped_column(sa.String(255))
