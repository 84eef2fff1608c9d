// The end of a gin hand: both hands laid out in melds with the layoffs marked, both deadwood
// totals, the points and why, the running score; at the end of the match, the result and
// a rematch. Shown in a modal <dialog> that only the next deal or a new match closes.
import { cardFace } from "../table/cards.js";
import { cardRow, el, openResult, resultActions, scoreTable } from "../table/results.js";
import { counted, t } from "../table/texts.js";

function why(record, rules) {
  const { kind, knocker, deadwood, points } = record;
  if (kind === "dead") return t("why_dead");
  const k = deadwood[knocker];
  const d = deadwood[1 - knocker];
  if (kind === "knock") return t("why_knock", { k, d, points });
  if (kind === "undercut") return t("why_undercut", { k, d, bonus: rules.undercut_bonus });
  return t("why_gin", { d, bonus: kind === "big_gin" ? rules.big_gin_bonus : rules.gin_bonus });
}

const RANKS = "A23456789TJQK";
const rankIndex = (code) => RANKS.indexOf(code[0]);

// A meld with the cards laid off on it, each where it belongs: a run in rank order (3♠ before
// 4♠5♠6♠, not after), a set's fourth card at its end.
export function withLayoffs(meld, laid) {
  const all = [...meld.map((code) => ({ code, laid: false })), ...laid.map((code) => ({ code, laid: true }))];
  const run = new Set(meld.map((code) => code[0])).size > 1;
  return run ? all.sort((a, b) => rankIndex(a.code) - rankIndex(b.code)) : all;
}

function handSection(record, seat, name, rules) {
  const section = el("section", "result-hand");
  const title = el("h3", null, name);
  if (record.knocker === seat) title.append(" ", el("span", "tag", t("knocked")));
  title.append(" ", el("span", "dw", t("deadwood", { n: record.deadwood[seat] })));
  section.append(title);
  const melds = el("div", "melds");
  record.melds[seat].forEach((meld, i) => {
    const laid = seat === record.knocker ? record.layoffs.filter(([, index]) => index === i).map(([card]) => card) : [];
    const group = el("div", `meld meld-${i % 4}`);
    for (const card of withLayoffs(meld, laid)) {
      const face = cardFace(card.code);
      if (card.laid) {
        face.classList.add("laid-off");
        face.setAttribute("aria-label", t("laid_off_card", { card: face.getAttribute("aria-label") }));
        face.append(el("span", "laid-tag", t("laid_off")));
      }
      group.append(face);
    }
    melds.append(group);
  });
  // Arcade counts the defender's melds too (deadwood_cards holds them): shown as melds, said.
  const melded = new Set(record.melds[seat].flat());
  const counting = record.kind !== "gin" && record.kind !== "big_gin" && rules.defender_counts === "all_unplayed";
  if (counting && seat !== record.knocker && melded.size) melds.append(el("p", "group-note", t("melds_count_too")));
  const loose = record.deadwood_cards[seat].filter((code) => !melded.has(code));
  if (loose.length) {
    const group = cardRow(loose, "meld unmelded");
    group.prepend(el("span", "group-label", t("unmelded_cards")));
    melds.append(group);
  }
  section.append(melds);
  return section;
}

// scene: { view, room, you, them, names }; actions: { nextHand, rematch }.
export function renderResult(dialog, scene, actions) {
  const { view, room, you, them, names } = scene;
  const record = view.history.at(-1);
  const shown = names.map((name, seat) => (seat === you ? t("you") : name));
  const titleKind = t(`kind_${record.kind}`);
  const content = el("div");
  const title = el("h2", null, `${t("hand_title", { n: record.number })} · ${titleKind}`);
  title.id = "hand-end-title";
  content.append(title);
  if (record.winner !== null) {
    const points = record.points;
    const won =
      record.winner === you
        ? counted(ngettext("You win %(points)s point", "You win %(points)s points", points), { points })
        : counted(ngettext("%(name)s wins %(points)s point", "%(name)s wins %(points)s points", points), { name: names[record.winner], points });
    content.append(el("p", "headline", won));
  }
  content.append(el("p", "why", why(record, view.rules)));
  const order = you === null ? [0, 1] : [you, them];
  const hands = el("div", "result-hands");
  hands.append(...order.map((seat) => handSection(record, seat, shown[seat], view.rules)));
  content.append(hands);

  if (view.result) {
    const { winner, totals } = view.result;
    content.append(el("p", "match-result", winner === you ? t("match_won_you") : t("match_won_them", { name: names[winner] })));
    content.append(scoreTable(shown, totals, t("final_score")));
  } else {
    content.append(scoreTable(shown, view.scores, t("score")));
  }
  const offered = (room.offers ?? {})[String(them)] === "rematch";
  const note = (mine) => (mine ? t("rematch_sent", { name: names[them] }) : offered ? t("rematch_offered", { name: names[them] }) : null);
  openResult(dialog, content, resultActions({ room, you, over: Boolean(view.result), next: t("next_hand"), note, actions }));
}
