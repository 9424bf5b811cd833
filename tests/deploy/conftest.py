"""Deployment tests: the installed wheel, the systemd units, discovery across network namespaces."""


def pytest_configure(config):
    config.addinivalue_line("markers", "wheel: builds and installs the wheel (about a minute; -m wheel)")
    config.addinivalue_line("markers", "netns: network namespaces, as root (-m netns)")
