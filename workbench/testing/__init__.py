"""Test support importable by Workbench's own tests and by plugin authors' tests.

- ``workbench.testing.databases``: throwaway databases on SQLite, PostgreSQL and MariaDB.
- ``workbench.testing.app``: build a Workbench WSGI app on one of them.
- ``workbench.testing.client``: a WebTest client with sign-up and project helpers.
"""
