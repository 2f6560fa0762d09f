"""Meta models of projects (bases): the project, its members and its sources."""

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from workbench.meta.base import Base, JSONText, TimestampMixin, new_id, utcnow


class Project(TimestampMixin, Base):
    __tablename__ = "wb_projects"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("p_"))
    title: Mapped[str] = mapped_column(sa.String(255))
    description: Mapped[str | None] = mapped_column(sa.Text)
    meta: Mapped[dict | None] = mapped_column(JSONText)
    color: Mapped[str | None] = mapped_column(sa.String(16))
    order: Mapped[float | None] = mapped_column(sa.Float)
    created_by: Mapped[str | None] = mapped_column(sa.ForeignKey("wb_users.id", ondelete="SET NULL"))

    sources: Mapped[list["Source"]] = relationship(
        back_populates="project", order_by="Source.order", cascade="all, delete-orphan"
    )
    members: Mapped[list["ProjectMember"]] = relationship(back_populates="project", cascade="all, delete-orphan")


class ProjectMember(Base):
    __tablename__ = "wb_project_members"

    project_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_projects.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_users.id", ondelete="CASCADE"), primary_key=True)
    roles: Mapped[str] = mapped_column(sa.String(64))
    created_at: Mapped[dt.datetime] = mapped_column(sa.DateTime, default=utcnow)

    project: Mapped[Project] = relationship(back_populates="members")
    user = relationship("User")


class Source(TimestampMixin, Base):
    """A database holding a project's tables: the embedded SQLite file, or an external one."""

    __tablename__ = "wb_sources"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("ds_"))
    project_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_projects.id", ondelete="CASCADE"), index=True)
    alias: Mapped[str | None] = mapped_column(sa.String(255))
    # Database kind as clients know it: sqlite3, pg, mysql2, mssql.
    type: Mapped[str] = mapped_column(sa.String(16))
    # Connection config; for the embedded default a path relative to the data folder.
    config: Mapped[dict] = mapped_column(JSONText)
    is_default: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    enabled: Mapped[bool] = mapped_column(sa.Boolean, default=True)
    order: Mapped[float | None] = mapped_column(sa.Float)

    project: Mapped[Project] = relationship(back_populates="sources")
