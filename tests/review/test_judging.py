"""The review judges from the player's views alone, and finds a planted blunder."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from games.rules.cards import DECK, parse_card
from games.rules.gin import CLASSIC, IllegalAction, apply, new_match, view_for
from review.decisions import Decision
from review.judging import review_decisions
from tests.review.support import ONE_HAND, MeldBreaker, hard, play, with_hands

SAMPLES = 16


def _hand_decisions(state, actions, seat=0):
    """Seat's decisions while `actions` are replayed from `state` (stops where one is illegal)."""
    out = []
    for i, (who, action) in enumerate(actions):
        if who == seat:
            out.append(
                Decision(seq=i, hand_number=state.hand_number, view=view_for(state, seat), action=action)
            )
        try:
            state, _ = apply(state, who, action)
        except IllegalAction:
            break
        if state.phase in ("hand_over", "match_over"):
            break
    return out


def _twin(dealt, moves):
    """The same deal with the cards seat 0 never sees in this hand (the opponent's unshown
    cards and the stock never drawn) shuffled among the opponent's hand and the stock."""
    shown = {parse_card(a["card"]) for _, a in moves if "card" in a}
    draws = sum(1 for _, a in moves if a["type"] == "draw" and a["source"] == "stock")
    stock = list(dealt.stock)
    drawn, rest = stock[:draws], stock[draws:]
    hidden = [c for c in dealt.hands[1] if c not in shown and c not in drawn]
    pool = hidden + rest
    Random(5).shuffle(pool)
    theirs = [c for c in dealt.hands[1] if c in shown or c in drawn] + pool[: len(hidden)]
    return with_hands(dealt, [dealt.hands[0], theirs], drawn + pool[len(hidden) :]), set(hidden) != set(
        pool[: len(hidden)]
    )


def test_deals_that_look_the_same_to_the_player_get_the_same_review() -> None:
    final, moves = play(ONE_HAND, ["00000000000000a1"], (hard, hard))
    dealt, _ = apply(new_match(ONE_HAND), None, moves[0][1])
    twin, differs = _twin(dealt, moves[1:])
    assert differs and twin.hands[1] != dealt.hands[1]
    ours = _hand_decisions(dealt, moves[1:])
    theirs = _hand_decisions(twin, moves[1:])
    assert len(ours) >= 5 and [d.view for d in theirs] == [d.view for d in ours[: len(theirs)]]
    assert review_decisions(theirs, seed=0, samples=SAMPLES) == review_decisions(
        ours[: len(theirs)], seed=0, samples=SAMPLES
    )


def test_a_discard_breaking_a_meld_is_the_costliest_decision_and_a_blunder() -> None:
    breaker = MeldBreaker()
    final, moves = play(ONE_HAND, [f"{i:016x}" for i in range(20, 40)], (breaker, hard))
    assert breaker.planted
    state = new_match(ONE_HAND)
    decisions = []
    for seq, (seat, action) in enumerate(moves, 1):
        if seat == 0:
            decisions.append(
                Decision(seq=seq, hand_number=state.hand_number, view=view_for(state, 0), action=action)
            )
        state, _ = apply(state, seat, action)
    judged, summary = review_decisions(decisions, seed=0, samples=SAMPLES)
    worst = judged[summary["costliest"][0]]
    planted = next(
        d
        for d in decisions
        if d.view["phase"] == "discard"
        and any(len(m) == 3 and d.action.get("card") in m for m in d.view["melds"])
    )
    assert (worst["seq"], worst["kind"]) == (planted.seq, "discard")
    assert worst["mark"] == "blunder" and worst["best"] != worst["chosen"]
    assert summary["match"]["marks"]["blunder"] >= 1 and summary["match"]["accuracy"] < 100


def _undercut_deal(rules=CLASSIC):
    """A deal where the opponent picks three whole melds from the pile (every card the player
    throws it), so its one unknown card leaves it under any knock: knocking at 10 is a sure
    undercut, while playing on loses only the difference when it knocks.  The first hand of a
    match to 100 unless `rules` say otherwise."""
    rules = replace(rules, upcard_offer=False)
    dealt, _ = apply(new_match(rules), None, {"type": "deal", "seed": "00" * 8})
    cards = lambda text: [parse_card(c) for c in text.split()]  # noqa: E731
    ours = cards("AH 2H 3H 5C 5S 5D JC QC TH KD")
    # The first is never shown; the others go to the pile, among them every card that would
    # extend the opponent's melds (7S, JS, AD; the player holds 5D): its gin is out of reach.
    theirs = cards("2C 7S JS AD 8C 8D 9D 4S 6H 9H")
    feeds = cards("7C 7D 7H 8S 9S TS 2D 3D 4D")
    top = cards("QS")
    rest = [c for c in DECK if c not in {*ours, *theirs, *feeds, *top, *cards("KC")}]
    state = with_hands(dealt, [ours, theirs], [*feeds, *cards("KC"), *rest])
    state = replace(state, discard_pile=tuple(top), log=({**state.log[0], "upcard": "QS"},))
    moves = []
    for feed, junk in zip(feeds, theirs[1:], strict=True):
        moves += [
            (0, {"type": "draw", "source": "stock"}),
            (0, {"type": "discard", "card": str(feed)}),
            (1, {"type": "draw", "source": "discard"}),
            (1, {"type": "discard", "card": str(junk)}),
        ]
    moves += [(0, {"type": "draw", "source": "stock"}), (0, {"type": "knock", "card": "KD"})]
    return state, moves


def test_knocking_into_a_sure_undercut_is_the_costliest_decision_and_a_blunder() -> None:
    state, moves = _undercut_deal()
    decisions = _hand_decisions(state, moves)
    knock = decisions[-1]
    assert (
        knock.action == {"type": "knock", "card": "KD"} and knock.view["deadwood_after_discards"]["KD"] == 10
    )
    final = state
    for seat, action in moves:
        final, _ = apply(final, seat, action)
    assert final.history[-1].to_json()["winner"] == 1  # the undercut did happen
    judged, summary = review_decisions(decisions, seed=0, samples=SAMPLES)
    worst = judged[summary["costliest"][0]]
    assert (worst["seq"], worst["kind"], worst["chosen"]) == (knock.seq, "knock", knock.action)
    assert worst["mark"] == "blunder" and worst["best"]["type"] == "discard"


def test_in_a_one_hand_match_the_same_knock_costs_little_since_playing_on_loses_the_match_too() -> None:
    state, moves = _undercut_deal(ONE_HAND)
    decisions = _hand_decisions(state, moves)
    judged, _ = review_decisions(decisions, seed=0, samples=SAMPLES)
    knock = next(j for j in judged if j["seq"] == decisions[-1].seq and j["kind"] == "knock")
    assert knock["chosen"]["type"] == "knock" and knock["cost"] < 2 and knock["mark"] is None
