// The Daily Gin page: a countdown to the next deal, and a copy button for the share text.
const countdown = document.querySelector(".countdown[data-seconds]");
if (countdown) {
  const end = Date.now() + Number(countdown.dataset.seconds) * 1000;
  const pad = (n) => String(n).padStart(2, "0");
  const tick = () => {
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    countdown.textContent = `${pad(Math.floor(left / 3600))}:${pad(Math.floor(left / 60) % 60)}:${pad(left % 60)}`;
    if (left === 0) location.reload();
    else setTimeout(tick, 1000);
  };
  tick();
}

for (const button of document.querySelectorAll("button[data-copy]")) {
  button.addEventListener("click", async () => {
    await navigator.clipboard.writeText(document.getElementById(button.dataset.copy).textContent);
    button.textContent = button.dataset.copied;
  });
}
