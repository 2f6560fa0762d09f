"""The mail catalogue: every interface language has every mail, each text takes the same
placeholders as the English one, and no two languages share a text (all are translated)."""

import json
import re
from pathlib import Path

import pytest

from workbench.mail.catalogue import CATALOGUE, catalogue, mail_text

I18N = Path(__file__).resolve().parents[3] / "i18n"
LANGS = sorted(p.stem for p in I18N.glob("*.json"))
FIELDS = re.compile(r"\{(\w+)\}")


def test_the_interface_has_31_languages():
    assert len(LANGS) == 31


@pytest.mark.parametrize("kind", sorted(catalogue()))
def test_every_language_has_the_mail_with_the_same_placeholders(kind):
    texts = catalogue()[kind]
    assert sorted(texts) == LANGS
    english = {part: sorted(FIELDS.findall(texts["en"][part])) for part in ("subject", "text")}
    for lang, entry in texts.items():
        for part in ("subject", "text"):
            assert sorted(FIELDS.findall(entry[part])) == english[part], (lang, part)
    for part in ("subject", "text"):
        assert len({entry[part] for entry in texts.values()}) == len(LANGS), f"{part}: a text is not translated"


def test_values_are_filled_in_and_an_unknown_language_is_english():
    subject, text = mail_text("password_reset", "ko", name="{Kim}", link="https://x.example/r/t", minutes=30)
    assert subject == "Workbench 비밀번호 재설정"
    assert "{Kim}님" in text
    assert "30분" in text
    assert "https://x.example/r/t" in text
    assert mail_text("password_reset", "tlh", name="A", link="L", minutes=5)[0] == "Reset your Workbench password"


def test_the_catalogue_file_is_plain_json():
    assert json.loads(CATALOGUE.read_text(encoding="utf-8")) == catalogue()
