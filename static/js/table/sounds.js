// Optional sounds, synthesised with Web Audio (no files): a card's snap, a knock, gin.
import { prefs } from "./preferences.js";

let audio = null;

function tone(freq, start, length, type = "triangle", volume = 0.12) {
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(volume, audio.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + start + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(audio.currentTime + start);
  osc.stop(audio.currentTime + start + length);
}

const SOUNDS = {
  card: () => tone(1400, 0, 0.05, "square", 0.04),
  knock: () => [0, 0.16].forEach((at) => tone(110, at, 0.12, "sine", 0.35)),
  gin: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.09, 0.3)),
};

// Browsers let audio start only from a person's gesture: every press wakes it if needed.
function wake() {
  if (!prefs.sound) return;
  audio ??= new AudioContext();
  if (audio.state === "suspended") audio.resume();
}
for (const type of ["pointerdown", "keydown"]) addEventListener(type, wake, { capture: true });

export function play(name) {
  if (!prefs.sound || !SOUNDS[name]) return;
  audio ??= new AudioContext();
  SOUNDS[name]();
}
