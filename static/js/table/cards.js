// Card elements: an ivory face with two corner indices and one large pip, or a green back.
// The pips are the <symbol>s of templates/games/_suits.html, so nothing is fetched.
import { cardName, rankLabel, suitOf } from "./texts.js";

const COURT = new Set(["J", "Q", "K"]);

// The rank is drawn by CSS (content: attr(data-rank)): the card's name says it in words, and
// a visible "7" that the name lacks would trip the label-in-name check.
function corner(code, place) {
  return `<span class="corner ${place}" data-rank="${rankLabel(code)}"><svg class="sym"><use href="#suit-${suitOf(code)}"/></svg></span>`;
}

// A face-up card; `tag` "button" for the player's own cards, "span" for everything shown.
export function cardFace(code, tag = "span") {
  const el = document.createElement(tag);
  el.className = `card face suit-${suitOf(code)}${COURT.has(code[0]) ? " court" : ""}`;
  el.dataset.card = code;
  el.innerHTML = `${corner(code, "tl")}<svg class="pip" aria-hidden="true"><use href="#suit-${suitOf(code)}"/></svg>${corner(code, "br")}`;
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
