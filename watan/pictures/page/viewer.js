// The replay page: every step of a game from step 0 and what each event changed.
// The board's pieces are redrawn with the fragments `watan.pictures.svg` wrote; nothing
// here knows the rules, it only puts the recorded changes together.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("watan-data").textContent);
  const players = data.players;
  const fragments = data.fragments;

  // Every step whole, sharing what an event left unchanged with the step before.
  const steps = [];
  (function build() {
    const b = data.beginning;
    let s = {
      co: Int8Array.from(b.criterionOwner), cl: Int8Array.from(b.criterionLevel),
      go: Int8Array.from(b.goalOwner), geese: b.geese, students: b.students,
      turn: b.standing.turn, turnNumber: b.standing.turnNumber, words: b.standing.words,
      event: b.event,
    };
    steps.push(s);
    for (const c of data.changes) {
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
      steps.push(n);
      s = n;
    }
  })();
  const last = steps.length - 1;
  const turnStarts = steps.map((s, i) => i).filter((i) => i === 0 || steps[i].turnNumber !== steps[i - 1].turnNumber);

  const board = document.getElementById("board");
  const byNumber = (kind, count) => Array.from({ length: count }, (_, i) => board.querySelector(`[data-${kind}="${i}"]`));
  const tiles = byNumber("tile", fragments.tile.length);
  const criteria = byNumber("criterion", steps[0].co.length);
  const goals = byNumber("goal", steps[0].go.length);
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => values[key]);
  const ownerName = (owner) => (owner < 0 ? "none" : players[owner].name);
  const $ = (id) => document.getElementById(id);

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

  // The students' panel: one card each, filled in at every step.
  const cards = players.map((player, i) => {
    const card = document.createElement("article");
    card.className = "student";
    card.dataset.student = player.name;
    card.style.setProperty("--colour", player.colour);
    const heading = document.createElement("h3");
    const name = document.createElement("span");
    name.textContent = player.name;
    const points = document.createElement("span");
    points.className = "points";
    points.innerHTML = `<b data-field="points"></b> ${data.words.points}`;
    heading.append(name, points);
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
    places.setAttribute("aria-label", data.words.criteria);
    const goalLine = document.createElement("p");
    goalLine.className = "goals-count";
    goalLine.innerHTML = `<span data-field="goals"></span> ${data.words.goals}`;
    if (data.words.cards) {  // a game with the development cards of the house rules
      goalLine.insertAdjacentHTML("beforeend", ` · <span data-field="cards"></span> ${data.words.cards}`);
    }
    card.append(heading, held, places, goalLine);
    $("students").append(card);
    const heldCards = goalLine.querySelector("[data-field=cards]");
    return { card, points: points.firstChild, counts, places, goals: goalLine.firstChild, cards: heldCards, shown: null, index: i };
  });

  function drawStudents(step) {
    for (const c of cards) {
      c.card.setAttribute("aria-current", String(step.turn === c.index));
      const h = step.students[c.index];
      if (c.shown === h) continue;
      c.shown = h;
      c.points.textContent = h.points;
      h.resources.forEach((count, r) => { c.counts[r].textContent = count; });
      c.places.replaceChildren(...h.criteria.map(([place, level]) => {
        const li = document.createElement("li");
        li.textContent = `${place}${data.levelInitials[level - 1]}`;
        li.title = `${data.words.criterion} ${place}: ${data.levels[level - 1]}`;
        return li;
      }));
      c.goals.textContent = h.goals;
      if (c.cards) c.cards.textContent = h.cards;
    }
  }

  // The event list: one button per step, under a heading for each turn.
  const list = $("events");
  const buttons = [];
  (function buildList() {
    const items = document.createDocumentFragment();
    let heading = null;
    steps.forEach((step, i) => {
      const turn = i === 0 ? step.turnNumber : steps[i - 1].turnNumber;
      const turnOf = i === 0 ? step.turn : steps[i - 1].turn;
      if (turn !== heading) {
        heading = turn;
        const li = document.createElement("li");
        li.className = "turn-heading";
        li.textContent = turn === 0 ? "Setup" : `Turn ${turn} \u00b7 ${players[turnOf].name}`;
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
    });
    list.append(items);
  })();
  list.addEventListener("click", (e) => {
    const button = e.target.closest("button[data-step]");
    if (button) show(Number(button.dataset.step));
  });

  function keepInView(button) {
    const top = button.offsetTop - list.offsetTop;
    const bottom = top + button.offsetHeight;
    // Only the list scrolls, never the page: on a phone the list sits below the board.
    if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - (list.clientHeight - button.offsetHeight) / 2;
    }
  }

  let current = 0;
  let shown = steps[0];
  function show(target) {
    const step = Math.max(0, Math.min(last, Math.trunc(Number(target)) || 0));
    drawBoard(shown, steps[step]);
    shown = steps[step];
    drawStudents(shown);
    buttons[current].removeAttribute("aria-current");
    buttons[step].setAttribute("aria-current", "step");
    keepInView(buttons[step]);
    current = step;
    $("slider").value = String(step);
    $("step-number").textContent = `Step ${step} of ${last}`;
    $("turn-number").textContent = shown.turnNumber === 0 ? "Setup" : `Turn ${shown.turnNumber}`;
    $("event-now").textContent = step === 0 ? shown.event : `${step}. ${shown.event}`;
    $("standing").textContent = shown.words.trim();
    document.body.dataset.step = String(step);
    try { history.replaceState(null, "", `#step=${step}`); } catch (_) { /* some file:// pages refuse */ }
    if (step === last) stop();
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
    if (current === last) show(0);
    timer = setInterval(() => show(current + 1), 500);
    play.setAttribute("aria-pressed", "true");
    play.setAttribute("aria-label", "Pause");
    play.querySelector("path").setAttribute("d", "M3 2h4v12H3zM9 2h4v12H9z");
    play.querySelector("span").textContent = "Pause";
  }
  const toggle = () => (timer === null ? start() : stop());
  const nextTurn = () => turnStarts.find((i) => i > current) ?? last;
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
  $("last").addEventListener("click", () => show(last));
  play.addEventListener("click", toggle);
  $("slider").addEventListener("input", (e) => { stop(); show(e.target.value); });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === $("slider")) return;
    const moves = {
      ArrowRight: () => current + 1, ArrowLeft: () => current - 1,
      Home: () => 0, End: () => last, PageDown: nextTurn, PageUp: previousTurn,
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

  const asked = /step=(\d+)/.exec(location.hash);
  show(asked ? Number(asked[1]) : data.opening || 0);
  document.body.dataset.ready = "true";
})();
