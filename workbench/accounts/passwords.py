"""Password hashing with Argon2id (argon2-cffi), and the rules a new password follows.

The rules are those of NIST SP 800-63B: a password has at least 8 characters, any
characters at all (no composition rules), and is refused when it is among the common
passwords shipped in ``data/common-passwords.txt.gz``. Before the checks the password is
normalised: Unicode NFKC, runs of white space taken as one space, none at either end; so
a password of only spaces is empty and ``"  ab  cd  "`` counts 5 characters. The password
itself is hashed as it was typed.
"""

import functools
import gzip
import re
import secrets
import unicodedata
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from workbench.accounts.hashing import HashingPool

MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 1024
COMMON_PASSWORDS = Path(__file__).with_name("data") / "common-passwords.txt.gz"
_SPACES = re.compile(r"\s+")

TOO_SHORT = f"Password must be at least {MIN_PASSWORD_LENGTH} characters long"
ONLY_SPACES = "Password must not be only spaces"
TOO_COMMON = "This password is one of the most common ones; choose a password that is harder to guess"


class Argon2Hasher:
    """Argon2id with the library's recommended parameters, tunable from settings.

    ``workbench.password.argon2.time_cost`` / ``memory_cost`` / ``parallelism`` exist so
    test suites can trade strength for speed; production keeps the defaults. Hashes and
    checks run on the pool of ``workbench.accounts.hashing``, off the event loop.
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
        self.pool = HashingPool(int(settings.get("workbench.password.hash_threads") or 0) or None)

    def hash(self, password: str) -> str:
        return self.pool.run(self._hasher.hash, password)

    def verify(self, password_hash: str | None, password: str) -> bool:
        """True if ``password`` matches. Without a hash (unknown or invited account) it
        still spends the time of a real check, so the answer does not tell which exist."""
        if not password_hash:
            self._check(self._dummy_hash(), password)
            return False
        return self._check(password_hash, password)

    def _check(self, password_hash: str, password: str) -> bool:
        return self.pool.run(self._verify, password_hash, password)

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def _dummy_hash(self) -> str:
        if self._dummy is None:
            self._dummy = self.hash(secrets.token_hex(16))
        return self._dummy

    def needs_rehash(self, password_hash: str) -> bool:
        return self._hasher.check_needs_rehash(password_hash)


@functools.cache
def common_passwords() -> frozenset[str]:
    """The shipped list of common passwords, lower case."""
    with gzip.open(COMMON_PASSWORDS, "rt", encoding="utf-8") as lines:
        return frozenset(line.strip().lower() for line in lines if line.strip())


def normalise_password(password: str) -> str:
    """What the password rules look at: NFKC, white space runs as one space, trimmed."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", password)).strip()


def password_problem(password: str) -> str | None:
    """Why ``password`` is not acceptable as a new password, or None."""
    if len(password) > MAX_PASSWORD_LENGTH:
        return f"Password must be at most {MAX_PASSWORD_LENGTH} characters long"
    text = normalise_password(password)
    if not text and password:
        return ONLY_SPACES
    if len(text) < MIN_PASSWORD_LENGTH:
        return TOO_SHORT
    if text.lower() in common_passwords():
        return TOO_COMMON
    return None
