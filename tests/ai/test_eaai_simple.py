"""The EAAI reference player as its Java source plays: face-up cards that fall in any meld, a
least-deadwood discard (random among equals), a knock as soon as it may."""

from __future__ import annotations

from games.ai import choose_action as ours
from games.rules.cards import parse_card
from games.rules.gin import CLASSIC, apply, new_match, view_for
from games.rules.melds import deadwood_after_discards
from tools import arena
from tools.arena import eaai_simple


def cards(text: str) -> tuple:
    return tuple(parse_card(c) for c in text.split())


def test_a_face_up_card_is_taken_when_it_falls_in_any_meld() -> None:
    # 7D makes a set with 7C 7H even though the least-deadwood hand keeps 5H-6H-7H as a run.
    assert eaai_simple._in_a_meld(cards("5H 6H 7H 7C KS QD 9C 2S 3D 4C"), parse_card("7D"))
    assert eaai_simple._in_a_meld(cards("5H 7H KS"), parse_card("6H"))
    assert not eaai_simple._in_a_meld(cards("5H 8H 7C KS"), parse_card("6H"))
    assert not eaai_simple._in_a_meld(cards("QS KS 2C"), parse_card("AS"))  # aces are low only


def test_its_choices_over_whole_matches() -> None:
    """Against Medium: every upcard decision is the meld test, every discard leaves the least
    deadwood, and every discard that allows a knock is a knock."""
    checked = {"upcard": 0, "discard": 0, "knock": 0}
    for match in range(2):
        state = new_match(CLASSIC)
        while state.phase != "match_over":
            if state.phase in ("deal", "hand_over"):
                seed = arena.deal_seed(9, match, state.hand_number + 1)
                state, _ = apply(state, None, {"type": "deal", "seed": seed})
                continue
            seat, view = state.turn, view_for(state, state.turn)
            if seat == 1:
                action = ours("medium", view, seed=3)
            else:
                action = eaai_simple.choose_action(view, seed=3)
                assert action == eaai_simple.choose_action(view, seed=3)
                hand = cards(" ".join(view["hand"]))
                top = parse_card(view["discard_pile"][-1]) if view["discard_pile"] else None
                if view["phase"] in ("upcard", "draw"):
                    takes = action["type"] == "take_upcard" or action.get("source") == "discard"
                    assert takes == eaai_simple._in_a_meld(hand, top)
                    checked["upcard"] += 1
                else:
                    after = deadwood_after_discards(hand, None)
                    taken = None if view["taken"] is None else parse_card(view["taken"])
                    assert after[parse_card(action["card"])] == min(d for c, d in after.items() if c != taken)
                    knock = {"type": "knock", "card": action["card"]}
                    assert (action["type"] == "knock") == (knock in view["legal_actions"])
                    checked["discard"] += 1
                    checked["knock"] += action["type"] == "knock"
            state, _ = apply(state, seat, action)
    assert all(checked.values()), checked


def test_the_arena_seats_it_as_b_and_reproduces_its_figures() -> None:
    first = arena.run(a="medium", b="eaai-simple", matches=2, seed=4)
    again = arena.run(a="medium", b="eaai-simple", matches=2, seed=4)
    assert {k: v for k, v in first.items() if k != "decision_ms"} == {
        k: v for k, v in again.items() if k != "decision_ms"
    }
    assert first["hands"] > 0 and set(first["decision_ms"]) == {"medium", "eaai-simple"}
