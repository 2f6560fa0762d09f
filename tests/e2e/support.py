"""Helpers shared by the browser tests."""

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def screenshot(page, name: str) -> None:
    """Save a full-page screenshot to test-artifacts/<name>.png (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
