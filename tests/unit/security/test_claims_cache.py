"""The cache of verified JWT claims: bounded, brief, and never past a token's ``exp``."""

import time

from workbench.security.tokens import ClaimsCache, JWTCodec

SECRET = "s" * 64


def test_hits_return_copies_and_honour_exp_and_nbf():
    cache = ClaimsCache()
    now = time.time()
    cache.put("live", {"sub": "1", "exp": now + 60})
    cache.put("expired", {"sub": "2", "exp": now - 1})
    cache.put("early", {"sub": "3", "nbf": now + 60})
    hit = cache.get("live")
    assert hit == {"sub": "1", "exp": now + 60}
    hit["sub"] = "changed"
    assert cache.get("live")["sub"] == "1"
    assert cache.get("expired") is None
    assert cache.get("early") is None
    assert cache.get("unknown") is None


def test_entries_are_brief_and_bounded():
    cache = ClaimsCache(size=2, ttl=0)
    cache.put("a", {"sub": "1"})
    time.sleep(0.001)
    assert cache.get("a") is None  # older than the ttl
    cache = ClaimsCache(size=2)
    for token in ("a", "b"):
        cache.put(token, {"sub": token})
    cache.get("a")  # "b" is now the least recently used
    cache.put("c", {"sub": "c"})
    assert [t for t in ("a", "b", "c") if cache.get(t)] == ["a", "c"]


def test_codec_caches_only_valid_tokens():
    codec = JWTCodec(SECRET, 3600)
    token = codec.create("7", tv=1)
    assert codec.cache.get(token) is None
    assert codec.decode(token)["sub"] == "7"
    assert codec.cache.get(token)["sub"] == "7"
    tampered = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    assert codec.decode(tampered) == {}
    assert codec.cache.get(tampered) is None
    other = JWTCodec("t" * 64, 3600)
    assert other.decode(token) == {}  # another secret: refused, whatever this codec cached
    expired = codec._writer.create_token("7", expiration=-10)
    assert codec.decode(expired) == {}
