"""Our bots against OpenSpiel's simple gin bot, in OpenSpiel's own ``gin_rummy`` game (benchmark only).

OpenSpiel (package ``open-spiel``, requirements-bench.txt) is imported when this module is,
which only the arena does, only when ``openspiel-simple`` is seated.  Its default parameters
are our classic rules: knock card 10, gin bonus 25, undercut bonus 25, oklahoma off, 10
cards, first-upcard offer.  OpenSpiel plays one hand per game; a match to 100 sums hands'
returns, the deal alternating after a scored hand as in our matches.

The mapping (docs/bots.md has the table):

- Cards: OpenSpiel's card ``i`` is suit ``"scdh"[i // 13]``, rank ``i % 13 + 1``.
- Deals: our shuffle of the hand's seed, laid out as our engine deals it (non-dealer gets the
  even cards of the first 20, dealer the odd ones, then the upcard, then the stock, top first);
  OpenSpiel's player 0 is the non-dealer, and every stock draw is the next card of that order.
- Actions: 52 draw upcard / take the first upcard (ours: ``take_upcard`` or draw from the
  discard pile), 53 draw stock, 54 pass, 55 knock, then the knocker's discard, then its melds
  (56 + meld id), then 54.  Our ``{"type": "knock", "card": c}`` becomes 55, c, melds, 54.
- Melds laid by our knocker: the engine's first least-deadwood arrangement (it cannot know the
  defender's hand); runs longer than OpenSpiel's five cards are split (6 = 3 + 3, 7 = 4 + 3, ...).
- Our defender lays off and melds as our rules do it automatically (`best_layoffs`).
- The wall (stock down to two cards: take the upcard to knock, or pass for a dead hand) has
  no exact twin in our rules; our bot sees the discard phase it would be in after taking the
  upcard with two stock cards left, where any discard ends the hand dead.  A knock becomes
  55, a discard becomes 54.
- OpenSpiel lets a player discard the card it just took; ours never does (our rules forbid it).
- OpenSpiel scores a knock where the defender ends with exactly the knocker's deadwood as 0
  (found by experiment; our rules make it an undercut worth 25): the arena counts it as a
  "tie" hand, like a dead hand the same dealer deals again.
"""

from __future__ import annotations

import time
from typing import Any

import pyspiel

from games.ai import choose_action
from games.rules.cards import Card, make_card, parse_card, parse_cards
from games.rules.gin import CLASSIC, GinState, view_for
from games.rules.gin.layoffs import best_layoffs
from games.rules.melds import best_melds
from games.rules.shuffle import deck_order
from tools.arena.records import DealSeeds, HandResult, MatchOutcome

_Phase = pyspiel.gin_rummy.Phase
DRAW_UPCARD = pyspiel.gin_rummy.DRAW_UPCARD_ACTION
DRAW_STOCK = pyspiel.gin_rummy.DRAW_STOCK_ACTION
PASS = pyspiel.gin_rummy.PASS_ACTION
KNOCK = pyspiel.gin_rummy.KNOCK_ACTION
MELD_BASE = pyspiel.gin_rummy.MELD_ACTION_BASE
HAND_SIZE = 10
LONGEST_RUN = 5


def to_openspiel(c: Card) -> int:
    return "SCDH".index("CDHS"[c.suit]) * 13 + c.rank - 1


