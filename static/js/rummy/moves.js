// What the player may do now, read from the view's legal actions (the server's list), and
// what the melds being built are worth. Meld combinations are not listed: `{"type": "meld"}`
// only says the hand holds some; the staged melds are read here and judged by the server.
import { readMeld } from "./deck.js";

const has = (legal, type, fields = {}) =>
  legal.some((a) => a.type === type && Object.entries(fields).every(([k, v]) => a[k] === v));

// The ways `card` can go onto table meld `meld`: layoffs (one per end) and joker exchanges
// (in a set any joker will do, so one is enough). Each is a ready action.
export function placements(view, card, meld) {
  const legal = view?.legal_actions ?? [];
  const layoffs = legal.filter((a) => a.type === "lay_off" && a.card === card && a.meld === meld);
  const exchange = legal.find((a) => a.type === "exchange" && a.card === card && a.meld === meld);
  return exchange ? [...layoffs, exchange] : layoffs;
}

// The staged melds plus the selection (when it can be one more meld), read for the lay-down.
export function layDownPlan(view, you, staged, selected) {
  const melds = selected.length >= 3 ? [...staged, selected] : [...staged];
  const readings = melds.map(readMeld);
  const value = readings.reduce((sum, r) => sum + (r?.value ?? 0), 0);
  const cards = melds.flat().length;
  const cameOut = Boolean(view?.came_out?.[you]);
  const minimum = cameOut ? 0 : view?.rules?.first_meld_min ?? 0;
  const keepsCard = cards < (view?.hand?.length ?? 0) || Boolean(view?.rules?.win_without_discard);
  const valid = melds.length > 0 && readings.every(Boolean);
  return { melds, value, minimum, cameOut, valid, ready: valid && keepsCard && value >= minimum };
}

export function options(view, you, selected = []) {
  const legal = view?.legal_actions ?? [];
  const one = selected.length === 1 ? selected[0] : undefined;
  const playing = view?.turn === you && view?.phase === "play";
  return {
    drawStock: has(legal, "draw", { source: "stock" }),
    drawDiscard: has(legal, "draw", { source: "discard" }),
    call: has(legal, "call"),
    discard: one !== undefined && has(legal, "discard", { card: one }),
    discardPhase: has(legal, "discard"),
    canMeld: has(legal, "meld"),
    // Building melds is only sent during one's own play; the server lists no combinations.
    meldPhase: playing,
  };
}
