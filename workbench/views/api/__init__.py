"""The views API's endpoints, one module per concern."""
