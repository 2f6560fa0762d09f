"""An existing database made with plain SQL, as someone else would have made it: related
tables with a composite key, foreign keys, a junction table, names with spaces and quotes,
a view, a table without a primary key and native types (uuid, jsonb, enum, inet, arrays)."""

from __future__ import annotations

import os
import secrets
import sqlite3
from pathlib import Path

import sqlalchemy as sa

from workbench.testing.databases import MARIADB_SERVER, PG_SERVER

PG = '''
CREATE TYPE mood AS ENUM ('happy', 'sad', 'ok');
CREATE TABLE customers (
    id serial PRIMARY KEY,
    "full name" varchar(100) NOT NULL,
    email varchar(200),
    mood mood DEFAULT 'ok',
    uid uuid NOT NULL DEFAULT gen_random_uuid(),
    address inet,
    tags text[],
    data jsonb,
    score integer NOT NULL DEFAULT 0,
    created_at timestamp DEFAULT now()
);
CREATE TABLE tags (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE customer_tags (
    customer_id integer NOT NULL REFERENCES customers(id),
    tag_id integer NOT NULL REFERENCES tags(id),
    PRIMARY KEY (customer_id, tag_id)
);
CREATE TABLE orders (
    id serial PRIMARY KEY,
    customer_id integer REFERENCES customers(id),
    "note ""quoted""" text,
    qty integer NOT NULL
);
CREATE TABLE "order lines" (id serial PRIMARY KEY, order_id integer REFERENCES orders(id), amount numeric(10, 2));
CREATE TABLE products (sku varchar(20), region varchar(10), name text, price numeric(10, 2), PRIMARY KEY (sku, region));
CREATE TABLE logs (message text, at timestamp);
CREATE VIEW big_orders AS SELECT id, customer_id, qty FROM orders WHERE qty > 5;
INSERT INTO customers ("full name", email, mood, address, tags, data, score)
VALUES ('Ann Lee', 'ann@example.com', 'happy', '10.1.2.3', '{a,b}', '{"k": 1}', 5),
       ('Bob Stone', 'bob@example.com', 'sad', NULL, NULL, NULL, 2);
INSERT INTO tags (name) VALUES ('vip'), ('new');
INSERT INTO customer_tags VALUES (1, 1), (1, 2);
INSERT INTO orders (customer_id, "note ""quoted""", qty) VALUES (1, 'first', 3), (1, 'second', 9), (2, 'third', 1);
INSERT INTO "order lines" (order_id, amount) VALUES (1, 10.50);
INSERT INTO products VALUES ('A1', 'EU', 'Lamp', 20.00), ('A1', 'US', 'Lamp', 25.00);
INSERT INTO logs VALUES ('started', now());
'''

MARIADB = """
CREATE TABLE customers (
    id int AUTO_INCREMENT PRIMARY KEY,
    `full name` varchar(100) NOT NULL,
    email varchar(200),
    mood enum('happy', 'sad', 'ok') DEFAULT 'ok',
    data json,
    score int NOT NULL DEFAULT 0,
    created_at timestamp NULL DEFAULT current_timestamp()
) ENGINE=InnoDB;
CREATE TABLE tags (id int AUTO_INCREMENT PRIMARY KEY, name varchar(50) NOT NULL) ENGINE=InnoDB;
CREATE TABLE customer_tags (
    customer_id int NOT NULL, tag_id int NOT NULL, PRIMARY KEY (customer_id, tag_id),
    FOREIGN KEY (customer_id) REFERENCES customers(id), FOREIGN KEY (tag_id) REFERENCES tags(id)
) ENGINE=InnoDB;
CREATE TABLE orders (
    id int AUTO_INCREMENT PRIMARY KEY, customer_id int, `note "quoted"` text, qty int NOT NULL,
    FOREIGN KEY (customer_id) REFERENCES customers(id)
) ENGINE=InnoDB;
CREATE TABLE `order lines` (
    id int AUTO_INCREMENT PRIMARY KEY, order_id int, amount decimal(10, 2), FOREIGN KEY (order_id) REFERENCES orders(id)
) ENGINE=InnoDB;
CREATE TABLE products (sku varchar(20), region varchar(10), name text, price decimal(10, 2), PRIMARY KEY (sku, region));
CREATE TABLE logs (message text, at datetime);
CREATE VIEW big_orders AS SELECT id, customer_id, qty FROM orders WHERE qty > 5;
INSERT INTO customers (`full name`, email, mood, data, score)
VALUES ('Ann Lee', 'ann@example.com', 'happy', '{"k": 1}', 5), ('Bob Stone', 'bob@example.com', 'sad', NULL, 2);
INSERT INTO tags (name) VALUES ('vip'), ('new');
INSERT INTO customer_tags VALUES (1, 1), (1, 2);
INSERT INTO orders (customer_id, `note "quoted"`, qty) VALUES (1, 'first', 3), (1, 'second', 9), (2, 'third', 1);
INSERT INTO `order lines` (order_id, amount) VALUES (1, 10.50);
INSERT INTO products VALUES ('A1', 'EU', 'Lamp', 20.00), ('A1', 'US', 'Lamp', 25.00);
INSERT INTO logs VALUES ('started', now());
"""

