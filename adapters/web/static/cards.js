// The table as its cards lie (issue #34): drawn as elements from the view's "model"
// (bot/ui/table_model.py), and played by tapping a card, then where it goes, or by dragging it there.
// The page decides no legality: the targets it lights are those of the server's moves for the cards
// selected, and a tap on one sends that move's token, which the server judges as any press.
//
// Hooks (tests, and anything else that reads the page): a card is [data-card="7C"] ("JK" a joker),
// a place a card may go [data-target="<the server's id>"], a selected card aria-pressed="true", and
// while something is selected each of its legal targets data-legal="true".
//
// An open model (a finished game's replay: "open" true, every card shown, no move) is drawn the
// same, with nothing to tap; a card that lay face down in play has data-down="true".
//
// Keyboard and screen readers: every card and place has a spoken name in the viewer's language
// ("7 of clubs", "stack 2": the words come with the welcome); Tab and the arrow keys move between
// the cards and places, Enter or Space taps the one in focus, and focus stays on the same card or
// place across redraws.

const SUITS = { S: "♠", C: "♣", H: "♥", D: "♦" };
const DRAG = 8; // px a pointer moves before a press becomes a drag
const GLIDE_MS = 160; // a card's way from where it lay to where it lies now
const APPEAR_MS = 120; // a card that comes from a hidden hand or a face-down pile

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** `text` with each {name} replaced (a translation may put them in any order). */
function fill(text, values) {
  return Object.entries(values).reduce((out, [name, value]) => out.split(`{${name}}`).join(value), text);
}

function sameCards(a, b) {
  return a.length === b.length && a.every((card) => b.includes(card));
}

export class CardTable {
  /** `root`: where the table is drawn; `play(move)`: send a move (false: not now, an answer awaited);
   * `refuse()`: say a drop is not legal; `dragging(on)`: a drag begins or ends. */
  constructor(root, play, refuse, dragging = () => {}) {
    this.root = root;
    this.play = play;
    this.refuse = refuse;
    this.dragging = dragging;
    this.model = null;
    this.chosen = { cards: [], source: null }; // what is selected: cards (tap order), or a place's hidden card
    this.drag = null;
    this.quiet = false; // a drag just ended: its click is not a tap
    this.timer = 0;
    this.words = {}; // spoken names (the welcome's words.cards)
    root.addEventListener("click", (event) => this.tap(event));
    root.addEventListener("keydown", (event) => this.key(event));
    root.addEventListener("pointerdown", (event) => this.down(event));
    root.addEventListener("pointermove", (event) => this.moved(event));
    root.addEventListener("pointerup", (event) => this.up(event));
    root.addEventListener("pointercancel", () => this.cancel());
  }

  // ----- drawing ------------------------------------------------------------------------------

  /** The spoken names of cards and places, in the viewer's language. */
  speak(words) {
    this.words = words && typeof words === "object" ? words : {};
    if (this.model) this.draw(this.model);
  }

  draw(model) {
    const focused = this.focusKey();
    const before = this.positions();
    this.model = model && Array.isArray(model.places) && Array.isArray(model.seats) ? model : null;
    this.root.hidden = this.model === null;
    clearInterval(this.timer);
    if (!this.model) {
      this.root.replaceChildren();
      return;
    }
    const m = this.model;
    const moves = Array.isArray(m.moves) ? m.moves : [];
    this.moves = moves;
    this.court = Array.from(typeof m.court === "string" && m.court.length >= 4 ? m.court : "JQKA");
    const rows = [];
    const others = m.seats.filter((s) => s.seat !== m.seat);
    const mine = m.seats.find((s) => s.seat === m.seat);
    for (const seat of others) rows.push(this.seatRow(seat, false));
    rows.push(this.row("centre", m.places.filter((p) => p.seat === null), null));
    if (mine) rows.push(this.seatRow(mine, true));
    const actions = element("div", "actions");
    const drawn = new Set(m.places.map((p) => p.id));
    for (const move of moves) {
      if (drawn.has(move.target) || (move.cards || []).length || move.source) continue;
      const button = element("button", "action");
      button.type = "button";
      button.dataset.target = move.target;
      button.textContent = move.label || move.move;
      actions.append(button);
    }
    rows.push(actions);
    this.root.replaceChildren(...rows);
    delete this.root.dataset.laid;
    this.glide(before);
    this.root.dataset.game = String(m.game);
    if (focused) this.root.querySelector(focused)?.focus();
    // A selection survives a redraw (the others play on meanwhile) while its cards can still move.
    if (!this.legal(this.chosen).length && !this.selectable(this.chosen)) this.chosen = { cards: [], source: null };
    this.mark();
    this.ticking();
  }

