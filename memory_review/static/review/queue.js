// The queue: j/k move, Enter opens, a approves the selected row (a knowledge
// gap opens instead: it needs a written answer), u undoes, n goes to the next page.
(function () {
  "use strict";
  let rows = Array.from(document.querySelectorAll("#queue tbody tr"));
  let i = rows.length ? 0 : -1;
  function select(n) {
    if (!rows.length) { i = -1; return; }
    i = Math.max(0, Math.min(rows.length - 1, n));
    rows.forEach((r, k) => {
      r.classList.toggle("sel", k === i);
      if (k === i) r.setAttribute("aria-selected", "true"); else r.removeAttribute("aria-selected");
    });
    rows[i].scrollIntoView({ block: "nearest" });
  }
  function countDown(el) {
    if (!el) return;
    const m = /^(\d+)(\+?)$/.exec(el.textContent.trim());
    if (m && Number(m[1]) > 0) el.textContent = String(Number(m[1]) - 1) + m[2];
  }
  async function approve() {
    if (i < 0) return;
    const row = rows[i];
    if (row.dataset.kind === "gap") { window.location = row.dataset.url; return; }
    const form = document.getElementById("list-approve-form");
    form.action = row.dataset.approve;
    const data = await Review.post(form);
    if (!data) return;
    row.remove();
    rows = rows.filter((r) => r !== row);
    countDown(document.getElementById("queue-count"));
    countDown(document.querySelector("nav.tabs a.on .n"));
    select(i);
  }
  select(0);
  rows.forEach((r, k) => r.addEventListener("click", (e) => { if (e.target.tagName !== "A") select(rows.indexOf(r)); }));
  document.addEventListener("keydown", (e) => {
    if (Review.typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "j") select(i + 1);
    else if (e.key === "k") select(i - 1);
    else if (e.key === "a") approve();
    else if (e.key === "Enter" && i >= 0 && !e.target.closest("a, button")) window.location = rows[i].dataset.url;
    else if (e.key === "u") document.getElementById("undo-form").submit();
    else if (e.key === "n") { const n = document.getElementById("next-page"); if (n) window.location = n.href; }
  });
})();
