"""Deployment tests: the installed wheel, the systemd units, discovery across network namespaces."""

import pytest

from .netns import Lab


def pytest_configure(config):
    config.addinivalue_line("markers", "wheel: builds and installs the wheel (about a minute; -m wheel)")
    config.addinivalue_line("markers", "netns: network namespaces, as root (-m netns)")


@pytest.fixture
def lab():
    """Network namespaces for one test (the netns and hotspot tests), removed after it."""
    lab = Lab()
    try:
        yield lab
    finally:
        lab.close()
