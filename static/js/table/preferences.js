// Table preferences: card size, four-colour deck, animation speed, sound. Read from the
// account (a `table-prefs` JSON script, sent for a signed-in player) then this browser's
// localStorage; the settings dialog writes localStorage and, when signed in, the account, so
// the choice follows the player to a new device. Everything else asks this module.

const KEY = "rummy.table.prefs";
export const DEFAULTS = { cardSize: "normal", fourColour: false, speed: "normal", sound: false };
const SPEED_SCALE = { off: 0, slow: 1.7, normal: 1, fast: 0.5 };
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

function stored() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) ?? {};
  } catch {
    return {};
  }
}

function fromServer() {
  const script = document.getElementById("table-prefs");
  return script ? JSON.parse(script.textContent) ?? {} : {};
}

const server = fromServer();
const signedIn = Object.keys(server).length > 0;
export const prefs = { ...DEFAULTS, ...server, ...stored() };

function cookie(name) {
  return document.cookie.split("; ").find((c) => c.startsWith(`${name}=`))?.split("=")[1] ?? "";
}

function save(change) {
  localStorage.setItem(KEY, JSON.stringify(prefs));
  if (!signedIn) return;
  fetch("/accounts/preferences/", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": cookie("csrftoken") },
    body: JSON.stringify(change),
  });
}

// Multiplies every animation's duration; 0 means "no animation".
export function motionScale() {
  return reducedMotion.matches ? 0 : SPEED_SCALE[prefs.speed] ?? 1;
}

export function applyPreferences(root) {
  root.classList.toggle("cards-large", prefs.cardSize === "large");
  root.classList.toggle("four-colour", prefs.fourColour);
}

// Binds the settings dialog's form to `prefs`; `onChange` runs after each change.
export function bindSettings(form, onChange) {
  for (const input of form.elements) {
    if (!input.name || !(input.name in DEFAULTS)) continue;
    if (input.type === "checkbox") input.checked = Boolean(prefs[input.name]);
    if (input.type === "radio") input.checked = prefs[input.name] === input.value;
    input.addEventListener("change", () => {
      prefs[input.name] = input.type === "checkbox" ? input.checked : input.value;
      save({ [input.name]: prefs[input.name] });
      onChange();
    });
  }
}