  seatRow(seat, mine) {
    const places = this.model.places.filter((p) => p.seat === seat.seat);
    const row = this.row(mine ? "mine" : "seat", places, seat);
    row.dataset.places = String(places.length);
    return row;
  }

  row(kind, places, seat) {
    const box = element("div", `row-of ${kind}`);
    if (seat) {
      const head = element("div", "seat-head");
      head.dataset.seat = String(seat.seat);
      if (seat.turn) head.dataset.turn = "true";
      const who = element("bdi", "name", String(seat.name || ""));
      head.append(who);
      const count = element("span", "count", String(seat.cards));
      count.dir = "ltr";
      head.append(count);
      if (typeof seat.score === "number") {
        const score = element("span", "score", `★ ${seat.score}`);
        score.dir = "ltr"; // "★ -13" whole: a right-to-left page would draw "13- ★"
        head.append(score);
      }
      if (seat.passed) head.append(element("span", "passed", "⏸"));
      if (typeof seat.deadline === "number") {
        const left = element("span", "deadline");
        left.dir = "ltr";
        left.dataset.deadline = String(seat.deadline);
        head.append(left);
      }
      box.append(head);
    }
    const line = element("div", "places");
    for (const place of places) line.append(this.place(place, kind !== "seat" && !this.model.open)); // (an open table: nothing to tap)
    if (kind === "centre" && this.model.up !== null && this.model.up !== undefined) {
      line.prepend(element("span", "way", this.model.up ? "↑" : "↓"));
    }
    box.append(line);
    return box;
  }

  place(place, reachable) {
    const box = element("div", "place");
    box.dataset.place = place.id;
    box.dataset.kind = String(place.kind);
    if (place.colour) box.dataset.colour = String(place.colour);
    if (place.spread) box.dataset.spread = "true";
    box.setAttribute("aria-label", this.placeName(place));
    if (reachable) box.dataset.target = place.id;
    const cards = Array.isArray(place.cards) ? place.cards : [];
    const shown = place.spread ? cards : cards.slice(-1);
    const fan = element("div", place.spread ? "fan" : "heap");
    if (!shown.length && place.down > 0) fan.append(this.back());
    const own = place.seat !== null && place.seat === this.model.seat; // (a card only moves from its holder's places)
    for (const code of shown) fan.append(this.card(code, own && this.movable(code)));
    // An open table (a replay) shows every card: one that lay face down in play is marked so.
    if (this.model.open && shown.length && place.down >= cards.length) fan.lastElementChild.dataset.down = "true";
    if (!fan.children.length) fan.append(element("span", "card empty"));
    box.append(fan);
    // A place is a button of its own only while none of its cards is one (no button holds another:
    // a tap or Enter on a card of a lit place plays there, as on the place); else a named group.
    const button = reachable && !fan.querySelector("button");
    box.setAttribute("role", button ? "button" : "group");
    if (button) box.tabIndex = 0;
    if (place.count > shown.length) {
      const count = element("span", "badge-count", String(place.count));
      count.dir = "ltr";
      box.append(count);
    }
    return box;
  }

