// Sounds at the table (issue #34): off until the person turns them on with the toggle, which this
// browser remembers. Each is a few notes made on the spot with Web Audio: no file to load, nothing
// the page's Content-Security-Policy has to allow, no weight. Quiet and short (under a quarter
// second), as a card laid on a table: a tick when your move lands, a low double note when it is
// refused, a softer tick when another player lays a card (at most one per OTHER_GAP), two rising
// notes when it is your turn, three when the game ends.

const KEPT = "cardbot.sounds"; // localStorage: "on" or absent
const OTHER_GAP = 150; // ms: a crowd's moves make a patter, not a buzz

// [frequency Hz, start s, length s, loudness 0..1]
const TUNES = {
  landed: [[880, 0, 0.06, 0.16]],
  refused: [
    [220, 0, 0.09, 0.18],
    [174, 0.1, 0.12, 0.18],
  ],
  other: [[660, 0, 0.04, 0.06]],
  turn: [
    [587, 0, 0.08, 0.12],
    [784, 0.09, 0.1, 0.12],
  ],
  over: [
    [523, 0, 0.1, 0.12],
    [659, 0.1, 0.1, 0.12],
    [784, 0.2, 0.18, 0.12],
  ],
};

export class Sounds {
  /** `button`: the toggle (aria-pressed says whether sounds are on; its label never changes). */
  constructor(button) {
    this.button = button;
    this.on = read() === "on";
    this.audio = null; // made at the first sound wanted after a tap (browsers allow no sooner)
    this.otherAt = 0;
    button.addEventListener("click", () => this.toggle());
    this.show();
  }

  toggle() {
    this.on = !this.on;
    keep(this.on ? "on" : null);
    this.show();
    this.play("landed"); // (the tap that turned them on lets the browser start the audio)
  }

  show() {
    this.button.setAttribute("aria-pressed", String(this.on));
    this.button.dataset.on = this.on ? "yes" : "no";
  }

  play(kind) {
    if (!this.on || !TUNES[kind]) return;
    if (kind === "other") {
      const now = performance.now();
      if (now - this.otherAt < OTHER_GAP) return;
      this.otherAt = now;
    }
    const audio = this.context();
    if (!audio) return;
    const at = audio.currentTime + 0.01;
    for (const [frequency, start, length, loudness] of TUNES[kind]) {
      const note = audio.createOscillator();
      const volume = audio.createGain();
      note.type = "triangle";
      note.frequency.value = frequency;
      // a quick rise and a fall to silence: no click at either end
      volume.gain.setValueAtTime(0.0001, at + start);
      volume.gain.exponentialRampToValueAtTime(loudness, at + start + 0.008);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + start + length);
      note.connect(volume).connect(audio.destination);
      note.start(at + start);
      note.stop(at + start + length + 0.02);
    }
  }

  context() {
    if (!this.audio) {
      const Audio = window.AudioContext || window.webkitAudioContext;
      if (!Audio) return null;
      try {
        this.audio = new Audio();
      } catch {
        return null; // (too many contexts, or none allowed here): silence
      }
    }
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }
}

function read() {
  try {
    return localStorage.getItem(KEPT);
  } catch {
    return null; // no storage (a sandboxed frame): off
  }
}

function keep(value) {
  try {
    if (value) localStorage.setItem(KEPT, value);
    else localStorage.removeItem(KEPT);
  } catch {
    // not kept: on for this visit only
  }
}
