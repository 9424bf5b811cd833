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


def test_each_game_says_its_place_and_icon_so_the_lobby_names_none():
    """The lobby lists the games in the engine's order with each one's icon tile, read from the
    catalogue: a profile it never heard of gets a place and a tile like the others."""
    table = engine.catalogue()
    assert sorted(table, key=lambda p: table[p]["order"]) == list(engine.PROFILES)
    assert [table[p]["order"] for p in engine.PROFILES] == list(range(len(engine.PROFILES)))
    for entry in table.values():
        a, b = entry["icon"]
        assert 0 <= b <= a <= entry["max_pip"]
    assert table["mexican-train"]["icon"] == [12, 12] and table["draw"]["icon"] == [6, 4]
