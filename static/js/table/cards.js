// Card elements: an ivory face with two corner indices and one large pip, or a green back.
// The pips are the <symbol>s of templates/games/_suits.html, so nothing is fetched.
// A joker ("X", rummy) shows a star in its corners and the deco fan in gold.
import { cardName, JOKER, rankLabel, suitOf } from "./texts.js";

const COURT = new Set(["J", "Q", "K"]);

// The rank is drawn by CSS (content: attr(data-rank)): the card's name says it in words, and
// a visible "7" that the name lacks would trip the label-in-name check.
function corner(code, place) {
  return `<span class="corner ${place}" data-rank="${rankLabel(code)}"><svg class="sym"><use href="#suit-${suitOf(code)}"/></svg></span>`;
}

function jokerFace() {
  const star = (place) => `<span class="corner ${place}" data-rank="★"></span>`;
  return `${star("tl")}<svg class="pip" aria-hidden="true"><use href="#deco-fan"/></svg>${star("br")}`;
}

// A face-up card; `tag` "button" for the player's own cards, "span" for everything shown.
// `key` names the element for animations and clicks: the code itself, or a rummy card id
// (two decks hold two cards of each code).
export function cardFace(code, tag = "span", key = code) {
  const el = document.createElement(tag);
  el.dataset.card = key;
  if (code === JOKER) {
    el.className = "card face joker";
    el.innerHTML = jokerFace();
  } else {
    el.className = `card face suit-${suitOf(code)}${COURT.has(code[0]) ? " court" : ""}`;
    el.innerHTML = `${corner(code, "tl")}<svg class="pip" aria-hidden="true"><use href="#suit-${suitOf(code)}"/></svg>${corner(code, "br")}`;
  }
  if (tag === "span") {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardName(code));
  }
  return el;
}

export function cardBack(key) {
  const el = document.createElement("span");
  el.className = "card back";
  if (key) el.dataset.card = key;
  el.innerHTML = `<svg class="fan" aria-hidden="true"><use href="#deco-fan"/></svg>`;
  return el;
}
