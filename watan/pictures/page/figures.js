// The game in figures (`watan.pictures.figures`, worked out from the journal): a button
// among the controls (or F) opens a panel with the rolls by value, fair and loaded apart, against what fair
// dice should have shown; each student's resources by where they came from and went; and
// each student's builds over the turns.  Every figure is also in a table, for reading and
// for screen readers; the charts draw the same numbers.
"use strict";
(function () {
  const viewer = window.watanViewer;
  const figures = window.watanFigures;
  const players = viewer.data.players;
  const words = viewer.data.words;
  const resources = viewer.data.resources.slice(0, 5);
  const NS = "http://www.w3.org/2000/svg";
  const VALUES = Array.from({ length: 11 }, (_, i) => i + 2);
  const sum = (amounts) => amounts.reduce((a, b) => a + b, 0);
  const element = (name, attributes = {}, text = "") => {
    const made = document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
    if (text) made.textContent = text;
    return made;
  };
  const drawing = (name, attributes) => {
    const made = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
    return made;
  };
  function table(caption, head, rows, kind) {
    const made = element("table", { class: `figures-table ${kind}-table`, "data-table": kind });
    made.append(element("caption", {}, caption));
    const top = element("tr");
    for (const cell of head) top.append(element("th", { scope: "col" }, cell));
    made.appendChild(element("thead")).append(top);
    const body = made.appendChild(element("tbody"));
    for (const row of rows) {
      const line = body.appendChild(element("tr"));
      row.forEach((cell, i) => {
        const made = element(i === 0 ? "th" : "td", i === 0 ? { scope: "row" } : {});
        if (typeof cell === "object") {
          made.textContent = cell.text;
          made.title = cell.title;
        } else {
          made.textContent = String(cell);
        }
        line.append(made);
      });
    }
    return made;
  }

  // Rolls: a pair of bars for each value (fair, loaded) and a tick where fair dice should be.
  function rollsChart() {
    const { fair, loaded, expected } = figures.rolls;
    const top = Math.max(1, ...fair, ...loaded, ...expected);
    const W = 440, H = 160, band = W / VALUES.length, bar = band * 0.36, base = H - 18;
    const y = (count) => base - (count / top) * (base - 8);
    const svg = drawing("svg", {
      viewBox: `0 0 ${W} ${H}`, class: "figures-chart rolls-chart", role: "img",
      "aria-label": "Rolls by value: fair and loaded, and what fair dice should have shown",
    });
    VALUES.forEach((value, i) => {
      const left = i * band + band * 0.14;
      svg.append(drawing("rect", { x: left, y: y(fair[i]), width: bar, height: base - y(fair[i]), class: "fair" }));
      svg.append(drawing("rect", { x: left + bar, y: y(loaded[i]), width: bar, height: base - y(loaded[i]), class: "loaded" }));
      if (expected[i] > 0) {
        svg.append(drawing("line", { x1: left - 2, x2: left + bar + 2, y1: y(expected[i]), y2: y(expected[i]), class: "expected" }));
      }
      const label = drawing("text", { x: i * band + band / 2, y: H - 4, class: "value" });
      label.textContent = String(value);
      svg.append(label);
    });
    return svg;
  }

  // Builds: each student's builds so far, a step line over the turns.
  function buildsChart() {
    const turns = Math.max(1, figures.turns);
    const counts = players.map(() => 0);
    const lines = players.map(() => [[0, 0]]);
    for (const [, turn, student] of figures.builds) {
      counts[student] += 1;
      lines[student].push([turn, counts[student]]);
    }
    const top = Math.max(1, ...counts);
    const W = 440, H = 160;
    const x = (turn) => 6 + (turn / turns) * (W - 12);
    const y = (count) => H - 6 - (count / top) * (H - 12);
    const svg = drawing("svg", {
      viewBox: `0 0 ${W} ${H}`, class: "figures-chart builds-chart", role: "img",
      "aria-label": "Each student's builds so far, turn by turn",
    });
    lines.forEach((line, student) => {
      const points = [];
      let height = 0;
      for (const [turn, count] of line) {
        points.push(`${x(turn).toFixed(1)},${y(height).toFixed(1)}`, `${x(turn).toFixed(1)},${y(count).toFixed(1)}`);
        height = count;
      }
      points.push(`${x(turns).toFixed(1)},${y(height).toFixed(1)}`);
      svg.append(drawing("polyline", {
        points: points.join(" "), fill: "none", stroke: players[student].colour,
        "stroke-width": 2, "data-student": players[student].name,
      }));
    });
    return svg;
  }

  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  const kinds = [
    ["completion", "Completions"], ["improvement", "Improvements"], ["goal", capital(words.goals)],
  ];
  if (words.cards) kinds.push(["card", capital(words.cards)]);
  const flows = [
    ["gained", "Gained"], ["lostToGeese", "Lost to the geese"], ["stole", "Stole"],
    ["stolen", "Stolen"], ["tradedAway", "Traded away"], ["tradedFor", "Traded for"],
    ["spent", "Spent"],
  ];
  const broken = (amounts) => ({
    text: String(sum(amounts)),
    title: resources.map((name, i) => `${amounts[i]} ${name}`).join(", "),
  });

  const dialog = element("dialog", { id: "figures", class: "figures", "aria-labelledby": "figures-title" });
  const heading = element("div", { class: "figures-heading" });
  heading.append(element("h2", { id: "figures-title" }, "The game in figures"));
  const close = element("button", { type: "button", id: "figures-close", class: "figures-close" }, "Close");
  close.addEventListener("click", () => dialog.close());
  heading.append(close);
  dialog.append(heading);

  const rolls = element("section", { class: "figures-part" });
  rolls.append(element("h3", {}, "Rolls by value"));
  rolls.append(element("p", { class: "legend" }, "Bars: fair rolls (dark) and loaded rolls (light); ticks: what fair dice should have shown, from the 36 ways two dice fall."));
  rolls.append(rollsChart());
  rolls.append(table("Rolls by value", ["Value", ...VALUES.map(String)], [
    ["Fair", ...figures.rolls.fair],
    ["Expected", ...figures.rolls.expected.map((count) => count.toFixed(1))],
    ["Loaded", ...figures.rolls.loaded],
  ], "rolls"));
  dialog.append(rolls);

  const held = element("section", { class: "figures-part" });
  held.append(element("h3", {}, "Resources"));
  held.append(table("Resources by student", ["", ...flows.map(([, name]) => name)], players.map((p, i) => [
    p.name, ...flows.map(([key]) => broken(figures.students[i][key])),
  ]), "resources"));
  dialog.append(held);

  const built = element("section", { class: "figures-part" });
  built.append(element("h3", {}, "Builds over time"));
  built.append(element("p", { class: "legend" }, `Each student's builds so far, in their colour, from setup to turn ${figures.turns}.`));
  built.append(buildsChart());
  built.append(table("Builds by student", ["", ...kinds.map(([, name]) => name)], players.map((p, i) => [
    p.name, ...kinds.map(([kind]) => figures.builds.filter(([, , s, k]) => s === i && k === kind).length),
  ]), "builds"));
  dialog.append(built);
  document.body.append(dialog);

  // The button sits with the other controls, after Zoom: Tab reaches the steps' first.
  const open = element("button", {
    type: "button", id: "figures-open", "aria-label": "The game in figures (F)",
    title: "The game in figures: rolls, resources and builds (F)", "aria-keyshortcuts": "F",
  });
  open.innerHTML = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M1 14h14v1.5H1zM2 8h3v5H2zM6.5 3h3v10h-3zM11 6h3v7h-3z"/></svg><span>Figures</span>';
  open.addEventListener("click", () => dialog.showModal());
  const controls = document.querySelector(".controls");
  controls.insertBefore(open, controls.querySelector(".slider"));
  document.querySelector(".keys").append(" F opens the game in figures.");
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || dialog.open) return;
    if (e.key === "f" || e.key === "F") dialog.showModal();
  });
})();
