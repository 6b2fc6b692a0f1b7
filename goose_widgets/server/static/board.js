// The board of a table page: the renderer's SVG, made operable by keyboard and named for screen
// readers.  Every element with data-action="<action text>" is a button: Tab reaches it, Enter or
// Space plays it, and its name is the action's text (or the words drawn on it, for view settings).
"use strict";
window.GWBoard = (function () {
  function label(el) {
    const action = el.getAttribute("data-action");
    const words = (el.textContent || "").replace(/\s+/g, " ").trim();
    return action.startsWith("ui:") && words ? words : action;
  }
  function enhance(root) {
    const svg = root.querySelector("svg");
    if (svg) {
      svg.setAttribute("role", "group");
      if (!svg.hasAttribute("aria-label")) svg.setAttribute("aria-label", "The board");
    }
    root.querySelectorAll("[data-action]").forEach(function (el) {
      if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
      if (!el.hasAttribute("role")) el.setAttribute("role", "button");
      if (!el.hasAttribute("aria-label")) el.setAttribute("aria-label", label(el));
      el.setAttribute("focusable", "true");
    });
  }
  // Draw `svg` into `root`, keeping the keyboard focus on the same action if it is still there.
  function draw(root, svg) {
    const focused = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-action") : null;
    root.innerHTML = svg;
    enhance(root);
    if (focused) {
      const again = Array.from(root.querySelectorAll("[data-action]"))
        .find(function (el) { return el.getAttribute("data-action") === focused; });
      if (again) again.focus();
    }
  }
  function bind(root, onAction) {
    root.addEventListener("click", function (ev) {
      const target = ev.target.closest("[data-action]");
      if (target && root.contains(target)) onAction(target.getAttribute("data-action"));
    });
    root.addEventListener("keydown", function (ev) {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      const target = ev.target.closest ? ev.target.closest("[data-action]") : null;
      if (!target || !root.contains(target)) return;
      ev.preventDefault();
      onAction(target.getAttribute("data-action"));
    });
  }
  return { draw: draw, bind: bind, enhance: enhance };
})();
