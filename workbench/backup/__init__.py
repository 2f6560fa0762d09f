"""Backups of a whole instance (``workbench backup --to PATH``) and rebuilding one from
them (``workbench restore --from PATH``).

A backup is a folder: ``manifest.json`` (what it holds, the meta database's revision),
the meta database, the database of every project Workbench owns (each embedded SQLite
file, and the shared data database of ``workbench.data.url``), the stored files
(attachments and pending import uploads, read through the storage backend in use, local
or an object store: ``stored``) and the data folder's other files. External databases a
project connects to are not copied: their connection settings are, with the meta
database.

It is taken from a running instance. Each database is copied from one consistent
snapshot (SQLite through its online backup API, PostgreSQL through ``pg_dump``'s single
repeatable-read snapshot, MariaDB through ``mariadb-dump --single-transaction``), the meta
database first: its tables and fields are then all in the data copied after it (rows
written in between are in the data, which is what they would be had they been written a
moment earlier). Files are copied before the databases and again after them (only the
new ones), so every file a copied row names is there: one an edit removed meanwhile from
the first pass, one uploaded meanwhile from the second.
"""

from workbench.backup.restore import RestoreError, restore
from workbench.backup.take import backup

__all__ = ["RestoreError", "backup", "restore"]
