// The learner's pages: the join form (/) and a table (/t/CODE).  The seat and its secret key live in
// the address after "#" (never sent to the server in a request line or a log) and in this browser's
// storage, so a reload or a lost connection brings the learner back to the same seat.
"use strict";
(function () {
  const $ = function (id) { return document.getElementById(id); };

  const form = $("join");
  if (form) {  // the home page: go to the table with that code
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      const code = $("code").value.toUpperCase().replace(/[\s-]/g, "");
      if (!/^[A-Z0-9]{9}$/.test(code)) { $("error").textContent = "A table code has 9 letters and digits, like K7Q-XPM-4RT."; return; }
      location.href = "/t/" + code;
    });
    return;
  }

  const code = location.pathname.split("/").pop().toUpperCase();
  const storageKey = "goose-widgets-seat-" + code;
  let ws = null, view = null, retry = 0, stopped = false, pending = false;
  // The board: the notebook widget's own keyboard, text mode, announcements and typed commands.
  const board = $("board") ? window.GooseBoard.create($("board"), { act: function (a) { act(a); } }) : null;
  let logShown = 0;  // index (in this seat's whole log) after the last line shown

  function place() {
    const h = new URLSearchParams(location.hash.slice(1));
    return { seat: h.get("seat"), key: h.get("key"), watch: h.has("watch") };
  }

  function say(text) { $("connection").textContent = text; }

  async function start() {
    let info;
    try {
      const response = await fetch("/api/tables/" + encodeURIComponent(code));
      info = await response.json();
      if (!response.ok) {  // no such table, a table set aside, or too many requests from here
        $("title").textContent = response.status === 404 ? "No such table" : "Table " + code;
        say(info.message.charAt(0).toUpperCase() + info.message.slice(1));
        return;
      }
    } catch (err) { say("The server cannot be reached: " + err); return; }
    $("title").textContent = info.title + " · table " + info.shown;
    document.title = info.title + " · table " + info.shown;
    let where = place();
    if (where.seat === null && !where.watch) {
      const saved = localStorage.getItem(storageKey);
      if (saved) { history.replaceState(null, "", "#" + saved); where = place(); }
    }
    if (where.seat !== null || where.watch) connect(); else chooseSeat(info);
  }

  function chooseSeat(info) {
    const list = $("seat-list");
    list.textContent = "";
    info.seats.forEach(function (seat) {
      const item = document.createElement("li");
      if (seat.kind !== "human") {
        item.textContent = seat.name + " (a bot: " + seat.kind + ")";
      } else if (seat.claimed) {
        item.textContent = seat.name + " (taken)";
      } else {
        const button = document.createElement("button");
        button.textContent = "Sit as " + seat.name;
        button.addEventListener("click", function () { claim(seat.seat); });
        item.appendChild(button);
      }
      list.appendChild(item);
    });
    const watch = document.createElement("li");
    const button = document.createElement("button");
    button.textContent = "Watch the table";
    button.addEventListener("click", function () { history.replaceState(null, "", "#watch"); connect(); });
    watch.appendChild(button);
    list.appendChild(watch);
    $("seats").hidden = false;
    const first = list.querySelector("button");
    if (first) first.focus();
  }

  async function claim(seat) {
    const response = await fetch("/api/tables/" + code + "/claim", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat: seat }) });
    const answer = await response.json();
    if (!response.ok) { say(answer.message); return start(); }
    const where = "seat=" + answer.seat + "&key=" + encodeURIComponent(answer.key);
    localStorage.setItem(storageKey, where);
    history.replaceState(null, "", "#" + where);
    connect();
  }

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    else $("error").textContent = "Not connected: reconnecting…";
  }

  function act(action) {
    if (!view) return;
    if (!action.startsWith("ui:")) {
      if (pending) return;  // one move at a time: wait for the table's answer
      pending = true;
    }
    $("error").textContent = "";
    send({ type: "act", action: action, version: view.version });
  }

  function connect() {
    $("seats").hidden = true;
    const where = place();
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + "/ws/" + code);
    say("Connecting…");
    ws.onopen = function () {
      retry = 0;
      say("Connected.");
      ws.send(JSON.stringify({ type: "hello", seat: where.seat === null ? null : Number(where.seat),
                               key: where.key }));
    };
    ws.onmessage = function (ev) {
      const message = JSON.parse(ev.data);
      if (message.type === "view") show(message);
      else if (message.type === "error") {
        pending = false;
        $("error").textContent = message.message;
        if (message.reason === "forbidden") {  // a key that no longer works (or never did): no seat here
          localStorage.removeItem(storageKey);
          history.replaceState(null, "", location.pathname);  // a reload then offers the seats
          stopped = true;
          $("play").hidden = true;
          $("who").textContent = "";
          say(message.message.charAt(0).toUpperCase() + message.message.slice(1)
              + " Reload this page to choose a free seat or watch.");
        }
        if (message.reason === "no_table" || message.reason === "set_aside") { stopped = true; say(message.message); }
      }
    };
    // Close codes 4403 (the seat's key no longer works) and 4404 (no such table) are final; 4429
    // (a limit of the server) says to come back later, not at once.
    ws.onclose = function (ev) {
      if (stopped || ev.code === 4404 || ev.code === 4403) { if (!stopped) say("Disconnected: " + (ev.reason || "no such table") + "."); stopped = true; return; }
      const busy = ev.code === 4429;
      const wait = busy ? 15000 + Math.random() * 15000 : Math.min(10000, 500 * Math.pow(2, retry++));
      say((busy ? "The server refused the connection (" + ev.reason + "): trying again in "
                : "Connection lost: trying again in ") + Math.round(wait / 1000) + " s…");
      setTimeout(connect, wait);
    };
  }

  function show(m) {
    const first = view === null;
    if (!view || m.version !== view.version) $("error").textContent = "";
    view = m;
    pending = false;
    document.body.dataset.version = m.version;  // for scripts and tests: which view is shown
    document.body.dataset.yourTurn = m.legal.length > 0;
    document.body.dataset.over = m.over;
    $("play").hidden = false;
    $("who").textContent = m.seat === null ? "You are watching this table." : "You are " + m.names[m.seat] + ".";
    $("status").textContent = m.status;
    $("status").className = m.show_status ? "" : "visually-hidden";
    board.show({ svg: m.svg, text: $("text-mode").checked, words: m.words || {} });
    const buttons = $("buttons");
    const focusedButton = buttons.contains(document.activeElement) ? document.activeElement.dataset.action : null;
    buttons.textContent = "";
    m.buttons.forEach(function (text) {
      const button = document.createElement("button");
      button.textContent = text;
      button.dataset.action = text;
      button.addEventListener("click", function () { act(text); });
      buttons.appendChild(button);
      if (text === focusedButton) button.focus();
    });
    const options = $("option-list");
    if (options.childElementCount !== m.options.length) {
      options.textContent = "";
      m.options.forEach(function (option) {
        const id = "option-" + option.name;
        const box = document.createElement("input");
        box.type = "checkbox"; box.id = id;
        box.addEventListener("change", function () { send({ type: "option", name: option.name, value: box.checked }); });
        const label = document.createElement("label");
        label.htmlFor = id; label.textContent = option.label;
        const line = document.createElement("div");
        line.appendChild(box); line.appendChild(label);
        options.appendChild(line);
      });
    }
    m.options.forEach(function (option) { $("option-" + option.name).checked = option.value; });
    $("options").hidden = m.options.length === 0;
    // the move log: only the new lines are added (the board's script says them)
    const log = $("log");
    const end = m.words && m.words.log ? m.words.log.start + m.words.log.lines.length : m.log.length;
    const start = end - m.log.length;
    if (end < logShown || logShown < start) { log.textContent = ""; logShown = start; }
    m.log.slice(logShown - start).forEach(function (line) {
      const div = document.createElement("div"); div.textContent = line; log.appendChild(div);
    });
    logShown = end;
    log.scrollTop = log.scrollHeight;
    if (first) board.focusFirst();
  }

  if ($("text-mode")) {  // the text mode is this browser's choice, for every table
    $("text-mode").checked = localStorage.getItem("goose-widgets-text-mode") === "true";
    $("text-mode").addEventListener("change", function () {
      localStorage.setItem("goose-widgets-text-mode", String($("text-mode").checked));
      if (view) show(view);
    });
  }
  window.addEventListener("hashchange", function () { if (ws) ws.close(); });
  start();
})();