def from_openspiel(index: int) -> Card:
    return make_card(index % 13 + 1, "CDHS".index("SCDH"[index // 13]))


def play_match(
    *, level: str, our_seat: int, seed: int, deals: DealSeeds, samples: int | None = None
) -> MatchOutcome:
    """A match to 100 between our `level` bot in `our_seat` and OpenSpiel's simple bot."""
    game = pyspiel.load_game("gin_rummy")
    scores = [0, 0]
    dealer = 1
    outcome = MatchOutcome(winner=0)
    while max(scores) < CLASSIC.match_target:
        hand = _Hand(game, level=level, our_seat=our_seat, dealer=dealer, seed=seed, samples=samples)
        result = hand.play(deck_order(bytes.fromhex(deals(len(outcome.hands) + 1))), outcome.decision_seconds)
        outcome.hands.append(result)
        if result.winner is not None:
            scores[result.winner] += result.points
            dealer = 1 - dealer
    outcome.winner = 0 if scores[0] >= CLASSIC.match_target else 1
    return outcome


class _Hand:
    """One OpenSpiel hand, with the log and piles our engine would keep for it."""

    def __init__(
        self, game: Any, *, level: str, our_seat: int, dealer: int, seed: int, samples: int | None
    ) -> None:
        self.game = game
        self.level, self.our_seat, self.dealer = level, our_seat, dealer
        self.seed, self.samples = seed, samples
        self.state = game.new_initial_state()
        self.player_of_seat = {1 - dealer: 0, dealer: 1}
        self.seat_of_player = {0: 1 - dealer, 1: dealer}
        self.their = pyspiel.make_simple_gin_rummy_bot(
            game.get_parameters(), self.player_of_seat[1 - our_seat]
        )
        self.log: list[dict[str, Any]] = []
        self.drawn: tuple[Card | None, str | None] = (None, None)
        """The card our engine would call `drawn` in the discard phase, and where it came from."""

    def play(self, deck: list[Card], seconds: tuple[list[float], list[float]]) -> HandResult:
        state = self.state
        order = [*deck[0:20:2], *deck[1:20:2], deck[20]]
        for c in order:
            self._apply(to_openspiel(c))
        stock = list(deck[21:])
        self.log.append({"type": "deal", "hand": 1, "dealer": self.dealer, "upcard": str(deck[20])})
        planned: list[int] = []
        while not state.is_terminal():
            if state.is_chance_node():
                card = stock.pop(0)
                self.drawn = (card, "stock")
                self._apply(to_openspiel(card))
                continue
            seat = self.seat_of_player[state.current_player()]
            started = time.perf_counter()
            if seat != self.our_seat:
                action = self.their.step(state)
            elif planned:
                action = planned.pop(0)
            else:
                planned = self._our_actions(stock)
                action = planned.pop(0)
            seconds[seat].append(time.perf_counter() - started)
            self._record(seat, action)
            self._apply(action, inform=seat == self.our_seat)
        return self._result()

    def _apply(self, action: int, *, inform: bool = True) -> None:
        """Apply a chance or play action, telling the simple bot of every action but its own."""
        if inform:
            player = self.state.current_player()
            self.their.inform_action(self.state, player, action)
        self.state.apply_action(action)

    def _record(self, seat: int, action: int) -> None:
        """Mirror the public event of a play action in our log, before it is applied."""
        phase = self.state.current_phase()
        upcard = self.state.upcard()
        if phase in (_Phase.FIRST_UPCARD, _Phase.DRAW) and action == DRAW_UPCARD:
            kind = "take_upcard" if phase == _Phase.FIRST_UPCARD else "draw"
            event = {"type": kind, "seat": seat} | ({"source": "discard"} if kind == "draw" else {})
            self.log.append(event | {"card": str(from_openspiel(upcard))})
            self.drawn = (from_openspiel(upcard), "discard")
        elif phase in (_Phase.FIRST_UPCARD, _Phase.DRAW) and action == DRAW_STOCK:
            self.log.append({"type": "draw", "seat": seat, "source": "stock"})
        elif phase == _Phase.FIRST_UPCARD and action == PASS:
            self.log.append({"type": "pass", "seat": seat})
        elif phase == _Phase.DISCARD and action < 52:
            self.log.append({"type": "discard", "seat": seat, "card": str(from_openspiel(action))})

    def _our_actions(self, stock: list[Card]) -> list[int]:
        """Ask our bot; return the OpenSpiel actions its choice stands for."""
        state = self.state
        phase = state.current_phase()
        if phase == _Phase.LAYOFF:
            return self._defend()
        view = self._view(phase, stock)
        action = choose_action(self.level, view, seed=self.seed, samples=self.samples)
        kind = action["type"]
        if kind == "take_upcard" or action == {"type": "draw", "source": "discard"}:
            return [DRAW_UPCARD]
        if kind == "pass":
            return [PASS]
        if kind == "draw":
            return [DRAW_STOCK]
        if kind == "discard":
            return [PASS] if phase == _Phase.WALL else [to_openspiel(parse_card(action["card"]))]
        card = parse_card(action["card"])
        hand = [from_openspiel(i) for i in state.hands()[self.player_of_seat[self.our_seat]]]
        if phase == _Phase.WALL:
            hand.append(from_openspiel(state.upcard()))
        kept = [c for c in hand if c != card]
        return [KNOCK, to_openspiel(card), *self._meld_actions(kept), PASS]

    def _view(self, phase: Any, stock: list[Card]) -> dict[str, Any]:
        """Our seat's view, built by `view_for` from the GinState our engine would hold now."""
        state = self.state
        hands = [[from_openspiel(i) for i in h] for h in state.hands()]
        ours = self.player_of_seat[self.our_seat]
        pile = [from_openspiel(i) for i in state.discard_pile()]
        if state.upcard() is not None:
            pile.append(from_openspiel(state.upcard()))
        drawn, drawn_from = self.drawn if phase == _Phase.DISCARD else (None, None)
        our_phase = {_Phase.FIRST_UPCARD: "upcard", _Phase.DRAW: "draw"}.get(phase, "discard")
        if phase == _Phase.FIRST_UPCARD and state.legal_actions() == [DRAW_STOCK]:
            our_phase = "draw"
        if phase == _Phase.WALL:  # as if the upcard were taken with two stock cards left
            top = pile.pop()
            hands[ours].append(top)
            drawn, drawn_from = top, "discard"
            self.log.append({"type": "draw", "seat": self.our_seat, "source": "discard", "card": str(top)})
        pair = {self.seat_of_player[p]: tuple(hands[p]) for p in (0, 1)}
        gin = GinState(
            rules=CLASSIC,
            phase=our_phase,
            dealer=self.dealer,
            turn=self.our_seat,
            knock_limit=CLASSIC.knock_limit,
            hands=(pair[0], pair[1]),
            stock=tuple(stock),
            discard_pile=tuple(pile),
            drawn=drawn,
            drawn_from=drawn_from,
            log=tuple(self.log),
        )
        view = view_for(gin, self.our_seat)
        if phase == _Phase.WALL:
            self.log.pop()
        return view

    def _meld_actions(self, cards: list[Card]) -> list[int]:
        return [self._meld_action(piece) for meld in best_melds(cards).melds for piece in _split_run(meld)]

    def _meld_action(self, meld: list[Card]) -> int:
        wanted = set(meld)
        for meld_id in range(pyspiel.gin_rummy.NUM_MELD_ACTIONS):
            text = self.state.action_to_string(0, MELD_BASE + meld_id).split("Action: ")[1]
            if set(parse_cards([text[i : i + 2] for i in range(0, len(text), 2)])) == wanted:
                return MELD_BASE + meld_id
        raise ValueError(f"OpenSpiel has no meld {meld}")

    def _defend(self) -> list[int]:
        """Lay off and meld as our rules arrange the defender's cards (least deadwood)."""
        state = self.state
        knocker = 1 - self.player_of_seat[self.our_seat]
        melds = [_meld_cards(state, m) for m in state.layed_melds()[knocker]]
        hand = [from_openspiel(i) for i in state.hands()[self.player_of_seat[self.our_seat]]]
        if state.finished_layoffs():  # gin: no layoffs, only our own melds
            return [*self._meld_actions(hand), PASS]
        result = best_layoffs(
            knocker_melds=melds, defender_cards=hand, max_meld_size=None, defender_counts="deadwood"
        )
        laid = [c for c, _ in result.layoffs]
        rest = [c for c in hand if c not in laid]
        return [*(to_openspiel(c) for c in laid), PASS, *self._meld_actions(rest), PASS]

    def _result(self) -> HandResult:
        state = self.state
        returns = state.returns()
        knocked = state.knocked()
        if not any(knocked):
            return HandResult("dead", None, 0)
        if returns[0] == 0:  # OpenSpiel scores equal deadwood after a knock 0 (ours: an undercut)
            return HandResult("tie", None, 0)
        knocker = knocked.index(True)
        winner = 0 if returns[0] > 0 else 1
        gin = state.deadwood()[knocker] == 0
        kind = "gin" if gin else "knock" if winner == knocker else "undercut"
        return HandResult(kind, self.seat_of_player[winner], int(abs(returns[0])))


def _split_run(meld: list[Card]) -> list[list[Card]]:
    """OpenSpiel's runs have at most five cards: 6 = 3 + 3, 7 = 4 + 3, 8 = 5 + 3, ..."""
    pieces = []
    while len(meld) > LONGEST_RUN:
        size = min(LONGEST_RUN, len(meld) - 3)
        pieces.append(meld[:size])
        meld = meld[size:]
    return [*pieces, meld]


def _meld_cards(state: Any, meld_id: int) -> list[Card]:
    text = state.action_to_string(0, MELD_BASE + meld_id).split("Action: ")[1]
    return sorted(parse_cards([text[i : i + 2] for i in range(0, len(text), 2)]))
