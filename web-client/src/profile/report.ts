// The report dialog (a profile's Report button): a modal <dialog> with the
// reason, the details (at most 1,000 bytes, as the server takes them) and,
// when the user is at a table with that player (or came to the profile
// from one), that table and its game, attached unless unticked. Escape or
// Cancel closes it, and the focus goes back to the Report button. Sent
// with safety.report; the refusals (one open report about a player at a
// time, ten a day) are said in the dialog.
import type { App } from "../app";
import { field } from "../account/field";
import { h, fill } from "../core/dom";
import { errorText } from "../core/errors";
import { RequestError } from "../core/net";
import type { Report, ReportReason } from "../social/safety";
import { t, type Key } from "../i18n";

const REASONS: readonly (readonly [ReportReason, Key])[] = [
  ["chat", "report.reasonChat"],
  ["cheating", "report.reasonCheating"],
  ["stalling", "report.reasonStalling"],
  ["name", "report.reasonName"],
  ["other", "report.reasonOther"],
];

const MAX_DETAILS_BYTES = 1000;

/**
 * The table (and its game) to attach: the user's table, when that player
 * sits there or spoke in its chat. The game is the last one finished there
 * (its result names it); during a game its id is not known to the client
 * (the `start` event has none), and the operator finds it from the table.
 */
function tableOf(app: App, name: string): { table: number; game: number | null } | null {
  const st = app.table;
  if (!st) return null;
  const lower = name.toLowerCase();
  const there = st.summary.seats.some((s) => s.name?.toLowerCase() === lower) || st.chat.some((c) => c.from.toLowerCase() === lower);
  if (!there) return null;
  const game = st.summary.state === "playing" ? null : (st.result?.game ?? st.summary.game);
  return { table: st.id, game };
}

function reportError(e: unknown, name: string): string {
  if (e instanceof RequestError && e.code === "already_reported") return t("report.already", { name });
  if (e instanceof RequestError && e.code === "too_many_reports") return t("report.tooMany");
  return errorText(e);
}

/** Opens the dialog about `name` inside `host`; `opener` gets the focus back when it closes. */
export function openReport(app: App, name: string, opener: HTMLElement, host: HTMLElement): void {
  const where = tableOf(app, name);
  const error = h("p", { class: "form-error", id: "report-error", role: "alert" });
  const reason = h(
    "select",
    { name: "reason", id: "report-reason", required: true },
    h("option", { value: "" }, t("report.choose")),
    REASONS.map(([value, key]) => h("option", { value }, t(key))),
  );
  const details = h("textarea", { name: "details", id: "report-details", maxlength: MAX_DETAILS_BYTES, rows: 4 });
  const attach = where ? h("input", { type: "checkbox", name: "attach", id: "report-attach", checked: true }) : null;
  const send = h("button", { type: "submit", class: "primary", id: "report-send" }, t("report.send"));
  const dialog = h("dialog", { class: "report-dialog", id: "report-dialog", "aria-labelledby": "report-title" });

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    error.textContent = "";
    const text = details.value.trim();
    if (new TextEncoder().encode(text).length > MAX_DETAILS_BYTES) {
      error.textContent = t("report.tooLong");
      return;
    }
    const r: Report = { username: name, reason: reason.value as ReportReason };
    if (text) r.details = text;
    if (where && attach?.checked) {
      r.table = where.table;
      if (where.game !== null) r.game = where.game;
    }
    send.disabled = true;
    try {
      await app.safety.report(r);
      dialog.close();
      app.flash(t("report.thanks"));
    } catch (err) {
      error.textContent = reportError(err, name);
      send.disabled = false;
    }
  };

  fill(
    dialog,
    h(
      "form",
      { id: "report-form", onsubmit: (e) => void submit(e) },
      h("h3", { id: "report-title" }, t("report.title", { name })),
      h("p", { class: "hint" }, t("report.intro", { name })),
      field(t("report.reason"), reason),
      field(t("report.details"), details, t("report.detailsHint")),
      attach && where
        ? h(
            "label",
            { class: "report-attach" },
            attach,
            " ",
            where.game !== null ? t("report.attachGame", { table: where.table, game: where.game }) : t("report.attach", { table: where.table }),
          )
        : null,
      error,
      h("div", { class: "dialog-buttons" }, h("button", { type: "button", id: "report-cancel", onclick: () => dialog.close() }, t("report.cancel")), send),
    ),
  );
  dialog.addEventListener("close", () => {
    dialog.remove();
    // The profile may have been drawn again meanwhile: its Report button then.
    const back = opener.isConnected ? opener : host.querySelector<HTMLElement>("#safety-report");
    back?.focus();
  });
  host.append(dialog);
  dialog.showModal();
}
