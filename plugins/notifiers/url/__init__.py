"""The URL notifier: NocoDB's ``URL`` notification. The event's v2 payload is sent as JSON
with the hook's method, headers and query parameters; any 2xx answer is a delivery."""

from __future__ import annotations

import json
import urllib.parse
from typing import ClassVar

from workbench.plugin_api import Notifier, Result, hookimpl

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD")


def _pairs(items, what: str) -> list[dict]:
    pairs = []
    for item in items or []:
        if not isinstance(item, dict):
            raise ValueError(f"Each of the {what} must be an object with a name and a value")
        name = str(item.get("name") or "").strip()
        if not name or item.get("enabled") is False:
            continue
        if any(c in name for c in "\r\n:") and what == "headers":
            raise ValueError(f"Invalid header name {name!r}")
        value = "" if item.get("value") is None else str(item.get("value"))
        if what == "headers" and ("\r" in value or "\n" in value):
            raise ValueError(f"Invalid value of header {name!r}")
        pairs.append({"name": name, "value": value})
    return pairs


_PAIRS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "setting.name"},
            "value": {"type": "string", "title": "setting.value"},
        },
    },
}


class UrlNotifier(Notifier):
    name = "URL"
    label = "notifier.URL"
    icon = "globe-network"
    order = 10
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["path"],
        "properties": {
            "method": {"type": "string", "enum": list(METHODS), "default": "POST", "title": "setting.method"},
            "path": {"type": "string", "format": "uri", "title": "setting.path"},
            "headers": {**_PAIRS, "title": "setting.headers"},
            "parameters": {**_PAIRS, "title": "setting.parameters"},
            "auth": {"type": "string", "title": "setting.auth"},
        },
    }

    def check(self, settings):
        settings = dict(settings or {})
        method = str(settings.get("method") or "POST").upper()
        if method not in METHODS:
            raise ValueError(f"The method must be one of {', '.join(METHODS)}")
        path = str(settings.get("path") or "").strip()
        parts = urllib.parse.urlsplit(path)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("The address must start with http:// or https://")
        return {
            **settings,
            "method": method,
            "path": path,
            "headers": _pairs(settings.get("headers"), "headers"),
            "parameters": _pairs(settings.get("parameters"), "parameters"),
        }

    def deliver(self, call):
        settings = call.settings
        url = settings["path"]
        params = [(p["name"], p["value"]) for p in settings.get("parameters") or []]
        if params:
            url += ("&" if urllib.parse.urlsplit(url).query else "?") + urllib.parse.urlencode(params)
        headers = {h["name"]: h["value"] for h in settings.get("headers") or []}
        if settings.get("auth"):
            headers.setdefault("Authorization", str(settings["auth"]))
        body = None
        if settings["method"] not in ("GET", "HEAD"):
            body = json.dumps(call.event, default=str).encode()
            headers.setdefault("Content-Type", "application/json")
        answer = call.http(settings["method"], url, headers=headers, body=body)
        return Result(200 <= answer.status < 300, answer.status, answer.body)


@hookimpl
def register_notifiers():
    return [UrlNotifier]
