// The win-chance graph: an analysis (`watan analyze --format json`) drawn in the strip under
// the board through `window.watanViewer`, by the toolkit's graph (`replay/page/chances.js`:
// each student's chance at every decision a line in the student's colour, a marked move a
// dot on the mover's line, the current step a vertical line, a click showing the step under
// the pointer).  Here, a marked move's sign in the event list (?! an inaccuracy, ? a
// mistake, ?? a blunder, as chess annotators write them), and the caption's engine move
// for the move the step shown belongs to.
"use strict";
(function () {
  const viewer = window.watanViewer;
  const analysis = window.watanAnalysis;
  const players = viewer.data.players;
  const names = players.map((p) => p.name);
  const graph = viewer.slot("graph");
  const last = viewer.steps.length - 1;
  const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

  const decisions = analysis.decisions.filter((d) => d.step <= last);
  const points = decisions.map((d) => [d.step, d.chances]);
  points.push([Math.min(analysis.steps, last), analysis.end]);
  const marked = decisions.filter((d) => d.mark);
  const moveCursor = window.replayChances(graph, {
    names, colours: players.map((p) => p.colour), last, points,
    marks: marked.map((d) => ({
      step: d.step, player: d.colour, mark: d.mark,
      title: `Step ${d.step}: ${d.colour}'s ${d.played}, a ${d.mark}`,
    })),
    show: (step) => viewer.show(step),
  });
  for (const d of marked) {
    const button = document.querySelector(`#events button[data-step="${d.step + 1}"]`);
    if (button) {
      const mark = document.createElement("span");
      mark.className = `sign ${d.mark}`;
      mark.textContent = SIGNS[d.mark];
      mark.title = `${d.mark}: ${d.cost.toFixed(1)} points lost; better ${d.best}`;
      button.append(mark);
    }
  }

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
    moveCursor(step);
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
