"""Request bodies of the tables meta API (documentation and first-level validation)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class ColumnBody(BaseModel):
    model_config = ConfigDict(extra="allow")

    title: str | None = None
    column_name: str | None = None
    uidt: str | None = None
    dt: str | None = None
    rqd: bool | None = None
    pv: bool | None = None
    cdf: Any = None
    meta: dict | None = None
    colOptions: dict | None = None
    dtxp: str | None = None


class TableCreateBody(BaseModel):
    model_config = ConfigDict(extra="allow")

    title: str | None = None
    table_name: str | None = None
    columns: list[ColumnBody] = []
    meta: dict | None = None


class TableUpdateBody(BaseModel):
    model_config = ConfigDict(extra="allow")

    title: str | None = None
    table_name: str | None = None
    meta: dict | None = None
    order: float | None = None
