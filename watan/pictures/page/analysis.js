// The win-chance graph: an analysis (`watan analyze --format json`) drawn in the strip under
// the board through `window.watanViewer`.  Each student's chance at every decision is a line
// in the student's colour; a marked move is a sign on the mover's line and in the event list
// (?! an inaccuracy, ? a mistake, ?? a blunder, as chess annotators write them); the
// current step is a vertical line; clicking the graph shows the step under the pointer; the
// caption says the engine's better move for the move the step shown belongs to.
"use strict";
(function () {
  const viewer = window.watanViewer;
  const analysis = window.watanAnalysis;
  const players = viewer.data.players;
  const names = players.map((p) => p.name);
  const graph = viewer.slot("graph");
  const last = viewer.steps.length - 1;
  const W = 1000, H = 100;
  const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
  const NS = "http://www.w3.org/2000/svg";
  const x = (step) => (last > 0 ? (step / last) * W : 0);
  const y = (chance) => H - chance;
  const make = (name, attributes) => {
    const element = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    return element;
  };

  const decisions = analysis.decisions.filter((d) => d.step <= last);
  const points = decisions.map((d) => [d.step, d.chances]);
  points.push([Math.min(analysis.steps, last), analysis.end]);
  const svg = make("svg", {
    viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", class: "chances",
    role: "img", "aria-label": "Each student's chance to win, step by step",
  });
  svg.append(make("line", { x1: 0, x2: W, y1: 75, y2: 75, class: "even" }));
  names.forEach((name, colour) => {
    const line = points.map(([step, chances]) => `${x(step).toFixed(1)},${y(chances[name]).toFixed(1)}`);
    svg.append(make("polyline", {
      points: line.join(" "), fill: "none", stroke: players[colour].colour,
      "stroke-width": 2, "vector-effect": "non-scaling-stroke", "data-colour": name,
    }));
  });
  for (const d of decisions) {
    if (!d.mark) continue;
    const colour = names.indexOf(d.colour);
    const sign = make("circle", {
      cx: x(d.step), cy: y(d.chances[d.colour]), r: 3, class: `mark ${d.mark}`,
      fill: players[colour].colour, "vector-effect": "non-scaling-stroke",
      "data-step": String(d.step),
    });
    const title = make("title", {});
    title.textContent = `Step ${d.step}: ${d.colour}'s ${d.played}, a ${d.mark}`;
    sign.append(title);
    svg.append(sign);
    const button = document.querySelector(`#events button[data-step="${d.step + 1}"]`);
    if (button) {
      const mark = document.createElement("span");
      mark.className = `sign ${d.mark}`;
      mark.textContent = SIGNS[d.mark];
      mark.title = `${d.mark}: ${d.cost.toFixed(1)} points lost; better ${d.best}`;
      button.append(mark);
    }
  }
  const cursor = make("line", { y1: 0, y2: H, class: "cursor", "vector-effect": "non-scaling-stroke" });
  svg.append(cursor);
  graph.append(svg);
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    const share = Math.max(0, Math.min(1, (event.clientX - box.left) / box.width));
    viewer.show(Math.round(share * last));
  });

  // The caption's line: the decision whose events the step shown belongs to.
  const line = document.createElement("p");
  line.id = "engine-move";
  line.className = "engine-move";
  document.getElementById("now").append(line);
  function belongs(step) {
    let found = null;
    for (const d of decisions) if (d.step < step) found = d;
    return found;
  }
  function draw(step) {
    cursor.setAttribute("x1", x(step));
    cursor.setAttribute("x2", x(step));
    const d = belongs(step);
    if (d === null) {
      const at = decisions.length ? decisions[0].chances : analysis.end;
      line.textContent = `Chances: ${names.map((n) => `${n} ${at[n].toFixed(1)}%`).join(", ")}.`;
      return;
    }
    const played = `${d.colour} played ${d.played} (${d.played_chance.toFixed(1)}%)`;
    line.textContent = d.played === d.best
      ? `${played}: the engine's choice too.`
      : `${played}; the engine's better move: ${d.best} (${d.best_chance.toFixed(1)}%)` +
        (d.mark ? `, a ${d.mark}.` : ".");
  }
  viewer.on("step", (step) => draw(step));
  draw(viewer.current);
})();
