"""Frozen, typed registries built once from the plugins' ``register_*`` hooks."""

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class DuplicatePluginError(RuntimeError):
    """Two plugins contributed the same name to one registry; start-up stops."""


class UnknownNameError(KeyError):
    """Nothing of that name is registered."""

    def __str__(self) -> str:
        return str(self.args[0])


class Registry(Generic[T]):
    """An immutable name → class mapping for one kind of contribution.

    Each contribution carries its ``name``; ``plugin`` records which plugin gave it.
    """

    def __init__(self, kind: str, items: Iterable[tuple[str, type[T]]]):
        self.kind = kind
        entries: dict[str, type[T]] = {}
        owners: dict[str, str] = {}
        for plugin_name, item in items:
            name = getattr(item, "name", None)
            if not isinstance(name, str) or not name:
                raise TypeError(f"{kind} {item!r} from plugin {plugin_name!r} has no name")
            if name in entries:
                raise DuplicatePluginError(
                    f"{kind} {name!r} is registered twice: by plugin {owners[name]!r} and by plugin {plugin_name!r}"
                )
            entries[name] = item
            owners[name] = plugin_name
        self._entries = entries
        self._owners = owners

    def get(self, name: str) -> type[T]:
        try:
            return self._entries[name]
        except KeyError:
            raise UnknownNameError(f"unknown {self.kind}: {name!r}") from None

    def owner(self, name: str) -> str:
        return self._owners[name]

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[type[T]]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def names(self) -> list[str]:
        return list(self._entries)

    def __repr__(self) -> str:
        return f"<Registry {self.kind}: {', '.join(self._entries)}>"
