"""Chat notifiers: Slack, Microsoft Teams, Discord and Mattermost, through their incoming
webhooks. Settings (NocoDB's): ``channels``, a list of ``{"webhook_url"}`` (each channel
gets the message), and ``body``, the message with ``{{ path }}`` placeholders over the event
(empty: a one-line summary)."""

from __future__ import annotations

import json
import urllib.parse
from typing import ClassVar

from workbench_plugins.notifiers.text import render

from workbench.plugin_api import Notifier, Result, hookimpl

MAX_CHANNELS = 10


class _Chat(Notifier):
    icon = "chat"
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["channels"],
        "properties": {
            "channels": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_CHANNELS,
                "title": "setting.channels",
                "items": {
                    "type": "object",
                    "required": ["webhook_url"],
                    "properties": {"webhook_url": {"type": "string", "format": "uri", "title": "setting.webhook_url"}},
                },
            },
            "body": {"type": "string", "title": "setting.body", "description": "setting.body.help"},
        },
    }
    #: the key of the message's text in the service's JSON
    text_key = "text"

    def check(self, settings):
        settings = dict(settings or {})
        channels = []
        for channel in settings.get("channels") or []:
            url = str((channel or {}).get("webhook_url") or "").strip() if isinstance(channel, dict) else ""
            parts = urllib.parse.urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError("Each channel needs a webhook address starting with https://")
            channels.append({**channel, "webhook_url": url})
        if not channels or len(channels) > MAX_CHANNELS:
            raise ValueError(f"Give from 1 to {MAX_CHANNELS} channels")
        return {**settings, "channels": channels, "body": str(settings.get("body") or "")}

    def message(self, text: str) -> dict:
        return {self.text_key: text}

    def deliver(self, call):
        body = json.dumps(self.message(render(call.settings.get("body"), call.event))).encode()
        last = None
        for channel in call.settings["channels"]:
            last = call.http("POST", channel["webhook_url"], headers={"Content-Type": "application/json"}, body=body)
            if not 200 <= last.status < 300:
                return Result(False, last.status, last.body)
        return Result(True, last.status if last else None, last.body if last else None)


class Slack(_Chat):
    name = "Slack"
    label = "notifier.Slack"
    order = 30


class Teams(_Chat):
    name = "Microsoft Teams"
    label = "notifier.Microsoft Teams"
    order = 40


class Discord(_Chat):
    name = "Discord"
    label = "notifier.Discord"
    order = 50
    text_key = "content"


class Mattermost(_Chat):
    name = "Mattermost"
    label = "notifier.Mattermost"
    order = 60


@hookimpl
def register_notifiers():
    return [Slack, Teams, Discord, Mattermost]
