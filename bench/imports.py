"""Import speed: a CSV of the records benchmark's 10 columns uploaded and imported as a job
through the API, side by side with the raw database loading the same rows from the same file.

    .venv/bin/python -m bench.imports [--rows 100000] [--database sqlite|postgresql] [--no-write]

It starts ``pserve development.ini`` on a fresh data folder (as bench/records.py does),
signs up, creates a project, writes ``--rows`` rows of ``bench.records.make_row`` as a CSV,
uploads it (``POST /api/v1/db/meta/projects/{id}/imports``: the preview with the detected
template), starts the import with the template set to the records benchmark's field types
(``bench.records.COLUMNS``), and polls the job every 0.1 s until it is done, following the
server's CPU time and resident memory. The raw side, in the same run: on SQLite, the csv
module reading the file and inserting the rows into a table of the same columns in batches
of 1,000 (one transaction each, the app's WAL and synchronous=NORMAL settings); on
PostgreSQL (``--database postgresql``: the projects' tables in a fresh database of the
server at 127.0.0.1:5432, the meta database SQLite), a ``COPY … FROM STDIN (FORMAT csv)``
of the file. Writes the "imports-<database>" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psutil
import sqlalchemy as sa

from bench.records import COLUMNS, SIGNUP, Api, make_row, start_server
from bench.results import write_section
from workbench.imports.run import BATCH as BATCH_ROWS
from workbench.imports.run import COPY_CELLS, COPY_ROWS
from workbench.testing.databases import create_database, drop_database

BATCH = 1000
V1 = "/api/v1/db/meta"
SQL_TYPES = {"Number": "BIGINT", "Decimal": "DECIMAL", "Checkbox": "BOOLEAN", "Rating": "INTEGER"}
PG_TYPES = {"Number": "BIGINT", "Decimal": "NUMERIC", "Checkbox": "BOOLEAN", "Rating": "INTEGER"}
MB = 1024 * 1024


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


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory so far (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def through_api(base: str, path: Path, pid: int) -> dict:
    server = psutil.Process(pid)
    token = Api(base).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
    api = Api(base, token)
    project = api.call("POST", f"{V1}/projects", {"title": "Bench"})
    started = time.perf_counter()
    preview = upload(api, project["id"], path)
    uploaded = time.perf_counter()
    rss_before = server.memory_info().rss / MB
    cpu_before = sum(server.cpu_times()[:2])
    job = api.call("POST", f"{V1}/imports/{preview['id']}/start", {"template": template_of(preview)})
    while job["status"] == "running":
        time.sleep(0.1)
        job = api.call("GET", f"{V1}/imports/{job['id']}")
    finished = time.perf_counter()
    cpu = sum(server.cpu_times()[:2]) - cpu_before
    if job["status"] != "done" or job["error_count"]:
        raise RuntimeError(f"the import ended {job['status']}: {job['msg'] or job['errors'][:3]}")
    return {
        "upload": uploaded - started,
        "import": finished - uploaded,
        "total": finished - started,
        "job": job,
        "cpu": cpu,
        "rss_start": rss_before,
        "rss_end": server.memory_info().rss / MB,
        "rss_peak": peak_rss_mb(pid),
    }


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


def raw_postgresql(path: Path, url: str) -> float:
    import psycopg

    columns = ", ".join(f'"{c["column_name"]}" {PG_TYPES.get(c["uidt"], "TEXT")}' for c in COLUMNS)
    names = ", ".join(f'"{c["column_name"]}"' for c in COLUMNS)
    with psycopg.connect(sa.make_url(url).set(drivername="postgresql").render_as_string(False)) as connection:
        connection.execute(
            f"CREATE TABLE bench (id BIGSERIAL PRIMARY KEY, {columns}, created_at TIMESTAMP DEFAULT now())"
        )
        connection.commit()
        started = time.perf_counter()
        sql = f"COPY bench ({names}) FROM STDIN WITH (FORMAT csv, HEADER true)"
        with connection.cursor() as cursor, open(path, "rb") as source, cursor.copy(sql) as copy:
            while block := source.read(1024 * 1024):
                copy.write(block)
        connection.commit()
        return time.perf_counter() - started


def report(args, size: int, api: dict, raw: float) -> str:
    rows, database = args.rows, args.database
    raw_name = "raw SQLite" if database == "sqlite" else "raw PostgreSQL COPY"
    how = (
        "raw SQLite inserting the same rows from the same file in batches of 1,000 (csv module,\n"
        "`executemany`, one transaction each, WAL and synchronous=NORMAL)"
        if database == "sqlite"
        else "a raw `COPY bench (...) FROM STDIN WITH (FORMAT csv, HEADER true)` of the same file\n"
        "into a table of the same columns (psycopg's copy, 1 MB blocks)"
    )
    where = "SQLite meta and data" if database == "sqlite" else "SQLite meta, the projects' tables in PostgreSQL"
    # the benchmark's 10 columns: batches of BATCH rows, into PostgreSQL as many as COPY takes
    batch = BATCH_ROWS if database == "sqlite" else max(BATCH_ROWS, min(COPY_ROWS, COPY_CELLS // len(COLUMNS)))
    lines = [
        f"## Imports of {rows:,} rows, {database} (`.venv/bin/python -m bench.imports --rows {rows} --database {database}`)",
        "",
        f"A {size / MB:.1f} MB CSV of {rows:,} rows of the records benchmark's 10 columns, uploaded and",
        f"imported as a job through the API (one gevent process, {where}; history on: one",
        f"entry for the job, its rows counted), against {how}, in the same run.",
        f"The machine's load average was {args.load[0]:.1f} at the start and {args.load[1]:.1f} at the end",
        f"({os.cpu_count()} cores).",
        "",
        f"| measure | Workbench | {raw_name} | ratio |",
        "| --- | ---: | ---: | ---: |",
        f"| the job: {rows:,} rows in batches of {batch:,} | {api['import']:.2f} s | {raw:.2f} s | {api['import'] / raw:.2f}x |",
        f"| rows per second | {rows / api['import']:,.0f} | {rows / raw:,.0f} | |",
        f"| server CPU during the job | {api['cpu']:.2f} s | | |",
        f"| upload and preview (detect the template, count the rows) | {api['upload']:.2f} s | | |",
        f"| upload to done | {api['total']:.2f} s | | |",
        f"| server memory: at the start of the job, at its end, peak of the run | "
        f"{api['rss_start']:.0f} / {api['rss_end']:.0f} / {api['rss_peak']:.0f} MB | | |",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--no-write", action="store_true", help="print only, leave bench/RESULTS.md alone")
    args = parser.parse_args()
    args.load = [os.getloadavg()[0]]
    data_urls = []
    with tempfile.TemporaryDirectory() as data_dir:
        path = Path(data_dir) / "bench.csv"
        write_csv(path, args.rows)
        size = path.stat().st_size
        env = {"WORKBENCH_IMPORT_MAX_SIZE": str(size + 16 * MB)}
        try:
            if args.database == "sqlite":
                raw = raw_sqlite(path, Path(data_dir) / "raw.db")
            else:
                data_urls = [create_database("postgresql", Path(data_dir)) for _ in range(2)]
                raw = raw_postgresql(path, data_urls[0])
                env["WORKBENCH_DATA_URL"] = data_urls[1]
            print(f"  raw {args.database}: {args.rows / raw:,.0f} rows/s", file=sys.stderr)
            os.environ.update(env)
            proc, base = start_server(data_dir)
            try:
                api = through_api(base, path, proc.pid)
            finally:
                proc.terminate()
                proc.wait(timeout=30)
        finally:
            for url in data_urls:
                drop_database(url)
        args.load.append(os.getloadavg()[0])
        print(f"  import job: {args.rows / api['import']:,.0f} rows/s", file=sys.stderr)
        body = report(args, size, api, raw)
    print(body)
    if not args.no_write:
        write_section(f"imports-{args.database}", body)


if __name__ == "__main__":
    main()
