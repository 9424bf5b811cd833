"""The view's `round_engines`: Mexican Train's engine double of every round, public from the
deal of round 1, so a score sheet can show each round's engine without knowing the rule."""

import engine


def _first_legal_round(m):
    while m.state.phase == "play":
        m.act(engine.legal_actions(m.state)[0].to_json())


def test_round_engines_list_the_thirteen_engines_from_12_12_down():
    m = engine.Match("mexican-train", {"players": 3})
    m.start_round(seed=5)
    engines = engine.view_for(m.state, None)["round_engines"]
    assert engines == list(range(12, -1, -1))
    assert engine.view_for(m.state, 1)["round_engines"] == engines  # public: every seat sees it


def test_each_round_places_the_engine_its_entry_names():
    m = engine.Match("mexican-train", {"players": 2})
    for round_no in range(1, 4):
        m.start_round(seed=40 + round_no)
        _first_legal_round(m)
        v = engine.view_for(m.state, None)
        assert v["round"] == round_no
        e = v["round_engines"][round_no - 1]
        assert v["trains"]["engine"] == f"{e}-{e}"


def test_line_games_have_no_round_engines():
    for profile in ("draw", "block", "gaple", "six-love"):
        m = engine.Match(profile, {})
        m.start_round(seed=3)
        assert engine.view_for(m.state, None)["round_engines"] is None
