"""An S3-compatible server on 127.0.0.1 for the s3 storage backend's tests: moto's
standalone server in a child process on a free port (a module-scoped fixture of each test
module wraps ``running_s3_server``), a fresh bucket per test or module."""

from __future__ import annotations

import contextlib
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass

ACCESS_KEY = "testing-key"
SECRET_KEY = "testing-secret"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class S3Server:
    endpoint: str
    _client: object = None

    def client(self):
        if self._client is None:
            self._client = self._make_client()
        return self._client

    def _make_client(self):
        import boto3

        return boto3.session.Session().client(
            "s3",
            endpoint_url=self.endpoint,
            region_name="us-east-1",
            aws_access_key_id=ACCESS_KEY,
            aws_secret_access_key=SECRET_KEY,
        )

    def new_bucket(self) -> str:
        name = "wb-" + secrets.token_hex(6)
        self.client().create_bucket(Bucket=name)
        return name

    def settings(self, bucket: str, **extra) -> dict:
        """App settings choosing the s3 backend on ``bucket`` of this server."""
        return {
            "workbench.storage.backend": "s3",
            "workbench.storage.s3.bucket": bucket,
            "workbench.storage.s3.endpoint_url": self.endpoint,
            "workbench.storage.s3.path_style": "true",
            "workbench.storage.s3.access_key_id": ACCESS_KEY,
            "workbench.storage.s3.secret_access_key": SECRET_KEY,
            **extra,
        }

    def objects(self, bucket: str) -> dict[str, bytes]:
        client = self.client()
        found = client.list_objects_v2(Bucket=bucket).get("Contents", [])
        return {item["Key"]: client.get_object(Bucket=bucket, Key=item["Key"])["Body"].read() for item in found}

    def pending_uploads(self, bucket: str) -> list:
        return self.client().list_multipart_uploads(Bucket=bucket).get("Uploads", [])


@contextlib.contextmanager
def running_s3_server():
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    endpoint = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(endpoint + "/moto-api/", timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("moto's server did not start") from None
                time.sleep(0.1)
        yield S3Server(endpoint)
    finally:
        process.terminate()
        process.wait(timeout=10)
