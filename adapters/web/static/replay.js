// A finished game's replay (issue #36): the steps from GET /api/v1/games/<token> (adapters/web/
// replay_json.py: the deal's open model, then each step's changes), drawn by the live table's
// CardTable (cards.js) with every card face up and nothing to tap.
//
// Controls: a scrubber (a range input: the arrow keys, Home and End move it), one move back and
// forward, play and pause, the speed (1×, 2×, 4×) and whose seat is drawn at the bottom. Speed and
// Racing Demon play at their real timing (each move when it was made after the one before), a pause
// longer than CLIP_S played as CLIP_S; Svolota, a turn game whose pauses are people thinking, one
// move every STEADY_S. Both divided by the speed. The move's words are read out (aria-live) when a
// person steps or scrubs, not while it plays (a screen reader would only be interrupted).
//
// Hooks (tests): #page[data-state] "loading" | "ready" | "failed", #page[data-step] the step shown,
// #page[data-playing] "true" while it plays.

import { CardTable } from "/static/cards.js";

const CLIP_S = 5;
const STEADY_S = 1;
const SHORTEST_S = 0.05; // moves made in the same instant still show one after the other

const $ = (id) => document.getElementById(id);
const words = parse($("replay-words").textContent) || {};

function parse(text) {
  try {
    const value = JSON.parse(text || "null");
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

function fill(text, values) {
  return Object.entries(values).reduce((out, [name, value]) => out.split(`{${name}}`).join(value), String(text || ""));
}

/** Step n's model: step n-1's with the step's changes (the server's `changes`). */
export function apply(model, step) {
  const places = new Map(model.places.map((p) => [p.id, p]));
  for (const place of step.places || []) places.set(place.id, place);
  for (const id of step.gone || []) places.delete(id);
  const kept = model.places.map((p) => p.id).filter((id) => places.has(id));
  const order = step.order || [...kept, ...[...places.keys()].filter((id) => !kept.includes(id))];
  const seats = new Map((step.seats || []).map((s) => [s.seat, s]));
  const out = { ...model, places: order.map((id) => places.get(id)), seats: model.seats.map((s) => seats.get(s.seat) || s) };
  if ("up" in step) out.up = step.up;
  return out;
}

class Replay {
  constructor(data) {
    this.data = data;
    this.steps = data.steps;
    this.models = [data.deal];
    for (const step of this.steps.slice(1)) this.models.push(apply(this.models[this.models.length - 1], step));
    this.at = 0;
    this.timer = 0;
    this.speed = 1;
    this.seat = 0;
    this.table = new CardTable($("table"), () => false, () => {});
    this.table.speak(words.cards);
    this.controls();
  }

  controls() {
    const scrubber = $("scrubber");
    scrubber.max = String(this.steps.length - 1);
    scrubber.setAttribute("aria-label", words.scrubber || "");
    scrubber.addEventListener("input", () => this.show(Number(scrubber.value), true));
    $("back").setAttribute("aria-label", words.back || "⏮");
    $("forward").setAttribute("aria-label", words.forward || "⏭");
    $("back").addEventListener("click", () => this.step(-1));
    $("forward").addEventListener("click", () => this.step(1));
    $("play").addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    $("speed-label").textContent = words.speed || "";
    for (const radio of document.querySelectorAll('input[name="speed"]')) {
      radio.addEventListener("change", () => {
        this.speed = Number(radio.value) || 1;
        if (this.timer) this.schedule(); // the next move comes at the new pace
      });
    }
    $("seat-label").textContent = words.seat || "";
    const picker = $("seat");
    picker.replaceChildren(
      ...this.data.seats.map((s) => {
        const option = document.createElement("option");
        option.value = String(s.seat);
        option.textContent = s.name;
        return option;
      }),
    );
    picker.addEventListener("change", () => {
      this.seat = Number(picker.value) || 0;
      this.show(this.at, false);
    });
    this.label();
  }

  label() {
    const playing = Boolean(this.timer);
    $("play").setAttribute("aria-pressed", playing ? "true" : "false");
    $("play").setAttribute("aria-label", (playing ? words.pause : words.play) || "▶");
    $("page").dataset.playing = playing ? "true" : "false";
    $("words").setAttribute("aria-live", playing ? "off" : "polite");
  }

  show(at, said) {
    this.at = Math.max(0, Math.min(this.steps.length - 1, at));
    const step = this.steps[this.at];
    this.table.draw({ ...this.models[this.at], seat: this.seat });
    if (step.seat !== null && step.seat !== undefined) {
      $("table").querySelector(`.seat-head[data-seat="${step.seat}"]`)?.setAttribute("data-moved", "true");
    }
    if (said !== undefined) $("words").setAttribute("aria-live", said && !this.timer ? "polite" : "off");
    $("words").textContent = step.words;
    const count = this.steps.length - 1;
    const scrubber = $("scrubber");
    scrubber.value = String(this.at);
    scrubber.setAttribute("aria-valuetext", `${fill(words.step || "{step} / {count}", { step: this.at, count })}: ${step.words}`);
    $("counter").textContent = `${this.at} / ${count}`;
    $("back").disabled = this.at === 0;
    $("forward").disabled = this.at === count;
    $("page").dataset.step = String(this.at);
    $("page").dataset.end = this.at === count ? "true" : "false";
  }

  step(by) {
    this.pause();
    this.show(this.at + by, true);
  }

  /** Seconds from step n to step n+1 at 1×. */
  gap(n) {
    if (!this.data.real_time) return STEADY_S;
    const gap = Number(this.steps[n + 1].at) - Number(this.steps[n].at);
    return Math.min(CLIP_S, Math.max(SHORTEST_S, Number.isFinite(gap) ? gap : STEADY_S));
  }

  play() {
    if (this.at >= this.steps.length - 1) this.show(0, false); // from the end: again from the deal
    this.schedule();
  }

  schedule() {
    clearTimeout(this.timer);
    if (this.at >= this.steps.length - 1) {
      this.pause();
      return;
    }
    this.timer = setTimeout(() => {
      this.show(this.at + 1, false);
      this.schedule();
    }, (this.gap(this.at) * 1000) / this.speed);
    this.label();
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.label();
  }
}

async function start() {
  const path = location.pathname;
  const token = path.slice(path.lastIndexOf("/") + 1);
  const prefix = path.slice(0, path.lastIndexOf("/replay/")); // (a proxy's prefix, if any)
  let data = null;
  let message = words.failed || "";
  try {
    const answer = await fetch(`${prefix}/api/v1/games/${token}`, { headers: { Accept: "application/json" } });
    const body = await answer.json();
    if (answer.ok && body && Array.isArray(body.steps) && body.deal) data = body;
    else if (body && typeof body.message === "string") message = body.message;
  } catch {
    // the network, or not JSON: said below
  }
  if (!data) {
    $("page").dataset.state = "failed";
    $("status-text").textContent = message;
    document.querySelector("#status .spinner")?.remove();
    return;
  }
  const replay = new Replay(data);
  $("controls").hidden = false;
  replay.show(0, false); // the deal (the header already says how it ended)
  $("page").dataset.state = "ready";
}

start();
