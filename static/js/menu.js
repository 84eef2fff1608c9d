// The header's account menu (a <details>): it closes on Escape and on a click elsewhere,
// as a menu does. Without this script it still opens and closes from its own button.
const menu = document.getElementById("account-menu");
if (menu) {
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
}
