// Another player's profile, for a registered user: Mute or Unmute (their
// chat hidden from the user at every table), Block or Unblock (after a
// confirmation that says what blocking does), and Report (profile/report.ts).
// The lists are the server's (social/safety.ts); a block ends a friendship,
// so the friends and the profile are read again after it.
import type { App } from "../app";
import { h } from "../core/dom";
import type { ProfileAnswer } from "../core/types_results";
import { t } from "../i18n";
import { openReport } from "./report";

async function mute(app: App, name: string, on: boolean): Promise<void> {
  try {
    await app.safety.mute(name, on);
    app.flash(on ? t("safety.mutedNow", { name }) : t("safety.unmutedNow", { name }));
  } catch (e) {
    app.fail(e);
  }
}

async function block(app: App, name: string, on: boolean, changed: () => void): Promise<void> {
  if (on && !window.confirm(t("safety.blockConfirm", { name }))) return;
  try {
    await app.safety.block(name, on);
    app.flash(on ? t("safety.blockedNow", { name }) : t("safety.unblockedNow", { name }));
    void app.social.refresh();
    changed();
  } catch (e) {
    app.fail(e);
  }
}

/**
 * The buttons, for a registered user on someone else's profile (null
 * otherwise); `changed` reads the profile again, `host` holds the dialog.
 */
export function safetyActions(app: App, d: ProfileAnswer, changed: () => void, host: HTMLElement): HTMLElement | null {
  const me = app.user;
  if (!me || me.guest || d.relation === "self") return null;
  const name = d.user.name;
  const muted = app.safety.isMuted(name);
  const blocked = app.safety.isBlocked(name);
  const report: HTMLButtonElement = h(
    "button",
    { type: "button", id: "safety-report", title: t("safety.reportTitle", { name }), onclick: () => openReport(app, name, report, host) },
    t("safety.report"),
  );
  const state = [muted ? t("safety.isMuted", { name }) : "", blocked ? t("safety.isBlocked", { name }) : ""].filter(Boolean).join(" ");
  return h(
    "div",
    { class: "safety-actions", "data-muted": String(muted), "data-blocked": String(blocked) },
    h(
      "button",
      { type: "button", id: "safety-mute", title: t("safety.muteTitle", { name }), onclick: () => void mute(app, name, !muted) },
      muted ? t("safety.unmute") : t("safety.mute"),
    ),
    h(
      "button",
      { type: "button", id: "safety-block", title: t("safety.blockTitle", { name }), onclick: () => void block(app, name, !blocked, changed) },
      blocked ? t("safety.unblock") : t("safety.block"),
    ),
    report,
    state ? h("p", { class: "hint safety-state", "data-role": "safety-state" }, state) : null,
  );
}
