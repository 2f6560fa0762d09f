"""Import speed: a CSV of the records benchmark's 10 columns uploaded and imported as a job
through the API, side by side with raw SQLite inserting the same rows.

    .venv/bin/python -m bench.imports [--rows 100000] [--no-write]

It starts ``pserve development.ini`` on a fresh data folder (as bench/records.py does),
signs up, creates a project, writes ``--rows`` rows of ``bench.records.make_row`` as a CSV,
uploads it (``POST /api/v1/db/meta/projects/{id}/imports``: the preview with the detected
template), starts the import with the template set to the records benchmark's field types
(``bench.records.COLUMNS``), and polls the job every 0.1 s until it is done. Raw SQLite
reads the same file with the csv module and inserts the rows into a table of the same
columns in batches of 1,000 (one transaction each, the app's WAL and synchronous=NORMAL
settings). Writes the "imports" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sqlite3
import sys
import tempfile
import time
import uuid
from pathlib import Path

from bench.records import COLUMNS, SIGNUP, Api, make_row, start_server
from bench.results import write_section

BATCH = 1000
V1 = "/api/v1/db/meta"
SQL_TYPES = {"Number": "BIGINT", "Decimal": "DECIMAL", "Checkbox": "BOOLEAN", "Rating": "INTEGER"}


def write_csv(path: Path, rows: int) -> None:
    rng = random.Random(7)
    titles = [c["title"] for c in COLUMNS]
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(titles)
        for i in range(rows):
            row = make_row(i, rng)
            writer.writerow(["true" if row[t] is True else "false" if row[t] is False else row[t] for t in titles])


def upload(api: Api, project_id: str, path: Path) -> dict:
    boundary = uuid.uuid4().hex
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{path.name}"\r\n'
        "Content-Type: text/csv\r\n\r\n"
    ).encode()
    body = head + path.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    headers = dict(api.headers)
    api.headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
    try:
        return json.loads(api.raw("POST", f"{V1}/projects/{project_id}/imports", body))
    finally:
        api.headers = headers


def template_of(preview: dict) -> dict:
    """The detected template with the records benchmark's types (and Status's options)."""
    template = preview["template"]
    wanted = {c["title"]: c for c in COLUMNS}
    for column in template["tables"][0]["columns"]:
        spec = wanted[column["ref_column_name"]]
        column["uidt"] = spec["uidt"]
        if spec["uidt"] == "SingleSelect":
            column["dtxp"] = ",".join(f"'{o['title']}'" for o in spec["colOptions"]["options"])
        if spec["uidt"] in ("Date", "DateTime"):
            column["meta"] = {"date_format": "YYYY-MM-DD"}
    return template


def through_api(base: str, path: Path) -> dict:
    token = Api(base).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
    api = Api(base, token)
    project = api.call("POST", f"{V1}/projects", {"title": "Bench"})
    started = time.perf_counter()
    preview = upload(api, project["id"], path)
    uploaded = time.perf_counter()
    job = api.call("POST", f"{V1}/imports/{preview['id']}/start", {"template": template_of(preview)})
    while job["status"] == "running":
        time.sleep(0.1)
        job = api.call("GET", f"{V1}/imports/{job['id']}")
    finished = time.perf_counter()
    if job["status"] != "done" or job["error_count"]:
        raise RuntimeError(f"the import ended {job['status']}: {job['msg'] or job['errors'][:3]}")
    return {"upload": uploaded - started, "import": finished - uploaded, "total": finished - started, "job": job}


def raw_sqlite(path: Path, db_path: Path) -> float:
    connection = sqlite3.connect(db_path, isolation_level=None)
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
        connection.execute(f"PRAGMA {pragma}")
    names = [c["column_name"] for c in COLUMNS]
    columns = ", ".join(f'"{c["column_name"]}" {SQL_TYPES.get(c["uidt"], "TEXT")}' for c in COLUMNS)
    connection.execute(f"CREATE TABLE bench (id INTEGER PRIMARY KEY AUTOINCREMENT, {columns}, created_at TIMESTAMP)")
    insert = f"INSERT INTO bench ({', '.join(names)}, created_at) VALUES ({', '.join('?' * (len(names) + 1))})"
    started = time.perf_counter()
    with open(path, newline="") as source:
        reader = csv.reader(source)
        next(reader)
        batch: list = []
        now = time.strftime("%Y-%m-%d %H:%M:%S")
        for row in reader:
            batch.append((*row, now))
            if len(batch) == BATCH:
                connection.execute("BEGIN")
                connection.executemany(insert, batch)
                connection.execute("COMMIT")
                batch = []
        if batch:
            connection.execute("BEGIN")
            connection.executemany(insert, batch)
            connection.execute("COMMIT")
    elapsed = time.perf_counter() - started
    connection.close()
    return elapsed


def report(rows: int, size: int, api: dict, raw: float) -> str:
    lines = [
        "## Imports",
        "",
        f"`.venv/bin/python -m bench.imports --rows {rows}`: a {size / 1024 / 1024:.1f} MB CSV of {rows:,} rows of the",
        "records benchmark's 10 columns, uploaded and imported as a job through the API (one",
        "gevent process, SQLite meta and data), against raw SQLite inserting the same rows from",
        "the same file in batches of 1,000.",
        "",
        "| measure | Workbench | raw SQLite |",
        "| --- | ---: | ---: |",
        f"| upload and preview (detect the template, count the rows) | {api['upload']:.2f} s | |",
        f"| the job: {rows:,} rows in batches of 1,000 | {api['import']:.2f} s | {raw:.2f} s |",
        f"| rows per second | {rows / api['import']:,.0f} | {rows / raw:,.0f} |",
        f"| upload to done | {api['total']:.2f} s | |",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--no-write", action="store_true", help="print only, leave bench/RESULTS.md alone")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        path = Path(data_dir) / "bench.csv"
        write_csv(path, args.rows)
        raw = raw_sqlite(path, Path(data_dir) / "raw.db")
        print(f"  raw SQLite: {args.rows / raw:,.0f} rows/s", file=sys.stderr)
        proc, base = start_server(data_dir)
        try:
            api = through_api(base, path)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
        print(f"  import job: {args.rows / api['import']:,.0f} rows/s", file=sys.stderr)
        body = report(args.rows, path.stat().st_size, api, raw)
    print(body)
    if not args.no_write:
        write_section("imports", body)


if __name__ == "__main__":
    main()
