// The page's texts, translated on the server (templates/games/_table_texts.html, and
// _rummy_texts.html on a rummy table), and the card names built from them: "siete de
// corazones", "seven of hearts".

const texts = Object.fromEntries(
  [...document.querySelectorAll("#table-texts, #rummy-texts")]
    .flatMap((template) => [...template.content.querySelectorAll("[data-k]")])
    .map((el) => [el.dataset.k, el.textContent]),
);

// t("deadwood", { n: 7 }) -> "Deadwood 7"
export function t(key, values = {}) {
  return (texts[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// Texts with a count come from Django's JavaScript catalogue instead (/jsi18n/, djangojs.po:
// its script, loaded before these modules, defines ngettext and interpolate and knows each
// language's plural forms), so that no count reads "1 cards". Each ngettext call is written
// out where its text is needed: makemessages finds them there.
// counted(ngettext("%(n)s card", "%(n)s cards", n), { n }) -> "1 card"
export const counted = (text, values) => interpolate(text, values, true);

export const pointsText = (points) => counted(ngettext("%(points)s point", "%(points)s points", points), { points });

export const handText = (name, n) =>
  counted(ngettext("%(name)s's hand: %(n)s card", "%(name)s's hand: %(n)s cards", n), { name, n });

// 75 -> "1:15": clocks and away times.
export const mmss = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const JOKER = "X"; // rummy's jokers, whichever of the six
const RANK_LABELS = { T: "10" };

export const rankOf = (code) => code[0];
export const suitOf = (code) => code[1];
export const rankLabel = (code) => RANK_LABELS[code[0]] ?? code[0];

// "7♥": short enough for the status line.
export const shortName = (code) => (code === JOKER ? "★" : `${rankLabel(code)}${SYMBOLS[suitOf(code)]}`);

// "seven of hearts", in the page language: the accessible name of a card.
export const cardName = (code) =>
  code === JOKER ? t("joker") : t("card_name", { rank: t(`rank_${rankOf(code)}`), suit: t(`suit_${suitOf(code)}`) });
