"""Reading the frontend build: the page template, the prerendered shells and the catalogues.

Everything is read lazily and re-read when the build changes (the manifest's mtime), so a
running development server picks up ``make run``'s rebuild without a restart.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path

import workbench

DEFAULT_LANG = "en"
#: the cookie holding the language the user chose
LANG_COOKIE = "wb_lang"
RTL_LANGS = frozenset({"ar", "fa"})


def _repo_root() -> Path:
    return Path(workbench.__file__).resolve().parents[1]


def default_dist_dir() -> str:
    return str(_repo_root() / "frontend" / "dist")


def default_i18n_dir() -> str:
    return str(_repo_root() / "i18n")


@dataclass(frozen=True)
class Build:
    template: str
    routes: list  # [(compiled regex or None, index)]
    not_found_index: int
    shells: dict  # lang -> [hash per route]
    shells_dir: Path

    @property
    def langs(self) -> list[str]:
        return list(self.shells)

    def match(self, path: str) -> tuple[int, bool]:
        """The route index for ``path`` and whether it is a known route."""
        for regex, index in self.routes:
            if regex is not None and regex.match(path):
                return index, True
        return self.not_found_index, False

    def shell(self, lang: str, index: int) -> str:
        name = self.shells[lang][index]
        if not re.fullmatch(r"[0-9a-f]{8,64}", name):
            raise ValueError(f"bad shell name {name!r}")
        return (self.shells_dir / f"{name}.html").read_text(encoding="utf-8")


class WebAssets:
    def __init__(self, dist: str, i18n: str):
        self.dist = Path(dist)
        self.assets_dir = self.dist / "assets"
        self.i18n = Path(i18n)
        self._lock = threading.Lock()
        self._build: Build | None = None
        self._build_stamp = None
        self._messages: dict[str, tuple[float, dict]] = {}

    @property
    def manifest_path(self) -> Path:
        return self.dist / "shells" / "manifest.json"

    def build(self) -> Build | None:
        """The current build, or None if the frontend has not been built."""
        try:
            stamp = self.manifest_path.stat().st_mtime_ns
        except FileNotFoundError:
            return None
        with self._lock:
            if self._build is None or stamp != self._build_stamp:
                self._build = self._load(stamp)
                self._build_stamp = stamp
            return self._build

    def _load(self, stamp) -> Build:
        manifest = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        template = (self.dist / manifest["template"]).read_text(encoding="utf-8")
        routes, not_found = [], None
        for index, route in enumerate(manifest["routes"]):
            if route.get("notFound"):
                not_found = index
            else:
                routes.append((re.compile(route["regex"]), index))
        if not_found is None:
            raise ValueError("the frontend manifest has no not-found route")
        return Build(template, routes, not_found, manifest["shells"], self.manifest_path.parent)

    def languages(self) -> list[str]:
        """The languages of the i18n catalogues (one ``<lang>.json`` each)."""
        if not hasattr(self, "_languages"):
            self._languages = sorted(p.stem for p in self.i18n.glob("*.json")) or [DEFAULT_LANG]
        return self._languages

    def messages(self, lang: str) -> dict:
        """The catalogue of ``lang`` with English filling the gaps."""
        merged = dict(self._catalogue(DEFAULT_LANG))
        if lang != DEFAULT_LANG:
            merged.update(self._catalogue(lang))
        return merged

    def _catalogue(self, lang: str) -> dict:
        path = self.i18n / f"{lang}.json"
        try:
            mtime = path.stat().st_mtime
        except FileNotFoundError:
            return {}
        cached = self._messages.get(lang)
        if cached is None or cached[0] != mtime:
            cached = (mtime, json.loads(path.read_text(encoding="utf-8")))
            self._messages[lang] = cached
        return cached[1]


def direction(lang: str) -> str:
    return "rtl" if lang in RTL_LANGS else "ltr"


_ALIASES = {"nb": "no", "nn": "no", "bn": "bn_IN", "iw": "he", "in": "id"}


def match_language(tag: str, supported) -> str | None:
    """One browser language tag to a supported language (same rules as the client's)."""
    lower = tag.strip().replace("_", "-").lower()
    if not lower:
        return None
    by_lower = {lang.replace("_", "-").lower(): lang for lang in supported}
    if lower in by_lower:
        return by_lower[lower]
    base, *rest = lower.split("-")
    if base == "zh":
        traditional = any(part in ("hant", "tw", "hk", "mo") for part in rest)
        choice = "zh-Hant" if traditional else "zh-Hans"
        return choice if choice in supported else None
    alias = _ALIASES.get(base)
    if alias and alias in supported:
        return alias
    return by_lower.get(base)


def choose_language(cookie: str | None, accept_language: str | None, supported) -> str:
    """The language of the page: the client's saved choice (cookie), else the browser's best
    match from Accept-Language (by quality), else English."""
    supported = list(supported)
    if cookie in supported:
        return cookie
    tags = []
    for position, item in enumerate((accept_language or "").split(",")):
        tag, _, params = item.partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag.strip() and tag.strip() != "*" and quality > 0:
            tags.append((-quality, position, tag.strip()))
    for _q, _p, tag in sorted(tags):
        lang = match_language(tag, supported)
        if lang:
            return lang
    return DEFAULT_LANG if DEFAULT_LANG in supported or not supported else supported[0]