SQLITE = '''
CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
    "full name" varchar(100) NOT NULL,
    email varchar(200),
    mood text DEFAULT 'ok',
    data json,
    score integer NOT NULL DEFAULT 0,
    created_at timestamp DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE tags (id INTEGER PRIMARY KEY, name text NOT NULL);
CREATE TABLE customer_tags (
    customer_id integer NOT NULL REFERENCES customers(id), tag_id integer NOT NULL REFERENCES tags(id),
    PRIMARY KEY (customer_id, tag_id)
);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id integer REFERENCES customers(id), "note ""quoted""" text,
    qty integer NOT NULL);
CREATE TABLE "order lines" (id INTEGER PRIMARY KEY, order_id integer REFERENCES orders(id), amount numeric(10, 2));
CREATE TABLE products (sku varchar(20), region varchar(10), name text, price numeric(10, 2), PRIMARY KEY (sku, region));
CREATE TABLE logs (message text, at timestamp);
CREATE VIEW big_orders AS SELECT id, customer_id, qty FROM orders WHERE qty > 5;
INSERT INTO customers ("full name", email, mood, data, score)
VALUES ('Ann Lee', 'ann@example.com', 'happy', '{"k": 1}', 5), ('Bob Stone', 'bob@example.com', 'sad', NULL, 2);
INSERT INTO tags (name) VALUES ('vip'), ('new');
INSERT INTO customer_tags VALUES (1, 1), (1, 2);
INSERT INTO orders (customer_id, "note ""quoted""", qty) VALUES (1, 'first', 3), (1, 'second', 9), (2, 'third', 1);
INSERT INTO "order lines" (order_id, amount) VALUES (1, 10.50);
INSERT INTO products VALUES ('A1', 'EU', 'Lamp', 20.00), ('A1', 'US', 'Lamp', 25.00);
INSERT INTO logs VALUES ('started', CURRENT_TIMESTAMP);
'''


class ExternalDatabase:
    """A database of ``kind`` (pg, mariadb, sqlite) filled with the schema above."""

    def __init__(self, kind: str, folder: Path):
        self.kind = kind
        self.name = f"wbext_{os.getpid()}_{secrets.token_hex(3)}"
        self.folder = folder
        if kind == "sqlite":
            self.path = folder / f"{self.name}.db"
            connection = sqlite3.connect(self.path)
            connection.executescript(SQLITE)
            connection.close()
            return
        server = PG_SERVER if kind == "pg" else MARIADB_SERVER
        engine = sa.create_engine(server, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            quote = '"' if kind == "pg" else "`"
            conn.exec_driver_sql(f"CREATE DATABASE {quote}{self.name}{quote}")
        engine.dispose()
        self.execute_script(PG if kind == "pg" else MARIADB)

    @property
    def url(self) -> str:
        if self.kind == "sqlite":
            return f"sqlite:///{self.path}"
        server = PG_SERVER if self.kind == "pg" else MARIADB_SERVER
        return sa.make_url(server).set(database=self.name).render_as_string(hide_password=False)

    def execute_script(self, script: str) -> None:
        """Run plain SQL statements (``;``-separated) behind Workbench's back."""
        engine = sa.create_engine(self.url)
        try:
            with engine.begin() as conn:
                if self.kind == "sqlite":
                    conn.connection.driver_connection.executescript(script)
                    return
                for statement in (s.strip() for s in script.split(";\n")):
                    if statement.strip(" ;\n"):
                        conn.exec_driver_sql(statement.rstrip(";"))
        finally:
            engine.dispose()

    def scalar(self, sql: str):
        engine = sa.create_engine(self.url)
        try:
            with engine.connect() as conn:
                return conn.exec_driver_sql(sql).scalar()
        finally:
            engine.dispose()

    def config(self, **connection) -> dict:
        """The connection config Workbench is given."""
        if self.kind == "sqlite":
            return {"client": "sqlite3", "connection": {"filename": self.path.name}}
        if self.kind == "pg":
            base = {"host": "127.0.0.1", "port": 5432, "user": "postgres", "password": "", "database": self.name}
            return {"client": "pg", "connection": {**base, **connection}, "searchPath": ["public"]}
        base = {"host": "127.0.0.1", "port": 3306, "user": "root", "password": "", "database": self.name}
        return {"client": "mysql2", "connection": {**base, **connection}}

    def drop(self) -> None:
        if self.kind == "sqlite":
            self.path.unlink(missing_ok=True)
            return
        server = PG_SERVER if self.kind == "pg" else MARIADB_SERVER
        engine = sa.create_engine(server, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            if self.kind == "pg":
                conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            else:
                conn.exec_driver_sql(f"DROP DATABASE IF EXISTS `{self.name}`")
        engine.dispose()
