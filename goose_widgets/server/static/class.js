// The teacher's dashboard of a live class: the token (from "#token=", kept for this tab, or typed
// in) opens /ws/class/CODE, which sends the class's snapshot at once and after every change.
"use strict";
(function () {
  const $ = function (id) { return document.getElementById(id); };
  const code = location.pathname.split("/").filter(Boolean).pop();
  let token = sessionStorage.getItem("goose-widgets-teacher") || "";
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromHash) { token = fromHash; sessionStorage.setItem("goose-widgets-teacher", token); history.replaceState(null, "", location.pathname); }
  const SIGN = { correct: "✔", rounded: "≈", wrong: "✘", stopped: "✘", unanswered: "·", course_error: "⚠", pending: "…", started: "○" };
  const WORD = { correct: "right", rounded: "right but rounded", wrong: "not yet", stopped: "stopped (too slow)",
                 unanswered: "not answered", course_error: "the course's error", pending: "being judged", started: "started" };
  let socket = null, retry = 1000, last = null;
  document.querySelectorAll(".link-here").forEach(function (el) { el.textContent = location.origin + "/class/" + code; });

  function element(tag, text, attrs) {
    const el = document.createElement(tag);
    if (text !== undefined && text !== null) el.textContent = text;
    Object.entries(attrs || {}).forEach(function (kv) { el.setAttribute(kv[0], kv[1]); });
    return el;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/class/" + code);
    socket.onopen = function () { socket.send(JSON.stringify({ token: token })); $("connection").textContent = "live"; };
    socket.onmessage = function (ev) {
      const data = JSON.parse(ev.data);
      if (data.type === "error") {
        $("token-form").hidden = false; $("dashboard").hidden = true;
        $("error").textContent = token ? data.message : "";
        socket.onclose = null; return;
      }
      retry = 1000; $("token-form").hidden = true; $("error").textContent = ""; $("dashboard").hidden = false;
      last = data; draw(data);
    };
    socket.onclose = function () {
      $("connection").textContent = "connection lost: trying again…";
      setTimeout(connect, retry); retry = Math.min(retry * 2, 15000);
    };
  }

  function draw(data) {
    document.title = "Goose class " + data.name + ": dashboard";
    $("title").textContent = "Class " + data.name;
    $("join-line").textContent = 'join_class("' + location.origin + "/class/" + code + '", name="your name")';
    $("summary").textContent = data.learners.length + " learners, " + data.events + " events; updated " + new Date().toLocaleTimeString();
    drawAlerts(data.alerts);
    drawGrid(data);
    drawStats(data);
    drawLeagues(data.leagues || {});
  }

  function drawLeagues(leagues) {
    const box = $("leagues");
    box.textContent = "";
    const games = Object.keys(leagues);
    if (!games.length) { box.appendChild(element("p", "No bot submitted yet.")); return; }
    games.forEach(function (game) {
      const l = leagues[game];
      const section = element("section", null, { "aria-label": l.title + " league" });
      section.appendChild(element("h3", l.title + ": " + l.games + " games, " + l.open_duels + " duels still open"));
      const t = element("table", null, { class: "stats league" });
      t.appendChild(element("caption", "The " + l.title + " leaderboard, best first"));
      const head = element("tr");
      ["Place", "Bot", "Rating", "95% interval", "Games", "Share won", "Note"].forEach(function (h) { head.appendChild(element("th", h, { scope: "col" })); });
      t.appendChild(head);
      const ratings = l.rows.filter(function (r) { return r.low !== null; });
      const lo = Math.min.apply(null, ratings.map(function (r) { return r.low; }).concat([900]));
      const hi = Math.max.apply(null, ratings.map(function (r) { return r.high; }).concat([1100]));
      l.rows.forEach(function (r, i) {
        const tr = element("tr", null, r.builtin ? { class: "builtin" } : {});
        tr.appendChild(element("td", String(i + 1), { class: "num" }));
        tr.appendChild(element("th", r.label + (r.builtin ? " (built-in)" : ""), { scope: "row" }));
        tr.appendChild(element("td", r.rating === null ? "–" : String(r.rating), { class: "num" }));
        const cell = element("td", null, { class: "num" });
        if (r.low !== null) cell.appendChild(intervalBar(r, lo, hi));
        cell.appendChild(element("span", r.low === null ? "–" : " " + r.low + "–" + r.high));
        tr.appendChild(cell);
        tr.appendChild(element("td", String(r.games), { class: "num" }));
        tr.appendChild(element("td", r.share === null ? "–" : Math.round(r.share * 100) + "%", { class: "num" }));
        tr.appendChild(element("td", r.mark ? "⚠ " + r.mark : ""));
        t.appendChild(tr);
      });
      section.appendChild(t);
      if (l.recent.length) {
        section.appendChild(element("h4", "Newest games (each can be replayed step by step)"));
        const list = element("ul", null, { class: "recent" });
        l.recent.forEach(function (g) {
          const li = element("li");
          const won = g.top.length === 1 ? g.seats[Number(g.top)] + " won" : g.top.length === 2 ? "a tie" : "no winner";
          const a = element("a", "Game " + g.number + ": " + g.seats.join(" against ") + " (" + won + (g.error ? ", a bot broke" : "") + ")",
                            { href: "/class/" + code + "/replay/" + g.number });
          li.appendChild(a);
          list.appendChild(li);
        });
        section.appendChild(list);
      }
      box.appendChild(section);
    });
  }

  // A rating's 95% interval as a bar on the league's common scale, the rating a tick on it.
  function intervalBar(r, lo, hi) {
    const ns = "http://www.w3.org/2000/svg", w = 120;
    const x = function (v) { return Math.round((v - lo) / Math.max(1, hi - lo) * (w - 4)) + 2; };
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("width", w); svg.setAttribute("height", 12); svg.setAttribute("aria-hidden", "true");
    const bar = document.createElementNS(ns, "rect");
    bar.setAttribute("x", x(r.low)); bar.setAttribute("y", 3); bar.setAttribute("width", Math.max(2, x(r.high) - x(r.low))); bar.setAttribute("height", 6);
    bar.setAttribute("class", "bar pending");
    const tick = document.createElementNS(ns, "rect");
    tick.setAttribute("x", x(r.rating) - 1); tick.setAttribute("y", 0); tick.setAttribute("width", 3); tick.setAttribute("height", 12);
    tick.setAttribute("class", "bar correct");
    svg.appendChild(bar); svg.appendChild(tick);
    return svg;
  }

  function drawAlerts(alerts) {
    const box = $("alerts");
    box.textContent = "";
    if (!alerts.length) { box.appendChild(element("li", "No one, for now.")); return; }
    const MARK = { stuck: "⚑ stuck", disagree: "⚠ kernel and server disagree", solution: "👁 solution first", idle: "⌛ idle" };
    alerts.forEach(function (a) {
      const li = element("li", null, { class: "alert-" + a.kind });
      li.appendChild(element("strong", MARK[a.kind] + ": "));
      li.appendChild(document.createTextNode(a.text));
      box.appendChild(li);
    });
  }

  function drawGrid(data) {
    const t = element("table", null, { class: "grid" });
    t.appendChild(element("caption", "Each learner's result on each exercise (the server's verdicts), and their points"));
    const head = element("tr");
    head.appendChild(element("th", "Learner", { scope: "col" }));
    head.appendChild(element("th", "Points", { scope: "col" }));
    data.exercises.forEach(function (e) { head.appendChild(element("th", e.short, { scope: "col", title: e.notebook + ": " + e.name, "aria-label": e.notebook + ": " + e.name })); });
    t.appendChild(head);
    data.grid.forEach(function (row, i) {
      const tr = element("tr");
      tr.appendChild(element("th", row.learner, { scope: "row" }));
      const p = data.points[i];
      const pts = element("td", null, { class: "num" });
      pts.appendChild(strip(row.cells, data.exercises, row.learner));
      pts.appendChild(element("span", " " + fmt(p.points) + "/" + fmt(p.out_of)));
      tr.appendChild(pts);
      row.cells.forEach(function (c, j) {
        const e = data.exercises[j];
        if (!c) { tr.appendChild(element("td", "", { class: "cell empty", "aria-label": row.learner + ", " + e.name + ": not started" })); return; }
        const extra = (c.hints ? " h" + c.hints : "") + (c.solution ? " S" : "");
        const words = row.learner + ", " + e.name + ": " + WORD[c.result] + ", " + c.checks + " checks, " + c.hints + " hints" +
          (c.solution ? ", solution shown" : "") + ", started " + c.minutes + " minutes ago";
        const td = element("td", SIGN[c.result] + (c.checks ? c.checks : "") + extra, { class: "cell " + c.result, title: words, "aria-label": words });
        tr.appendChild(td);
      });
      t.appendChild(tr);
    });
    $("grid").textContent = "";
    $("grid").appendChild(t);
  }

  // A learner's strip: one small square per exercise, filled by its result (the sign is in the grid).
  function strip(cells, exercises, learner) {
    const ns = "http://www.w3.org/2000/svg", w = 5;
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("width", cells.length * w); svg.setAttribute("height", 12);
    svg.setAttribute("role", "img");
    const right = cells.filter(function (c) { return c && (c.result === "correct" || c.result === "rounded"); }).length;
    svg.setAttribute("aria-label", learner + ": " + right + " of " + exercises.length + " exercises right");
    cells.forEach(function (c, j) {
      const r = document.createElementNS(ns, "rect");
      r.setAttribute("x", j * w); r.setAttribute("y", c ? 0 : 8); r.setAttribute("width", w - 1); r.setAttribute("height", c ? 12 : 4);
      r.setAttribute("class", "bar " + (c ? c.result : "empty"));
      svg.appendChild(r);
    });
    return svg;
  }

  function fmt(x) { return (Math.round(x * 10) / 10).toString(); }

  function drawStats(data) {
    const t = element("table", null, { class: "stats" });
    t.appendChild(element("caption", "Per exercise: how much of the class has it right, how many checks it took, and the most common wrong answers"));
    const head = element("tr");
    ["Exercise", "Right", "Share of the class", "Median checks", "Median minutes to right", "Most common wrong answers (what the checker said)"].forEach(function (h) {
      head.appendChild(element("th", h, { scope: "col" }));
    });
    t.appendChild(head);
    let untouched = 0;
    data.stats.forEach(function (s, j) {
      if (!s.started) { untouched += 1; return; }  // listed below the table, in one line
      const tr = element("tr");
      tr.appendChild(element("th", data.exercises[j].short + " " + s.exercise, { scope: "row" }));
      tr.appendChild(element("td", s.right + " of " + data.learners.length + (s.started ? " (" + s.started + " started)" : ""), { class: "num" }));
      const share = element("td");
      const ns = "http://www.w3.org/2000/svg";
      const svg = document.createElementNS(ns, "svg");
      svg.setAttribute("width", 104); svg.setAttribute("height", 14); svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", Math.round(s.share * 100) + "% right");
      const back = document.createElementNS(ns, "rect");
      back.setAttribute("width", 100); back.setAttribute("height", 12); back.setAttribute("class", "bar-back");
      const bar = document.createElementNS(ns, "rect");
      bar.setAttribute("width", Math.round(s.share * 100)); bar.setAttribute("height", 12); bar.setAttribute("class", "bar correct");
      svg.appendChild(back); svg.appendChild(bar);
      share.appendChild(svg);
      share.appendChild(element("span", " " + Math.round(s.share * 100) + "%"));
      tr.appendChild(share);
      tr.appendChild(element("td", s.median_checks === null ? "–" : String(s.median_checks), { class: "num" }));
      tr.appendChild(element("td", s.median_minutes === null ? "–" : String(s.median_minutes), { class: "num" }));
      const wrong = element("td");
      s.wrong_answers.forEach(function (w) {
        wrong.appendChild(element("div", w.answer + " ×" + w.times + ": " + w.checker, { class: "wrong-answer" }));
      });
      tr.appendChild(wrong);
      t.appendChild(tr);
    });
    $("stats").textContent = "";
    if (untouched < data.stats.length) $("stats").appendChild(t);
    $("stats").appendChild(element("p", untouched === data.stats.length ? "No exercise started yet." :
      untouched + " of the course's " + data.stats.length + " exercises not started by anyone yet."));
  }

  async function downloadCsv() {
    try {
      const response = await fetch("/api/classes/" + code + "/grades.csv", { headers: { "Authorization": "Bearer " + token } });
      if (!response.ok) throw new Error((await response.json()).message);
      const url = URL.createObjectURL(await response.blob());
      const a = element("a", null, { href: url, download: "class-" + code + ".csv" });
      document.body.appendChild(a); a.click(); a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
    } catch (err) { $("error").textContent = "The CSV could not be made: " + err.message; }
  }

  $("token-form").addEventListener("submit", function (ev) {
    ev.preventDefault(); token = $("token").value.trim(); sessionStorage.setItem("goose-widgets-teacher", token);
    if (socket) { socket.onclose = null; socket.close(); } connect();
  });
  $("csv").addEventListener("click", downloadCsv);
  if (token) connect(); else $("token-form").hidden = false;
})();
