// One's account settings, continued: "Download my data" (account.export,
// saved as whistd-<name>-<yyyy-mm-dd>.json) and "Delete my account"
// (account.delete: the password, and the username typed again, so that no
// stray click deletes it). After the deletion's answer the server ends the
// session (session.ended, "your account was deleted"), and the app shows
// the login screen with "Your account was deleted." (app.ts, core/errors.ts).
import type { App } from "../app";
import { h } from "../core/dom";
import { errorText } from "../core/errors";
import { RequestError } from "../core/net";
import { t } from "../i18n";
import { field } from "./field";

const two = (n: number): string => String(n).padStart(2, "0");

/** The downloaded file's name: whistd-ann-2026-11-27.json (today, local time). */
export function dataFileName(name: string, now = new Date()): string {
  return `whistd-${name}-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}.json`;
}

/** Saves `text` as a file of the browser's downloads. */
export function saveFile(file: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = h("a", { href: url, download: file, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Download my data": what the server keeps about the player, as a JSON file. */
export function dataPanel(app: App, name: string): HTMLElement {
  const status = h("p", { class: "form-done", id: "data-status", role: "status" });
  const error = h("p", { class: "form-error", id: "data-error", role: "alert" });
  const button = h("button", { type: "button", id: "download-data" }, t("data.button"));
  button.addEventListener("click", () => {
    button.disabled = true;
    error.textContent = "";
    status.textContent = t("data.preparing");
    app.conn
      .request<object>("account.export", {})
      .then((data) => {
        const file = dataFileName(name);
        saveFile(file, JSON.stringify(data, null, 2) + "\n");
        status.textContent = t("data.done", { file });
      })
      .catch((e: unknown) => {
        status.textContent = "";
        error.textContent = errorText(e);
      })
      .finally(() => (button.disabled = false));
  });
  return h(
    "section",
    { class: "card-panel care-data", id: "data", "aria-labelledby": "data-title" },
    h("h3", { id: "data-title" }, t("data.title")),
    h("p", { class: "hint" }, t("data.text")),
    error,
    status,
    button,
  );
}

/** The deletion's refusals in words: the table to leave first, a wrong password; others as everywhere. */
function deleteError(e: unknown): string {
  if (e instanceof RequestError) {
    if (e.code === "wrong_password") return t("delete.wrongPassword");
    const table = /leave table (\d+) first/.exec(e.message);
    if (e.code === "seated" && table) return t("delete.seated", { n: Number(table[1]) });
  }
  return errorText(e);
}

/** "Delete my account", set apart: what happens, the password, the name typed again, and the button. */
export function deletePanel(app: App, name: string): HTMLElement {
  const error = h("p", { class: "form-error", id: "delete-error", role: "alert" });
  const status = h("p", { class: "form-done", id: "delete-status", role: "status" });
  const password = h("input", { name: "password", type: "password", autocomplete: "current-password", required: true });
  const typed = h("input", { name: "confirm", autocomplete: "off", autocapitalize: "none", spellcheck: "false", required: true, maxlength: 20 });
  const button = h("button", { type: "submit", class: "danger", id: "delete-account", disabled: true }, t("delete.button"));
  // Ready once the password is there and the name typed is the account's (in any case, as the server compares names).
  const ready = (): boolean => password.value !== "" && typed.value.trim().toLowerCase() === name.toLowerCase();
  const check = (): void => void (button.disabled = !ready());
  password.addEventListener("input", check);
  typed.addEventListener("input", check);
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (!ready()) return;
    button.disabled = true;
    error.textContent = "";
    status.textContent = t("delete.deleting");
    try {
      await app.conn.request<{ name: string; chips: number }>("account.delete", { password: password.value });
      // session.ended follows at once: the app shows the login screen, saying so.
    } catch (err) {
      status.textContent = "";
      error.textContent = deleteError(err);
      check();
    }
  };
  return h(
    "section",
    { class: "card-panel danger-zone", id: "delete", "aria-labelledby": "delete-title" },
    h("h3", { id: "delete-title" }, t("delete.title")),
    h("p", null, t("delete.intro")),
    h(
      "ul",
      { class: "delete-facts" },
      h("li", null, t("delete.chips")),
      h("li", null, t("delete.name")),
      h("li", null, t("delete.gone")),
      h("li", null, t("delete.free", { name })),
    ),
    h("p", { class: "hint" }, t("delete.before")),
    h(
      "form",
      { id: "delete-form", onsubmit: (e) => void submit(e) },
      // For password managers: whose password this is.
      h("input", { type: "text", name: "username", autocomplete: "username", value: name, hidden: true, readonly: true }),
      field(t("delete.password"), password),
      field(t("delete.confirm", { name }), typed),
      error,
      status,
      button,
    ),
  );
}
