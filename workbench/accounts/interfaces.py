"""What the accounts package expects of its collaborators."""

from typing import Protocol, runtime_checkable


@runtime_checkable
class IAuthProvider(Protocol):
    """A sign-in provider contributed through ``register_auth_providers``."""

    #: unique name, also the plugin's listing name: "password", "google", "github"
    name: str
    #: what the sign-in screen shows
    title: str
    #: what the catalogue shows (docs/catalogue.md), all optional: ``label`` (a message key
    #: of the plugin, default ``label``), ``icon`` (a Blueprint icon name) and ``kind``
    #: (``form``, the default, or ``redirect``)

    def enabled(self, settings: dict) -> bool:
        """True if the provider is configured and may be offered."""

    def configure(self, config) -> None:
        """Mount the provider's routes and views."""


class IPasswordHasher(Protocol):
    def hash(self, password: str) -> str: ...

    def verify(self, password_hash: str, password: str) -> bool: ...

    def needs_rehash(self, password_hash: str) -> bool: ...
