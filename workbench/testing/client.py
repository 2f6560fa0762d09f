"""A WebTest client that knows Workbench's sign-up, sign-in and project calls."""

from __future__ import annotations

import webtest

DEFAULT_PASSWORD = "correct horse battery"


class Client(webtest.TestApp):
    """WebTest with helpers; ``as_user(token)`` returns headers for a signed-in caller."""

    def signup(self, email: str, password: str = DEFAULT_PASSWORD, **extra) -> str:
        res = self.post_json("/api/v1/auth/user/signup", {"email": email, "password": password, **extra})
        return res.json["token"]

    def signin(self, email: str, password: str = DEFAULT_PASSWORD) -> str:
        return self.post_json("/api/v1/auth/user/signin", {"email": email, "password": password}).json["token"]

    @staticmethod
    def auth(token: str, **more) -> dict:
        return {"xc-auth": token, **more}

    def create_project(self, token: str, title: str = "My project", **body) -> dict:
        res = self.post_json("/api/v1/db/meta/projects", {"title": title, **body}, headers=self.auth(token))
        return res.json
