// "Forgot your password?" on the login screen: the username, the one-time
// code the site's operator gives (whistctl reset-password), and a new
// password twice; account.reset. Its answer is login's, so a success logs
// in as a login does (App.signedIn); the account's other sessions end.
import type { App } from "../app";
import { h } from "../core/dom";
import { errorText } from "../core/errors";
import { RequestError } from "../core/net";
import type { SessionAck } from "../core/types";
import { t } from "../i18n";
import { field } from "./field";

/** The code as the operator printed it ("K7QM-2XPD-9HRT"), however typed: capitals, the dashes put back. */
export function normalCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[\s-]/g, "");
  return /^[A-Z0-9]{12}$/.test(bare) ? `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}` : typed.trim().toUpperCase();
}

function resetError(e: unknown): string {
  if (e instanceof RequestError && e.code === "bad_code") return t("reset.badCode");
  // The password was changed, but the operator has banned the account.
  if (e instanceof RequestError && e.code === "banned") return t("reset.banned");
  return errorText(e);
}

/** The form; `back` returns to the login form. */
export function resetForm(app: App, username: string, back: () => void): HTMLFormElement {
  const error = h("p", { class: "form-error", id: "reset-error", role: "alert" });
  const submit = h("button", { type: "submit", class: "primary" }, t("reset.submit"));
  const send = async (e: Event): Promise<void> => {
    e.preventDefault();
    const data = new FormData(form);
    const password = String(data.get("password") ?? "");
    error.textContent = "";
    if (password !== String(data.get("repeat") ?? "")) {
      error.textContent = t("care.repeatDiffers");
      return;
    }
    const d = { username: String(data.get("username") ?? "").trim(), code: normalCode(String(data.get("code") ?? "")), password };
    submit.disabled = true;
    try {
      app.signedIn(await app.conn.request<SessionAck>("account.reset", d));
    } catch (err) {
      error.textContent = resetError(err);
    }
    submit.disabled = false;
  };
  const form = h(
    "form",
    { id: "reset-form", class: "card-panel", onsubmit: (e) => void send(e) },
    h("h2", null, t("reset.title")),
    h("p", { class: "hint reset-intro" }, t("reset.intro")),
    field(t("account.username"), h("input", { name: "username", autocomplete: "username", required: true, maxlength: 20, value: username })),
    field(
      t("reset.code"),
      h("input", { name: "code", autocomplete: "one-time-code", autocapitalize: "characters", spellcheck: "false", required: true, maxlength: 20 }),
      t("reset.codeHint"),
    ),
    field(
      t("reset.newPassword"),
      h("input", { name: "password", type: "password", autocomplete: "new-password", required: true, minlength: 8, maxlength: 200 }),
      t("account.passwordHint"),
    ),
    field(t("reset.repeat"), h("input", { name: "repeat", type: "password", autocomplete: "new-password", required: true })),
    error,
    h("div", { class: "form-buttons" }, submit, h("button", { type: "button", class: "link", id: "reset-back", onclick: back }, t("reset.back"))),
  );
  return form;
}
