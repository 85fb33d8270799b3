// The live table (issue #17): one page, one WebSocket. No framework and nothing from elsewhere
// (the page's Content-Security-Policy allows only 'self'; Telegram's telegram-web-app.js is not
// loaded: what it would read, Telegram puts in location.hash).
//
// Protocol (adapters/web): the page sends {"type": "hello", "table", "auth"} and then
// {"type": "press", "token"}; the server answers "welcome" (the page's words, in the viewer's
// language), "view" (the board, the viewer's panel, the table's cards: "model"), "answer" (a short
// toast) or "refused". While a game is played its cards are drawn as elements (cards.js) and played
// by tapping or dragging them; the panel's buttons stay in a drawer, for whoever prefers a list.

import { inActivity, proxied, signIn } from "/static/activity.js";
import { CardTable } from "/static/cards.js";
import { Sounds } from "/static/sounds.js";
import { applyTheme, telegram } from "/static/telegram.js";

const RETRY_FIRST = 500; // ms: the first reconnect after a drop, doubled each failure...
const RETRY_MOST = 15000; // ...up to this
const TOAST_MS = 2600;
const REFUSED = 4401; // the close code of a refused hello: no retry
const STORED = "cardbot.launch"; // Telegram's launch parameters, kept for a reload (the hash may go)

const $ = (id) => document.getElementById(id);

// ----- who and where ----------------------------------------------------------------------------

function launch() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  let tg = {
    data: hash.get("tgWebAppData"),
    start: hash.get("tgWebAppStartParam"),
    theme: hash.get("tgWebAppThemeParams"),
    version: hash.get("tgWebAppVersion"),
    platform: hash.get("tgWebAppPlatform"),
  };
  try {
    if (tg.data) sessionStorage.setItem(STORED, JSON.stringify(tg));
    else if (!query.get("link")) tg = JSON.parse(sessionStorage.getItem(STORED) || "null") || tg;
  } catch {
    // no session storage (a sandboxed frame): a reload starts from the hash only
  }
  const link = query.get("link");
  let table = number(query.get("t"));
  if (table === null && tg.data) {
    const start = tg.start || new URLSearchParams(tg.data).get("start_param") || "";
    table = number(start.replace(/^t/, ""));
  }
  let auth = null;
  if (tg.data) auth = { kind: "telegram", init_data: tg.data };
  else if (link) auth = { kind: "link", token: link };
  const version = String(tg.version || "6.0");
  const activity = !tg.data && inActivity(query); // inside Discord: signed in through its client (activity.js)
  return { table, auth, theme: parse(tg.theme), telegram: Boolean(tg.data), activity, version, platform: String(tg.platform || "") };
}

