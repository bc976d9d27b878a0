// Behaviour shared by every page: toasts, JSON posts, the keys help,
// Ctrl/Cmd+Enter to save a form, and the record picker. Loaded as a file
// (never inline) so that pages work under script-src 'self'.
window.Review = (function () {
  "use strict";
  function csrf() {
    const field = document.querySelector("[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }
  function toast(text, error) {
    const t = document.getElementById("toast");
    if (!t) return;
    t.textContent = text;
    t.className = "toast show" + (error ? " error" : "");
    clearTimeout(t._timer);
    t._timer = setTimeout(() => { t.className = "toast"; }, 3500);
  }
  function typing(e) {
    const el = e.target;
    return Boolean(el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName)));
  }
  async function post(form, onDone) {
    const response = await fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { "Accept": "application/json", "X-CSRFToken": csrf() },
      credentials: "same-origin",
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = { ok: false, error: interpolate(gettext("The server answered %s."), [response.status]) }; }
    if (!data.ok) { toast(data.error || gettext("That did not work."), true); return null; }
    toast(data.message);
    if (onDone) onDone(data);
    return data;
  }
  function help(show) {
    const h = document.getElementById("keys-help");
    if (!h) return;
    h.classList.toggle("open", show === undefined ? !h.classList.contains("open") : show);
  }

  // Record picker: an <input data-record-picker> gets a datalist filled from
  // the search endpoint (data-record-picker holds its URL) as the reviewer types.
  function picker(input) {
    if (input.dataset.pickerReady) return;
    input.dataset.pickerReady = "1";
    const list = document.createElement("datalist");
    list.id = (input.id || "record") + "-options";
    input.setAttribute("list", list.id);
    input.setAttribute("autocomplete", "off");
    input.after(list);
    let timer = null;
    let asked = null;
    async function search() {
      const q = input.value.trim();
      if (q === asked) return;
      asked = q;
      const response = await fetch(input.dataset.recordPicker + "?q=" + encodeURIComponent(q), {
        headers: { "Accept": "application/json" }, credentials: "same-origin",
      });
      if (!response.ok) return;
      const data = await response.json();
      list.replaceChildren(...data.records.map((r) => {
        const option = document.createElement("option");
        option.value = r.slug;
        option.textContent = r.name + " (" + r.type + ")";
        return option;
      }));
    }
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(search, 150); });
    input.addEventListener("focus", search);
  }
  function initPickers(root) {
    (root || document).querySelectorAll("input[data-record-picker]").forEach(picker);
  }

  document.addEventListener("keydown", (e) => {
    // Ctrl/Cmd+Enter saves the form being typed in, where the form allows it.
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      const form = e.target && e.target.closest ? e.target.closest("form[data-ctrl-enter]") : null;
      if (form) { e.preventDefault(); form.requestSubmit(); }
      return;
    }
    if (e.key === "Escape") { help(false); if (typing(e)) e.target.blur(); return; }
    if (typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "?") { help(); e.preventDefault(); }
  });
  // The language switcher changes language as soon as another one is chosen.
  function initLanguageSwitch() {
    document.querySelectorAll("select[data-autosubmit]").forEach((select) => {
      const form = select.form;
      // Without scripts the button switches; with them, choosing switches.
      form.querySelectorAll(".js-hidden").forEach((b) => b.remove());
      select.addEventListener("change", () => form.requestSubmit());
    });
  }
  // Forms that change what agents read (cut, publish, roll back, retract) say what will
  // happen in data-confirm and ask first, in the page's own dialog (keyboard: Tab, Esc).
  function confirmFirst(e) {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.confirm) return;
    if (form.dataset.confirmed === "1") { delete form.dataset.confirmed; return; }
    const dialog = document.getElementById("confirm-dialog");
    if (!dialog || typeof dialog.showModal !== "function") {
      if (!window.confirm(form.dataset.confirm)) e.preventDefault();
      return;
    }
    e.preventDefault();
    const submitter = e.submitter || null;
    document.getElementById("confirm-text").textContent = form.dataset.confirm;
    const ok = document.getElementById("confirm-ok");
    ok.textContent = form.dataset.confirmButton || ok.dataset.label;
    ok.classList.toggle("danger", form.dataset.confirmDanger !== undefined);
    dialog.onclose = () => {
      if (dialog.returnValue !== "ok") return;
      form.dataset.confirmed = "1";
      form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
    };
    dialog.returnValue = "";
    dialog.showModal();
    ok.focus();
  }
  document.addEventListener("submit", confirmFirst, true);
  document.addEventListener("DOMContentLoaded", () => { initPickers(); initLanguageSwitch(); });
  return { toast, typing, post, help, csrf, initPickers };
})();
