// Pass-and-play: between turns the table hides the hand and asks to pass the device, so the
// next player reveals their own cards only when the other has looked away (seed 003).
import { t } from "../table/texts.js";

export function askHandoff(dialog, name, onReveal) {
  dialog.replaceChildren();
  const title = document.createElement("h2");
  title.id = "handoff-title";
  title.textContent = t("handoff_title", { name });
  const text = document.createElement("p");
  text.textContent = t("handoff_text");
  const reveal = document.createElement("button");
  reveal.type = "button";
  reveal.className = "primary";
  reveal.textContent = t("reveal");
  reveal.addEventListener("click", () => {
    dialog.close();
    onReveal();
  });
  dialog.append(title, text, reveal);
  if (!dialog.open) dialog.showModal();
  reveal.focus();
}
