"""What a database client is: the kind of existing database a project can connect to.

A client plugin (``register_database_clients``) answers the questions the core asks of a
connection: its defaults (port, search path), which fields its form asks for, and how to
reach the database (a SQLAlchemy URL and the driver's connection arguments, given the
address the host check resolved). The core never names a database kind.
"""

from __future__ import annotations

from typing import Any, ClassVar

import sqlalchemy as sa

#: SSL modes a connection may ask for, weakest first
SSL_MODES = ("No", "Allowed", "Preferred", "Required", "Required-CA", "Required-Identity")
#: the fields a server's form asks for
SERVER_FIELDS = ("host", "port", "user", "password", "database")


class DatabaseClient:
    """Base of every database client. Subclasses set ``name`` and ``driver``."""

    name: ClassVar[str]
    #: SQLAlchemy ``dialect+driver`` (``postgresql+psycopg``)
    driver: ClassVar[str]
    #: a message key of the plugin's ``messages.json`` (default ``client.<name>``)
    label: ClassVar[str | None] = None
    icon: ClassVar[str] = "database"
    #: position in the connection form's list (ascending)
    order: ClassVar[int] = 1000
    #: the port used when the config names none (None: not a network server)
    default_port: ClassVar[int | None] = 5432
    #: the schemas searched when the config names none
    default_search_path: ClassVar[tuple[str, ...]] = ()
    #: the connection fields the form asks for (``filename`` for a file database)
    fields: ClassVar[tuple[str, ...]] = SERVER_FIELDS
    #: asks for a search path (schemas)
    uses_search_path: ClassVar[bool] = False
    #: offers SSL modes and files
    supports_ssl: ClassVar[bool] = True
    #: the database is a file on the server, not a network server
    file_based: ClassVar[bool] = False

    def url(self, connection: dict, address: str | None) -> sa.URL:
        """The SQLAlchemy URL of ``connection`` (password included), reaching ``address``
        (the checked IP address of its host) when given."""
        return sa.URL.create(
            self.driver,
            username=connection.get("user") or None,
            password=connection.get("password") or None,
            host=address or connection.get("host"),
            port=connection.get("port"),
            database=connection.get("database") or None,
        )

    def connect_args(
        self,
        connection: dict,
        *,
        address: str | None,
        timeout: float,
        search_path: list[str],
        ssl: dict,
        files: dict[str, str],
    ) -> dict[str, Any]:
        """The driver's connection arguments: ``timeout`` seconds to connect (and to hear the
        server's greeting), the ``search_path`` schemas, ``ssl`` (``mode``) with ``files``
        (``ca``/``cert``/``key``: paths of the PEM files written for it)."""
        return {}

    def connected(self, dbapi_connection, statement_timeout: float | None) -> None:
        """Called on each new connection once made: what changes after the greeting (a read
        timeout that now lets statements run for ``statement_timeout`` seconds, say)."""

    def dialect(self) -> sa.engine.Dialect:
        """The SQLAlchemy dialect (what statements compile to), even without the driver."""
        return sa.make_url(f"{self.driver.split('+')[0]}://").get_dialect()()

    def error_message(self, exc: BaseException) -> str | None:
        """A short message for a failed connection (wrong password, unknown database, ...),
        or None to let the core describe it."""
        return None

    def reading_options(self) -> dict:
        """Execution options of the statements that read a connected database's schema."""
        return {}
