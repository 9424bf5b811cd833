"""GET /api/profiles: the engine's catalogue of profiles plus the computer levels."""

from __future__ import annotations

import engine
from tabletop import computer
from tabletop.app import create_app
from tabletop.settings import Settings


def test_api_profiles_serves_the_catalogue_and_levels(tmp_path):
    app = create_app(Settings(data=":memory:", web_dir=str(tmp_path), locales_dir=str(tmp_path)))
    try:
        data = app.test_client().get("/api/profiles").json
        table = engine.catalogue()
        assert set(data) == set(table)
        for name, entry in data.items():
            assert entry["levels"] == list(computer.LEVELS) == ["easy", "medium", "hard"]
            assert entry["default_level"] == "medium"
            assert {k: v for k, v in entry.items() if k not in ("levels", "default_level")} == table[name]
    finally:
        app.extensions["tabletop"].shutdown()
