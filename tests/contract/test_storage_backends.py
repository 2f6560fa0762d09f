"""What every storage backend does, run on the built-in ones: the local disk and an
S3-compatible object store (moto's server on 127.0.0.1). A backend stores a stream
whole or not at all, reads it back, tells its size, lists and deletes it, and refuses
anything that is not a storage key."""

from __future__ import annotations

import hashlib
import io
import time

import pytest

from tests.common.s3_server import running_s3_server
from workbench.plugin_api import FileMissing, StorageError
from workbench.storage import keys
from workbench.storage.interfaces import IStorageBackend, ListsKeys

MIB = 1024 * 1024
KEY = "p_contract0000001/abcdefghijklmnopqrstuvwx/report.pdf"
OTHER = "p_contract0000002/abcdefghijklmnopqrstuvwx/photo.png"


class Pattern(io.RawIOBase):
    """``size`` bytes of a repeating pattern, read in pieces; raises after ``fail_after``
    bytes when given (as a size limit does)."""

    def __init__(self, size: int, fail_after: int | None = None):
        self.size, self.fail_after, self.sent = size, fail_after, 0
        self.digest = hashlib.sha256()

    def readable(self):
        return True

    def read(self, n=-1):
        if self.fail_after is not None and self.sent >= self.fail_after:
            raise ValueError("too large")
        n = self.size - self.sent if n is None or n < 0 else min(n, self.size - self.sent)
        data = bytes((self.sent + i) % 251 for i in range(min(n, 4096))) * (n // 4096 + 1)
        data = data[:n]
        self.sent += len(data)
        self.digest.update(data)
        return data


@pytest.fixture(scope="module")
def s3_server():
    with running_s3_server() as server:
        yield server


def make_backend(kind: str, tmp_path, request):
    """A backend of ``kind`` on a fresh folder or bucket."""
    if kind == "local":
        from plugins.storage.local.backend import LocalStorage

        return LocalStorage({"workbench.data_dir": str(tmp_path)})
    from plugins.storage.s3.backend import S3Storage

    server = request.getfixturevalue("s3_server")
    bucket = server.new_bucket()
    settings = server.settings(
        bucket,
        **{"workbench.storage.s3.multipart_threshold": str(5 * MIB), "workbench.storage.s3.part_size": str(5 * MIB)},
    )
    backend = S3Storage(settings)
    backend.test_server, backend.test_bucket = server, bucket
    return backend


@pytest.fixture(scope="module", params=["local", "s3"])
def shared_backend(request, tmp_path_factory):
    return make_backend(request.param, tmp_path_factory.mktemp("storage"), request)


@pytest.fixture
def backend(shared_backend):
    """The module's backend of each kind, emptied after each test."""
    yield shared_backend
    for key, _ in list(shared_backend.list_keys()):
        shared_backend.delete(key)


def leftovers(backend) -> list:
    """Half-written files a backend may leave (temporary files, unfinished uploads)."""
    if backend.name == "local":
        return list(backend.root.rglob(".upload-*"))
    return backend.test_server.pending_uploads(backend.test_bucket)


def test_a_file_is_saved_read_measured_and_deleted(backend):
    assert isinstance(backend, IStorageBackend)
    assert backend.save(KEY, io.BytesIO(b"%PDF-1.7 content"), "application/pdf") == 16
    assert backend.exists(KEY)
    assert backend.size(KEY) == 16
    with backend.open(KEY) as stream:
        assert stream.read() == b"%PDF-1.7 content"
    assert not backend.exists(OTHER)
    backend.delete(KEY)
    backend.delete(KEY)  # a missing key is not an error
    assert not backend.exists(KEY)
    with pytest.raises(FileMissing):
        backend.open(KEY)
    with pytest.raises(FileMissing):
        backend.size(KEY)


@pytest.mark.parametrize("size", [0, 1, 5 * MIB - 1, 5 * MIB + 1, 12 * MIB + 3])
def test_a_file_is_stored_whole_at_any_size(backend, size):
    stream = Pattern(size)
    assert backend.save(KEY, stream, "application/octet-stream") == size
    assert backend.size(KEY) == size
    with backend.open(KEY) as stored:
        assert hashlib.sha256(stored.read()).hexdigest() == stream.digest.hexdigest()
    assert leftovers(backend) == []


@pytest.mark.parametrize("fail_after", [100, 7 * MIB])
def test_a_stream_that_fails_leaves_nothing(backend, fail_after):
    """Below and above the multipart threshold: the stream raises, nothing is kept."""
    with pytest.raises(ValueError, match="too large"):
        backend.save(KEY, Pattern(20 * MIB, fail_after=fail_after), "application/octet-stream")
    assert not backend.exists(KEY)
    assert list(backend.list_keys()) == []
    assert leftovers(backend) == []


@pytest.mark.parametrize(
    "bad",
    ["../etc/passwd", "/etc/passwd", "p_x/abcdefghijklmnopqrstuvwx/../../x", "p_x/short/a.txt", "a/b", "p_x//a", ""],
)
def test_anything_but_a_key_is_refused(backend, bad):
    for call in (
        lambda: backend.save(bad, io.BytesIO(b"x"), "text/plain"),
        lambda: backend.open(bad),
        lambda: backend.delete(bad),
        lambda: backend.size(bad),
        lambda: backend.exists(bad),
    ):
        with pytest.raises(StorageError):
            call()
    assert list(backend.list_keys()) == []


def test_keys_are_listed_with_their_time_and_by_prefix(backend):
    assert isinstance(backend, ListsKeys)
    upload = str(keys.import_key("im_contract0000001", "people list.csv"))
    assert upload == "_imports/im_contract0000001/people_list.csv"
    before = time.time() - 5
    for key in (KEY, OTHER, upload):
        backend.save(key, io.BytesIO(b"data"), "application/octet-stream")
    listed = dict(backend.list_keys())
    assert set(listed) == {KEY, OTHER, upload}
    assert all(before <= modified <= time.time() + 5 for modified in listed.values())
    assert [key for key, _ in backend.list_keys("_imports/")] == [upload]
    assert [key for key, _ in backend.list_keys("p_contract0000002/")] == [OTHER]
    backend.delete(upload)
    assert list(backend.list_keys("_imports/")) == []
