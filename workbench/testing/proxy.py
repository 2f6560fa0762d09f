"""deploy/nginx.conf run for real in front of local processes (tests, benchmarks): its
upstream and first server block, listening on a free port of 127.0.0.1 without TLS, the
upstream's servers replaced by the given ports, and each answer naming the process that
served it (``X-Upstream``).

    with nginx_proxy([8081, 8082], tmp_path) as base_url:
        ...
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

CONF = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
_UPSTREAM_SERVER = re.compile(r"^\s*server 127\.0\.0\.1:\d+;\n", re.M)
_TLS = re.compile(r"^\s*(ssl_certificate\S*|http2) .*\n", re.M)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def site_config(ports: list[int], listen: int) -> str:
    """The upstream and the first server block of deploy/nginx.conf, for ``ports``."""
    text = CONF.read_text()
    upstream = text[text.index("upstream workbench {") : text.index("server {")]
    servers = "".join(f"    server 127.0.0.1:{port};\n" for port in ports)
    upstream = _UPSTREAM_SERVER.sub("", upstream, count=0).replace("    least_conn;\n", "    least_conn;\n" + servers)
    start = text.index("server {")
    end = text.index("\n}\n", start) + 3
    server = _TLS.sub("", text[start:end]).replace("listen 443 ssl;", f"listen 127.0.0.1:{listen};")
    server = server.replace("server {", "server {\n    add_header X-Upstream $upstream_addr always;", 1)
    return upstream + server


def _main_config(folder: Path, site: str, workers: int) -> str:
    user = "user root;\n" if os.geteuid() == 0 else ""
    temp = "".join(
        f"    {kind}_temp_path {folder / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"{user}worker_processes {workers};\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 4096; }\n"
        f"http {{\n    access_log off;\n    include /etc/nginx/mime.types;\n{temp}{site}}}\n"
    )


@contextlib.contextmanager
def nginx_proxy(ports: list[int], folder: Path, workers: int = 1):
    """nginx in front of the processes on ``ports``; yields its base URL."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        raise RuntimeError("nginx must be installed (apt-get install nginx)")
    folder.mkdir(parents=True, exist_ok=True)
    listen = free_port()
    conf = folder / "nginx.conf"
    conf.write_text(_main_config(folder, site_config(ports, listen), workers))
    argv = [binary, "-p", str(folder), "-c", str(conf), "-e", str(folder / "error.log"), "-g", "daemon off;"]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        _wait_listening(listen, proc)
        yield f"http://127.0.0.1:{listen}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()


def _wait_listening(port: int, proc: subprocess.Popen) -> None:
    for _ in range(200):
        if proc.poll() is not None:
            raise RuntimeError(f"nginx did not start: {proc.stderr.read()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("nginx never listened")
