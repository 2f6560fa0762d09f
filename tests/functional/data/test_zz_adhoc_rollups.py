import pytest
from .maintained_world import World
from .test_maintained_aggregates import Statements

pytestmark = pytest.mark.dialects

def test_print(client, admin, data_app):
    w = World(client, admin, data_app)
    w.insert("parents", [{"Name": "a", "Qty": 1}])
    with Statements(w) as seen:
        w.rows(where="(Pages sum,gt,3000)", limit=25)
    for s in seen:
        print("----\n", s)
