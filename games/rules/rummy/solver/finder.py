"""The second stage: every meld a card can be the lowest natural of (sets, runs, and the walks
that build runs), found per hand or tabled per rule variant."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

from games.rules.cards import NATURAL_COUNT
from games.rules.rummy.melds import SET_SUIT_ORDER
from games.rules.rummy.solver.fields import FIELD, LATER_SUITS, reach_down, reach_up, reversed_bits
from games.rules.rummy.solver.records import Found, Layout, Walk


def set_labels_for(*, fixed_groups: bool, fixed_jokers: bool) -> dict[tuple[int, int], tuple[int, ...]]:
    """(natural suits as a 4-bit mask over places C, S, H, D, jokers) -> the jokers' places, if legal."""
    labels = {}
    for mask in range(1, 16):
        places = [p for p in range(4) if mask >> p & 1]
        missing = [p for p in range(4) if not mask >> p & 1]
        for jokers in range(len(places) + 1):
            if not 3 <= len(places) + jokers <= 4:
                continue
            for joker_places in combinations(missing, jokers):
                ordered = sorted([*places, *joker_places])
                if fixed_groups:
                    if ordered[-1] - ordered[0] != len(ordered) - 1:
                        continue
                    flags = [p in joker_places for p in ordered]
                    if fixed_jokers and any(a and b for a, b in zip(flags, flags[1:], strict=False)):
                        continue
                labels[mask, jokers] = joker_places
                break
    return labels


_PLACE_OF_SUIT = {suit: place for place, suit in enumerate(SET_SUIT_ORDER)}


@cache
def _set_layout(rank0: int, mask: int, joker_places: tuple[int, ...]) -> Layout:
    places = sorted([p for p in range(4) if mask >> p & 1] + list(joker_places))
    stands = tuple(SET_SUIT_ORDER[p] * 13 + rank0 for p in places)
    joker_bits = sum(1 << i for i, p in enumerate(places) if p in joker_places)
    return stands, joker_bits, "set"


@cache
def _stands(lowest: int, below: int, above: int) -> tuple[int, ...]:
    """The cards a run's places stand for, low to high: `below` places under `lowest`, `above` over it."""
    base, rank0 = lowest - lowest % 13, lowest % 13
    return tuple(base + (rank0 + k) % 13 for k in range(-below, above + 1))


