// One candidate: decide by keyboard, then the next candidate is swapped in.
// On a knowledge gap `a` and `e` open the answer with its body focused, and
// the answer is saved with the button or Ctrl/Cmd+Enter; `s` and `d` work as
// their buttons say.
(function () {
  "use strict";
  const root = document.getElementById("candidate");
  if (!root) return;
  let previewTimer = null;
  const current = () => root.firstElementChild;
  const isGap = () => current() && current().dataset.kind === "gap";

  function panel(id, focusId) {
    root.querySelectorAll(".panel").forEach((p) => { if (p.id !== id) p.classList.remove("open"); });
    const p = document.getElementById(id);
    if (!p) return null;
    p.classList.add("open");
    // The reject panel keeps focus on the page so that 1-7 pick a reason.
    let first = null;
    if (focusId) first = document.getElementById(focusId);
    else if (id !== "reject-panel") first = p.querySelector("input[type=text], textarea");
    if (first) first.focus();
    p.scrollIntoView({ block: "nearest" });
    return p;
  }
  function answer() { return panel("edit-panel", "id_body"); }
  function preview() {
    const form = document.getElementById("edit-form");
    if (!form) return;
    clearTimeout(previewTimer);
    previewTimer = setTimeout(async () => {
      const r = await fetch(form.dataset.preview, { method: "POST", body: new FormData(form), headers: { "X-CSRFToken": Review.csrf() } });
      document.getElementById("preview").textContent = r.ok ? await r.text() : interpolate(gettext("Preview unavailable (%s)"), [r.status]);
    }, 200);
  }
  function init() {
    const cited = root.querySelector(".msg.cited");
    if (cited) cited.scrollIntoView({ block: "center" });
    window.scrollTo(0, 0);
    const edit = document.getElementById("edit-form");
    if (edit) { edit.addEventListener("input", preview); preview(); }
    const el = current();
    if (el && el.dataset.title) document.title = el.dataset.title + " · " + gettext("memory review");
    Review.initPickers(root);
  }
  function show(data) {
    if (data.html) {
      root.innerHTML = data.html;
      history.pushState({}, "", data.next_url);
      init();
    } else {
      window.location = data.next_url;
    }
  }
  root.addEventListener("submit", (e) => {
    const form = e.target;
    if (!form.classList.contains("decide")) return;
    e.preventDefault();
    Review.post(form, show);
  });
  root.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.id === "answer-button") { answer(); return; }
    if (b.dataset.panel) panel(b.dataset.panel);
    if (b.hasAttribute("data-undo")) Review.post(document.getElementById("undo-form"), show);
    if (b.id === "redact") {
      ["name", "description", "body"].forEach((f) => { document.getElementById("id_" + f).value = b.dataset[f]; });
      preview();
      Review.toast(gettext("Personal data replaced in the edit form. Check it, then save and approve."));
    }
  });
  document.addEventListener("keydown", (e) => {
    if (Review.typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    const rejectOpen = document.getElementById("reject-panel") && document.getElementById("reject-panel").classList.contains("open");
    if (rejectOpen && /^[1-9]$/.test(e.key)) {
      const radios = document.querySelectorAll("#reject-form input[name=reason]");
      const r = radios[Number(e.key) - 1];
      if (r) { r.checked = true; document.getElementById("reject-form").requestSubmit(); }
      e.preventDefault(); return;
    }
    const go = (id) => { const f = document.getElementById(id); if (f) f.requestSubmit(); };
    const gap = isGap();
    switch (e.key) {
      case "a": if (gap) answer(); else go("approve-form"); break;
      case "e": if (gap) answer(); else panel("edit-panel"); break;
      case "r": panel("reject-panel"); break;
      case "m": panel("merge-panel"); break;
      case "d": go("duplicate-form"); break;
      case "o": go("same-question-form"); break;
      case "s": go("skip-form"); break;
      case "u": Review.post(document.getElementById("undo-form"), show); break;
      default: return;
    }
    e.preventDefault();
  });
  window.addEventListener("popstate", () => window.location.reload());
  init();
})();