  card(code, movable) {
    const node = element(movable ? "button" : "span", "card");
    node.dataset.card = String(code);
    node.dir = "ltr";
    node.setAttribute("aria-label", this.cardName(String(code)));
    if (!movable) node.setAttribute("role", "img");
    if (code === "JK") {
      node.classList.add("joker");
      node.append(element("span", "rank", "🃏"));
    } else {
      const rank = code.slice(0, -1);
      const suit = code.slice(-1);
      const court = { J: 0, Q: 1, K: 2, A: 3 }[rank];
      node.dataset.suit = suit;
      node.append(element("span", "rank", court === undefined ? rank : this.court[court]));
      node.append(element("span", "suit", SUITS[suit] || suit));
    }
    if (movable) {
      node.type = "button";
      node.setAttribute("aria-pressed", "false");
    }
    return node;
  }

  back() {
    const node = element("span", "card back");
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", this.words.down || "🂠");
    return node;
  }

  /** "7 of clubs", "queen of hearts", "joker" (as the welcome's words say it). */
  cardName(code) {
    const w = this.words;
    if (code === "JK") return w.joker || "🃏";
    const rank = code.slice(0, -1);
    const suit = code.slice(-1);
    const said = (w.ranks && w.ranks[rank]) || rank;
    const of = (w.suits && w.suits[suit]) || SUITS[suit] || suit;
    return typeof w.card === "string" ? fill(w.card, { rank: said, suit: of }) : `${rank}${SUITS[suit] || suit}`;
  }

  /** "stack 2", "pile", "foundation 3": the place's kind, and its number where its id has one. */
  placeName(place) {
    const w = this.words;
    const kind = (w.places && w.places[place.kind]) || String(place.kind);
    const number = /(\d+)$/.exec(String(place.id));
    return number && typeof w.numbered === "string" ? fill(w.numbered, { place: kind, number: number[1] }) : kind;
  }

  // ----- motion --------------------------------------------------------------------------------------

  /** Where each face-up card lies on screen now, by its code (a Racing Demon table may show one
   * code twice: each of its places in turn). */
  positions() {
    const found = new Map();
    for (const node of this.root.querySelectorAll(".card[data-card]")) {
      const code = node.dataset.card;
      if (!found.has(code)) found.set(code, []);
      found.get(code).push(node.getBoundingClientRect());
    }
    return found;
  }

