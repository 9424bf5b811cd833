"""JSON text for frames and the store: orjson's output where it can, json's where it cannot,
and either way the same value back."""

import json

import pytest

from tabletop import jsontext


@pytest.mark.parametrize(
    "value",
    [
        {"type": "view", "view": {"hand": [[3, 5]], "name": "Café ☕"}},
        {1: "a non-string key", "2": [None, True, 1.5]},
        {"name": "Caf\ud800"},  # a lone surrogate: orjson refuses it
        {"seed": 1 << 70},  # beyond 64 bits: orjson refuses it
    ],
)
def test_the_same_value_back(value):
    text = jsontext.text(value)
    expected = json.loads(json.dumps(value))  # what any JSON reader makes of it
    assert json.loads(text) == expected
    assert jsontext.encode(value) == text.encode()
    assert ": " not in text and ", " not in text.replace("Café ☕", "")  # compact


def test_orjson_where_it_can():
    value = {"name": "Café", "tiles": [[0, 0], [6, 6]]}
    assert jsontext.text(value) == '{"name":"Café","tiles":[[0,0],[6,6]]}'
