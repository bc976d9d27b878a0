// The queue: j/k move, Enter opens, u undoes, n goes to the next page.
(function () {
  "use strict";
  const rows = Array.from(document.querySelectorAll("#queue tbody tr"));
  let i = rows.length ? 0 : -1;
  function select(n) {
    if (!rows.length) return;
    i = Math.max(0, Math.min(rows.length - 1, n));
    rows.forEach((r, k) => r.classList.toggle("sel", k === i));
    rows[i].scrollIntoView({ block: "nearest" });
  }
  select(0);
  rows.forEach((r, k) => r.addEventListener("click", (e) => { if (e.target.tagName !== "A") select(k); }));
  document.addEventListener("keydown", (e) => {
    if (Review.typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "j") select(i + 1);
    else if (e.key === "k") select(i - 1);
    else if (e.key === "Enter" && i >= 0) window.location = rows[i].dataset.url;
    else if (e.key === "u") document.getElementById("undo-form").submit();
    else if (e.key === "n") { const n = document.getElementById("next-page"); if (n) window.location = n.href; }
  });
})();
