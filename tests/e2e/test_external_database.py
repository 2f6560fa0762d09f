"""Connecting an existing PostgreSQL database through the create-external screen: the form,
a failed and a successful connection test, then one of its tables opened in the grid."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import _sign_up_first_user, _use_token, screenshot

pytestmark = pytest.mark.e2e


def test_a_postgresql_database_is_connected_and_browsed(server, page, shop_db):
    token = _sign_up_first_user(server)
    _use_token(page, token)
    page.goto("/create-external")  # a direct load hydrates the screen's shell
    expect(page.get_by_test_id("source-client")).to_be_visible()
    page.goto("/")
    page.get_by_test_id("connect-database").click()
    expect(page).to_have_url(f"{server.url}/create-external")
    page.get_by_test_id("source-title").fill("Shop")
    page.get_by_test_id("source-client").select_option("pg")
    expect(page.get_by_test_id("source-port")).to_have_value("5432")
    page.get_by_test_id("source-host").fill("127.0.0.1")
    page.get_by_test_id("source-user").fill("postgres")
    page.get_by_test_id("source-database").fill("no_such_database_here")
    page.get_by_test_id("source-test").click()
    expect(page.get_by_test_id("source-error")).to_contain_text("database does not exist")
    page.get_by_test_id("source-database").fill(shop_db.name)
    page.get_by_test_id("source-test").click()
    expect(page.get_by_test_id("source-tested")).to_contain_text("Connection successful")
    screenshot(page, "create-external")
    page.get_by_test_id("source-connect").click()
    expect(page).to_have_url(re.compile(r"/nc/p_"))
    page.get_by_text("customers", exact=True).first.click()
    grid = page.get_by_test_id("grid-scroll")
    expect(grid).to_contain_text("Ann Lee")
    expect(grid).to_contain_text("Bob Stone")
    expect(page.get_by_test_id("record-count")).to_have_text("2 records")
    screenshot(page, "external-grid")
