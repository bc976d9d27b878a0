// The release review: j/k move between changes, n goes to the next unread one,
// x marks the selected change read (one JSON post) and moves on.
(function () {
  "use strict";
  const items = Array.from(document.querySelectorAll("#walk .walk-item"));
  const readCount = document.getElementById("walk-read");
  let i = -1;
  function select(n) {
    if (!items.length) return;
    i = Math.max(0, Math.min(items.length - 1, n));
    items.forEach((el, k) => el.classList.toggle("sel", k === i));
    items[i].focus({ preventScroll: true });
    items[i].scrollIntoView({ block: "start" });
  }
  function nextUnread(from) {
    for (let k = from; k < items.length; k++) if (!items[k].classList.contains("read")) return k;
    for (let k = 0; k < from; k++) if (!items[k].classList.contains("read")) return k;
    return -1;
  }
  async function markRead() {
    if (i < 0) return;
    const item = items[i];
    const form = item.querySelector("form.walk-mark");
    const data = await Review.post(form);
    if (!data) return;
    if (!item.classList.contains("read")) {
      item.classList.add("read");
      readCount.textContent = String(Number(readCount.textContent) + 1);
    }
    if (data.left === 0) { window.location.reload(); return; }
    const n = nextUnread(i + 1);
    if (n >= 0) select(n);
  }
  items.forEach((el, k) => {
    el.addEventListener("click", (e) => { if (!["A", "BUTTON", "SUMMARY"].includes(e.target.tagName)) select(k); });
    el.querySelector("form.walk-mark").addEventListener("submit", (e) => { e.preventDefault(); select(k); markRead(); });
  });
  const start = nextUnread(0);
  if (items.length) select(start >= 0 ? start : 0);
  document.addEventListener("keydown", (e) => {
    if (Review.typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "j") select(i + 1);
    else if (e.key === "k") select(i - 1);
    else if (e.key === "n") { const n = nextUnread(i + 1); if (n >= 0) select(n); }
    else if (e.key === "x") { e.preventDefault(); markRead(); }
  });
})();
