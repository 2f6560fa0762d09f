"""Mails are written in their recipient's language: the one their account keeps (chosen in
the app, or the app's at sign-up), else the one the inviter chose in the invite dialog,
else the language of the request that sent them. Accounts added to a project are mailed a
link to it; new addresses get the invitation."""

import pytest

from tests.functional.test_invitations import PROJECTS, SITE, build
from workbench.testing.tables import create_table

PROFILE = "/api/v1/user/profile"
ME = "/api/v1/auth/user/me"
SIGNUP = "/api/v1/auth/user/signup"
PASSWORD = "correct horse battery"


@pytest.fixture
def mailed(make_client):
    return build(make_client, delivers=True)


def sign_up(client, email, **headers):
    body = {"email": email, "password": PASSWORD}
    return client.post_json(SIGNUP, body, headers=headers).json["token"]


def add(client, project, email, lang=None, **headers):
    body = {"email": email, "roles": "editor", **({"lang": lang} if lang else {})}
    return client.post_json(f"{PROJECTS}/{project['id']}/users", body, headers=client.auth(client.admin, **headers))


def test_the_language_is_chosen_on_the_profile_and_kept(mailed):
    token = sign_up(mailed, "ann@example.com")
    h = mailed.auth(token)
    assert mailed.get(ME, headers=h).json["lang"] is None, "a sign-up that says no language keeps none"
    assert mailed.patch_json(PROFILE, {"lang": "pt_BR"}, headers=h).json["lang"] == "pt_BR"
    assert mailed.get(ME, headers=h).json["lang"] == "pt_BR"
    refused = mailed.patch_json(PROFILE, {"lang": "klingon"}, headers=h, status=400).json
    assert refused["msg"].startswith("lang must be one of")
    mailed.patch_json(PROFILE, {"lang": 3}, headers=h, status=400)
    assert mailed.get(ME, headers=h).json["lang"] == "pt_BR", "nothing changed by a refused request"
    assert mailed.patch_json(PROFILE, {"lang": None}, headers=h).json["lang"] is None


def test_a_sign_up_keeps_the_language_of_the_app(mailed):
    token = sign_up(mailed, "sven@example.com", **{"xc-lang": "sv"})
    assert mailed.get(ME, headers=mailed.auth(token)).json["lang"] == "sv"
    mailed.set_cookie("wb_lang", "fi")
    token = sign_up(mailed, "aino@example.com", **{"Accept-Language": "de"})
    assert mailed.get(ME, headers=mailed.auth(token)).json["lang"] == "fi"


def test_a_new_address_is_invited_in_the_language_chosen_for_it(mailed):
    project = mailed.create_project(mailed.admin, "Shared")
    add(mailed, project, "jean@example.com", lang="fr", **{"xc-lang": "de"})
    [mail] = mailed.outbox.to("jean@example.com")
    assert mail.subject == "admin@example.com vous invite sur Workbench"
    add(mailed, project, "hans@example.com", **{"xc-lang": "de"})
    [mail] = mailed.outbox.to("hans@example.com")
    assert mail.subject == "admin@example.com hat Sie zu Workbench eingeladen", "else the inviter's language"
    add(mailed, project, "x@example.com", lang="tlh", **{"xc-lang": "it"})
    assert mailed.outbox.to("x@example.com")[0].subject == "admin@example.com ti ha invitato su Workbench"
    # The invited account speaks that language until its owner signs up in another.
    invitation = mailed.outbox.link_token("jean@example.com", "signup")
    body = {"email": "jean@example.com", "password": PASSWORD, "token": invitation}
    token = mailed.post_json(SIGNUP, body, headers={"xc-lang": "nl"}).json["token"]
    assert mailed.get(ME, headers=mailed.auth(token)).json["lang"] == "nl"


def test_an_account_added_to_a_project_is_mailed_in_its_own_language(mailed):
    project = mailed.create_project(mailed.admin, "Shared")
    token = sign_up(mailed, "kim@example.com")
    mailed.patch_json(PROFILE, {"lang": "ja"}, headers=mailed.auth(token))
    sign_up(mailed, "lea@example.com")
    mailed.outbox.clear()
    res = add(mailed, project, "kim@example.com,lea@example.com", lang="fr", **{"xc-lang": "de"}).json
    assert res == {"msg": "The user has been invited successfully"}, "no tokens: both have accounts"
    [kim] = mailed.outbox.to("kim@example.com")
    assert kim.subject == "admin@example.com さんが Shared にあなたを追加しました"
    assert f"{SITE}/nc/{project['id']}" in kim.text
    [lea] = mailed.outbox.to("lea@example.com")
    assert lea.subject == "admin@example.com vous a ajouté à Shared", "no language of her own: the inviter's choice"
    other = mailed.create_project(mailed.admin, "Other")
    add(mailed, other, "lea@example.com", **{"xc-lang": "es"})
    assert mailed.outbox.to("lea@example.com")[-1].subject == "admin@example.com te ha añadido a Other"


def test_blocked_and_still_invited_accounts_get_no_project_mail(mailed):
    first = mailed.create_project(mailed.admin, "First")
    add(mailed, first, "pending@example.com")
    token = sign_up(mailed, "blocked@example.com")
    user_id = mailed.get(ME, headers=mailed.auth(token)).json["id"]
    mailed.patch_json(f"/api/v1/users/{user_id}", {"blocked": True}, headers=mailed.auth(mailed.admin))
    mailed.outbox.clear()
    second = mailed.create_project(mailed.admin, "Second")
    add(mailed, second, "pending@example.com,blocked@example.com")
    assert list(mailed.outbox) == []


def test_a_mention_is_mailed_in_the_language_of_the_one_mentioned(mailed):
    project = mailed.create_project(mailed.admin, "Team")
    table = create_table(mailed, mailed.admin, project["id"], "Tasks", [{"title": "Name"}])
    h = mailed.auth(mailed.admin, **{"xc-lang": "de"})
    mailed.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "one"}, headers=h)
    olena = sign_up(mailed, "olena@example.com", **{"xc-lang": "uk"})
    sign_up(mailed, "max@example.com")
    add(mailed, project, "olena@example.com,max@example.com")
    assert mailed.get(ME, headers=mailed.auth(olena)).json["lang"] == "uk"
    mailed.outbox.clear()
    body = {"fk_model_id": table["id"], "row_id": 1, "description": "@olena@example.com @max@example.com bitte"}
    mailed.post_json("/api/v1/db/meta/audits/comments", body, headers=h)
    [mail] = mailed.outbox.to("olena@example.com")
    assert mail.subject == "admin@example.com згадав(ла) вас у Tasks"
    assert mailed.outbox.to("max@example.com")[0].subject == "admin@example.com hat Sie in Tasks erwähnt"
