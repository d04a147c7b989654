// The replay page: every step of a game from step 0 and what each event changed.
// The board's pieces are redrawn with the fragments `watan.pictures.svg` wrote; nothing
// here knows the rules, it only puts the recorded changes together.
//
// The parts, each drawing one thing from a step: the steps themselves (`steps`, grown by
// `append`), the board, the students' cards, the event list, the caption, and the controls
// that choose the step shown (`show`).  Whatever else draws from the steps (a chart in the
// strip under the board, a live game's feed) uses `window.watanViewer`: `on("step", f)`
// calls f(index, step) whenever a step is shown, `on("append", f)` calls f(index, step) for
// each step added, `append(change)` adds a step (shown at once when the last was showing),
// and `slot("graph")` unhides the strip under the board and returns it.
"use strict";
window.watanViewer = (function () {
  const data = JSON.parse(document.getElementById("watan-data").textContent);
  const players = data.players;
  const fragments = data.fragments;
  const words = data.words;
  const $ = (id) => document.getElementById(id);
  const counted = (count, one, many) => `${count} ${count === 1 ? one : many}`;
  const listeners = { step: [], append: [] };
  const tell = (kind, ...args) => listeners[kind].forEach((listener) => listener(...args));

  // The steps: each whole, sharing what an event left unchanged with the step before.
  const steps = [];
  const turnStarts = [];  // the first step of setup and of every turn
  function addStep(step) {
    const i = steps.length;
    if (i === 0 || step.turnNumber !== steps[i - 1].turnNumber) turnStarts.push(i);
    steps.push(step);
  }
  function nextStep(s, c) {
    const n = Object.assign({}, s, { event: c.event });
    if (c.criteria) {
      n.co = s.co.slice(); n.cl = s.cl.slice();
      for (const [i, owner, level] of c.criteria) { n.co[i] = owner; n.cl[i] = level; }
    }
    if (c.goals) {
      n.go = s.go.slice();
      for (const [i, owner] of c.goals) n.go[i] = owner;
    }
    if (c.geese !== undefined) n.geese = c.geese;
    if (c.students) {
      n.students = s.students.slice();
      for (const h of c.students) n.students[h.student] = Object.assign({}, s.students[h.student], h);
    }
    if (c.standing) Object.assign(n, c.standing);
    return n;
  }
  (function build() {
    const b = data.beginning;
    let s = {
      co: Int8Array.from(b.criterionOwner), cl: Int8Array.from(b.criterionLevel),
      go: Int8Array.from(b.goalOwner), geese: b.geese, students: b.students,
      turn: b.standing.turn, turnNumber: b.standing.turnNumber, words: b.standing.words,
      winner: b.standing.winner, event: b.event,
    };
    addStep(s);
    for (const c of data.changes) {
      s = nextStep(s, c);
      addStep(s);
    }
  })();
  const lastStep = () => steps.length - 1;

  // The board: only the places that differ between two steps are redrawn.
  const board = $("board");
  const byNumber = (kind, count) => Array.from({ length: count }, (_, i) => board.querySelector(`[data-${kind}="${i}"]`));
  const tiles = byNumber("tile", fragments.tile.length);
  const criteria = byNumber("criterion", steps[0].co.length);
  const goals = byNumber("goal", steps[0].go.length);
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => values[key]);
  const ownerName = (owner) => (owner < 0 ? "none" : players[owner].name);

  function drawBoard(from, to) {
    if (from.co !== to.co || from.cl !== to.cl) {
      for (let i = 0; i < criteria.length; i++) {
        if (from.co[i] === to.co[i] && from.cl[i] === to.cl[i]) continue;
        const el = criteria[i];
        el.setAttribute("data-owner", ownerName(to.co[i]));
        el.setAttribute("data-level", String(to.cl[i]));
        el.innerHTML = fill(fragments.criterion[to.co[i] + 1][to.cl[i]], { n: i });
      }
    }
    if (from.go !== to.go) {
      for (let i = 0; i < goals.length; i++) {
        if (from.go[i] === to.go[i]) continue;
        goals[i].setAttribute("data-owner", ownerName(to.go[i]));
        goals[i].innerHTML = fill(fragments.goal[to.go[i] + 1], { n: i, a: data.goalAngles[i] });
      }
    }
    if (from.geese !== to.geese) {
      for (const [tile, geese] of [[from.geese, false], [to.geese, true]]) {
        if (tile < 0) continue;
        tiles[tile].setAttribute("data-geese", String(geese));
        tiles[tile].innerHTML = fragments.tile[tile][geese ? 1 : 0];
      }
    }
  }

  // The students' cards: one each, filled in at every step.
  function countLine(field, one, many, tag = "span") {
    const span = document.createElement("span");
    span.innerHTML = `<${tag} data-field="${field}"></${tag}> <span class="noun"></span>`;
    return { span, count: span.firstChild, noun: span.lastChild, one, many };
  }
  function setCount(line, count) {
    line.count.textContent = count;
    line.noun.textContent = count === 1 ? line.one : line.many;
  }
  const cards = players.map((player, i) => {
    const card = document.createElement("article");
    card.className = "student";
    card.dataset.student = player.name;
    card.style.setProperty("--colour", player.colour);
    card.style.setProperty("--colour-ink", player.ink);
    const heading = document.createElement("h3");
    const name = document.createElement("span");
    name.textContent = player.name;
    const won = document.createElement("span");
    won.className = "won";
    won.textContent = "won";
    won.hidden = true;
    const points = countLine("points", words.point, words.points, "b");
    points.span.className = "points";
    heading.append(name, won, points.span);
    const held = document.createElement("ul");
    held.className = "resources";
    held.setAttribute("aria-label", "Resources");
    const counts = data.resources.map((resource) => {
      const li = document.createElement("li");
      li.dataset.resource = resource;
      li.innerHTML = `<span class="count"></span> ${resource}`;
      held.append(li);
      return li.firstChild;
    });
    const places = document.createElement("ul");
    places.className = "places";
    places.dataset.field = "criteria";
    places.setAttribute("aria-label", words.criteria);
    const goalLine = document.createElement("p");
    goalLine.className = "goals-count";
    const goalCount = countLine("goals", words.goal, words.goals);
    goalLine.append(goalCount.span);
    let cardCount = null;
    if (words.cards) {  // a game with the development cards of the house rules
      cardCount = countLine("cards", words.card, words.cards);
      goalLine.append(" \u00b7 ", cardCount.span);
    }
    card.append(heading, held, places, goalLine);
    $("students").append(card);
    return { card, won, points, counts, places, goals: goalCount, cards: cardCount, shown: null, index: i };
  });

  function drawStudents(step) {
    for (const c of cards) {
      c.card.setAttribute("aria-current", String(step.turn === c.index));
      c.won.hidden = step.winner !== c.index;
      const h = step.students[c.index];
      if (c.shown === h) continue;
      c.shown = h;
      setCount(c.points, h.points);
      h.resources.forEach((count, r) => { c.counts[r].textContent = count; });
      c.places.replaceChildren(...h.criteria.map(([place, level]) => {
        const li = document.createElement("li");
        li.textContent = `${place}${data.levelInitials[level - 1]}`;
        li.title = `${words.criterion} ${place}: ${data.levels[level - 1]}`;
        return li;
      }));
      setCount(c.goals, h.goals);
      if (c.cards) setCount(c.cards, h.cards);
    }
  }

  // The event list: one button per step, under a heading for each turn.
  const list = $("events");
  const buttons = [];
  // An event is listed under the turn it happened in: that of the step before it.
  const during = (i) => steps[Math.max(0, i - 1)];
  function addToList(from) {
    const items = document.createDocumentFragment();
    for (let i = from; i < steps.length; i++) {
      const step = steps[i];
      const turn = during(i).turnNumber;
      if (i === 0 || turn !== during(i - 1).turnNumber) {
        const li = document.createElement("li");
        li.className = "turn-heading";
        li.textContent = turn === 0 ? "Setup" : `Turn ${turn} \u00b7 ${players[during(i).turn].name}`;
        items.append(li);
      }
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.step = String(i);
      const n = document.createElement("span");
      n.className = "n";
      n.textContent = String(i);
      const text = document.createElement("span");
      text.textContent = step.event;
      button.append(n, text);
      li.append(button);
      items.append(li);
      buttons.push(button);
    }
    list.append(items);
  }
  addToList(0);
  list.addEventListener("click", (e) => {
    const button = e.target.closest("button[data-step]");
    if (button) { stop(); show(Number(button.dataset.step)); }
  });

  function keepInView(button) {
    // Only the list scrolls, never the page: on a phone the list sits below the board.
    const box = list.getBoundingClientRect(), at = button.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) {
      list.scrollTop += at.top - box.top - (list.clientHeight - at.height) / 2;
    }
  }
  // What reads the layout, or the browser limits, waits for the next frame: once a frame,
  // however many steps were shown since (a slider dragged, a key held, a feed's burst).
  let framed = false;
  function followInFrame() {
    if (framed) return;
    framed = true;
    requestAnimationFrame(() => {
      framed = false;
      keepInView(buttons[current]);
      try { history.replaceState(null, "", `#step=${current}`); } catch (_) { /* some file:// pages refuse */ }
    });
  }

  // The caption: the step, its turn, its event, whose turn it is, and who has won.
  const now = $("now");
  const winner = $("winner");
  function drawCaption(step, i) {
    $("step-number").textContent = `Step ${i} of ${lastStep()}`;
    $("turn-number").textContent = step.turnNumber === 0 ? "Setup" : `Turn ${step.turnNumber}`;
    const event = $("event-now");
    event.textContent = i === 0 ? step.event : `${i}. ${step.event}`;
    event.title = event.textContent;
    $("standing").textContent = step.words.trim();
    now.style.setProperty("--turn", players[step.turn].colour);
    const won = step.winner >= 0;
    now.classList.toggle("won", won);
    winner.hidden = !won;
    if (won) {
      const player = players[step.winner];
      now.style.setProperty("--winner", player.colour);
      winner.style.setProperty("--winner", player.colour);
      winner.style.setProperty("--winner-ink", player.ink);
      const points = counted(step.students[step.winner].points, words.point, words.points);
      winner.innerHTML = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 1h8v2h3v2a4 4 0 0 1-3.6 4A4 4 0 0 1 9 11v2h3v2H4v-2h3v-2a4 4 0 0 1-2.4-2A4 4 0 0 1 1 5V3h3zm0 4V4.5H2.5V5A2.5 2.5 0 0 0 4 7.3zm8 0v2.3A2.5 2.5 0 0 0 13.5 5v-.5H12z"/></svg>';
      winner.append(`${player.name} won with ${points}`);
    }
  }

  // Choosing the step shown.
  let current = 0;
  let shown = steps[0];
  function show(target) {
    const step = Math.max(0, Math.min(lastStep(), Math.trunc(Number(target)) || 0));
    drawBoard(shown, steps[step]);
    shown = steps[step];
    drawStudents(shown);
    buttons[current].removeAttribute("aria-current");
    buttons[step].setAttribute("aria-current", "step");
    current = step;
    followInFrame();
    $("slider").value = String(step);
    drawCaption(shown, step);
    document.body.dataset.step = String(step);
    if (step === lastStep()) stop();
    tell("step", step, shown);
  }

  // A step that arrives (a live game): the list and the slider grow, and a viewer that was
  // showing the last step follows on to the new one.
  function append(change) {
    const following = current === lastStep();
    const from = steps.length;
    addStep(nextStep(steps[from - 1], change));
    $("slider").max = String(lastStep());
    addToList(from);
    tell("append", from, steps[from]);
    if (following) show(lastStep());
    else $("step-number").textContent = `Step ${current} of ${lastStep()}`;
  }

  let timer = null;
  const play = $("play");
  function stop() {
    if (timer === null) return;
    clearInterval(timer);
    timer = null;
    play.setAttribute("aria-pressed", "false");
    play.setAttribute("aria-label", "Play");
    play.querySelector("path").setAttribute("d", "M4 2v12l9-6z");
    play.querySelector("span").textContent = "Play";
  }
  function start() {
    if (current === lastStep()) show(0);
    timer = setInterval(() => show(current + 1), 500);
    play.setAttribute("aria-pressed", "true");
    play.setAttribute("aria-label", "Pause");
    play.querySelector("path").setAttribute("d", "M3 2h4v12H3zM9 2h4v12H9z");
    play.querySelector("span").textContent = "Pause";
  }
  const toggle = () => (timer === null ? start() : stop());
  const nextTurn = () => turnStarts.find((i) => i > current) ?? lastStep();
  const previousTurn = () => turnStarts.filter((i) => i < current).pop() ?? 0;

  const zoom = $("zoom");
  function toggleZoom() {
    const zoomed = board.classList.toggle("zoomed");
    zoom.setAttribute("aria-pressed", String(zoomed));
    board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2;
    board.scrollTop = (board.scrollHeight - board.clientHeight) / 2;
  }
  zoom.addEventListener("click", toggleZoom);
  $("first").addEventListener("click", () => { stop(); show(0); });
  $("back").addEventListener("click", () => { stop(); show(current - 1); });
  $("forward").addEventListener("click", () => { stop(); show(current + 1); });
  $("last").addEventListener("click", () => show(lastStep()));
  play.addEventListener("click", toggle);
  $("slider").addEventListener("input", (e) => { stop(); show(e.target.value); });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === $("slider")) return;
    const moves = {
      ArrowRight: () => current + 1, ArrowLeft: () => current - 1,
      Home: () => 0, End: lastStep, PageDown: nextTurn, PageUp: previousTurn,
    };
    if (e.key in moves) {
      e.preventDefault();
      stop();
      show(moves[e.key]());
    } else if (e.key === " " && !e.target.closest("button, input")) {
      e.preventDefault();
      toggle();
    } else if (e.key === "z" || e.key === "Z") {
      toggleZoom();
    }
  });

  // The board's picture and the event list fill their boxes, sized in pixels once the layout
  // has sized the boxes (see viewer.css): again only when a box changes size, and then the
  // current event is brought back into view.
  function fit(box, content) {
    new ResizeObserver(() => {
      content.style.setProperty("--fit-width", `${box.clientWidth}px`);
      content.style.setProperty("--fit-height", `${box.clientHeight}px`);
      keepInView(buttons[current]);
    }).observe(box);
  }
  fit(board, board.querySelector("svg"));
  fit(list.parentElement, list);

  const asked = /step=(\d+)/.exec(location.hash);
  show(asked ? Number(asked[1]) : data.opening || 0);
  document.body.dataset.ready = "true";

  function slot(name) {
    const element = $(name);
    element.hidden = false;
    return element;
  }
  function on(kind, listener) {
    listeners[kind].push(listener);
  }
  return Object.freeze({
    data, steps, show, append, on, slot, get current() { return current; },
  });
})();
