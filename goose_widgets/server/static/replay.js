// A league game, step by step: /api/classes/CODE/league/games/N?step=K gives step K's move and every
// seat's board (the teacher's token, as on the dashboard).
"use strict";
(function () {
  const $ = function (id) { return document.getElementById(id); };
  const parts = location.pathname.split("/").filter(Boolean);  // class, CODE, replay, N
  const code = parts[1], number = parts[3];
  let token = sessionStorage.getItem("goose-widgets-teacher") || "";
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromHash) { token = fromHash; sessionStorage.setItem("goose-widgets-teacher", token); history.replaceState(null, "", location.pathname); }
  let steps = 0, step = 0, info = null, asked = 0;
  $("back").href = "/class/" + code;

  async function api(query) {
    const response = await fetch("/api/classes/" + code + "/league/games/" + number + (query || ""), { headers: { "Authorization": "Bearer " + token } });
    const data = await response.json();
    if (!response.ok) { const err = new Error(data.message || response.statusText); err.status = response.status; throw err; }
    return data;
  }

  async function open() {
    try { info = await api(""); }
    catch (err) { $("token-form").hidden = false; $("error").textContent = token ? err.message : ""; return; }
    $("token-form").hidden = true; $("error").textContent = ""; $("replay").hidden = false;
    steps = info.steps;
    document.title = "Goose class: " + info.title + " game " + number;
    $("title").textContent = info.title + ", game " + number + ": " + info.seats.join(" against ");
    const won = info.top.length === 1 ? info.seats[Number(info.top)] + " won" : info.top.length === 2 ? "A tie" : "No one won";
    $("result").textContent = won + (steps ? " after " + steps + " steps." : ": a bot broke, so there is no game to replay.");
    if (steps) show(0);
  }

  async function show(k) {
    step = Math.max(0, Math.min(steps, k));
    const mine = ++asked;  // a quick run of keys: only the newest step's answer is drawn
    let data;
    try { data = await api("?step=" + step); } catch (err) { $("error").textContent = err.message; return; }
    if (mine !== asked) return;
    $("where").textContent = "Step " + data.step + " of " + steps + (data.over ? " (the end)" : "");
    $("move").textContent = data.lines.length ? data.lines.join(" ") : (data.step === 0 ? "The start." : "");
    const boards = $("boards");
    boards.textContent = "";
    data.boards.forEach(function (svg, seat) {
      const figure = document.createElement("figure");
      const caption = document.createElement("figcaption");
      caption.textContent = info.seats[seat] + "'s view";
      figure.appendChild(caption);
      const holder = document.createElement("div");
      holder.innerHTML = svg;  // the server's own renderer (no learner text in it but seat names, escaped there)
      figure.appendChild(holder);
      boards.appendChild(figure);
    });
    $("first").disabled = $("previous").disabled = step === 0;
    $("next").disabled = $("last").disabled = step === steps;
  }

  $("first").addEventListener("click", function () { show(0); });
  $("previous").addEventListener("click", function () { show(step - 1); });
  $("next").addEventListener("click", function () { show(step + 1); });
  $("last").addEventListener("click", function () { show(steps); });
  document.addEventListener("keydown", function (ev) {
    if ($("replay").hidden || ev.target.tagName === "INPUT") return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps }[ev.key];
    if (to !== undefined) { ev.preventDefault(); show(to); }
  });
  $("token-form").addEventListener("submit", function (ev) {
    ev.preventDefault(); token = $("token").value.trim(); sessionStorage.setItem("goose-widgets-teacher", token); open();
  });
  open();
})();
