// The review's progress, pushed by the page's socket (review/consumers.py): the bar moves as
// the worker reports, and the finished review replaces it. A dropped socket reconnects (its
// first frame is the state now); a reload shows the same state from the server.
const box = document.getElementById("review-status");
const texts = document.getElementById("review-texts");
let attempt = 0;

function text(name) {
  return texts.content.querySelector(`[data-text="${name}"]`).textContent;
}

function show(frame) {
  if (frame.type !== "review") return false;
  if (frame.state === "done") {
    box.insertAdjacentHTML("beforebegin", frame.html);
    box.remove();
    return true;
  }
  if (frame.state === "failed") {
    box.querySelector("[data-progress-text]").textContent = text("failed");
    return true;
  }
  const bar = box.querySelector("[data-progress]");
  if (bar && frame.total) {
    bar.max = frame.total;
    bar.value = frame.done;
    box.querySelector("[data-progress-text]").textContent = `${text("running")} ${frame.done} / ${frame.total}`;
  }
  return false;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}${box.dataset.socket}`);
  let finished = false;
  ws.onopen = () => {
    attempt = 0;
  };
  ws.onmessage = (event) => {
    finished = show(JSON.parse(event.data));
    if (finished) ws.close();
  };
  ws.onclose = (event) => {
    if (finished || event.code === 4403) return;
    const backoff = Math.min(15000, 500 * 2 ** attempt++);
    setTimeout(connect, backoff / 2 + Math.random() * (backoff / 2));
  };
}

if (box && ["queued", "running"].includes(box.dataset.state)) connect();
