"""The password reset mail is written in the language of the request: the app's xc-lang
header, else the saved choice (wb_lang cookie), else the best Accept-Language match, else
English; every interface language has its own subject and text."""

import pytest

from tests.functional.test_password_reset import FORGOT, LINK, client  # noqa: F401 (fixture)


def ask(client, headers=None):  # noqa: F811 (the fixture)
    before = len(client.outbox)
    client.post_json(FORGOT, {"email": "ann@example.com"}, headers=headers or {})
    assert len(client.outbox) == before + 1
    mail = client.outbox[-1]
    assert LINK.search(mail.text), "the link is in every language's text"
    return mail


@pytest.mark.parametrize(
    ("headers", "subject", "words"),
    [
        ({"xc-lang": "de"}, "Setzen Sie Ihr Workbench-Passwort zurück", ["Hallo Ann,", "innerhalb von 60 Minuten"]),
        ({"xc-lang": "pt_BR"}, "Redefina sua senha do Workbench", ["Olá, Ann,", "em até 60 minutos"]),
        ({"xc-lang": "ja"}, "Workbench のパスワードを再設定してください", ["Ann 様", "60 分以内"]),
        (
            {"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"},
            "Réinitialisez votre mot de passe Workbench",
            ["Bonjour Ann,"],
        ),
        ({"Accept-Language": "xx,zh-TW;q=0.8"}, "重設您的 Workbench 密碼", ["Ann，您好"]),
        ({"Accept-Language": "de", "xc-lang": "ar"}, "أعد تعيين كلمة مرور Workbench", ["مرحبًا Ann"]),
        ({"Accept-Language": "xx-YY, tlh"}, "Reset your Workbench password", ["Hello Ann,", "within 60 minutes"]),
        ({"xc-lang": "nonsense", "Accept-Language": "sv-SE"}, "Återställ ditt lösenord för Workbench", ["Hej Ann,"]),
    ],
)
def test_the_mail_is_in_the_language_of_the_request(client, headers, subject, words):  # noqa: F811
    mail = ask(client, headers)
    assert mail.subject == subject
    for word in words:
        assert word in mail.text


def test_the_saved_language_of_the_app_counts_before_the_browser(client):  # noqa: F811
    client.set_cookie("wb_lang", "uk")
    mail = ask(client, {"Accept-Language": "de"})
    assert mail.subject == "Скидання пароля Workbench"
    assert "протягом 60 хвилин" in mail.text
