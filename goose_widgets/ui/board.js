// The one keyboard and announcement script of every board (issue 32): the notebook's board widget
// (goose_widgets/ui/board.py wraps it for anywidget) and the table server's seat page
// (goose_widgets/server/static/table.js) both draw their boards through `GooseBoard.create`.
//
// A board is the renderer's SVG, in which every element a keyboard reaches carries data-action (a
// move or a view setting) or data-nav (a thing to read), a role and an aria-label.  This script
//  - keeps one tab stop in the picture (a roving tabindex): the arrows move in reading order, along
//    the rows and columns of a role="grid", Home and End to the ends; Enter or Space acts; Escape
//    sends the SVG's data-escape action; after a redraw the focus stays on the element with the
//    same key, or the nearest one, and a focus ring is drawn into the SVG;
//  - draws the text mode: the position in words and every element with data-action as an ordinary
//    button (its action in data-move: one button per action, kept across redraws, so its identity
//    never changes under the focus); after a move, the bots' turns and a redraw the focus comes
//    back to the same action if it is still offered, else to the first move offered;
//  - says things through a queue: one message at a time, each a new node of a polite live region
//    (so nothing said is ever replaced, and a message said twice is read again), at least GAP ms
//    apart (what arrives meanwhile is said next, together: a screen reader may drop a burst), and
//    a node is taken away only long after it could have been read;
//  - reads typed commands ("roll", "flip 3", "place K12 at column 4 row -3 turned 90", "where",
//    "hand", "score", "last", "help") from a text box under the board.
// The words (the position, the answers, the commands and what to say of each move-log line) come
// from Python (goose_widgets/ui/words.py), the same for both surfaces.
"use strict";
const GooseBoard = (() => {
  const NAV = "[data-action],[data-nav]";
  const SVGNS = "http://www.w3.org/2000/svg";
  const HIDDEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
    + "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0";
  // How long a message takes to read: a screen reader's voice at about 200 words a minute (a fast
  // listener is done sooner).  No node leaves the live region before that; the messages themselves
  // come at least GAP ms apart, and the screen reader queues them.
  const READING = { base: 500, perWord: 300, gap: 250, kept: 12 };
  // Words a typed command may hold or leave out, whichever the learner likes ("place K12 at column
  // 4 row -3 turned 90" is "place k12 column 4 row -3 90").
  const FILLER = new Set(["the", "a", "an", "at", "to", "its", "of", "card", "cards", "side", "up",
    "turned", "turn", "rot", "degrees", "degree", "deg", "please", "top", "left", "my"]);
  const STYLE = `
.gw-board { position: relative; min-width: 0; max-width: 100%; }
.gw-board .gw-picture { overflow: auto; max-width: 100%; }
.gw-board .gw-picture svg { display: block; max-width: none; height: auto; }
.gw-board [data-action] { cursor: pointer; }
.gw-board [data-action]:hover { filter: brightness(1.15) drop-shadow(0 0 3px #0072b2); }
.gw-board [data-action]:focus, .gw-board [data-nav]:focus { outline: none; }
.gw-board .gw-hover-only { opacity: 0; }
.gw-board [data-action]:hover .gw-hover-only, .gw-board [data-action]:focus .gw-hover-only { opacity: 0.75; }
.gw-board .gw-text { font-size: 14px; line-height: 1.45; }
.gw-board .gw-text ul { margin: 4px 0; padding-left: 1.4em; }
.gw-board .gw-text-moves { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.gw-board .gw-text-moves button, .gw-board .gw-command button { font-size: 14px; padding: 4px 8px;
  border: 2px solid #0072b2; border-radius: 5px; background: #ffffff; color: #1a1a1a; cursor: pointer; }
.gw-board .gw-text-moves button[aria-pressed="true"] { background: #0072b2; color: #ffffff; }
.gw-board .gw-text-moves button:focus-visible, .gw-board .gw-command input:focus-visible,
.gw-board .gw-command button:focus-visible, .gw-board .gw-lines:focus-visible {
  outline: 3px solid #d55e00; outline-offset: 2px; }
.gw-board .gw-command { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; margin: 4px 0;
  font-size: 14px; }
.gw-board .gw-command input { font-size: 14px; padding: 3px 6px; flex: 1 1 14em; min-width: 0;
  max-width: 32em; border: 1px solid #555; border-radius: 4px; background: #ffffff; color: #1a1a1a; }
.gw-board .gw-command label { color: inherit; }
.gw-board .gw-answer { font-size: 14px; margin: 2px 0 4px; min-height: 1em; white-space: pre-line; }
`;

  const keyOf = (e) => e.getAttribute("data-nav") || e.getAttribute("data-action");
  const isMove = (a) => !!a && !a.startsWith("ui:") && !a.startsWith("walk:");

  function addStyle() {
    if (typeof document === "undefined" || document.getElementById("gw-board-style")) return;
    const style = document.createElement("style");
    style.id = "gw-board-style";
    style.textContent = STYLE;
    document.head.appendChild(style);
  }

  // --- typed commands --------------------------------------------------------------------------
  /** The words of a command or a phrase, as they are compared: lower case, no punctuation, no
   * filler words; "ben's" is "ben"; a minus sign stays where a number follows. */
  function words(text) {
    return String(text).toLowerCase().replace(/°/g, " ").replace(/[\u2019']s\b/g, "")
      .replace(/-(?!\d)/g, " ").replace(/[^a-z0-9\-\[\] ]+/g, " ").split(/\s+/)
      .filter((w) => w && !FILLER.has(w.replace(/[\[\]]/g, "")));
  }

  /** A phrase's tokens: [word, optional] ("[front]" may be left out). */
  function tokens(phrase) {
    return words(phrase).map((w) => {
      const optional = w.startsWith("[") && w.endsWith("]");
      return [w.replace(/[\[\]]/g, ""), optional];
    }).filter(([w]) => w);
  }

  function exact(typed, phrase) {  // every word, in order; optional ones may be left out
    let i = 0;
    for (const [word, optional] of phrase) {
      if (i < typed.length && typed[i] === word) i += 1;
      else if (!optional) return false;
    }
    return i === typed.length;
  }

  const numbers = (list) => list.filter((w) => /^-?\d+$/.test(w));
  const endsWith = (all, end) => end.length <= all.length
    && end.every((w, i) => w === all[all.length - end.length + i]);

  /** The same first word, the other words in order among the phrase's, and its last numbers (a
   * card's number, a square's column and row; a seat's name may hold a number too): "flip 1" is
   * "flip Player 2's card 1", not "flip Player 1's card 2". */
  function within(typed, phrase) {
    if (!typed.length || typed[0] !== phrase[0][0]) return false;
    const given = numbers(typed);
    if (!endsWith(numbers(phrase.filter(([, optional]) => !optional).map(([w]) => w)), given)
        && !endsWith(numbers(phrase.map(([w]) => w)), given)) return false;
    let i = 1;
    for (const [word] of phrase.slice(1)) if (i < typed.length && typed[i] === word) i += 1;
    return i === typed.length;
  }

  /** The actions ``text`` names among ``commands`` ([phrase, action] pairs): the exact matches if
   * any, else those whose first phrase (the move's own words, not its longer label) holds its words
   * in order. */
  function resolve(text, commands) {
    const typed = words(text).map((w) => w.replace(/[\[\]]/g, "")).filter(Boolean);
    if (!typed.length) return [];
    const first = new Set();
    const parsed = commands.map(([phrase, action]) => {
      const own = !first.has(action);
      first.add(action);
      return [tokens(phrase), action, phrase, own];
    });
    for (const test of [exact, within]) {
      const found = new Map();
      for (const [phrase, action, said, own] of parsed) {
        if (test === within && !own) continue;
        if (phrase.length && test(typed, phrase) && !found.has(action)) found.set(action, said);
      }
      if (found.size) return [...found.entries()];
    }
    return [];
  }

  const plain = (phrase) => phrase.replace(/[\[\]]/g, "").replace(/\s+/g, " ").trim();

  // --- one board ---------------------------------------------------------------------------------
  /**
   * Make `root` a board.  `options.act(action)` plays a move or a view setting (a data-action);
   * the returned object's `show(view)` draws a view: {svg, text (the text mode, true or false),
   * words: {lines, answers, commands, log: {start, lines, said}, prompt}}.  `say(text)` queues a
   * message.
   */
  function create(root, options) {
    addStyle();
    const act = options.act;
    root.classList.add("gw-board");
    // JupyterLab must not read the board's keys as its own shortcuts (Enter: edit the cell, arrows:
    // the next cell); Lumino stops looking for shortcuts at an element with this attribute.
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    const picture = document.createElement("div");
    picture.className = "gw-picture";
    const text = document.createElement("div");
    text.className = "gw-text";
    text.hidden = true;
    const lines = document.createElement("ul");
    lines.className = "gw-lines";
    lines.setAttribute("aria-label", "The position in words");
    lines.tabIndex = -1;  // where the focus waits while nothing can be played
    // the view settings (a BOO card's turn and side, a replay) first, then the moves: a learner who
    // comes back up from under the board (Shift+Tab) meets the moves first
    const settings = document.createElement("div");
    settings.className = "gw-text-moves gw-text-settings";
    settings.setAttribute("role", "group");
    settings.setAttribute("aria-label", "How the board is shown");
    const moves = document.createElement("div");
    moves.className = "gw-text-moves";
    moves.setAttribute("role", "group");
    moves.setAttribute("aria-label", "Moves");
    text.append(lines, settings, moves);
    const form = document.createElement("form");
    form.className = "gw-command";
    const id = "gw-command-" + Math.random().toString(36).slice(2, 10);
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = "Command:";
    const input = document.createElement("input");
    input.type = "text";
    input.id = id;
    input.autocomplete = "off";
    input.spellcheck = false;
    input.placeholder = "type help";
    const go = document.createElement("button");
    go.type = "submit";
    go.textContent = "Do";
    form.append(label, input, go);
    const answer = document.createElement("p");
    answer.className = "gw-answer";
    const live = document.createElement("div");
    live.className = "gw-live";
    live.setAttribute("role", "log");
    live.setAttribute("aria-live", "polite");
    live.setAttribute("aria-relevant", "additions");
    live.setAttribute("aria-label", "Announcements");
    live.style.cssText = HIDDEN;  // read by screen readers, never shown, whatever the page's CSS
    root.append(picture, text, form, answer, live);

    let view = { svg: "", text: false, words: {} };
    let current = null;     // key of the picture's element that holds the tab stop
    let where = null;       // its centre, to find the nearest element when it is gone
    let parked = null;      // where the picture's focus waits since the move it was on went away
    let textKey = null;     // the action of the text mode's button that had the focus last
    let waiting = false;    // the focus waits on the words until a move is offered again
    let seen = null;        // index of the first move-log line not said yet
    let hadMoves = false;   // the last view offered moves
    let actedAt = null;     // the move-log index when the learner last played (for "last")

    // --- the queue of announcements ------------------------------------------------------------
    const queue = [];
    let busyUntil = 0, timer = null;
    // What was said and when, and what was asked to be said and why, for the tests that watch the
    // announcements of whole games (the newest few thousand, page-wide).
    const note = (name, entry) => {
      if (typeof window === "undefined") return;
      const list = window[name] = window[name] || [];
      list.push(entry);
      if (list.length > 4000) list.splice(0, list.length - 4000);
    };

    function readingTime(message) {
      return READING.base + READING.perWord * message.split(/\s+/).filter(Boolean).length;
    }
    function pump() {
      timer = null;
      if (!queue.length) return;
      const now = Date.now();
      if (now < busyUntil) { timer = setTimeout(pump, busyUntil - now); return; }
      const message = queue.splice(0, queue.length).join(" ");
      const node = document.createElement("p");
      node.textContent = message;
      node.dataset.readBy = String(now + readingTime(message));
      live.appendChild(node);
      // the oldest nodes go once many newer ones follow and they have long been read
      while (live.childElementCount > READING.kept
             && Number(live.firstElementChild.dataset.readBy) <= now) live.firstElementChild.remove();
      busyUntil = now + READING.gap;
      note("__gwSaid", { text: message, at: now });
      timer = setTimeout(pump, READING.gap);
    }
    function say(message, kind) {
      message = String(message || "").replace(/\s+/g, " ").trim();
      if (!message) return;
      note("__gwParts", { text: message, kind: kind || "said", at: Date.now() });  // news, prompt, answer
      queue.push(message);
      if (!timer) pump();
    }

    // --- the picture's keyboard ----------------------------------------------------------------
    const items = () => [...picture.querySelectorAll(NAV)];
    const centre = (e) => {
      const r = e.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    };

    function ring(target) {
      picture.querySelectorAll(".gw-focus-ring").forEach((r) => r.remove());
      const svg = picture.querySelector("svg");
      if (!target || !svg || !target.getBBox) return;
      const box = target.getBBox();
      const m = svg.getScreenCTM().inverse().multiply(target.getScreenCTM());
      const corners = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height],
                       [box.x + box.width, box.y + box.height]].map(([x, y]) => {
        const p = svg.createSVGPoint(); p.x = x; p.y = y; return p.matrixTransform(m);
      });
      const xs = corners.map((p) => p.x), ys = corners.map((p) => p.y);
      const g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "gw-focus-ring");
      g.setAttribute("pointer-events", "none");
      g.setAttribute("aria-hidden", "true");
      for (const [colour, width] of [["#000000", 7], ["#ffffff", 3]]) {
        const r = document.createElementNS(SVGNS, "rect");
        r.setAttribute("x", Math.min(...xs) - 4); r.setAttribute("y", Math.min(...ys) - 4);
        r.setAttribute("width", Math.max(...xs) - Math.min(...xs) + 8);
        r.setAttribute("height", Math.max(...ys) - Math.min(...ys) + 8);
        r.setAttribute("rx", 6); r.setAttribute("fill", "none");
        r.setAttribute("stroke", colour); r.setAttribute("stroke-width", width);
        g.appendChild(r);
      }
      svg.appendChild(g);
    }

    function hold(target, focus) {  // give `target` the tab stop (and the focus)
      for (const e of items()) e.setAttribute("tabindex", e === target ? "0" : "-1");
      if (!target) return;
      current = keyOf(target);
      where = centre(target);
      if (focus) target.focus({ preventScroll: false });
    }

    function nearest(list) {
      if (!where || !list.length) return null;
      let best = null, distance = Infinity;
      for (const e of list) {
        const [x, y] = centre(e);
        const d = (x - where[0]) ** 2 + (y - where[1]) ** 2;
        if (d < distance) { distance = d; best = e; }
      }
      return best;
    }

    function inGrid(from, key) {  // the next cell of a grid along its rows and columns
      const grid = from.closest('[role="grid"]');
      if (!grid) return undefined;
      const pos = (e) => [Number(e.getAttribute("data-row")), Number(e.getAttribute("data-col"))];
      const [r, c] = pos(from);
      const cells = [...grid.querySelectorAll(NAV)].filter((e) => e !== from);
      const score = {
        ArrowRight: ([r2, c2]) => (r2 === r && c2 > c ? c2 - c : null),
        ArrowLeft: ([r2, c2]) => (r2 === r && c2 < c ? c - c2 : null),
        ArrowDown: ([r2, c2]) => (r2 > r ? (r2 - r) * 1000 + Math.abs(c2 - c) : null),
        ArrowUp: ([r2, c2]) => (r2 < r ? (r - r2) * 1000 + Math.abs(c2 - c) : null),
      }[key];
      let best = null, bestScore = Infinity;
      for (const e of cells) {
        const s = score(pos(e));
        if (s !== null && s < bestScore) { bestScore = s; best = e; }
      }
      if (best) return best;
      // A row's end keeps the focus (as a grid does); past the top or the bottom row the arrows go
      // on to the element before or after the grid, so the rest of the board stays in reach.
      if (key === "ArrowRight" || key === "ArrowLeft") return from;
      const list = items();
      const inside = list.filter((e) => grid.contains(e));
      const edge = key === "ArrowDown" ? list.indexOf(inside[inside.length - 1]) + 1 : list.indexOf(inside[0]) - 1;
      return list[edge] || from;
    }

    // The element that keeps the picture's tab stop after a redraw: the same one (by its key); if
    // it is gone, the nearest move (else the nearest element, where the focus waits until moves
    // come back: then the nearest move).
    function pictureTarget() {
      const list = items();
      const moveList = list.filter((e) => isMove(e.getAttribute("data-action")));
      const same = list.find((e) => keyOf(e) === current);
      if (same && !(parked !== null && parked === current && moveList.length)) {
        if (parked !== current) parked = null;
        return same;
      }
      const target = nearest(moveList) || nearest(list) || moveList[0] || list[0] || null;
      parked = target && !moveList.includes(target) ? keyOf(target) : null;
      return target;
    }

    function escape() {
      const svg = picture.querySelector("svg");
      const action = svg && svg.getAttribute("data-escape");
      if (action) act(action);
      return !!action;
    }

    picture.addEventListener("keydown", (ev) => {
      const from = ev.target.closest(NAV);
      if (!from || !picture.contains(from)) return;
      const list = items();
      const index = list.indexOf(from);
      let to;
      switch (ev.key) {
        case "ArrowRight": case "ArrowDown": case "ArrowLeft": case "ArrowUp": {
          to = inGrid(from, ev.key);
          if (to === undefined) {
            const step = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
            to = list[index + step] || null;
          }
          break;
        }
        case "Home": to = list[0]; break;
        case "End": to = list[list.length - 1]; break;
        case "Enter": case " ": {
          const action = from.getAttribute("data-action");
          if (action) played(action);
          ev.preventDefault();
          ev.stopPropagation();
          return;
        }
        case "Escape":
          if (escape()) { ev.preventDefault(); ev.stopPropagation(); }
          return;
        default: return;
      }
      ev.preventDefault();
      ev.stopPropagation();  // JupyterLab must not take the arrow keys to the next cell
      if (to) hold(to, true);
    });
    picture.addEventListener("focusin", (ev) => {
      const target = ev.target.closest(NAV);
      if (target && picture.contains(target)) {
        hold(target, false);
        if (target.matches(":focus-visible")) ring(target);
      }
    });
    picture.addEventListener("focusout", (ev) => {
      if (!picture.contains(ev.relatedTarget)) ring(null);
    });
    picture.addEventListener("click", (ev) => {
      const target = ev.target.closest("[data-action]");
      if (!target || !picture.contains(target)) return;
      current = keyOf(target);
      played(target.getAttribute("data-action"));
    });

    function played(action) {
      if (isMove(action)) actedAt = logEnd();
      act(action);
    }

    // --- the text mode ---------------------------------------------------------------------------
    text.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && escape()) { ev.preventDefault(); ev.stopPropagation(); }
    });
    text.addEventListener("focusin", (ev) => {
      const button = ev.target.closest("button");
      if (button) { textKey = button.dataset.move; waiting = false; }
    });

    function drawText(svg) {
      const offered = [];  // [action, label, pressed] in the board's order, one per action
      const seenActions = new Set();
      for (const e of svg ? svg.querySelectorAll("[data-action]") : []) {
        const action = e.getAttribute("data-action");
        if (seenActions.has(action)) continue;
        seenActions.add(action);
        offered.push([action, e.getAttribute("aria-label") || action, e.getAttribute("aria-pressed")]);
      }
      const active = document.activeElement;
      const had = text.contains(active) && !text.hidden;
      const lost = !active || active === document.body;
      lines.textContent = "";
      for (const line of (view.words && view.words.lines) || []) {
        const item = document.createElement("li");
        item.textContent = line;
        lines.appendChild(item);
      }
      const old = new Map([...text.querySelectorAll("button")].map((b) => [b.dataset.move, b]));
      const buttons = offered.map(([action, name, pressed]) => {
        let button = old.get(action);
        if (!button) {
          button = document.createElement("button");
          button.type = "button";
          button.dataset.move = action;
          button.addEventListener("click", () => played(button.dataset.move));
        }
        old.delete(action);
        if (button.textContent !== name) button.textContent = name;
        if (pressed === null) button.removeAttribute("aria-pressed");
        else button.setAttribute("aria-pressed", pressed);
        return button;
      });
      const focusedGone = had && !!active.dataset && old.has(active.dataset.move);
      // the buttons kept stay in the page (so the focus stays on them); the others go first, so
      // that no kept button is moved (a moved element loses the focus)
      for (const b of old.values()) b.remove();
      for (const [group, wanted] of [[settings, buttons.filter((b) => !isMove(b.dataset.move))],
                                     [moves, buttons.filter((b) => isMove(b.dataset.move))]]) {
        wanted.forEach((b, i) => { if (group.children[i] !== b) group.insertBefore(b, group.children[i] || null); });
      }
      settings.hidden = !settings.childElementCount;
      if (text.hidden) return;
      if (had && !focusedGone && active !== lines) {  // still on its button
        if (document.activeElement !== active && active.isConnected) active.focus();
        return;
      }
      if (!(had || (waiting && lost))) return;
      const target = buttons.find((b) => b.dataset.move === textKey)
        || buttons.find((b) => isMove(b.dataset.move));
      if (target) { waiting = false; target.focus(); }
      else { waiting = true; lines.focus(); }
    }

    // --- what the move log says ------------------------------------------------------------------
    function logEnd() {
      const log = (view.words && view.words.log) || null;
      return log ? log.start + log.lines.length : null;
    }

    function announce(words) {
      const log = words.log;
      let news = "";
      if (log) {
        const end = log.start + log.lines.length;
        if (seen === null || end < seen) seen = end;  // a first view (or a new count): no history
        const said = [];
        for (let i = Math.max(seen, log.start); i < end; i += 1) {
          const short = log.said ? log.said[i - log.start] : null;
          said.push(short === null || short === undefined ? log.lines[i - log.start] : short);
        }
        seen = end;
        news = said.filter(Boolean).map(sentence).join(" ");
        say(news, "news");
      }
      // the prompt when the seat's turn comes: moves offered again, or after what others did
      const moves = (words.commands || []).some(([, a]) => isMove(a));
      if (moves && words.prompt && (!hadMoves || news)) say(words.prompt, "prompt");
      hadMoves = moves;
    }
    const sentence = (line) => (/[.!?…]$/.test(line.trim()) ? line.trim() : line.trim() + ".");

    // --- typed commands ------------------------------------------------------------------------------
    function lastLines() {
      const log = (view.words && view.words.log) || null;
      if (!log || !log.lines.length) return "Nothing has happened yet.";
      const end = log.start + log.lines.length;
      let from = actedAt !== null && actedAt >= log.start && actedAt < end ? actedAt : end - 3;
      from = Math.max(from, log.start, end - 12);
      return log.lines.slice(from - log.start).map(sentence).join(" ");
    }

    function help(commands) {
      const answers = Object.keys((view.words && view.words.answers) || {});
      const info = ["where", ...answers, "last", "moves", "help"].filter((w, i, a) => a.indexOf(w) === i);
      const moveList = commands.filter(([, a]) => isMove(a));
      const example = moveList.length ? ` Moves now: ${examples(moveList, 3)}.` : " No move of yours now.";
      const steps = commands.filter(([, a]) => a.startsWith("walk:")).map(([p]) => plain(p));
      const walk = steps.length ? ` Steps: ${steps.join(", ")}.` : "";
      return `Type a move or a question: ${info.join(", ")}.${example}${walk}`;
    }

    function examples(list, count) {  // at most `count` moves, and about 60 words
      const shown = [], actions = new Set();
      for (const [phrase, action] of list) {
        if (actions.has(action)) continue;
        actions.add(action);
        shown.push(plain(phrase));
      }
      let told = 0, words = 0;
      while (told < Math.min(count, shown.length) && (told === 0 || words + shown[told].split(" ").length <= 60)) {
        words += shown[told].split(" ").length;
        told += 1;
      }
      const more = shown.length > told ? ` and ${shown.length - told} more` : "";
      return shown.slice(0, told).join("; ") + more;
    }

    function command(typed) {
      const w = (view.words || {});
      const commands = w.commands || [];
      const key = words(typed).join(" ");
      const answers = w.answers || {};
      let reply = null;
      if (!key) reply = help(commands);
      else if (key === "help" || key === "?") reply = help(commands);
      else if (key === "where" || key === "position" || key === "board") reply = (w.lines || []).join(" ");
      else if (key in answers) reply = answers[key];
      else if (key === "last" && !commands.some(([p]) => words(p).join(" ") === "last")) reply = lastLines();
      else if (key === "moves" || key === "options") {
        const moveList = commands.filter(([, a]) => isMove(a));
        reply = moveList.length ? `You can: ${examples(moveList, 12)}.` : "No move of yours now.";
      } else {
        const found = resolve(typed, commands);
        if (found.length === 1) {
          played(found[0][0]);
          reply = isMove(found[0][0]) ? "" : null;
        } else if (found.length > 1) {
          reply = `Which one? ${found.slice(0, 4).map(([, p]) => plain(p)).join("; ")}`
            + (found.length > 4 ? ` and ${found.length - 4} more.` : ".");
        } else {
          const moveList = commands.filter(([, a]) => isMove(a));
          reply = `"${typed.trim().slice(0, 60)}" is not a move now. `
            + (moveList.length ? `You can: ${examples(moveList, 3)}.` : "It is not your move.")
            + " Type help for more.";
        }
      }
      answer.textContent = reply || "";
      if (reply) say(reply, "answer");
      return reply;
    }

    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      ev.stopPropagation();
      command(input.value);
      input.select();
    });
    input.addEventListener("keydown", (ev) => {
      // the notebook must not take the keys typed here (Escape would leave the cell, arrows move)
      ev.stopPropagation();
      if (ev.key === "Escape" && input.value) { input.value = ""; ev.preventDefault(); }
    });

    // --- drawing a view --------------------------------------------------------------------------
    function show(next) {
      view = { svg: next.svg || "", text: !!next.text, words: next.words || {} };
      // the focus is kept (and ringed) for a keyboard, not after a mouse click: a click must not
      // scroll the page or draw a ring
      const active = document.activeElement;
      const focused = picture.contains(active) && active !== picture && active.matches(":focus-visible");
      const wasText = !text.hidden;
      picture.innerHTML = view.svg;
      picture.hidden = view.text;
      text.hidden = !view.text;
      const svg = picture.querySelector("svg");
      if (view.text) drawText(svg);
      else {  // no hidden copy of the moves while the picture is shown
        lines.textContent = "";
        settings.textContent = "";
        moves.textContent = "";
      }
      const target = pictureTarget();
      hold(target, focused && !view.text);
      if (focused && target && !view.text) ring(target);
      if (focused && !target && svg && !view.text) {  // nothing left to reach (the game is over)
        svg.setAttribute("tabindex", "-1");
        svg.focus();
      }
      if (view.text && !wasText && focused) {  // the text mode was turned on from the board
        const first = moves.querySelector("button") || settings.querySelector("button") || lines;
        first.focus();
      }
      announce(view.words);
    }

    /** Put the focus on the board's first move (a page that has just opened, say). */
    function focusFirst() {
      if (view.text) {
        const button = moves.querySelector("button");
        (button || lines).focus();
        return;
      }
      const list = items();
      const target = list.find((e) => isMove(e.getAttribute("data-action"))) || list[0];
      if (target) hold(target, true);
    }

    return { show, say, command, focusFirst, root, input };
  }

  return { create, resolve, words, READING };
})();
if (typeof window !== "undefined") window.GooseBoard = GooseBoard;