  /** Each card that moved glides from where it lay (a move of yours, or another seat's, which so
   * comes from their side of the table); one that was not to be seen appears. Not with reduced
   * motion; the table itself is already where the server says. */
  glide(before) {
    if (!before.size || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    for (const node of this.root.querySelectorAll(".card[data-card]")) {
      const was = (before.get(node.dataset.card) || []).shift();
      if (!was) {
        node.animate([{ opacity: 0, transform: "scale(0.85)" }, { opacity: 1, transform: "none" }], APPEAR_MS);
        continue;
      }
      const now = node.getBoundingClientRect();
      const dx = was.left - now.left;
      const dy = was.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      node.classList.add("gliding");
      const way = node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: GLIDE_MS,
        easing: "cubic-bezier(0.2, 0.8, 0.2, 1)",
      });
      way.finished.then(
        () => node.classList.remove("gliding"),
        () => node.classList.remove("gliding"),
      );
    }
  }

  // ----- the keyboard -------------------------------------------------------------------------------

  /** The selector of the card or place in focus, to find it again after a redraw. */
  focusKey() {
    const node = document.activeElement;
    if (!node || !this.root.contains(node)) return null;
    if (node.dataset.card) return `[data-card="${CSS.escape(node.dataset.card)}"]`;
    if (node.dataset.target) return `[data-target="${CSS.escape(node.dataset.target)}"]`;
    return null;
  }

  key(event) {
    const here = event.target instanceof Element ? event.target : null;
    if (!here) return;
    if ((event.key === "Enter" || event.key === " ") && here.matches("[data-target]:not(button)")) {
      event.preventDefault();
      this.tap(event); // as a tap on the place (a button's Enter and Space are its own click)
      return;
    }
    const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (!(event.key in steps)) return;
    let step = steps[event.key];
    if (event.key.startsWith("Arrow") && /Left|Right/.test(event.key) && getComputedStyle(this.root).direction === "rtl") step = -step;
    const stops = [...this.root.querySelectorAll("button, [data-target][tabindex]")];
    const at = stops.indexOf(here.closest("button, [data-target][tabindex]"));
    if (at < 0) return;
    event.preventDefault();
    stops[(at + step + stops.length) % stops.length].focus();
  }

  // ----- what is legal (the server's moves, looked up) ------------------------------------------

  movable(code) {
    return this.moves.some((m) => (m.cards || []).includes(code));
  }

  /** The moves the selection makes (a card or cards laid in the tapped order come first). */
  legal(chosen) {
    if (!this.model) return [];
    if (chosen.cards.length) {
      const moves = this.moves.filter((m) => sameCards(m.cards || [], chosen.cards));
      const inOrder = (m) => m.cards.every((c, i) => c === chosen.cards[i]);
      return [...moves.filter(inOrder), ...moves.filter((m) => !inOrder(m))];
    }
    if (chosen.source) return this.moves.filter((m) => m.source === chosen.source && !(m.cards || []).length);
    return [];
  }

  /** Whether the selection is part of some move (Svolota: one card of several to lay). */
  selectable(chosen) {
    if (chosen.cards.length) return this.moves.some((m) => chosen.cards.every((c) => (m.cards || []).includes(c)));
    return chosen.source !== null && this.legal(chosen).length > 0;
  }

  mark() {
    const targets = new Set(this.legal(this.chosen).map((m) => m.target));
    for (const node of this.root.querySelectorAll("[data-target]")) {
      if (targets.has(node.dataset.target)) node.dataset.legal = "true";
      else delete node.dataset.legal;
    }
    for (const node of this.root.querySelectorAll("button[data-card]")) {
      node.setAttribute("aria-pressed", this.chosen.cards.includes(node.dataset.card) ? "true" : "false");
    }
    for (const node of this.root.querySelectorAll("[data-place]")) {
      if (this.chosen.source === node.dataset.place) node.dataset.chosen = "true";
      else delete node.dataset.chosen;
    }
    this.root.dataset.selecting = this.chosen.cards.length || this.chosen.source ? "true" : "false";
  }

  choose(chosen) {
    this.chosen = chosen;
    this.mark();
  }

  // ----- taps ---------------------------------------------------------------------------------

  tap(event) {
    if (this.quiet) {
      this.quiet = false;
      return;
    }
    const node = event.target instanceof Element ? event.target : null;
    if (!node || !this.model) return;
    const card = node.closest("button[data-card]");
    const target = node.closest("[data-target]");
    const button = node.closest(".action"); // a move of no card (pass, new centre cards): whatever is selected
    if (button) return this.sent(this.moves.find((m) => m.target === button.dataset.target));
    if (this.chosen.cards.length || this.chosen.source) {
      if (target && target.dataset.legal === "true") return this.send(target.dataset.target);
      if (card) return this.pick(card.dataset.card);
      if (target) return this.miss();
      return this.choose({ cards: [], source: null });
    }
    if (card) return this.pick(card.dataset.card);
    if (!target) return undefined;
    const id = target.dataset.target;
    const action = this.moves.find((m) => m.target === id && !(m.cards || []).length && !m.source);
    if (action) return this.sent(action);
    const source = { cards: [], source: id };
    if (this.legal(source).length) return this.choose(source);
    return undefined;
  }

  /** A card tapped: selected alone, or added to (or taken from) a selection it can be laid with. */
  pick(code) {
    const cards = this.chosen.cards;
    if (cards.includes(code)) return this.choose({ cards: cards.filter((c) => c !== code), source: null });
    const more = { cards: [...cards, code], source: null };
    return this.choose(cards.length && this.selectable(more) ? more : { cards: [code], source: null });
  }

  send(target) {
    const move = this.legal(this.chosen).find((m) => m.target === target);
    if (move) this.sent(move);
  }

  sent(move) {
    if (!move || !this.play(move)) return; // (not now: an answer is awaited, and it stays selected)
    this.choose({ cards: [], source: null });
    this.lay(move);
  }

  /** At once, before the server's answer: the move's cards lie where they go (the server's view
   * replaces the whole table when it comes; `undo` puts them back if the server refuses). */
  lay(move) {
    const cards = Array.isArray(move.cards) ? move.cards : [];
    const place = this.root.querySelector(`[data-target="${CSS.escape(String(move.target))}"]`);
    const heap = place && place.querySelector(".heap, .fan");
    if (!cards.length || !heap) return;
    const before = this.positions();
    for (const code of cards) {
      const from = this.root.querySelector(`.mine button[data-card="${CSS.escape(code)}"]`);
      if (!from) continue;
      const laid = this.card(code, false);
      laid.classList.add("laid");
      if (heap.classList.contains("heap")) heap.replaceChildren(laid);
      else heap.append(laid);
      from.remove();
    }
    this.root.dataset.laid = "true";
    this.glide(before);
  }

  /** The server refused what `lay` showed: the table as the last view had it. */
  undo() {
    if (this.root.dataset.laid !== "true") return;
    delete this.root.dataset.laid;
    if (this.model) this.draw(this.model);
  }

  /** A selection dropped (or tapped) where none of its moves go: nothing is sent, it stays selected. */
  miss() {
    this.refuse();
    this.root.dataset.missed = String(Date.now()); // (a hook: the last refused drop)
  }

  // ----- dragging (the same gesture, with a pointer) ----------------------------------------------

  down(event) {
    const card = event.target instanceof Element ? event.target.closest("button[data-card]") : null;
    if (!card || event.button > 0) return;
    this.drag = { card, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null };
  }

  moved(event) {
    const drag = this.drag;
    if (!drag || drag.id !== event.pointerId) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG) return;
      const code = drag.card.dataset.card;
      if (!this.chosen.cards.includes(code)) this.choose({ cards: [code], source: null });
      this.dragging(true);
      drag.ghost = drag.card.cloneNode(true);
      drag.ghost.classList.add("ghost");
      drag.ghost.removeAttribute("data-card"); // the card stays where it is until the server moves it
      drag.ghost.setAttribute("aria-hidden", "true");
      const box = drag.card.getBoundingClientRect();
      drag.ghost.style.width = `${box.width}px`;
      drag.ghost.style.height = `${box.height}px`;
      drag.dx = drag.x - box.left;
      drag.dy = drag.y - box.top;
      document.body.append(drag.ghost);
      drag.card.classList.add("dragged");
      try {
        drag.card.setPointerCapture(drag.id); // its moves and its release come here, wherever it goes
      } catch {
        // the pointer is gone already: its pointerup ends the drag
      }
    }
    event.preventDefault();
    drag.ghost.style.transform = `translate(${event.clientX - drag.dx}px, ${event.clientY - drag.dy}px)`;
  }

  up(event) {
    const drag = this.drag;
    if (!drag || drag.id !== event.pointerId) return;
    this.cancel();
    if (!drag.ghost) return; // a tap: the click that follows does it
    this.quiet = true;
    setTimeout(() => {
      this.quiet = false;
    }, 0);
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const target = under ? under.closest("[data-target]") : null;
    if (target && target.dataset.legal === "true") this.send(target.dataset.target);
    else if (target) this.miss(); // it snaps back: it never left its place
  }

  cancel() {
    const drag = this.drag;
    this.drag = null;
    if (drag && drag.ghost) {
      this.dragging(false);
      drag.ghost.remove();
      drag.card.classList.remove("dragged");
    }
  }

  // ----- the turn timer ----------------------------------------------------------------------------

  ticking() {
    const clocks = [...this.root.querySelectorAll("[data-deadline]")];
    if (!clocks.length) return;
    const tick = () => {
      for (const clock of clocks) {
        const left = Math.max(0, Math.round(Number(clock.dataset.deadline) - Date.now() / 1000));
        clock.textContent = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      }
    };
    tick();
    this.timer = setInterval(tick, 1000);
  }
}
