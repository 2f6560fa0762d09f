"""What the server pushes on ``/ws``, and when.

Two events, sent to every connection whose last ``page`` message named the project (and
whose user may read it), only once the request that made the change has committed:

``{"event": "data", "data": {...}}``: records of a table changed::

    {"project_id": "p_...", "table_id": "md_...", "action": "insert" | "update" | "delete",
     "ids": [1, 2, ...] | null, "by": "us_..." | null}

``ids`` are the records' ids as the API shows them: a single key's value as the record
holds it (a number for the usual integer ``Id``), a composite key's values joined with
``___`` (a string); null when more than 1,000 records changed (or some have no key):
reload. ``by`` is the user who made the change (null for a public form).

``{"event": "meta", "data": {...}}``: a project, member, table, column, view, filter,
sort, ... was created, updated or deleted::

    {"project_id": "p_...", "kind": "column", "action": "insert" | "update" | "delete",
     "id": "cl_...", "table_id": "md_...", "by": "us_..." | null}

``table_id`` is there only for objects that belong to a table (column, view, view_column,
filter, sort, comment). A ``member`` event's ``id`` is the member's user id. A ``comment``
event also names the record commented on as ``row_id``.

Record values and object contents are never sent: clients refetch what they show, with
their own permissions. Everything one request changed in one table is sent as one message
per action (a request's meta changes: one message per object, in order).
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

#: above this many records, ``ids`` is null (reload)
MAX_IDS = 1000
PK_SEPARATOR = "___"
#: meta kinds that belong to a table
TABLE_KINDS = frozenset({"column", "view", "view_column", "filter", "sort", "grid_column", "form_column", "comment"})

_OUTBOX = "_workbench_realtime_outbox"


class Outbox:
    """The messages of one request, published once its transaction commits."""

    def __init__(self, bus):
        self.bus = bus
        self._data: dict[tuple, dict] = {}
        self._meta: list[dict] = []
        self._events: list[dict] = []

    def add_rows(self, project_id: str, table_id: str, action: str, ids: list | None, by: str | None) -> None:
        key = (project_id, table_id, action)
        entry = self._data.get(key)
        if entry is None:
            self._data[key] = {
                "project_id": project_id,
                "table_id": table_id,
                "action": action,
                "ids": None if ids is None else list(dict.fromkeys(ids)),
                "by": by,
            }
            return
        if entry["ids"] is not None:
            entry["ids"] = None if ids is None else list(dict.fromkeys([*entry["ids"], *ids]))
        if entry["ids"] is not None and len(entry["ids"]) > MAX_IDS:
            entry["ids"] = None

    def add_meta(self, data: dict) -> None:
        if data not in self._meta:
            self._meta.append(data)

    def add_event(self, message: dict) -> None:
        """A whole message of another kind (``workbench.realtime.session_end``'s), sent first."""
        if message not in self._events:
            self._events.append(message)

    def messages(self) -> list[dict]:
        return (
            list(self._events)
            + [{"event": "meta", "data": d} for d in self._meta]
            + [{"event": "data", "data": d} for d in self._data.values()]
        )

    def after_commit(self, success: bool) -> None:
        if not success:
            return
        for message in self.messages():
            try:
                self.bus.publish(message)
            except Exception:  # a committed request never fails for its notifications
                log.warning("realtime: could not publish %s", message.get("event"), exc_info=True)


def outbox_of(request) -> Outbox | None:
    """The request's outbox, made (and hooked to its transaction) on first use; None when
    no message could reach anyone (the in-process bus with no connection)."""
    found = request.__dict__.get(_OUTBOX)
    if found is not None:
        return found
    bus = request.registry.get("realtime_bus")
    if bus is None or not bus.may_deliver():
        return None
    outbox = Outbox(bus)
    request.tm.get().addAfterCommitHook(outbox.after_commit)
    request.__dict__[_OUTBOX] = outbox
    return outbox


def row_ids(rows, pk_titles: list[str]) -> list | None:
    """Each row's id as the API shows it; None past ``MAX_IDS`` or for a row without its key."""
    if len(rows) > MAX_IDS or not pk_titles:
        return None
    if len(pk_titles) == 1:
        title = pk_titles[0]
        ids = [row.get(title) for row in rows]
        return None if any(v is None for v in ids) else ids
    ids = []
    for row in rows:
        values = [row.get(title) for title in pk_titles]
        if any(v is None for v in values):
            return None
        ids.append(values[0] if len(values) == 1 else PK_SEPARATOR.join(str(v) for v in values))
    return ids
