// The Report link in a player's name plate: the form at `url` names the player and the room.
import { t } from "./texts.js";

export function reportLink(url, name) {
  const link = document.createElement("a");
  link.className = "report-link plate-report";
  link.href = url;
  link.textContent = t("report");
  link.setAttribute("aria-label", t("report_name", { name }));
  return link;
}
