// Rummy's events in words, for the status line ("Bo laid down 7♥ 8♥ 9♥") and, in full, for
// the live region. Draws and discards read like gin's (gin/announce.js).
import { describe as describeGin } from "../gin/announce.js";
import { cardName, shortName, t } from "../table/texts.js";
import { codeOf, isJoker } from "./deck.js";

// A meld's cards as shown, each joker with the card it stands for.
export function meldWords(meld, short) {
  return meld.cards
    .map((id, i) => {
      if (!isJoker(id)) return short ? shortName(codeOf(id)) : cardName(codeOf(id));
      return short ? `★${shortName(meld.shows[i])}` : t("joker_as", { card: cardName(meld.shows[i]) });
    })
    .join(short ? " " : ", ");
}

export function describe(event, ctx, short) {
  const name = (id) => (short ? shortName(codeOf(id)) : cardName(codeOf(id)));
  const mine = event.seat !== undefined && event.seat === ctx.you;
  const who = { name: ctx.names[event.seat] };
  const said = (key, values) => t(mine ? `${key}_you` : key, { ...who, ...values });
  switch (event.type) {
    case "deal":
      return t(event.starter === ctx.you ? "ev_round_deal_you" : "ev_round_deal", {
        round: event.round,
        name: ctx.names[event.starter],
        card: name(event.upcard),
      });
    case "draw":
    case "discard": {
      const card = event.card === undefined ? undefined : codeOf(event.card);
      const drawn = ctx.drawn === null || ctx.drawn === undefined ? null : codeOf(ctx.drawn);
      return describeGin({ ...event, card }, { ...ctx, drawn }, short);
    }
    case "call":
      return said("ev_call", { card: name(event.card) });
    case "meld": {
      const melds = event.melds.map((meld) => meldWords(meld, short)).join(short ? " · " : "; ");
      return event.first ? said("ev_come_out", { melds, points: event.points }) : said("ev_meld", { melds });
    }
    case "lay_off":
      return said("ev_lay_off", { card: name(event.card), meld: meldWords(event.after, short) });
    case "exchange":
      return said("ev_exchange", { card: name(event.card), meld: meldWords(event.after, short) });
    case "stock_exhausted":
      return t("ev_stock_exhausted");
    default:
      return null; // round and match ends speak through the result dialog
  }
}
