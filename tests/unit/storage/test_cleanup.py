"""Which files a change leaves behind: keys found in cells and file objects."""

from workbench.storage.cleanup import keys_in, removed_keys

A = "p_one/" + "A" * 24 + "/a.png"
B = "p_one/" + "B" * 24 + "/b.txt"
PREFIX = "api/v1/db/storage/download/"


def item(key):
    return {"path": PREFIX + key, "title": key.rsplit("/", 1)[1], "signedPath": "dltemp/1/x/" + key}


def test_keys_in_file_objects_and_texts():
    assert keys_in([item(A), {"url": "https://example.com/x.png"}]) == {A}
    assert keys_in(f'[{{"path":"{PREFIX}{A}"}},{{"path":"/{PREFIX}{B}"}}]') == {A, B}
    assert keys_in(f'{{"logo": "{PREFIX}{A}".}}'.replace("/", "\\/")) == {A}
    assert keys_in(f"{PREFIX}../../etc/passwd") == set()
    assert keys_in(None) == set()
    assert keys_in("plain text") == set()


def test_removed_keys():
    changes = [
        ({"Files": [item(A), item(B)], "Name": "x"}, {"Files": [item(A)], "Name": "x"}),
        ({"Files": [item(B)]}, {"Files": [item(B)]}),
        ({"Other": [item(A)]}, None),
        (None, {"Files": [item(B)]}),
    ]
    assert removed_keys(changes[:1]) == {B}
    assert removed_keys(changes[1:2]) == set()
    assert removed_keys(changes[2:3]) == {A}
    assert removed_keys(changes[3:]) == set()
