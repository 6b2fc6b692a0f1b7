// The teacher's page: every request carries the teacher's token (from the address after "#token=",
// kept for this tab only, or typed in).
"use strict";
(function () {
  const $ = function (id) { return document.getElementById(id); };
  let token = sessionStorage.getItem("goose-widgets-teacher") || "";
  let games = [];
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromHash) { token = fromHash; sessionStorage.setItem("goose-widgets-teacher", token); history.replaceState(null, "", location.pathname); }

  async function api(path, body) {
    const response = await fetch(path, {
      method: body ? "POST" : "GET",
      headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined });
    const data = await response.json();
    if (!response.ok) throw new Error(data.message || response.statusText);
    return data;
  }

  function element(tag, text, attrs) {
    const el = document.createElement(tag);
    if (text !== undefined && text !== null) el.textContent = text;
    Object.entries(attrs || {}).forEach(function (kv) { el.setAttribute(kv[0], kv[1]); });
    return el;
  }

  async function open() {
    try { games = await api("/api/games"); }
    catch (err) { $("token-form").hidden = false; $("error").textContent = token ? err.message : ""; return; }
    $("token-form").hidden = true; $("error").textContent = ""; $("teacher").hidden = false;
    const select = $("game");
    select.textContent = "";
    games.forEach(function (g) { select.appendChild(element("option", g.title, { value: g.name })); });
    chooseGame();
    refresh();
    refreshClasses();
    setInterval(refresh, 3000);
  }

  function game() { return games.find(function (g) { return g.name === $("game").value; }); }

  function chooseGame() {
    const g = game();
    const players = $("players");
    players.textContent = "";
    g.players.forEach(function (n) { players.appendChild(element("option", String(n), { value: n })); });
    players.value = String(Math.min(Math.max(g.players[0], 3), g.players[g.players.length - 1]));
    seats();
    const params = $("param-fields");
    params.textContent = "";
    g.params.forEach(function (p) {
      const id = "param-" + p.name;
      const line = element("div");
      const input = element("input", null, { id: id, name: p.name });
      if (p.kind === "bool") { input.type = "checkbox"; input.checked = p.default; }
      else { input.type = "number"; input.min = "0"; input.value = p.default === null ? "" : p.default;
             if (p.default === null) input.placeholder = "off"; }
      line.appendChild(element("label", p.name.replace(/_/g, " "), { for: id }));
      line.appendChild(input);
      params.appendChild(line);
    });
    $("param-box").hidden = g.params.length === 0;
  }

  function seats() {
    const g = game(), n = Number($("players").value), box = $("seat-fields");
    box.textContent = "";
    for (let i = 0; i < n; i++) {
      const line = element("div");
      const kind = element("select", null, { id: "kind-" + i });
      kind.appendChild(element("option", "a learner", { value: "human" }));
      g.bots.forEach(function (b) { kind.appendChild(element("option", "bot: " + b, { value: b })); });
      line.appendChild(element("label", "Seat " + (i + 1), { for: "kind-" + i }));
      line.appendChild(kind);
      line.appendChild(element("label", "name", { for: "name-" + i }));
      line.appendChild(element("input", null, { id: "name-" + i, placeholder: "Player " + (i + 1), maxlength: "24" }));
      box.appendChild(line);
    }
  }

  async function create(ev) {
    ev.preventDefault();
    const g = game(), n = Number($("players").value);
    const players = [], names = [], params = {};
    for (let i = 0; i < n; i++) {
      players.push($("kind-" + i).value);
      names.push($("name-" + i).value.trim() || "Player " + (i + 1));
    }
    g.params.forEach(function (p) {
      const input = $("param-" + p.name);
      if (p.kind === "bool") params[p.name] = input.checked;
      else if (input.value !== "") params[p.name] = Number(input.value);
    });
    try {
      const table = await api("/api/tables", { game: g.name, players: players, names: names, params: params });
      $("created").textContent = "Table " + (table.shown || table.table) + " is ready.";
      $("error").textContent = "";
      refresh();
    } catch (err) { $("error").textContent = err.message; }
  }

  // The teacher frees a seat (a new key; anyone with the code may take it) or gives it a new link
  // (a new key, kept for whoever gets the link): the old link stops working at once.
  async function changeSeat(table, seat, what) {
    try {
      await api("/api/tables/" + table.table + "/seats/" + seat.seat + "/" + what, {});
      $("created").textContent = what === "free"
        ? seat.name + "'s seat at table " + table.shown + " is free: its old link no longer works, and anyone with the code can take it."
        : seat.name + "'s seat at table " + table.shown + " has a new link (below); the old one no longer works.";
      $("error").textContent = "";
    } catch (err) { $("error").textContent = err.message; }
    refresh();
  }

  function seatLine(table, s) {
    const line = element("div", null, { class: "seat-line" });
    if (s.kind !== "human") {
      line.appendChild(document.createTextNode(s.name + " (bot: " + s.kind + ")"));
      return line;
    }
    const state = s.connected ? "taken, connected" : s.claimed ? "taken, away" : "free";
    line.appendChild(element("span", s.name + " (" + state + ")", { class: "seat-" + (s.claimed ? "taken" : "free") }));
    line.appendChild(document.createTextNode(" "));
    line.appendChild(element("a", "link", { href: s.link, "aria-label": "join link of " + s.name + "'s seat" }));
    const free = element("button", "Free", { type: "button", class: "small", "aria-label": "Free " + s.name + "'s seat (its link stops working)" });
    free.addEventListener("click", function () { changeSeat(table, s, "free"); });
    const renew = element("button", "New link", { type: "button", class: "small", "aria-label": "New link for " + s.name + "'s seat (the old link stops working)" });
    renew.addEventListener("click", function () { changeSeat(table, s, "new-key"); });
    line.appendChild(free);
    line.appendChild(renew);
    return line;
  }

  async function refresh() {
    let tables;
    try { tables = await api("/api/tables"); } catch (err) { $("error").textContent = err.message; return; }
    const box = $("tables");
    const t = element("table", null, { class: "tables" });
    const head = element("tr");
    ["Code", "Game", "Seats: who, their link, free it or give a new link", "Now"].forEach(function (h) { head.appendChild(element("th", h, { scope: "col" })); });
    t.appendChild(head);
    tables.forEach(function (table) {
      const row = element("tr", null, table.set_aside ? { class: "set-aside" } : {});
      row.appendChild(element("td", table.shown || table.table, { class: "code" }));
      row.appendChild(element("td", table.title));
      const seatCell = element("td");
      table.seats.forEach(function (s) { seatCell.appendChild(seatLine(table, s)); });
      if (table.set_aside) seatCell.appendChild(element("div", "Its save did not load, so no one can sit at it; it stays as it was in the file."));
      if (table.spectators) seatCell.appendChild(element("div", table.spectators + " watching"));
      row.appendChild(seatCell);
      row.appendChild(element("td", table.status));
      t.appendChild(row);
    });
    box.textContent = "";
    box.appendChild(tables.length ? t : element("p", "No tables yet."));
  }

  $("token-form").addEventListener("submit", function (ev) {
    ev.preventDefault(); token = $("token").value.trim(); sessionStorage.setItem("goose-widgets-teacher", token); open();
  });
  $("game").addEventListener("change", chooseGame);
  $("players").addEventListener("change", seats);
  $("new-table").addEventListener("submit", create);
  $("new-class").addEventListener("submit", createClass);

  async function createClass(ev) {
    ev.preventDefault();
    try {
      const made = await api("/api/classes", { name: $("class-name").value.trim() });
      $("created").textContent = "The class " + made.name + " is ready: its code is " + made.code + ".";
      $("error").textContent = "";
      $("class-name").value = "";
      refreshClasses();
    } catch (err) { $("error").textContent = err.message; }
  }

  async function refreshClasses() {
    let classes;
    try { classes = await api("/api/classes"); } catch (err) { return; }
    const box = $("classes");
    box.textContent = "";
    if (!classes.length) { box.appendChild(element("p", "No class yet.")); return; }
    const list = element("ul");
    classes.forEach(function (c) {
      const li = element("li");
      li.appendChild(element("a", "Dashboard of " + c.name, { href: "/class/" + c.code }));
      li.appendChild(document.createTextNode(" (" + c.learners + " learners); learners join with "));
      li.appendChild(element("code", 'join_class("' + location.origin + "/class/" + c.code + '", name="…")'));
      list.appendChild(li);
    });
    box.appendChild(list);
  }
  open();
})();
