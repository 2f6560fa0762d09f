"""History tests keep the projects' tables (and so their history) in a database of the
dialect under test, as the data engine's tests do."""

from tests.functional.data.conftest import client, data_app, data_db_url  # noqa: F401
