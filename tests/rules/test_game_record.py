"""The game record (docs/records.md): written, read back, verified by replaying it; one altered
action, result or seed is refused and named.  Pure: the engine plays known seeds, no database."""

from __future__ import annotations

import json
import re

from games.rules import game_record, gin, rummy
from games.rules.game_record import Record, result_lines, verify, write
from tests.games.support import simple_policy


def _seed(n: int) -> str:
    return (bytes([n]) * 16).hex()


SHORT_GIN = gin.CLASSIC.with_(match_target=30)


def gin_record(rules=SHORT_GIN) -> tuple[Record, gin.GinState]:
    """Two plain players play a gin match to its end, every hand from a known seed."""
    state = gin.new_match(rules, first_dealer=1)
    actions = []
    for _ in range(3000):
        if state.phase == "match_over":
            break
        if state.turn is None:
            seat, action = None, {"type": "deal", "seed": _seed(len(state.history) + 1)}
        else:
            seat, action = state.turn, simple_policy(gin.view_for(state, state.turn))
        state, _ = gin.apply(state, seat, action)
        actions.append((seat, action))
    assert state.phase == "match_over"
    record = Record(
        game="gin",
        rules=rules.to_dict(),
        seats=2,
        first=1,
        rounds=None,
        actions=tuple(actions),
        results=result_lines(state),
        headers={"Players": "Ana; Bo"},
    )
    return record, state


def rummy_record() -> tuple[Record, rummy.RummyState]:
    """Three seats of the timed-out-turn policy play two rounds of German Rummy, known seeds."""
    state = rummy.new_match(rummy.STANDARD, seats=3, rounds=2, first_seat=0)
    actions = []
    for _ in range(5000):
        if state.phase == "match_over":
            break
        if state.phase in ("deal", "round_over"):
            seat, action = None, {"type": "deal", "seed": _seed(40 + state.round)}
        else:
            seat, action = state.turn, rummy.timeout_action(state)
        state, _ = rummy.apply(state, seat, action)
        actions.append((seat, action))
    assert state.phase == "match_over"
    record = Record(
        game="rummy",
        rules=rummy.STANDARD.to_dict(),
        seats=3,
        first=0,
        rounds=2,
        actions=tuple(actions),
        results=result_lines(state),
    )
    return record, state


def test_a_gin_record_verifies_and_reaches_the_same_final_state():
    record, final = gin_record()
    text = write(record)
    verdict = verify(text)
    assert verdict.legal, verdict.message
    assert verdict.state.to_json() == final.to_json()
    assert verdict.results == result_lines(final)
    assert verdict.results[-1] == f"Winners: {final.result.winner}"
    assert game_record.parse(text) == record


def test_a_rummy_record_verifies_and_reaches_the_same_final_state():
    record, final = rummy_record()
    verdict = verify(write(record))
    assert verdict.legal, verdict.message
    assert verdict.state.to_json() == final.to_json()
    assert verdict.results[-2] == "Totals: " + " ".join(map(str, final.result.totals))


def _altered(text: str, number: int, change) -> str:
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(f"{number} "))
    lines[index] = change(lines[index])
    return "\n".join(lines)


def test_an_altered_action_is_refused_with_its_number():
    record, _ = gin_record()
    text = write(record)
    # A discard of a card the seat does not hold: the first discard, of a card still in the stock.
    number, (seat, action) = next(
        (n, a) for n, a in enumerate(record.actions, 1) if a[1]["type"] == "discard"
    )
    before = gin.replay(
        gin.GinRules.from_dict(record.rules),
        [{"seat": s, "action": a} for s, a in record.actions[: number - 1]],
    )
    foreign = next(str(c) for c in before.stock)
    changed = _altered(text, number, lambda line: line.replace(action["card"], foreign))
    verdict = verify(changed)
    assert not verdict.legal
    assert verdict.action == number
    assert f"action {number} (seat {seat}, discard)" in verdict.message
    assert "card_not_in_hand" in verdict.message


def test_an_action_out_of_turn_or_misnumbered_is_refused_with_its_number():
    record, _ = gin_record()
    text = write(record)
    number = 5
    seat = record.actions[number - 1][0]
    out_of_turn = _altered(text, number, lambda line: re.sub(r"^(\d+) \d", rf"\1 {1 - seat}", line))
    assert verify(out_of_turn).action == number
    misnumbered = _altered(text, number, lambda line: "55" + line[1:])
    verdict = verify(misnumbered)
    assert (verdict.legal, verdict.action) == (False, number)


def test_a_record_whose_stated_results_differ_is_refused():
    record, final = gin_record()
    text = write(record)
    totals = " ".join(map(str, final.result.totals))
    wrong = text.replace(f"Totals: {totals}", "Totals: 999 0")
    verdict = verify(wrong)
    assert not verdict.legal and "results differ" in verdict.message


def test_a_record_cut_short_is_not_a_finished_game():
    record, _ = gin_record()
    text = write(Record(**{**record.__dict__, "actions": record.actions[:-3]}))
    verdict = verify(text)
    assert not verdict.legal and "before the match is over" in verdict.message


def test_the_first_seed_can_be_required_as_a_daily_record_is_checked():
    record, _ = gin_record()
    text = write(record)
    assert verify(text, first_seed=_seed(1)).legal
    other = verify(text, first_seed=_seed(9))
    assert (other.legal, other.action) == (False, 1)


def test_unreadable_records_are_refused_not_raised():
    record, _ = gin_record()
    text = write(record)
    for broken in (
        "",
        "nonsense",
        text.replace("Format: rummy-deco-record 1", "Format: 7"),
        text.replace('"knock_limit": 10', '"knock_limit": "ten"'),
        text.replace("Game: gin", "Game: chess"),
        text.replace("Seats: 2", "Seats: 3"),
        _altered(text, 3, lambda line: line + " {not json"),
        _altered(text, 3, lambda line: line.split(" ")[0] + " north pass"),
    ):
        verdict = verify(broken)
        assert not verdict.legal and verdict.message


def test_the_record_is_plain_text_with_one_action_a_line():
    record, _ = gin_record()
    text = write(record)
    assert "Players: Ana; Bo" in text
    lines = text.splitlines()
    first = lines.index("Actions") + 1
    assert lines[first] == "1 server deal " + json.dumps({"seed": _seed(1)})
    assert re.fullmatch(r"2 [01] (pass|take_upcard)", lines[first + 1])
