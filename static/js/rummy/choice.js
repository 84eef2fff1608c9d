// When a card can go onto a meld in more than one way (either end of a run, or laid off
// beside a joker it could also free), a small dialog asks which. Escape or "Cancel" picks none.
import { el } from "../table/results.js";
import { t } from "../table/texts.js";

function label(action) {
  if (action.type === "exchange") return t("take_joker");
  return action.end ? t(`lay_off_${action.end}`) : t("lay_off");
}

// Resolves with the chosen action, or null.
export function chooseAmong(dialog, actions) {
  return new Promise((resolve) => {
    const title = el("h2", null, t("choose_play"));
    title.id = "choice-title";
    const row = el("div", "dialog-actions");
    const done = (action) => {
      dialog.close();
      resolve(action);
    };
    for (const action of actions) {
      const button = el("button", "primary", label(action));
      button.type = "button";
      button.addEventListener("click", () => done(action));
      row.append(button);
    }
    const cancel = el("button", "link-button", t("cancel"));
    cancel.type = "button";
    cancel.addEventListener("click", () => done(null));
    row.append(cancel);
    dialog.replaceChildren(title, row);
    dialog.addEventListener("cancel", () => resolve(null), { once: true });
    dialog.showModal();
    row.querySelector("button").focus();
  });
}
