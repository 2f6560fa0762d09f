"""The view-type interface: what a view-type plugin declares and how its settings are checked.

A view type is a class registered through ``register_view_types``. It names itself, gives
NocoDB's numeric type and the path segment its views are created under, says what it does
when shared publicly, and lists its settings as ``Setting`` objects. The core stores the
settings of each view in ``View.settings`` (and a form's per-field settings in
``ViewColumn.meta``), checks every write with the declared settings and answers them
beside the view's common fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar
from urllib.parse import urlparse

from workbench.errors import BadRequest

#: what a shared view offers the public
PUBLIC_ROWS = "rows"  # its records can be read (and downloaded when allowed)
PUBLIC_FORM = "submit"  # anyone may submit a new record


@dataclass(frozen=True)
class Setting:
    """One setting of a view type: its name, default and check.

    ``check(value, table)`` answers the value to store or raises ``ValueError`` saying why
    the value is refused; the API answers 400 naming the setting.
    """

    name: str
    default: Any = None
    check: Callable[[Any, Any], Any] = lambda value, table: value


class ViewType:
    """Base of view types; subclasses set the class attributes and may add settings."""

    #: unique name, stored in ``View.type`` (``grid``, ``form``, ...)
    name: ClassVar[str]
    #: NocoDB's numeric view type (FORM=1, GALLERY=2, GRID=3, KANBAN=4, MAP=5, CALENDAR=6)
    type: ClassVar[int]
    #: the create path: ``POST /api/v1/db/meta/tables/{tableId}/{path}``
    path: ClassVar[str]
    #: the type-specific path ``/api/v1/db/meta/{path}/{viewId}`` answers GET and PATCH
    #: (the grid's answers PATCH only, as in NocoDB)
    readable: ClassVar[bool] = True
    #: ``PUBLIC_ROWS`` or ``PUBLIC_FORM``
    public: ClassVar[str] = PUBLIC_ROWS
    #: the view's settings
    settings: ClassVar[tuple[Setting, ...]] = ()
    #: per-field settings (stored in the view column's meta)
    column_settings: ClassVar[tuple[Setting, ...]] = ()
    #: the type of the view every new table gets (one enabled view type declares it)
    default: ClassVar[bool] = False
    #: whether fields of a new view start shown (a form starts with the table's
    #: non-system fields, like every view)
    show_system_fields: ClassVar[bool] = False

    # -- what the catalogue shows (docs/catalogue.md) -----------------------------------
    #: a message key of the plugin's ``messages.json`` (default ``label``)
    label: ClassVar[str | None] = None
    #: a Blueprint icon name
    icon: ClassVar[str | None] = None
    #: position in the create-view menu (ascending)
    order: ClassVar[int] = 1000
    #: JSON Schema of the view's settings (titles are message keys of the plugin); when
    #: None the catalogue lists ``settings`` with their defaults
    settings_schema: ClassVar[dict | None] = None

    @classmethod
    def public_fields(cls, view) -> set[str]:
        """Ids of fields a shared view of this type always lets the public read, even when
        hidden in the view's fields (a kanban's stacking field)."""
        return set()

    @classmethod
    def initial_settings(cls, table) -> dict:
        """Settings of a new view before the request's own are applied."""
        return {s.name: s.default for s in cls.settings}

    @classmethod
    def clean_settings(cls, body: dict, table, current: dict | None = None) -> dict:
        """The settings after applying ``body`` (unknown keys ignored) to ``current``."""
        return _clean(cls.settings, body, table, current)

    @classmethod
    def clean_column_settings(cls, body: dict, table, current: dict | None = None) -> dict:
        return _clean(cls.column_settings, body, table, current)

    @classmethod
    def check_view_column(cls, view, view_column, meta: dict) -> None:
        """Raise ``ValueError`` saying why when ``meta``, the per-field settings
        ``view_column`` is about to get, does not fit with the view's other fields (the API
        answers 400 with the reason)."""

    @classmethod
    def clean_view_column(cls, body: dict, view, view_column) -> dict:
        """The field's settings after applying ``body``, checked alone and against the
        view's other fields."""
        meta = cls.clean_column_settings(body, view.table, view_column.meta)
        try:
            cls.check_view_column(view, view_column, meta)
        except ValueError as exc:
            raise BadRequest(str(exc)) from None
        return meta

    @classmethod
    def settings_json(cls, view) -> dict:
        """The settings as the API answers them (defaults filled in; a field that no longer
        exists reads as None)."""
        stored = view.settings or {}
        body = {}
        for setting in cls.settings:
            value = stored.get(setting.name, setting.default)
            try:
                body[setting.name] = setting.check(value, view.table) if value is not None else None
            except ValueError:
                body[setting.name] = setting.default
        return body

    @classmethod
    def column_settings_json(cls, view_column) -> dict:
        stored = view_column.meta or {}
        return {s.name: stored.get(s.name, s.default) for s in cls.column_settings}


def _clean(declared, body: dict, table, current: dict | None) -> dict:
    result = dict(current or {})
    for setting in declared:
        if setting.name not in body:
            continue
        value = body[setting.name]
        if value is None:
            result[setting.name] = None
            continue
        try:
            result[setting.name] = setting.check(value, table)
        except ValueError as exc:
            raise BadRequest(f"Invalid {setting.name}: {exc}") from None
    return result


# -- checks for settings ---------------------------------------------------------------


def text(max_length: int = 10_000):
    def check(value, table):
        if not isinstance(value, str):
            raise ValueError("must be a string")
        if len(value) > max_length:
            raise ValueError(f"must be at most {max_length} characters")
        return value

    return check


def boolean(value, table):
    if isinstance(value, bool):
        return value
    if value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.lower() in ("true", "false", "1", "0"):
        return value.lower() in ("true", "1")
    raise ValueError("must be true or false")


def integer(low: int, high: int):
    def check(value, table):
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValueError(f"must be an integer from {low} to {high}")
        try:
            number = int(value)
        except ValueError:
            raise ValueError(f"must be an integer from {low} to {high}") from None
        if not low <= number <= high:
            raise ValueError(f"must be an integer from {low} to {high}")
        return number

    return check


def url(value, table):
    if not isinstance(value, str):
        raise ValueError("must be a string")
    if value == "":
        return value
    parsed = urlparse(value)
    if parsed.scheme not in ("http", "https") or not parsed.netloc or len(value) >= 2083:
        raise ValueError("must be an http or https address")
    return value


def column_of(*uidts: str):
    """A field of the view's table whose type is one of ``uidts`` (by id or title)."""

    def check(value, table):
        if not isinstance(value, str):
            raise ValueError("must be a field id")
        column = next((c for c in table.columns if value in (c.id, c.title)), None)
        if column is None:
            raise ValueError(f"field '{value}' not found")
        if column.uidt not in uidts:
            raise ValueError(f"field '{column.title}' must be of type {' or '.join(uidts)}")
        return column.id

    return check


def json_object(value, table):
    if not isinstance(value, dict):
        raise ValueError("must be a JSON object")
    return value
