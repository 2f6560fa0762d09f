"""Record history and the project audit log.

Every insert, update (field, old value, new value), delete, link and unlink of a record,
every import (once per job and table, its rows counted) and every schema change (tables
and fields) is recorded with who made it, when, and through what: the web app, an API
token, a shared form, an import job, or a script.

Workbench owns the data of a project's default source (its embedded SQLite file, or the
shared data database), so the entries are kept there, in the ``_wb_history`` table, and
written on the request's data connection: a change and its entry commit or roll back
together. A bulk write records its entries in one statement per batch.

Reads: a record's history (``/api/v1/db/meta/audits``, ``row_id`` and ``fk_model_id``),
the project's audit log (``/api/v1/db/meta/projects/{id}/audits``, owners and creators),
and a deleted record brought back with its links from its delete entry.
"""


def includeme(config):
    config.include(".routes")
    config.scan(".views")
