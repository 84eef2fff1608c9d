// What the player may do now, read from the view's legal actions (the server's list, so
// the buttons never offer what the rules refuse).

export function options(view, selected) {
  const legal = view?.legal_actions ?? [];
  const has = (type, fields = {}) =>
    legal.some((a) => a.type === type && Object.entries(fields).every(([k, v]) => a[k] === v));
  // Classic rules knock with the discard; arcade rules knock holding all 11 cards.
  const withDiscard = view?.rules?.knock_timing === "after_discard";
  const chosen = selected ?? undefined;
  return {
    drawStock: has("draw", { source: "stock" }),
    drawDiscard: has("draw", { source: "discard" }),
    takeUpcard: has("take_upcard"),
    pass: has("pass"),
    discard: chosen !== undefined && has("discard", { card: chosen }),
    knock: withDiscard ? chosen !== undefined && has("knock", { card: chosen }) : has("knock"),
    knockAction: withDiscard ? { type: "knock", card: chosen } : { type: "knock" },
    knockDeadwood: withDiscard ? view?.deadwood_after_discards?.[chosen] : view?.deadwood,
    canKnockSoon: legal.some((a) => a.type === "knock"),
    bigGin: has("big_gin"),
    discardPhase: legal.some((a) => a.type === "discard"),
  };
}

// The pile a card can be taken from now ("discard" covers the first upcard offer too).
export function takeAction(view, source) {
  const o = options(view, null);
  if (source === "stock") return o.drawStock ? { type: "draw", source: "stock" } : null;
  if (o.takeUpcard) return { type: "take_upcard" };
  return o.drawDiscard ? { type: "draw", source: "discard" } : null;
}
