"""Password hashing with Argon2id (argon2-cffi)."""

import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 1024


class Argon2Hasher:
    """Argon2id with the library's recommended parameters, tunable from settings.

    ``workbench.password.argon2.time_cost`` / ``memory_cost`` / ``parallelism`` exist so
    test suites can trade strength for speed; production keeps the defaults.
    """

    def __init__(self, settings: dict | None = None):
        settings = settings or {}
        kwargs = {}
        for key in ("time_cost", "memory_cost", "parallelism"):
            value = settings.get(f"workbench.password.argon2.{key}")
            if value:
                kwargs[key] = int(value)
        self._hasher = PasswordHasher(**kwargs)
        self._dummy: str | None = None

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, password_hash: str | None, password: str) -> bool:
        """True if ``password`` matches. Without a hash (unknown or invited account) it
        still spends the time of a real check, so the answer does not tell which exist."""
        if not password_hash:
            self._check(self._dummy_hash(), password)
            return False
        return self._check(password_hash, password)

    def _check(self, password_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def _dummy_hash(self) -> str:
        if self._dummy is None:
            self._dummy = self._hasher.hash(secrets.token_hex(16))
        return self._dummy

    def needs_rehash(self, password_hash: str) -> bool:
        return self._hasher.check_needs_rehash(password_hash)


def password_problem(password: str) -> str | None:
    """Why ``password`` is not acceptable, or None."""
    if len(password) < MIN_PASSWORD_LENGTH:
        return f"Password must be at least {MIN_PASSWORD_LENGTH} characters long"
    if len(password) > MAX_PASSWORD_LENGTH:
        return f"Password must be at most {MAX_PASSWORD_LENGTH} characters long"
    return None
