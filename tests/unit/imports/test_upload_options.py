"""Which of an upload's options reach the importer: those every importer takes and those the
chosen importer declares in ``option_keys``; anything else is dropped."""

from workbench.imports.interfaces import Importer
from workbench.imports.views import _kept


class Quoting(Importer):
    name = "quoting"
    extensions = ("txt",)
    option_keys = ("quote",)


def test_common_and_declared_options_are_kept_the_rest_dropped():
    sent = {"type": "quoting", "encoding": "latin-1", "sheet": "A", "quote": "'", "stray": 1, "table_id": "md_1"}
    kept = {"type": "quoting", "encoding": "latin-1", "sheet": "A", "quote": "'", "table_id": "md_1"}
    assert _kept(sent, Quoting) == kept
    assert "quote" not in _kept(sent, Importer)
    assert Quoting({"quote": "'"}).options["quote"] == "'"
    assert Quoting({}).options["encoding"] == "utf-8"
