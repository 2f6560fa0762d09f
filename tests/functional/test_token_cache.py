"""Verified JWTs are cached per token, yet a password change or a block refuses the old
token on the very next request (the caller's row is read on every request)."""

from workbench.testing.client import DEFAULT_PASSWORD

ME = "/api/v1/auth/user/me"
PROJECTS = "/api/v1/db/meta/projects"


def test_cached_token_is_refused_after_password_change(client, admin):
    codec = client.app.registry["jwt_codec"]
    client.get(PROJECTS, headers=client.auth(admin))
    assert codec.cache.get(admin)["sub"]  # verified once, then served from the cache
    client.get(PROJECTS, headers=client.auth(admin))
    body = {"currentPassword": DEFAULT_PASSWORD, "newPassword": "a brand new one"}
    new = client.post_json("/api/v1/auth/password/change", body, headers=client.auth(admin)).json["token"]
    assert codec.cache.get(admin) is not None  # still cached, still refused:
    client.get(PROJECTS, headers=client.auth(admin), status=401)
    assert client.get(ME, headers=client.auth(admin)).json["roles"] == {"guest": True}
    client.get(PROJECTS, headers=client.auth(new))


def test_cached_token_is_refused_once_the_user_is_blocked(client, admin):
    token = client.signup("someone@example.com")
    codec = client.app.registry["jwt_codec"]
    uid = client.get(ME, headers=client.auth(token)).json["id"]
    assert codec.cache.get(token) is not None
    client.patch_json(f"/api/v1/users/{uid}", {"blocked": True}, headers=client.auth(admin))
    client.get(PROJECTS, headers=client.auth(token), status=401)


def test_every_accepted_header_still_works(client, admin):
    for headers in ({"xc-auth": admin}, {"Authorization": f"JWT {admin}"}, {"Authorization": f"Bearer {admin}"}):
        assert client.get(ME, headers=headers).json["email"] == "admin@example.com"
    bad = {"xc-auth": "not.a.token", "Authorization": f"Bearer {admin}"}
    assert client.get(ME, headers=bad).json["email"] == "admin@example.com"  # the next header is tried