class MeldFinder:
    """The melds one card can be the lowest natural of, and the tables of them: the search's first
    stage.  `Solver` sets the attributes it reads (the variant and what each place gains)."""

    cyclic: bool
    fixed_jokers: bool
    first_meld: bool
    natural_gain: tuple[int, ...]
    joker_gain: int
    set_labels: dict[tuple[int, int], tuple[int, ...]]

    @lru_cache(maxsize=8)  # noqa: B019 - per solver, which lives as long as the process
    def sets_found(self, jokers: int) -> dict[int, dict[int, Found]]:
        """The sets of each card, for every way its rank can be present in the later suits, as
        `melds_from` finds them: keyed by those count fields (one copy each) << 7 | the card.  A table
        of the rules (195 entries, ~4 ms); `candidates` lists an entry for its joker step when first
        met (`set_tables`)."""
        table = {}
        for lowest in range(NATURAL_COUNT):
            later = [i for i in range(NATURAL_COUNT) if LATER_SUITS[lowest] >> (FIELD * i) & 1]
            for size in range(len(later) + 1):
                for chosen in combinations(later, size):
                    near = sum(1 << (FIELD * i) for i in chosen)
                    found: dict[int, Found] = {}
                    self._sets_from(lowest, near, jokers, found)
                    table[near << 7 | lowest] = found
        return table

    @lru_cache(maxsize=16)  # noqa: B019 - per solver, which lives as long as the process
    def runs_found(self, jokers: int, longest: int) -> dict[int, dict[int, Found]]:
        """The runs of each card, for every way the later ranks of its suit that a run of `longest`
        places reaches going up can be present, as `melds_from` finds them: keyed by those count
        fields (one copy each) << 7 | the card; and an ace's runs going down to it (Q-K-A), keyed by
        the ranks below it << 7 | 64 | the ace (the two share no cards: a run holds at least two
        naturals).  A table of the rules, built once (1,276 entries with two jokers, 20-60 ms);
        `candidates` ranks an entry for its joker step when first met (`run_tables`)."""
        out = {}
        for lowest in range(NATURAL_COUNT):
            for flag, reach in ((0, reach_up(longest)), (64, reach_down(longest))):
                if flag and lowest % 13:
                    continue
                places = [i for i in range(NATURAL_COUNT) if reach[lowest] >> (FIELD * i) & 1]
                for size in range(len(places) + 1):
                    for chosen in combinations(places, size):
                        near = sum(1 << (FIELD * i) for i in chosen)
                        found: dict[int, Found] = {}
                        self._runs_from(lowest, near, jokers, longest, found, shift=True)
                        out[near << 7 | flag | lowest] = found
        return out

    def melds_from(
        self, lowest: int, counts: int, jokers: int, longest: int, *, shift: bool = False
    ) -> dict[int, Found]:
        """Every meld whose lowest natural is `lowest`, from `counts` (lowest already taken out) and the pool.

        Keyed by the cards and jokers it takes (`need << 3 | used`): placements taking the same ones
        differ only in gain, so the first of the best gain is kept.  With `shift` (values only, not the
        layout shown), a run's jokers below its lowest natural are tried only where they cannot sit on
        top instead (see `_runs_from`).
        """
        found: dict[int, Found] = {}
        self._sets_from(lowest, counts, jokers, found)
        self._runs_from(lowest, counts, jokers, longest, found, shift=shift)
        return found

    def _sets_from(self, lowest: int, counts: int, jokers: int, found: dict[int, Found]) -> None:
        rank0 = lowest % 13
        suit = lowest // 13
        # Only higher suits can still be in hand: the lowest card comes first.
        partners = [s for s in range(suit + 1, 4) if counts >> (FIELD * (s * 13 + rank0)) & 3]
        if not partners:
            return
        gain_one = self.natural_gain[lowest]
        for size in range(len(partners) + 1):
            for chosen in combinations(partners, size):
                naturals = 1 + size
                need = 1 << (FIELD * lowest)
                gain = gain_one
                mask = 1 << _PLACE_OF_SUIT[suit]
                for s in chosen:
                    index = s * 13 + rank0
                    need += 1 << (FIELD * index)
                    gain += self.natural_gain[index]
                    mask |= 1 << _PLACE_OF_SUIT[s]
                for used in range(min(jokers, naturals, 4 - naturals) + 1):
                    joker_places = self.set_labels.get((mask, used))
                    if joker_places is None:
                        continue
                    total = gain + used * (gain_one if self.first_meld else self.joker_gain)
                    key = need << 3 | used
                    if key not in found or total > found[key][2]:
                        found[key] = (need, used, total, gain, _set_layout(rank0, mask, joker_places))

    def _runs_from(
        self, lowest: int, counts: int, jokers: int, longest: int, found: dict[int, Found], *, shift: bool
    ) -> None:
        """Runs are the lowest card plus a walk below it and a walk above it; the card itself is natural,
        so the two walks only meet through the totals (places, jokers, naturals).

        For least points, without `fixed_jokers`, jokers below the lowest natural take the same cards
        and gain the same as jokers on top of the walk above (which lists that run too) wherever they
        fit there: with `shift`, only the runs where they do not are built from the walk below.
        """
        rank = lowest % 13 + 1
        if self.cyclic:
            below_limit = above_limit = 12
        elif rank == 1:
            below_limit, above_limit = 12, 12  # the ace ends a run (Q-K-A) or starts one (A-2-3)
        else:
            below_limit, above_limit = rank - 1, 14 - rank
        below = self._walk(lowest, counts, jokers, step=-1, limit=min(below_limit, longest - 1))
        above_limit = min(above_limit, longest - 1)
        above = self._walk(lowest, counts, jokers, step=1, limit=above_limit)
        shift = shift and not self.first_meld and not self.fixed_jokers
        own = self.natural_gain[lowest] if rank != 1 or not self.first_meld else 1
        ace_inside_forbidden = rank == 1 and not self.cyclic
        first_meld = self.first_meld
        top_low = self.natural_gain[lowest]
        need_low = 1 << (FIELD * lowest)
        for taken_b, used_b, naturals_b, gain_b, top_b, places_b, bits_b in below:
            # An ace after a king is worth 11 in a first meld; the king sits just below it.
            gain_low = gain_b + (11 if first_meld and rank == 1 and places_b else own)
            low_bits = reversed_bits(bits_b, places_b)
            naturals_low = naturals_b + 1
            top_b += top_low
            need_b = need_low + taken_b
            short = 3 - 1 - places_b  # places the walk above must still fill
            room = longest - 1 - places_b
            # Below jokers alone fit on top of the walk above up to this many places.
            on_top = above_limit - places_b if shift and places_b and not naturals_b else -1
            for taken_a, used_a, naturals_a, gain_a, top_a, places_a, bits_a in above:
                used = used_b + used_a
                if places_a <= on_top:
                    continue
                if places_a < short or places_a > room or used > jokers or used > naturals_low + naturals_a:
                    continue
                if ace_inside_forbidden and places_b and places_a:
                    continue
                need = need_b + taken_a
                key = need << 3 | used
                gain = gain_low + gain_a
                if key not in found or gain > found[key][2]:
                    layout: Layout = (
                        _stands(lowest, places_b, places_a),
                        low_bits | bits_a << (places_b + 1),
                        "run",
                    )
                    found[key] = (need, used, gain, top_b + top_a, layout)

    def _walk(self, lowest: int, counts: int, jokers: int, *, step: int, limit: int) -> list[Walk]:
        """Every way to fill 0..limit places next to `lowest` going `step`-wards, nearest place first.

        Lists (cards taken, as counts; jokers, naturals, gain, the most the naturals could gain,
        places, a bit per joker place).  Only higher cards of the suit can still be in hand, so a
        place below the lowest rank is a joker; a walk meets each rank once, so a card it takes is
        one `counts` holds.
        """
        base = lowest - lowest % 13
        rank = lowest % 13 + 1
        natural_gain = self.natural_gain
        first_meld = self.first_meld
        joker_gain = self.joker_gain
        fixed_jokers = self.fixed_jokers
        out = []
        stack = [(0, 0, 0, 0, 0, 0, 0, False)]
        while stack:
            taken, used, naturals, gain, top, place, bits, last_joker = stack.pop()
            out.append((taken, used, naturals, gain, top, place, bits))
            if place == limit:
                continue
            q = (rank - 1 + step * (place + 1)) % 13 + 1
            index = base + q - 1
            if first_meld and q == 1:
                value = 11 if step == 1 else 1  # walking up, an ace follows a king
            elif first_meld and q == 13 and step == -1 and place:
                value = 20  # the king below an ace: 10, and the ace now follows a king (+10)
            else:
                value = natural_gain[index]
            if q > rank and counts >> (FIELD * index) & 3:
                taken_more = taken + (1 << (FIELD * index))
                top_after = top + natural_gain[index]
                stack.append(
                    (taken_more, used, naturals + 1, gain + value, top_after, place + 1, bits, False)
                )
            if used < jokers and not (fixed_jokers and last_joker):
                joker_value = value if first_meld else joker_gain
                stack.append(
                    (taken, used + 1, naturals, gain + joker_value, top, place + 1, bits | 1 << place, True)
                )
        return out
