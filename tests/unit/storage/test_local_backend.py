"""The local-disk backend: files under <data_dir>/attachments, keys kept inside it."""

import io

import pytest
from workbench_plugins.storage.local import LocalStorage, register_storage_backends

from workbench.errors import PayloadTooLarge
from workbench.storage import keys
from workbench.storage.interfaces import FileMissing, IStorageBackend, StorageError
from workbench.storage.services import LimitedReader

TOKEN = "T" * 24


@pytest.fixture
def backend(tmp_path):
    return LocalStorage({"workbench.data_dir": str(tmp_path)})


def test_is_registered_and_conforms(backend):
    assert register_storage_backends() == [LocalStorage]
    assert LocalStorage.name == "local"
    assert isinstance(backend, IStorageBackend)


def test_save_open_size_exists_delete(backend, tmp_path):
    key = f"p_1/{TOKEN}/a.txt"
    assert not backend.exists(key)
    assert backend.save(key, io.BytesIO(b"hello"), "text/plain") == 5
    assert (tmp_path / "attachments" / "p_1" / TOKEN / "a.txt").read_bytes() == b"hello"
    assert backend.exists(key)
    assert backend.size(key) == 5
    with backend.open(key) as f:
        assert f.read() == b"hello"
    backend.delete(key)
    backend.delete(key)  # twice is fine
    assert not backend.exists(key)
    assert not (tmp_path / "attachments" / "p_1" / TOKEN).exists()
    with pytest.raises(FileMissing):
        backend.open(key)
    with pytest.raises(FileMissing):
        backend.size(key)


def test_a_refused_stream_leaves_nothing(backend, tmp_path):
    key = f"p_1/{TOKEN}/big.bin"
    with pytest.raises(PayloadTooLarge):
        backend.save(key, LimitedReader(io.BytesIO(b"x" * 5000), 4000), "application/octet-stream")
    assert not backend.exists(key)
    assert list((tmp_path / "attachments" / "p_1").rglob("*")) == []


@pytest.mark.parametrize(
    "key", ["../outside.txt", f"p/{TOKEN}/../../../x", f"p/{TOKEN}/..", "/etc/passwd", f"p/{TOKEN}/.secret", "p/x"]
)
def test_keys_outside_the_root_are_refused(backend, key):
    for call in (
        lambda: backend.save(key, io.BytesIO(b"x"), "text/plain"),
        lambda: backend.open(key),
        lambda: backend.delete(key),
        lambda: backend.exists(key),
        lambda: backend.size(key),
    ):
        with pytest.raises(StorageError):
            call()


def test_a_symlink_out_of_the_root_is_not_followed(backend, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a.txt").write_text("secret")
    (tmp_path / "attachments" / "p_1").mkdir()
    (tmp_path / "attachments" / "p_1" / TOKEN).symlink_to(outside)
    with pytest.raises(StorageError, match="escapes"):
        backend.open(f"p_1/{TOKEN}/a.txt")


def test_limited_reader_counts_the_head():
    reader = LimitedReader(io.BytesIO(b"def"), 6, head=b"abc")
    assert reader.read(2) == b"ab"
    assert reader.read(5) == b"c"
    assert reader.read(5) == b"def"
    assert reader.read(5) == b""
    assert LimitedReader(io.BytesIO(b"def"), 6, head=b"abc").read() == b"abcdef"
    with pytest.raises(PayloadTooLarge, match="the limit is 5 bytes"):
        LimitedReader(io.BytesIO(b"def"), 5, head=b"abc").read()
    with pytest.raises(PayloadTooLarge):
        LimitedReader(io.BytesIO(b"x" * 10**6), 5).read()


def test_key_helper_is_what_the_backend_expects(backend):
    key = keys.make_key("p_1", "x.png")
    assert backend.save(str(key), io.BytesIO(b"x"), "image/png") == 1


def test_lists_its_keys_for_the_sweep(backend, tmp_path):
    from workbench.storage.interfaces import ListsKeys

    assert isinstance(backend, ListsKeys)
    backend.save(f"p_1/{TOKEN}/a.txt", io.BytesIO(b"a"), "text/plain")
    backend.save(f"p_2/{TOKEN}/b.txt", io.BytesIO(b"b"), "text/plain")
    (tmp_path / "attachments" / "p_1" / TOKEN / ".upload-partial").write_bytes(b"x")
    (tmp_path / "attachments" / "stray.txt").write_bytes(b"x")
    listed = dict(backend.list_keys())
    assert sorted(listed) == [f"p_1/{TOKEN}/a.txt", f"p_2/{TOKEN}/b.txt"]
    assert all(isinstance(mtime, float) for mtime in listed.values())
