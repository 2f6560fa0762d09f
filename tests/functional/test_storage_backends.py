"""Storage backends are plugins: the settings choose one, and a third-party backend (the
one docs/plugins.md shows) stores and serves files like the built-in one."""

from __future__ import annotations

import io
import sys
import types

import pytest

from workbench.hookspecs import hookimpl
from workbench.storage import keys
from workbench.storage.interfaces import FileMissing, IStorageBackend
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins


class MemoryStorage:
    """The example backend of docs/plugins.md."""

    name = "memory"

    def __init__(self, settings):
        self.files = {}

    def save(self, key, stream, content_type):
        keys.parse(key)
        data = stream.read()
        self.files[key] = data
        return len(data)

    def open(self, key):
        if key not in self.files:
            raise FileMissing(key)
        return io.BytesIO(self.files[key])

    def delete(self, key):
        self.files.pop(key, None)

    def exists(self, key):
        return key in self.files

    def size(self, key):
        if key not in self.files:
            raise FileMissing(key)
        return len(self.files[key])


@pytest.fixture
def memory_plugin():
    module = types.ModuleType("workbench_memory_storage")
    module.register_storage_backends = hookimpl(lambda: [MemoryStorage])
    sys.modules[module.__name__] = module
    yield module
    del sys.modules[module.__name__]


def test_the_configured_backend_is_used(tmp_path, memory_plugin):
    app = app_with_plugins(
        tmp_path,
        ("memory-storage", memory_plugin),
        **{"workbench.storage.backend": "memory", "workbench.attachments.max_size": "100"},
    )
    backend = app.registry["storage"].backend
    assert isinstance(backend, MemoryStorage)
    assert isinstance(backend, IStorageBackend)
    client = Client(app)
    token = client.signup("admin@example.com")
    project = client.create_project(token, "P")
    url = f"/api/v1/db/storage/upload?project_id={project['id']}"
    [item] = client.post(url, upload_files=[("f", "a.txt", b"in memory")], headers=client.auth(token)).json
    assert list(backend.files.values()) == [b"in memory"]
    assert client.get("/" + item["path"], headers=client.auth(token)).body == b"in memory"
    # Past the limit the stream raises, so the backend keeps nothing.
    client.post(url, upload_files=[("f", "b.txt", b"x" * 101)], headers=client.auth(token), status=413)
    assert len(backend.files) == 1
    assert not (tmp_path / "data" / "attachments").exists()


def test_local_is_the_default(tmp_path):
    app = app_with_plugins(tmp_path)
    assert app.registry["storage"].backend.name == "local"
    assert app.registry["storage_backends"].owner("local") == "storage_local"


def test_an_unknown_backend_stops_start_up(tmp_path):
    with pytest.raises(
        RuntimeError, match=r"names 'nowhere', which no enabled plugin provides \(available: local, s3\)"
    ):
        app_with_plugins(tmp_path, **{"workbench.storage.backend": "nowhere"})
