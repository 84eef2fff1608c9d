"""A table socket's frames become typed commands at the edge, or a clear refusal: never
another exception, whatever arrives."""

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.commands import MAX_FRAME, Act, BadFrame, Claim, Offer, Ping, Resync, parse_command

ANY_CHAR = st.characters(exclude_categories=())  # surrogates and NUL too
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(ANY_CHAR),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(ANY_CHAR, max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)


def refused(text, code="bad_message"):
    with pytest.raises(BadFrame) as bad:
        parse_command(text)
    assert bad.value.code == code, bad.value.message
    return bad.value


def test_the_browsers_frames_become_commands():
    act = {
        "type": "act",
        "version": 12,
        "id": "0b9c2f4e-1d7a-4c1e-9a55-3f1f6f0e2a10",
        "action": {"type": "pass"},
    }
    assert parse_command(json.dumps(act)) == Act(version=12, client_id=act["id"], action={"type": "pass"})
    fallback_id = {**act, "id": "1764624000000-0.8167093", "seat": 1}  # pass-and-play names its seat
    assert parse_command(json.dumps(fallback_id)).client_id == "1764624000000-0.8167093"
    meld = {
        **act,
        "action": {"type": "meld", "melds": [[1, 2, 3], [40, 41, 42, 43]], "joker_ends": [None, "low"]},
    }
    assert parse_command(json.dumps(meld)).action == meld["action"]
    assert parse_command('{"type": "resync"}') == Resync()
    assert parse_command('{"type": "ping", "id": "ready"}') == Ping()
    assert parse_command('{"type": "offer", "kind": "rematch"}') == Offer(kind="rematch")
    assert parse_command('{"type": "claim", "bot": true}') == Claim(bot=True)
    assert parse_command('{"type": "claim"}') == Claim(bot=False)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 2000 + "]" * 2000,
        "[" * 4000,
        '{"a":' * 600 + "1" + "}" * 600,
        '[{"type": "act"}' + "[" * 3000,
        '"\\"' * 1300 + "[" * 100,  # one long unterminated string: nothing nested
    ],
)
def test_deep_nesting_is_refused_before_the_parser_recurses(text):
    assert len(text) <= MAX_FRAME
    refused(text)


@pytest.mark.parametrize("bad", ["\x00", "\ud800", "a\udfffb"])
def test_nul_and_lone_surrogates_are_refused_anywhere(bad):
    act = {"type": "act", "version": 1, "id": "a1", "action": {"type": "pass"}}
    refused(json.dumps({**act, "id": f"a{bad}"}))
    refused(json.dumps({**act, "action": {"type": "discard", "card": bad}}))
    refused(json.dumps({**act, "action": {"type": "pass", bad: 1}}))
    refused(json.dumps({"type": "resync", "note": [[bad]]}))
    refused(json.dumps({"type": "resync", "note": bad}, ensure_ascii=False))  # raw, not escaped


def test_each_field_is_checked_and_the_refusal_names_the_id_when_it_was_readable():
    act = {"type": "act", "version": 3, "id": "a1", "action": {"type": "pass"}}
    for bad_id in (7, "", "x" * 65, "a b", "a/b", "é", None):
        assert refused(json.dumps({**act, "id": bad_id}), "bad_request").client_id is None
    for bad_version in ("3", 3.0, True, -1, 2**31, None):
        assert refused(json.dumps({**act, "version": bad_version}), "bad_request").client_id == "a1"
    for bad_action in ("pass", ["pass"], {"kind": "pass"}, {"type": 1}, None):
        assert refused(json.dumps({**act, "action": bad_action}), "bad_action").client_id == "a1"
    refused('{"type": "offer", "kind": "surrender"}', "bad_request")
    refused('{"type": "claim", "bot": "yes"}', "bad_request")
    refused('{"type": "launch"}')
    refused('{"type": 5}')
    refused('["act"]')
    refused("{not json")
    refused('{"type": "act", "version": NaN}')
    refused("")
    refused(None)  # a binary frame
    refused(json.dumps({"type": "resync", "pad": "x" * MAX_FRAME}))


@settings(max_examples=400, deadline=None)
@given(st.text(ANY_CHAR, max_size=MAX_FRAME + 100) | JSON.map(json.dumps))
def test_any_text_becomes_a_command_or_a_refusal(text):
    try:
        parse_command(text)
    except BadFrame as bad:
        assert bad.code in ("bad_message", "bad_request", "bad_action")


@settings(max_examples=200, deadline=None)
@given(depth=st.integers(1, 3000), opener=st.sampled_from(["[", '{"k":', '[{"k":']))
def test_any_nesting_becomes_a_command_or_a_refusal(depth, opener):
    for text in (opener * depth, opener * depth + "1" + "]}" * depth):
        with contextlib.suppress(BadFrame):
            parse_command(text[:MAX_FRAME])
