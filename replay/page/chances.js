// A game's win chances over its steps, for any game's page: each player's chance at every
// decision as a line in the player's colour, a marked move as a dot on the mover's line
// (its title says why), the step shown as a vertical line, and a click choosing the step
// under the pointer.  `window.replayChances(parent, options)` draws it into `parent` and
// returns `draw(step)`, which moves the line; the options are `names` and `colours` (in
// seat order), `last` (the last step), `points` ([step, {name: percent}] in order),
// `marks` ([{step, player, mark, title}]) and `show(step)`, called on a click.
"use strict";
window.replayChances = function (parent, options) {
  const { names, colours, last, points, marks, show } = options;
  const W = 1000, H = 100;
  const NS = "http://www.w3.org/2000/svg";
  const x = (step) => (last > 0 ? (step / last) * W : 0);
  const y = (chance) => H - chance;
  const make = (name, attributes) => {
    const element = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    return element;
  };
  const svg = make("svg", {
    viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", class: "chances",
    role: "img", "aria-label": "Each player's chance to win, step by step",
  });
  svg.append(make("line", { x1: 0, x2: W, y1: H - 100 / names.length, y2: H - 100 / names.length, class: "even" }));
  names.forEach((name, seat) => {
    const line = points.map(([step, chances]) => `${x(step).toFixed(1)},${y(chances[name]).toFixed(1)}`);
    svg.append(make("polyline", {
      points: line.join(" "), fill: "none", stroke: colours[seat],
      "stroke-width": 2, "vector-effect": "non-scaling-stroke", "data-colour": name,
    }));
  });
  for (const m of marks) {
    const seat = names.indexOf(m.player);
    const at = points.find(([step]) => step === m.step);
    const sign = make("circle", {
      cx: x(m.step), cy: y(at ? at[1][m.player] : 0), r: 3, class: `mark ${m.mark}`,
      fill: colours[seat], "vector-effect": "non-scaling-stroke", "data-step": String(m.step),
    });
    const title = make("title", {});
    title.textContent = m.title;
    sign.append(title);
    svg.append(sign);
  }
  const cursor = make("line", { y1: 0, y2: H, class: "cursor", "vector-effect": "non-scaling-stroke" });
  svg.append(cursor);
  parent.append(svg);
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    const share = Math.max(0, Math.min(1, (event.clientX - box.left) / box.width));
    show(Math.round(share * last));
  });
  return function draw(step) {
    cursor.setAttribute("x1", x(step));
    cursor.setAttribute("x2", x(step));
  };
};
