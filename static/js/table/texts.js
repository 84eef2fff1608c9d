// The page's texts, translated on the server (templates/games/_table_texts.html), and the
// card names built from them: "siete de corazones", "seven of hearts".

const texts = Object.fromEntries(
  [...document.getElementById("table-texts").content.querySelectorAll("[data-k]")].map((el) => [
    el.dataset.k,
    el.textContent,
  ]),
);

// t("deadwood", { n: 7 }) -> "Deadwood 7"
export function t(key, values = {}) {
  return (texts[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_LABELS = { T: "10" };

export const rankOf = (code) => code[0];
export const suitOf = (code) => code[1];
export const rankLabel = (code) => RANK_LABELS[code[0]] ?? code[0];

// "7♥": short enough for the status line.
export const shortName = (code) => `${rankLabel(code)}${SYMBOLS[suitOf(code)]}`;

// "seven of hearts", in the page language: the accessible name of a card.
export const cardName = (code) =>
  t("card_name", { rank: t(`rank_${rankOf(code)}`), suit: t(`suit_${suitOf(code)}`) });
