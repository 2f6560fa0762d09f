"""The names a plugin goes by, all derived from its entry-point name."""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

KINDS = ("field_type", "view_type", "importer", "auth_provider")
#: what the kind is called in the texts of a scaffold
KIND_WORDS = {
    "field_type": "field type",
    "view_type": "view type",
    "importer": "importer",
    "auth_provider": "sign-in provider",
}
_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


class KitError(Exception):
    """What the kit cannot do, said to the author (the command exits with it)."""


@dataclass(frozen=True)
class PluginNames:
    #: the entry-point name: what ``workbench plugins`` lists and the ini disables
    name: str
    kind: str

    @property
    def package(self) -> str:
        """The Python package: ``workbench_<name>``."""
        return f"workbench_{self.name}"

    @property
    def dist(self) -> str:
        """The distribution: ``workbench-<name>``."""
        return "workbench-" + self.name.replace("_", "-")

    @property
    def camel(self) -> str:
        """``due_date`` -> ``DueDate``: the field type's uidt, the classes' names."""
        return "".join(part.capitalize() for part in self.name.split("_") if part)

    @property
    def title(self) -> str:
        """``due_date`` -> ``Due date``: the label in English."""
        return self.name.replace("_", " ").strip().capitalize()

    @property
    def view_number(self) -> int:
        """A view type's numeric type, from 100 to 999 (NocoDB's are 1 to 6), the same for the
        same name: two view types installed together must not share one."""
        return 100 + zlib.crc32(self.name.encode()) % 900

    def variables(self) -> dict[str, str]:
        return {
            "name": self.name,
            "kind": self.kind,
            "kind_words": KIND_WORDS[self.kind],
            "a_kind": ("an " if KIND_WORDS[self.kind][0] in "aeiou" else "a ") + KIND_WORDS[self.kind],
            "package": self.package,
            "dist": self.dist,
            "camel": self.camel,
            "title": self.title,
            # a view type's create path (the catalogue tells the web app): its name with an "s"
            "path": self.name + "s",
            "view_number": str(self.view_number),
        }


def plugin_names(name: str, kind: str) -> PluginNames:
    if kind not in KINDS:
        raise KitError(f"unknown kind {kind!r}: one of {', '.join(KINDS)}")
    if not _NAME.match(name):
        raise KitError(
            f"{name!r} is not a plugin name: lower-case letters, digits and underscores, starting with a letter"
        )
    return PluginNames(name, kind)
