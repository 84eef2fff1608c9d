// The end of a rummy round: every hand left (its points against the player), the round's
// scores and why, the running totals and *Next round*; after the last round the winners
// and *Rematch*. The gin table's modal dialog and its pieces (table/results.js).
import { cardRow, el, openResult, resultActions, scoreTable } from "../table/results.js";
import { t } from "../table/texts.js";
import { codeOf } from "./deck.js";

function headline(record, you, names) {
  if (record.winner === null) return t("round_stock_out");
  const values = { name: names[record.winner], points: record.scores[record.winner] };
  const key = record.winner === you ? "won_you" : "won_them";
  return record.rummy ? `${t("rummy_made")} ${t(key, values)}` : t(key, values);
}

function handSection(record, seat, name) {
  const section = el("section", "result-hand");
  const title = el("h3", null, name);
  if (record.winner === seat) title.append(" ", el("span", "tag", t("went_out")));
  const score = record.scores[seat];
  title.append(" ", el("span", "dw", t("round_score", { n: record.hand_points[seat], score: score > 0 ? `+${score}` : score })));
  section.append(title);
  const cards = record.hands[seat].map(codeOf);
  if (cards.length) section.append(cardRow(cards, "meld unmelded"));
  return section;
}

function matchResult(view, you, names) {
  const winners = view.result.winners;
  if (you !== null && winners.includes(you)) return winners.length > 1 ? t("match_shared_you") : t("match_won_you");
  return t("match_won_them", { name: winners.map((seat) => names[seat]).join(", ") });
}

// scene: { view, room, you, names }; actions: { nextHand, rematch }.
export function renderRoundEnd(dialog, scene, actions) {
  const { view, room, you, names } = scene;
  const record = view.history.at(-1);
  const shown = names.map((name, seat) => (seat === you ? t("you") : name));
  const content = el("div");
  const title = el("h2", null, t("round_title", { n: record.number }));
  title.id = "hand-end-title";
  content.append(title, el("p", "headline", headline(record, you, names)));
  if (record.rummy) content.append(el("p", "why", t("why_rummy")));
  const hands = el("div", "result-hands");
  // Yours first, then the others in play order.
  const order = [...names.keys()].sort((a, b) => (a === you ? -1 : b === you ? 1 : a - b));
  hands.append(...order.map((seat) => handSection(record, seat, shown[seat])));
  content.append(hands);

  if (view.result) {
    content.append(el("p", "match-result", matchResult(view, you, names)));
    content.append(scoreTable(shown, view.result.totals, t("final_score")));
  } else {
    content.append(scoreTable(shown, view.totals, t("totals")));
  }
  const note = (mine) => (mine ? t("rematch_waiting") : null);
  openResult(dialog, content, resultActions({ room, you, over: Boolean(view.result), next: t("next_round"), note, actions }));
}
