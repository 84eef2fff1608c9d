// The review's progress: polls the small status endpoint while the job is queued or running,
// and loads the finished review when it is stored.
const box = document.getElementById("review-status");
const texts = document.getElementById("review-texts");

function text(name) {
  return texts.content.querySelector(`[data-text="${name}"]`).textContent;
}

async function poll() {
  const response = await fetch(box.dataset.statusUrl, { headers: { Accept: "application/json" } });
  const status = response.ok ? await response.json() : { state: box.dataset.state };
  if (status.state === "done") {
    window.location.reload();
    return;
  }
  if (status.state === "failed") {
    box.querySelector("[data-progress-text]").textContent = text("failed");
    return;
  }
  const bar = box.querySelector("[data-progress]");
  if (bar && status.total) {
    bar.max = status.total;
    bar.value = status.done;
    box.querySelector("[data-progress-text]").textContent = `${text("running")} ${status.done} / ${status.total}`;
  }
  setTimeout(poll, 1000);
}

if (box && ["queued", "running"].includes(box.dataset.state)) poll();
