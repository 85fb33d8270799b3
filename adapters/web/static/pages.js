// The player and group pages (adapters/web/pages.py) are whole without this: it adds a rating chart
// per game, drawn as SVG from the page's API answer (no chart library: a line, two axes and the
// season lines), and on a group page a season picker that changes the season's boards in place.
// Numbers and dates in the page's language, in Latin digits as the server writes them (Babel).

const SVG = "http://www.w3.org/2000/svg";
const main = document.querySelector("main[data-api]");
const lang = document.documentElement.lang || "en";
const numbers = new Intl.NumberFormat(lang, { numberingSystem: "latn" });
// (the Gregorian calendar, as Babel writes the server's dates and the seasons' names: Persian's own
// would date the same day twice over on one page)
const days = new Intl.DateTimeFormat(lang, { dateStyle: "medium", numberingSystem: "latn", calendar: "gregory", timeZone: "UTC" });

function element(name, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

async function fetched(url) {
  const answer = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (!answer.ok) throw new Error(`${answer.status}`);
  return answer.json();
}

// Ticks on round numbers between low and high, about `count` of them.
function ticks(low, high, count) {
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || raw;
  const found = [];
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) found.push(v);
  return found;
}

// One game's rating over time: its points joined by a line, round ratings as faint rules, each
// season's start as a dashed line with its name. Time runs left to right in every language, as
// the dates under it do.
function chart(plot, game, seasons) {
  const points = game.history.map((p) => ({ at: Date.parse(p.at), rating: p.rating }));
  const width = Math.max(280, plot.clientWidth || 600);
  const height = Math.round(Math.max(170, Math.min(260, width * 0.42)));
  const pad = { top: 20, right: 12, bottom: 26, left: 46 };
  let [t0, t1] = [Math.min(...points.map((p) => p.at)), Math.max(...points.map((p) => p.at))];
  if (t1 - t0 < 86_400_000) [t0, t1] = [t0 - 43_200_000, t1 + 43_200_000];
  let [r0, r1] = [Math.min(...points.map((p) => p.rating)), Math.max(...points.map((p) => p.rating))];
  const margin = Math.max(10, (r1 - r0) * 0.08);
  [r0, r1] = [r0 - margin, r1 + margin];
  const x = (at) => pad.left + ((at - t0) / (t1 - t0)) * (width - pad.left - pad.right);
  const y = (r) => pad.top + (1 - (r - r0) / (r1 - r0)) * (height - pad.top - pad.bottom);

  const summary = plot.dataset.summary;
  const svg = element("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", direction: "ltr" });
  if (summary) svg.setAttribute("aria-labelledby", summary);
  for (const r of ticks(r0, r1, 4)) {
    svg.append(element("line", { class: "grid", x1: pad.left, x2: width - pad.right, y1: y(r), y2: y(r) }));
    svg.append(element("text", { class: "axis", x: pad.left - 6, y: y(r) + 4, "text-anchor": "end" }, numbers.format(r)));
  }
  for (const season of seasons) {
    const at = Date.parse(season.starts);
    if (at <= t0 || at > t1) continue;
    svg.append(element("line", { class: "season", x1: x(at), x2: x(at), y1: pad.top - 4, y2: height - pad.bottom }));
    const late = x(at) > width * 0.7; // (its name to the line's left there, inside the chart)
    const where = { class: "season-name", x: x(at) + (late ? -3 : 3), y: pad.top - 8, "text-anchor": late ? "end" : "start" };
    svg.append(element("text", where, season.name));
  }
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(p.at).toFixed(1)},${y(p.rating).toFixed(1)}`).join("");
  svg.append(element("path", { class: "line", d: path }));
  if (points.length <= 80) {
    for (const p of points) svg.append(element("circle", { class: "point", cx: x(p.at), cy: y(p.rating), r: 2.5 }));
  }
  const base = height - 8;
  svg.append(element("text", { class: "axis", x: pad.left, y: base }, days.format(points[0].at)));
  if (points.length > 1) {
    const last = element("text", { class: "axis", x: width - pad.right, y: base, "text-anchor": "end" });
    last.textContent = days.format(points[points.length - 1].at);
    svg.append(last);
  }
  plot.replaceChildren(svg);
}

function charts(player) {
  const draw = () => {
    for (const figure of document.querySelectorAll("figure.chart")) {
      const game = player.games.find((g) => g.game === figure.dataset.game);
      const plot = figure.querySelector(".plot");
      if (game && game.history.length && plot) chart(plot, game, player.seasons);
    }
  };
  draw();
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth !== width) {
      width = window.innerWidth;
      draw();
    }
  });
}

// A season's boards from the API, in the server's table (the page's <template>).
function boards(chat) {
  const shape = document.getElementById("board-template");
  const empty = document.getElementById("no-rated-template");
  const made = [];
  for (const board of chat.boards) {
    if (!board.rows.length) {
      const note = empty.content.firstElementChild.cloneNode(true);
      const title = document.createElement("strong");
      title.textContent = board.title;
      note.prepend(title, ": ");
      made.push(note);
      continue;
    }
    const table = shape.content.firstElementChild.cloneNode(true);
    table.querySelector("caption").textContent = board.title;
    const body = table.querySelector("tbody");
    for (const row of board.rows) {
      const tr = document.createElement("tr");
      const cells = [numbers.format(row.rank), row.name, numbers.format(row.rating), numbers.format(row.games), numbers.format(row.wins)];
      cells.forEach((text, i) => {
        const cell = document.createElement(i === 1 ? "th" : "td");
        if (i === 1) {
          cell.scope = "row";
          const name = document.createElement("bdi");
          name.textContent = text;
          cell.append(name);
        } else {
          cell.textContent = text;
        }
        tr.append(cell);
      });
      body.append(tr);
    }
    made.push(table);
  }
  if (!made.length) made.push(empty.content.firstElementChild.cloneNode(true));
  return made;
}

function picker() {
  const form = document.querySelector("form.picker");
  if (!form) return;
  const select = form.querySelector("select");
  const show = async () => {
    const season = select.value;
    try {
      const chat = await fetched(`${main.dataset.api}?season=${encodeURIComponent(season)}`);
      document.getElementById("season-boards").replaceChildren(...boards(chat));
      document.getElementById("season-title").textContent = chat.season_name;
      history.replaceState(null, "", `?season=${encodeURIComponent(season)}`);
    } catch {
      form.submit(); // the server's page of that season, as without this script
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    show();
  });
  select.addEventListener("change", show);
  main.classList.add("enhanced");
}

async function start() {
  if (!main) return;
  if (main.classList.contains("chat")) {
    picker();
    main.dataset.drawn = "true";
    return;
  }
  const player = await fetched(main.dataset.api);
  charts(player);
  main.dataset.drawn = "true";
}

start().catch(() => {}); // the page stays as the server wrote it: every figure is in its tables
