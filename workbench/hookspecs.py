"""Every hook a Workbench plugin can implement, in one place.

Naming: ``register_<plural>`` hooks contribute classes to a typed registry and are
called once at start-up; ``configure_<thing>`` hooks set things up; ``on_<noun>_<event>``
hooks are notifications. Business code never calls ``pm.hook`` directly: it asks a
registry (``request.registry["field_types"].get(uidt)``) or the notifier facade in
``workbench.plugins.notify``. Plugins take ``hookimpl`` (and all else they use) from
``workbench.plugin_api``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from pyramid.config import Configurator
    from pyramid.request import Request

PROJECT_NAME = "workbench"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)


@hookspec
def register_field_types() -> Iterable[type]:
    """Contribute field types (SingleLineText, Rating, Formula, ...).

    Called once at start-up. Each class carries a unique ``name`` (the ``uidt`` clients
    send) and derives from ``workbench.plugin_api.FieldType``.

    :return: an iterable of field type classes; duplicates across plugins stop start-up.
    """


@hookspec
def register_view_types() -> Iterable[type]:
    """Contribute view types (grid, form, gallery, kanban, calendar, ...).

    Called once at start-up. Each class carries a unique ``name``.

    :return: an iterable of view type classes; duplicate names stop start-up.
    """


@hookspec
def register_importers() -> Iterable[type]:
    """Contribute importers (csv, excel, json, ...).

    Called once at start-up. Each class carries a unique ``name`` and the file
    extensions it accepts.

    :return: an iterable of importer classes; duplicate names stop start-up.
    """


@hookspec
def register_auth_providers() -> Iterable[type]:
    """Contribute sign-in providers (password, google, github, ...).

    Called once at start-up. Each class carries a unique ``name`` and implements
    ``workbench.accounts.interfaces.IAuthProvider``: it mounts its routes with
    ``configure(config)`` and says with ``enabled(settings)`` whether it is usable.

    :return: an iterable of provider classes; duplicate names stop start-up.
    """


@hookspec
def register_formula_functions() -> Iterable[type]:
    """Contribute formula functions (ABS, CONCAT, DATEADD, ...).

    Called once at start-up. Each class carries a unique upper-case ``name``, its
    argument and return types, and compiles itself to SQL per dialect.

    :return: an iterable of function classes; duplicate names stop start-up.
    """


@hookspec
def register_storage_backends() -> Iterable[type]:
    """Contribute attachment storage backends (local disk, S3, ...).

    Called once at start-up. Each class carries a unique ``name``; the one used is
    chosen in the ini with ``workbench.storage.backend``.

    :return: an iterable of backend classes; duplicate names stop start-up.
    """


@hookspec
def register_mailers() -> Iterable[type]:
    """Contribute mailers: the ways Workbench sends e-mail (SMTP, a log, an HTTP API, ...).

    Called once at start-up. Each class carries a unique ``name``, is built once with the
    app settings and implements ``workbench.mail.interfaces.IMailer``; the one used is
    chosen in the ini with ``workbench.mail.backend``.

    :return: an iterable of mailer classes; duplicate names stop start-up.
    """


@hookspec
def register_notifiers() -> Iterable[type]:
    """Contribute webhook notifiers: where a hook's events go (a URL, e-mail, Slack, ...).

    Called once at start-up. Each class carries a unique ``name`` (the ``notification.type``
    clients send, ``URL``, ``Email``, ``Slack``, ...) and implements
    ``workbench.hooks.notifiers.Notifier``: ``check(settings)`` validates a hook's settings
    and ``deliver(call)`` makes one delivery attempt of an event.

    :return: an iterable of notifier classes; duplicate names stop start-up.
    """


@hookspec
def register_database_clients() -> Iterable[type]:
    """Contribute database clients (PostgreSQL, MySQL/MariaDB, SQLite, MSSQL, ...).

    A client is a kind of existing database a project can connect to.

    Called once at start-up. Each class carries a unique ``name`` (the ``client`` of a
    connection config: ``pg``, ``mysql2``, ...) and derives from
    ``workbench.plugin_api.DatabaseClient``: its defaults (port, search path), the form
    fields it needs, and how it reaches a database (SQLAlchemy URL and driver arguments).

    :return: an iterable of client classes; duplicate names stop start-up.
    """


@hookspec
def configure_pyramid(config: Configurator) -> None:
    """Add the plugin's own routes, views, tweens and request methods.

    Called once, after the core is configured and committed. Plugin routes belong under
    ``/api/plugins/<plugin-name>/`` unless they implement a compatibility path.

    :param config: the application's Configurator.
    :return: nothing; every implementation is called.
    """


@hookspec
def on_rows_changed(
    request: Request | None, table: Any, action: str, changes: Sequence[tuple[dict | None, dict | None]]
) -> None:
    """Rows of a table were inserted, updated or deleted.

    Called after the write, inside the request's transaction (raising aborts it).
    Realtime, webhooks and audit listen here.

    :param request: the request that made the change, or None in scripts.
    :param table: the table's meta object.
    :param action: ``insert``, ``update`` or ``delete``.
    :param changes: ``(before, after)`` pairs; ``before`` is None on insert and
        ``after`` is None on delete.
    :return: nothing; every implementation is called.

    An implementation that wants only some actions says so with ``@row_actions(...)``:
    it is called only for those, and when no implementation wants an action, writers skip
    building its rows (a bulk insert's, say) and the hook is not called for it. One that
    reads only the rows' primary keys says ``@row_actions(..., keys_only=True)``: when
    every implementation called for an action is such, a writer may hand over rows that
    hold only the primary-key fields (a bulk insert does), which costs next to nothing.
    """


@hookspec
def on_rows_deleting(request: Request, table: Any, model: Any, connection: Any, where: list) -> None:
    """Rows of a table are about to be deleted.

    Called inside the request's transaction, right before the delete, so that a listener
    can read what the delete takes with it (the junction rows of many-to-many links).

    :param request: the request deleting.
    :param table: the table's meta object.
    :param model: the table's data model (``model.table`` is its SQLAlchemy table).
    :param connection: the data connection the delete runs on.
    :param where: conditions on ``model.table``; the rows any of them selects are deleted.
    :return: nothing; every implementation is called.
    """


@hookspec
def on_links_changed(
    request: Request, table: Any, row_id: str, field: Any, action: str, related_table_id: str | None, ids: list
) -> None:
    """A record was linked to, or unlinked from, records of another table.

    Called after the write, inside the request's transaction (raising aborts it), besides
    the ``on_rows_changed`` calls of the rows the link wrote (foreign keys, junction rows).
    Record history listens here.

    :param request: the request that made the change.
    :param table: the record's table (its meta object).
    :param row_id: the record's id as the API shows it.
    :param field: the link field (a model field: ``id``, ``title``).
    :param action: ``link`` or ``unlink``.
    :param related_table_id: the id of the table of the records linked or unlinked.
    :param ids: the primary keys of those records.
    :return: nothing; every implementation is called.
    """


def row_actions(*actions: str, keys_only: bool = False, when=None):
    """Mark an ``on_rows_changed`` implementation as wanting only ``actions`` (and, with
    ``keys_only``, only the primary-key fields of the rows). ``when(request, table,
    action)``, if given, says whether it wants a write's rows at all: while it answers
    false, the implementation is not called and writers build no rows for it."""
    unknown = set(actions) - {"insert", "update", "delete"}
    if unknown or not actions:
        raise ValueError(f"row actions are insert, update and delete, not {sorted(unknown) or 'none'}")

    def mark(function):
        function.row_actions = frozenset(actions)
        function.row_keys_only = bool(keys_only)
        function.row_when = when
        return function

    return mark


@hookspec
def on_meta_changed(request: Request | None, kind: str, action: str, obj: dict) -> None:
    """A meta object (project, table, column, view, ...) was created, updated or deleted.

    Called after the change, inside the request's transaction.

    :param request: the request that made the change, or None in scripts.
    :param kind: ``project``, ``member``, ``table``, ``column``, ``view``, ...
    :param action: ``insert``, ``update`` or ``delete``.
    :param obj: the object's API representation (after the change; before it on delete).
    :return: nothing; every implementation is called.
    """
