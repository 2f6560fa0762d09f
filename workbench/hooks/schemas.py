"""Request bodies of the hooks API (NocoDB's shapes)."""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, Field, field_validator

from workbench.hooks.models import MANUAL, OPERATIONS


class Notification(BaseModel):
    model_config = ConfigDict(extra="allow")

    type: str = Field(min_length=1, max_length=64, description="the notifier: URL, Email, Slack, ...")
    payload: dict = Field(default_factory=dict)


def _notification(value):
    # NocoDB's clients send the notification as JSON text too.
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise ValueError("notification must be a JSON object") from None
    return value


class HookBody(BaseModel):
    model_config = ConfigDict(extra="ignore")

    title: str | None = Field(default=None, min_length=1, max_length=255)
    description: str | None = Field(default=None, max_length=10_000)
    event: str | None = Field(default=None, description="after, or manual (a Button field's hook)")
    operation: str | None = Field(default=None, description=", ".join((*OPERATIONS, MANUAL)))
    version: str | None = Field(default=None, description="v2")
    active: bool | None = None
    condition: bool | None = None
    notification: Notification | None = None
    timeout: int | None = Field(default=None, ge=1, le=3600, description="seconds one delivery may take")
    copy_from_id: str | None = Field(
        default=None, max_length=32, description="on create: a hook of the same table whose filters are copied"
    )

    _parse_notification = field_validator("notification", mode="before")(_notification)


class HookTestBody(BaseModel):
    model_config = ConfigDict(extra="ignore")

    hook: HookBody
    payload: dict | None = Field(default=None, description="the event to send (else a sample)")


class HookFilterBody(BaseModel):
    model_config = ConfigDict(extra="ignore")

    fk_column_id: str | None = Field(default=None, max_length=32)
    comparison_op: str | None = Field(default=None, max_length=32)
    comparison_sub_op: str | None = Field(default=None, max_length=32)
    value: str | int | float | bool | list | None = None
    logical_op: str | None = Field(default=None, max_length=8)
    is_group: bool | None = None
    fk_parent_id: str | None = Field(default=None, max_length=32)
    order: float | None = None
