// A served game's page: the viewer, live, and for a seat's link the seat's controls.
// The page holds the game's steps so far; it connects to its server (the token, after `#`
// and kept for the tab, is sent in the first message, never in an address), is sent each command's events with
// the changes the viewer draws, and, when the game waits for this seat, the commands the
// rules allow now: buttons, the places on the board they concern, and a form for offers.
// Picking one sends the very lines a person types, with the number of events the page
// holds, and the server judges them as it judges any seat's.  Nothing here knows the rules.
"use strict";
(function () {
  const viewer = window.watanViewer;
  const players = viewer.data.players;
  const panel = viewer.slot("graph");
  const token = sessionStorage.getItem(`watan-seat:${location.pathname}`) || "";
  const $ = (id) => document.getElementById(id);
  let held = viewer.steps.length - 1;  // the events the page holds: one step each
  let seat = null;
  let asked = null;
  let socket = null;
  let lastTyped = "";

  panel.classList.add("seat");
  panel.innerHTML =
    '<p id="seat-status" class="seat-status" aria-live="polite"></p>' +
    '<div id="choices" class="choices" role="group" aria-label="What you may do now"></div>' +
    '<form id="offer" class="offer" hidden><fieldset><legend>Offer a trade</legend>' +
    '<label>To <select id="offer-partner"></select></label> ' +
    '<label>give <select id="offer-give"></select></label> ' +
    '<label>for <select id="offer-take"></select></label> ' +
    '<button type="submit">Offer</button></fieldset></form>';
  const status = (text) => { $("seat-status").textContent = text; };
  const mark = () => {
    document.body.dataset.held = String(held);
    document.body.dataset.asked = asked ? "yes" : "no";
  };

  function send(lines) {
    if (!asked) return;
    socket.send(JSON.stringify({ type: "command", after: held, lines }));
    asked = null;
    clearChoices();
  }

  function clearChoices() {
    $("choices").replaceChildren();
    $("offer").hidden = true;
    for (const place of document.querySelectorAll(".choosable")) {
      place.classList.remove("choosable");
      place.removeAttribute("tabindex");
      place.removeAttribute("role");
      place.onclick = place.onkeydown = null;
    }
    mark();
  }

  function drawChoices() {
    clearChoices();
    if (!asked || asked.seat !== seat || asked.after !== held) return;
    mark();
    status(asked.answer ? `${lastTyped} Do you accept?` : `Your move, ${players[seat].name}.`);
    const offers = [];
    const places = new Map();  // a place on the board -> the choices it stands for
    for (const choice of asked.choices) {
      if (choice.offer) { offers.push(choice); continue; }
      $("choices").append(choiceButton(choice));
      if (choice.place) {
        const key = `${choice.place}="${choice.number}"`;
        places.set(key, [...(places.get(key) || []), choice]);
      }
    }
    for (const [key, chosen] of places) {
      // One choice: the place is it.  Several (the geese's tile, a student to steal from
      // each): the place asks which, as the terminal asks "Choose a student to steal from."
      const pick = chosen.length === 1 ? () => send(chosen[0].lines) : () => askWhich(chosen);
      for (const place of document.querySelectorAll(`[data-${key}]`)) {
        place.classList.add("choosable");
        place.setAttribute("tabindex", "0");
        place.setAttribute("role", "button");
        place.onclick = pick;
        place.onkeydown = (e) => { if (e.key === "Enter") pick(); };
      }
    }
    if (offers.length) drawOffers(offers);
  }

  // Once the game is won, a seat is asked the spec's question (spec §4.4): the first seat's
  // `yes` starts the session's next game on the server, which every page then loads; a
  // `no` leaves this seat alone.
  function drawAgain() {
    const steps = viewer.steps;
    if (seat === null || steps[steps.length - 1].winner < 0) return;
    status("Would you like to play again?");
    const answer = (label, line, after) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.addEventListener("click", () => {
        socket.send(JSON.stringify({ type: "command", after: held, lines: [line] }));
        $("choices").replaceChildren();
        status(after);
      });
      return button;
    };
    $("choices").replaceChildren(
      answer("Play again", "yes", "Waiting for the next game."),
      answer("Leave", "no", "You left the table."),
    );
    $("choices").querySelector("button").focus();
  }

  function choiceButton(choice) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = choice.lines.join(" ");
    button.addEventListener("click", () => send(choice.lines));
    return button;
  }

  // The choices one place stands for, alone, with a way back to all of them.
  function askWhich(chosen) {
    status(chosen[0].place === "tile" ? "Choose a student to steal from." : "Choose one.");
    const back = document.createElement("button");
    back.type = "button";
    back.textContent = "back";
    back.addEventListener("click", drawChoices);
    $("choices").replaceChildren(...chosen.map(choiceButton), back);
    $("offer").hidden = true;
    $("choices").querySelector("button").focus();
  }

  // An offer's line is `trade COLOUR GIVE TAKE` in the edition's words; the form offers each
  // part the rules allow, and sends the line of the offer chosen.
  function drawOffers(offers) {
    const parts = offers.map((choice) => choice.lines[0].split(" "));
    const fillSelect = (select, values) => {
      select.replaceChildren(...[...new Set(values)].map((value) => new Option(value, value)));
    };
    fillSelect($("offer-partner"), parts.map((words) => words[1]));
    fillSelect($("offer-give"), parts.map((words) => words[2]));
    fillSelect($("offer-take"), parts.map((words) => words[3]));
    $("offer").hidden = false;
    $("offer").onsubmit = (e) => {
      e.preventDefault();
      const wanted = [$("offer-partner").value, $("offer-give").value, $("offer-take").value];
      const found = offers.find((choice, i) => parts[i].slice(1).join(" ") === wanted.join(" "));
      if (found) send(found.lines);
      else status("You cannot offer that.");
    };
  }

  function heard(message) {
    switch (message.type) {
      case "welcome":
        seat = message.seat;
        status(seat === null ? "Watching the game." : `You play ${players[seat].name}.`);
        drawAgain();
        break;
      case "appended": {
        const skip = held - (message.first - 1);
        for (const change of message.changes.slice(Math.max(skip, 0))) viewer.append(change);
        held = Math.max(held, message.first - 1 + message.changes.length);
        asked = null;
        clearChoices();
        drawAgain();
        break;
      }
      case "typed":
        lastTyped = `${players[message.seat].name}: ${message.lines.join(" / ")}.`;
        if (message.seat !== seat) status(lastTyped);
        break;
      case "said":
        status(`${players[message.seat].name}: ${message.line.trim()}`);
        break;
      case "asked":
        asked = message;
        drawChoices();
        break;
      case "again":  // the session's next game (a seat played again): the page follows it
        if (message.game !== null) {
          socket.onclose = null;
          socket.close();
          const key = token ? `#${encodeURIComponent(token)}` : "";  // the session's token
          location.replace(`/games/${encodeURIComponent(message.game)}${key}`);
        } else {
          $("choices").replaceChildren();
          status("The session is over: nobody plays again.");
        }
        break;
      case "failed":  // a computer's strategy failed: the game stops, kept
        asked = null;
        clearChoices();
        status(message.why);
        break;
      case "refused":
        status(message.why);
        break;
      default:
        break;
    }
    mark();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}${location.pathname}/socket`);
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token, after: held }));
    socket.onmessage = (e) => heard(JSON.parse(e.data));
    socket.onclose = () => {
      asked = null;
      clearChoices();
      status("The connection was lost; connecting again.");
      setTimeout(connect, 1000);
    };
  }
  mark();
  connect();
})();
