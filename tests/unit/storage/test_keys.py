"""Storage keys and names: only well-formed keys pass, names come out harmless."""

import pytest

from workbench.storage import keys

TOKEN = "A" * 24


def test_make_key_round_trips_through_its_path():
    key = keys.make_key("p_abc", "photo.png")
    assert keys.parse(str(key)) == key
    assert keys.parse_path(key.path) == key
    assert keys.parse_path("/" + key.path) == key
    assert key.path == f"api/v1/db/storage/download/p_abc/{key.token}/photo.png"
    assert keys.make_key("p_abc", "a.txt").token != keys.make_key("p_abc", "a.txt").token


@pytest.mark.parametrize(
    "text",
    [
        f"p/{TOKEN}",
        f"p/{TOKEN}/a/b",
        f"../{TOKEN}/a",
        "p/../a",
        f"p/{TOKEN}/..",
        f"p/{TOKEN}/.hidden",
        f"p/{TOKEN}/a.",
        f"/p/{TOKEN}/a",
        f"p/{TOKEN}/a\\b",
        "p/short/a",
        f"p/{TOKEN}/",
        f"p/{TOKEN}/a b",
        f"p%2F/{TOKEN}/a",
        f"p/{TOKEN}/é.txt",
        f"p/{TOKEN}/" + "a" * 121,
    ],
)
def test_malformed_keys_are_refused(text):
    with pytest.raises(keys.InvalidKey):
        keys.parse(text)


@pytest.mark.parametrize("path", ["download/p/" + TOKEN + "/a", "http://x/api/v1/db/storage/download/p/t/a", 5, None])
def test_paths_must_be_download_paths(path):
    with pytest.raises(keys.InvalidKey):
        keys.parse_path(path)


@pytest.mark.parametrize(
    ("raw", "title"),
    [
        ("photo.png", "photo.png"),
        ("../../etc/passwd", "passwd"),
        ("C:\\temp\\x.txt", "x.txt"),
        ("a\x00b\nc.txt", "abc.txt"),
        ("..", "file"),
        ("", "file"),
        (None, "file"),
        ("  spaced  ", "spaced"),
        ("x" * 300, "x" * 255),
    ],
)
def test_display_title(raw, title):
    assert keys.display_title(raw) == title


@pytest.mark.parametrize(
    ("title", "ext", "name"),
    [
        ("photo.png", ".png", "photo.png"),
        ("Ünïcode ファイル.txt", ".txt", "Unicode.txt"),
        ("ファイル.txt", ".txt", "file.txt"),
        ("report.final.pdf", ".pdf", "report.final.pdf"),
        ("..hidden", None, "hidden"),
        ("notes.txt", ".png", "notes.png"),
        ("a b;c.weird", None, "a_b_c.weird"),
        ("x" * 300 + ".png", ".png", "x" * 116 + ".png"),
    ],
)
def test_storage_name(title, ext, name):
    assert keys.storage_name(title, ext) == name
    keys.validate(keys.Key("p", TOKEN, name))
