"""Introspecting a connected PostgreSQL database: 300 tables, 3,000 columns, 300 foreign
keys, beside the raw catalogue queries, in one run.

    .venv/bin/python -m bench.external [--tables 300] [--rounds 3] [--no-write]

Makes a throwaway database on 127.0.0.1:5432 with ``--tables`` tables of 10 columns each
(an integer key, text, numbers, dates, a uuid, a jsonb) where every table but the first
has a foreign key to the one before. Then, best of ``--rounds``:

- raw: the three catalogue queries psql's ``\\d`` family would run, straight on psycopg
  (columns with their types and defaults, primary keys, foreign keys of the schema);
- read: Workbench's schema reading (``workbench.sources.introspect.read_schema``);
- connect: ``POST /api/v1/db/meta/projects`` with the database in ``bases`` (connection
  test, schema read, every table, field, link and default view written to the meta
  database) through the WSGI app on a SQLite meta database.

Goal: connect under 3 s. Writes the "external" section of bench/RESULTS.md.

Paging a connected table by cursor is measured by bench/external_paging.py.
"""

from __future__ import annotations

import argparse
import secrets
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

from bench.results import write_section
from workbench.sources.introspect import read_schema
from workbench.testing.app import make_app
from workbench.testing.client import Client
from workbench.testing.databases import PG_SERVER

GOAL_SECONDS = 3.0

RAW_QUERIES = (
    """SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
              pg_get_expr(d.adbin, d.adrelid)
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'p') AND a.attnum > 0 AND NOT a.attisdropped""",
    """SELECT conrelid::regclass, conkey FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
       WHERE n.nspname = 'public' AND contype = 'p'""",
    """SELECT conrelid::regclass, conkey, confrelid::regclass, confkey FROM pg_constraint c
       JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND contype = 'f'""",
)


def make_schema(url: str, tables: int) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        for i in range(tables):
            reference = f", parent_id integer REFERENCES t{i - 1:03d}(id)" if i else ", parent_id integer"
            conn.exec_driver_sql(
                f"CREATE TABLE t{i:03d} (id serial PRIMARY KEY, name text NOT NULL, code varchar(20), "
                f"qty integer DEFAULT 0, price numeric(10, 2), due date, seen timestamptz DEFAULT now(), "
                f"uid uuid, data jsonb{reference})"
            )
    engine.dispose()


def best(rounds: int, work) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()

    name = f"wbbench_{secrets.token_hex(4)}"
    admin = sa.create_engine(PG_SERVER, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = sa.make_url(PG_SERVER).set(database=name).render_as_string(hide_password=False)
    try:
        make_schema(url, args.tables)
        engine = sa.create_engine(url)

        def raw():
            with engine.connect() as conn:
                for query in RAW_QUERIES:
                    conn.exec_driver_sql(query).all()

        def read():
            with engine.connect() as conn:
                found = read_schema(conn, "public")
            assert len(found) == args.tables

        raw()  # warm the catalogue caches alike for both
        raw_s = best(args.rounds, raw)
        read_s = best(args.rounds, read)
        engine.dispose()

        folder = Path(tempfile.mkdtemp(prefix="wb-bench-external-"))
        app = make_app(
            f"sqlite:///{folder / 'meta.db'}", folder / "data", **{"workbench.sources.allow_private": "true"}
        )
        client = Client(app)
        token = client.signup("bench@example.com", "correct horse battery")
        config = {
            "client": "pg",
            "connection": {"host": "127.0.0.1", "port": 5432, "user": "postgres", "database": name},
        }
        counter = iter(range(1000))

        def connect():
            body = {"title": f"Bench {next(counter)}", "bases": [{"config": config}]}
            client.post_json("/api/v1/db/meta/projects", body, headers=client.auth(token))

        connect_s = best(args.rounds, connect)
        app.registry["source_engines"].dispose_all()
        app.registry["db_engine"].dispose()
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()

    columns, keys = args.tables * 10, args.tables - 1
    body = f"""## External databases: introspection (`.venv/bin/python -m bench.external --tables {args.tables}`)

A PostgreSQL database of {args.tables} tables, {columns:,} columns and {keys} foreign keys on
127.0.0.1; best of {args.rounds} rounds each. "raw" runs the three catalogue queries (columns
with types and defaults, primary keys, foreign keys) straight on psycopg.

| measure | time | against raw |
|---|---|---|
| raw catalogue queries | {raw_s * 1000:.0f} ms | 1.00x |
| Workbench's schema reading (`read_schema`) | {read_s * 1000:.0f} ms | {read_s / raw_s:.2f}x |
| connecting: project created with its tables, fields, links and views | {connect_s * 1000:.0f} ms | {connect_s / raw_s:.2f}x |

Goal, connecting under {GOAL_SECONDS:.0f} s: {"met" if connect_s < GOAL_SECONDS else "not met"} ({connect_s:.2f} s).
Cursor paging of connected tables: see bench/external_paging.py.
"""
    print(body)
    if not args.no_write:
        write_section("external", body)


if __name__ == "__main__":
    main()
