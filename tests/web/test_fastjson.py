"""The hot path's JSON (common/fastjson.py) says what the standard library's would."""

import json

from common import fastjson


def test_its_text_means_what_json_dumps_means_seat_keys_and_unicode_included():
    value = {0: "Núñez ♠", 1: [1, 2.5, None, True], "nested": {"nul": "a\u0000b", "emoji": "🂡"}}
    assert json.loads(fastjson.dumps(value)) == json.loads(json.dumps(value))
    assert fastjson.loads(fastjson.dumps_bytes(value)) == json.loads(json.dumps(value))
