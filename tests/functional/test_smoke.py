def test_health(client):
    assert client.get("/api/v1/health").json["message"] == "OK"


def test_signup_and_project(client, admin):
    project = client.create_project(admin, "First")
    assert project["id"].startswith("p_")
    assert project["bases"][0]["type"] == "sqlite3"
