// A gin event in words, for the status line, the live region and the replay.
import { cardName, shortName, t } from "../table/texts.js";

// The sentence for one public event; `short` writes cards as "7♥", otherwise in full words.
export function describe(event, { you, names, drawn }, short) {
  const name = (card) => (short ? shortName(card) : cardName(card));
  const mine = event.seat !== undefined && event.seat === you;
  const who = { name: names[event.seat] };
  switch (event.type) {
    case "deal":
      return t("ev_deal", { hand: event.hand, card: name(event.upcard) });
    case "draw":
    case "take_upcard":
      if (event.source === "stock") {
        return mine ? t("ev_draw_stock_you", { card: drawn ? name(drawn) : "?" }) : t("ev_draw_stock", who);
      }
      return t(mine ? "ev_draw_discard_you" : "ev_draw_discard", { ...who, card: name(event.card) });
    case "pass":
      return t(mine ? "ev_pass_you" : "ev_pass", who);
    case "discard":
      return t(mine ? "ev_discard_you" : "ev_discard", { ...who, card: name(event.card) });
    case "knock":
      return t(mine ? "ev_knock_you" : "ev_knock", who);
    case "big_gin":
      return t(mine ? "ev_big_gin_you" : "ev_big_gin", who);
    case "recycle":
      return t("ev_recycle");
    default:
      return null; // hand and match ends speak through the result dialog
  }
}