/** The page's address names the table and the link it would open now: a reload goes on from there. */
function remember(who) {
  if (!who.auth || who.auth.kind !== "link" || who.activity) return; // (Telegram's launch data is kept apart; Discord's address is its own)
  const query = new URLSearchParams({ t: String(who.table), link: who.auth.token });
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

function number(text) {
  return text && /^\d{1,18}$/.test(text) ? Number(text) : null;
}

function parse(text) {
  try {
    const value = JSON.parse(text || "null");
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

// ----- text in either direction ------------------------------------------------------------------
//
// The page's text is the chat's: a person's name comes between FSI and PDI (bot/bidi.py) and is
// shown as a <bdi>, in its own direction. A card (7♣, 10H) or a number (-3, 0:25, 3 / 5) is a
// left-to-right <bdi>: in a right-to-left page it stays in place as a whole and never reads
// backwards ("♣7"). The page's own direction comes with its language (dir, from the server).

const FSI = "\u2068";
const PDI = "\u2069";
const NAMES = new RegExp(`${FSI}([^${PDI}]*)${PDI}`, "u"); // split: a name at every odd index
const MARKS = /[\u2066-\u2069]/gu; // isolation marks left unpaired: not drawn
const CARD = String.raw`(?:10|[2-9AJQK])[♠♥♦♣SHDC](?![\p{L}\p{N}])`;
const NUMBER = String.raw`[-+−]?\p{Nd}+(?:[.,:]\p{Nd}+)*(?:\s?\/\s?\p{Nd}+)?`;
const LTR = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${CARD}|${NUMBER})`, "gu"); // not inside a word

function bdi(text, dir) {
  const node = document.createElement("bdi");
  if (dir) node.dir = dir;
  node.textContent = text;
  return node;
}

/** `node`'s content: `text` with its names and its cards and numbers isolated. */
function write(node, text) {
  const nodes = [];
  String(text || "")
    .split(NAMES)
    .forEach((part, i) => {
      if (i % 2) nodes.push(bdi(part));
      else nodes.push(...runs(part.replace(MARKS, "")));
    });
  node.replaceChildren(...nodes);
}

function runs(text) {
  const out = [];
  let at = 0;
  for (const m of text.matchAll(LTR)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(bdi(m[0], "ltr"));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function language(lang, dir) {
  const root = document.documentElement;
  if (typeof lang === "string") root.lang = lang;
  if (dir === "rtl" || dir === "ltr") root.dir = dir;
}

// ----- the page -----------------------------------------------------------------------------------

let words = {}; // the page's words, from the server's welcome
let discord = null; // inside Discord: the Activity (activity.js)
let participants = []; // who is in it (shown again once the page has its words)
let shown = -1; // the table version on screen
let waiting = false; // a press sent, its answer not yet here
let toastTimer = 0;

function status(state, text) {
  $("page").dataset.state = state;
  $("status-text").textContent = text || "";
  $("status").hidden = state === "live";
}

function picture(img, src) {
  if (!src || typeof src !== "string" || !src.startsWith("/")) {
    img.hidden = true;
    img.removeAttribute("src");
    delete img.dataset.src;
    return;
  }
  if (img.dataset.src === src) return;
  img.dataset.src = src;
  const next = new Image();
  next.src = src;
  const swap = () => {
    if (img.dataset.src !== src) return; // a newer picture came meanwhile
    img.src = src;
    img.hidden = false;
  };
  next.decode().then(swap, swap); // the old picture stays up until the new one is ready
}

function screen(prefix, data) {
  write($(`${prefix}-text`), data.text);
  picture($(`${prefix}-picture`), data.picture);
}

/** A screen's buttons in `box` (the panel's moves, or the lobby's on the board). */
function buttons(box, given) {
  const rows = (Array.isArray(given) ? given : [])
    .map((row) => (Array.isArray(row) ? row : []).filter((b) => b && typeof b.token === "string" && typeof b.label === "string"))
    .filter((row) => row.length);
  // The same moves as on screen (only their tokens are newer): the buttons stay where they are, so
  // that a tap begun on one is not lost to a redraw.
  const lines = [...box.children];
  const same =
    lines.length === rows.length &&
    rows.every((row, i) => {
      const old = lines[i].children;
      return old.length === row.length && row.every((b, j) => old[j].dataset.label === b.label);
    });
  if (same) {
    rows.forEach((row, i) =>
      row.forEach((b, j) => {
        const button = lines[i].children[j];
        button.dataset.token = b.token;
        button.classList.remove("pressed");
      }),
    );
    return;
  }
  box.replaceChildren();
  for (const row of rows) {
    const line = document.createElement("div");
    line.className = "row";
    for (const b of row) {
      const button = document.createElement("button");
      button.type = "button";
      write(button, b.label);
      button.dataset.label = b.label;
      button.dataset.token = b.token;
      button.addEventListener("click", () => press(button));
      line.append(button);
    }
    box.append(line);
  }
}

function enable(on) {
  for (const button of document.querySelectorAll(".buttons button")) button.disabled = !on;
}

function same(panel, board) {
  const moves = Array.isArray(panel.buttons) ? panel.buttons.flat().length : 0;
  return moves === 0 && panel.text === board.text && panel.picture === board.picture;
}

function render(view) {
  if (typeof view.table === "number" && view.table !== who.table) return; // the table this page left
  if (typeof view.version === "number") {
    if (view.version < shown) return; // an older view overtaken by a newer one
    shown = view.version;
    $("page").dataset.version = String(shown);
  }
  language(view.lang, view.dir);
  if (!view.board) return;
  if (discord) discord.present(view);
  const model = view.model && typeof view.model === "object" ? view.model : null;
  heard(cards.model, model);
  $("table").dataset.deck = view.deck === "four_colour" ? "four_colour" : "classic";
  cards.draw(model);
  drawer(model !== null);
  screen("board", view.board);
  buttons($("board-buttons"), view.board.buttons); // before the game, to whoever may press them: the lobby
  replayLink(view.replay);
  $("board").hidden = false;
  const watching = view.seat == null; // a spectator: the public board only, never a panel
  if (who.telegram) telegram.play(!watching && model !== null);
  const badge = $("badge");
  badge.textContent = words.watching || "👁";
  badge.hidden = !watching;
  $("page").dataset.role = watching ? "watching" : "playing";
  // A panel that only repeats the board (the result, at the end) is not shown twice.
  const panel = watching || !view.panel || same(view.panel, view.board) ? null : view.panel;
  // The panel's picture is the board seen from the viewer's seat: then the board's own is not shown;
  // the cards drawn as elements show the table instead of either.
  const pictured = panel && panel.picture ? "panel" : view.board.picture ? "board" : "none";
  $("page").dataset.pictured = model ? "cards" : pictured;
  if (panel === null) {
    $("panel").hidden = true;
    buttons($("panel-buttons"), []);
  } else {
    screen("panel", panel);
    buttons($("panel-buttons"), panel.buttons);
    $("panel").hidden = false;
  }
  waiting = false;
  enable(connection.open());
  status("live");
}

/** After the game, with its result: a link to its replay's page (a signed address; none: hidden). */
function replayLink(replay) {
  const link = $("replay");
  const url = replay && typeof replay.url === "string" && /^https?:\/\//.test(replay.url) ? replay.url : "";
  link.hidden = !url;
  if (!url || link.href === url) return;
  link.href = url;
  write(link, String(replay.label || ""));
}

/** The replay opens outside the page: inside Telegram or Discord their own way (a plain link's new
 * tab is not theirs to open), in a browser a new tab, the table kept (its rematch). */
function openReplay(event) {
  const url = $("replay").href;
  if (who.telegram) telegram.openLink(url);
  else if (discord) discord.openLink(url);
  else return;
  event.preventDefault();
}

/** Inside Discord, in a channel with no table: the games as buttons under the server's question;
 * the one tapped. */
function chooseGame(text, games) {
  const connecting = $("status-text").textContent;
  return new Promise((resolve) => {
    write($("board-text"), text);
    const line = document.createElement("div");
    line.className = "row";
    for (const g of games) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.game = String(g.game);
      write(button, String(g.name));
      button.addEventListener("click", () => {
        $("board-buttons").replaceChildren();
        $("board").hidden = true;
        status("connecting", connecting);
        resolve(String(g.game));
      });
      line.append(button);
    }
    $("board-buttons").replaceChildren(line);
    $("board").hidden = false;
    status("live");
  });
}

/** Who is in the Activity with the viewer (inside Discord): a line under the board. */
function showParticipants(names) {
  participants = names;
  const line = $("participants");
  line.hidden = !names.length;
  const label = words.participants ? `${words.participants}: ` : "";
  write(line, `👥 ${label}${names.map((n) => `${FSI}${n}${PDI}`).join(" · ")}`);
}

/** The sounds of a change (when they are on): another player laid a card, your turn came, the game ended. */
function heard(before, after) {
  if (!before) return;
  if (!after) {
    sounds.play("over");
    return;
  }
  const seats = (model) => new Map((Array.isArray(model.seats) ? model.seats : []).map((s) => [s.seat, s]));
  const was = seats(before);
  const mine = after.seat;
  for (const seat of seats(after).values()) {
    const old = was.get(seat.seat);
    if (!old) continue;
    if (seat.seat === mine && seat.turn && !old.turn) sounds.play("turn");
    if (seat.seat !== mine && seat.cards !== old.cards) sounds.play("other");
  }
}

/** The moves as buttons: a drawer, closed when the cards are drawn (once: a person may open it). */
function drawer(cardsDrawn) {
  const box = $("drawer");
  const was = $("panel").dataset.drawer;
  const now = cardsDrawn ? "on" : "off";
  if (was === now) return;
  $("panel").dataset.drawer = now;
  $("drawer-title").textContent = words.moves || "☰";
  box.open = !cardsDrawn;
}

/** A move chosen on the cards: its token sent, as its button's would be. */
function play(move) {
  if (waiting || !connection.open() || typeof move.token !== "string") return false;
  waiting = true;
  enable(false);
  connection.send({ type: "press", token: move.token });
  return true;
}

function toast(text, ok) {
  const box = $("toast");
  write(box, text);
  box.dataset.ok = ok ? "yes" : "no";
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
  }, TOAST_MS);
}

function refused(text) {
  cards.draw(null);
  $("board").hidden = true;
  $("panel").hidden = true;
  $("board-text").textContent = "";
  $("panel-text").textContent = "";
  buttons($("board-buttons"), []);
  buttons($("panel-buttons"), []);
  status("refused", text || words.refused || "⛔");
}

function press(button) {
  if (button.disabled || waiting || !connection.open()) return;
  waiting = true;
  enable(false);
  button.classList.add("pressed");
  connection.send({ type: "press", token: button.dataset.token });
}

// ----- the socket ---------------------------------------------------------------------------------

class Connection {
  constructor(who) {
    this.who = who;
    this.socket = null;
    this.failures = 0;
    this.timer = 0;
    this.done = false; // refused: never again
  }

  open() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (this.open()) this.socket.send(JSON.stringify(message));
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = 0;
    if (this.done || this.socket) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${proxied()}/ws`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", table: this.who.table, auth: this.who.auth }));
    });
    socket.addEventListener("message", (event) => {
      const message = typeof event.data === "string" ? parse(event.data) : null;
      if (message && this.socket === socket) this.receive(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      waiting = false;
      enable(false);
      if (event.code === REFUSED || this.done) {
        this.done = true;
        if ($("page").dataset.state !== "refused") refused();
        return;
      }
      this.retry();
    });
  }

  receive(message) {
    switch (message.type) {
      case "welcome":
        if (message.words && typeof message.words === "object") words = message.words;
        telegram.words = words;
        cards.speak(words.cards);
        $("sounds-label").textContent = words.sounds || "♪";
        language(message.lang, message.dir);
        if (typeof words.title === "string") document.title = words.title;
        if (discord) showParticipants(participants);
        // a link is good for one session: the server may hand a fresh one for the next
        if (typeof message.resume === "string" && this.who.auth && this.who.auth.kind === "link") {
          this.who.auth = { kind: "link", token: message.resume };
          remember(this.who); // a reload opens the next session, not the used one
        }
        if ($("page").dataset.state !== "live") status("connecting", words.connecting);
        break;
      case "view":
        this.failures = 0;
        render(message);
        if (message.next && typeof message.next === "object") this.follow(message.next);
        break;
      case "answer":
        if (who.telegram) telegram.felt(message.ok !== false);
        sounds.play(message.ok === false ? "refused" : "landed");
        if (message.ok === false) cards.undo(); // what was laid at once goes back
        waiting = false;
        for (const b of document.querySelectorAll(".buttons .pressed")) b.classList.remove("pressed");
        enable(this.open());
        if (message.text) toast(message.text, message.ok !== false);
        break;
      case "refused":
        this.done = true;
        refused(message.text);
        break;
      default:
        break; // something newer than this page: ignored
    }
  }

  /** The rematch started: on to its table, with the link the server signed for it. */
  follow(next) {
    if (typeof next.table !== "number" || typeof next.link !== "string" || next.table === this.who.table) return;
    this.who.table = next.table;
    this.who.auth = { kind: "link", token: next.link };
    remember(this.who);
    shown = -1; // (versions are the table's own)
    const old = this.socket;
    this.socket = null;
    if (old) old.close(1000, "rematch");
    this.connect();
  }

  retry() {
    if (this.timer) return;
    const delay = Math.min(RETRY_MOST, RETRY_FIRST * 2 ** this.failures) * (0.75 + Math.random() * 0.5);
    this.failures += 1;
    status("reconnecting", words.reconnecting);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Back in view or back online: try at once rather than at the end of the backoff. */
  wake() {
    if (!this.done && !this.socket) this.connect();
  }
}

const cards = new CardTable(
  $("table"),
  play,
  () => {
    toast(words.nowhere || "✕", false);
    if (who.telegram) telegram.felt(false);
    sounds.play("refused");
  },
  (on) => who.telegram && telegram.dragging(on),
);
const sounds = new Sounds($("sounds"));
$("replay").addEventListener("click", openReplay);
const who = launch();
const connection = new Connection(who);
applyTheme(who.theme);
if (who.telegram) telegram.start(who);
status("connecting", $("status-text").textContent); // (the server's words, in the browser's language)
if (who.activity) {
  signIn(chooseGame).then(
    (session) => {
      who.table = session.table;
      who.auth = session.auth;
      discord = session.discord;
      connection.connect();
      discord.participants(showParticipants).catch(() => {}); // (an older client: no list)
    },
    (error) => {
      connection.done = true;
      refused(error && error.message);
    },
  );
} else {
  connection.connect(); // (no table or no auth: the server refuses, in its words)
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") connection.wake();
});
window.addEventListener("online", () => connection.wake());
