// Rummy card ids (docs/rules-rummy.md): 0..51 the first deck, 52..103 the second, 104..109
// the jokers. The browser shows faces by code ("7H", "X") and reads melds to tell the player
// what a meld they are building is worth; the server judges every play.
import { JOKER } from "../table/texts.js";

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";

export const isJoker = (id) => id >= 104;
const rankOf = (id) => (id % 52) % 13 + 1; // 1 (ace) .. 13 (king)
const suitOf = (id) => Math.floor((id % 52) / 13);

export function codeOf(id) {
  return isJoker(id) ? JOKER : RANKS[rankOf(id) - 1] + SUITS[suitOf(id)];
}

// The value of a place in a run (1 an ace before a 2, 14 an ace after a king) or of a set's rank.
const placeValue = (place) => (place === 1 ? 1 : place === 14 ? 11 : Math.min(place, 10));
const setValue = (rank) => (rank === 1 ? 11 : Math.min(rank, 10));

function readSet(naturals, size) {
  const rank = rankOf(naturals[0]);
  const suits = new Set(naturals.map(suitOf));
  if (size > 4 || suits.size !== naturals.length || naturals.some((id) => rankOf(id) !== rank)) return null;
  return { kind: "set", value: setValue(rank) * size };
}

// A run: the naturals' places (an ace low or high), gaps filled by jokers, spare jokers at
// the high end while there is room (as the server places them by default), else low.
function readRun(naturals, jokers) {
  if (new Set(naturals.map(suitOf)).size !== 1) return null;
  const ranks = naturals.map(rankOf);
  const readings = ranks.includes(1) ? [ranks, ranks.map((r) => (r === 1 ? 14 : r))] : [ranks];
  for (const places of readings) {
    const sorted = [...places].sort((a, b) => a - b);
    if (new Set(sorted).size !== sorted.length) return null;
    const low = sorted[0];
    const gaps = sorted.at(-1) - low + 1 - sorted.length;
    const length = sorted.length + jokers;
    if (gaps > jokers || length > 13) continue;
    const start = Math.min(low, 15 - length); // a run ends at 14 at most
    let value = 0;
    for (let place = start; place < start + length; place += 1) value += placeValue(place);
    return { kind: "run", value };
  }
  return null;
}

// { kind, value } of the meld these ids form, or null (too short, too many jokers, no meld).
// Cyclic runs (an ace inside) are left to the server: null as well.
export function readMeld(ids) {
  const naturals = ids.filter((id) => !isJoker(id));
  const jokers = ids.length - naturals.length;
  if (ids.length < 3 || jokers > naturals.length) return null;
  return readSet(naturals, ids.length) ?? readRun(naturals, jokers);
}
