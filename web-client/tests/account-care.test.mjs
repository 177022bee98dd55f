// End to end, account care through the pages:
// - Ann registers in one browser (A) and logs in from a second one (B, a
//   context of its own: its own storage). In A she opens her account
//   settings from her own profile: two sessions, A's marked "this device".
// - She ends B's session: B is told at once and shows the login screen with
//   the reason, its token forgotten (no "Continue as"); B logs in again.
// - She changes her password in A: a repetition that differs and a wrong
//   current password are refused plainly; then it is changed, B is logged
//   out with "your password was changed", and cannot log in with the old
//   password but can with the new one.
// - On a phone (390x844) the settings page, opened by its address, is no
//   wider than the screen. A guest who reaches it is told accounts are for
//   registered players.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { asGuest, clientDir, hardLimit, login, register, screen, setup } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;

let env;
const stopLimit = hardLimit(120_000);
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
  stopLimit();
});

const OLD = "correct horse battery";
const NEW = "a longer passphrase";

/** The sessions A's settings list, once loaded: [{id, current, text}]. */
function sessionsOf(page) {
  return page.$$eval(".session-list .session-item", (els) =>
    els.map((e) => ({ id: e.dataset.session, current: e.dataset.current === "true", text: e.textContent })),
  );
}

const stored = (page) => page.evaluate(() => ({ token: sessionStorage.getItem("whist.token"), remember: localStorage.getItem("whist.remember") }));

/** The elements wider than the viewport, or reaching past its right edge. */
function overflow(page) {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > w + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
    return { scroll: document.documentElement.scrollWidth, width: w, wide };
  });
}

test("change the password, see and end sessions; ended sessions are logged out", { timeout: 110_000 }, async () => {
  const a = await register(env, "ann");
  const b = await env.openPage("ann-b");
  await login(b, "ann", OLD);
  await screen(b, "lobby");

  // A opens her settings from her own profile.
  await a.click("header .me");
  await screen(a, "profile");
  await a.click("#account-settings");
  await screen(a, "settings");
  assert.equal(await a.evaluate(() => location.hash), "#account");
  await a.waitForFunction(() => document.querySelectorAll(".session-list .session-item").length === 2);
  let sessions = await sessionsOf(a);
  if (shots) {
    await mkdir(shots, { recursive: true });
    await a.screenshot({ path: join(shots, "account.png") });
  }
  assert.equal(sessions.filter((s) => s.current).length, 1, "one session is this device's");
  const mine = sessions.find((s) => s.current);
  assert.match(mine.text, /this device/);
  assert.match(mine.text, /Began today at \d/);
  assert.match(mine.text, /last used today at \d/);
  assert.equal(await a.$(`[data-session="${mine.id}"] button[data-end-session]`), null, "no End button for this device");
  const autocomplete = await a.$$eval("#password-form input[type=password]", (els) => els.map((e) => e.getAttribute("autocomplete")));
  assert.deepEqual(autocomplete, ["current-password", "new-password", "new-password"]);

  // She ends B's session: B shows the login screen with the reason, its token forgotten.
  const other = sessions.find((s) => !s.current);
  await a.click(`[data-session="${other.id}"] button[data-end-session]`);
  await screen(b, "account");
  await b.waitForSelector(".account-screen .form-error >> text=You were logged out: you ended this session from another device.");
  assert.deepEqual(await stored(b), { token: null, remember: null });
  await a.waitForFunction(() => document.querySelectorAll(".session-list .session-item").length === 1);
  // B's new connection (made without the token) stays on the login screen, which offers no "Continue as".
  await b.waitForFunction(() => window.whist.app.status === "online");
  assert.equal(await b.$("#continue"), null);
  assert.equal(await b.evaluate(() => document.body.dataset.screen), "account");

  // B logs in again.
  await login(b, "ann", OLD);
  await screen(b, "lobby");

  // A changes her password: the repetition must match, the current password must be right.
  await a.fill("#password-form input[name=old]", OLD);
  await a.fill("#password-form input[name=new]", NEW);
  await a.fill("#password-form input[name=repeat]", NEW + "!");
  await a.click("#password-form button[type=submit]");
  await a.waitForSelector("#password-error >> text=The new password and its repetition differ.");
  await a.fill("#password-form input[name=old]", "not my password");
  await a.fill("#password-form input[name=repeat]", NEW);
  await a.click("#password-form button[type=submit]");
  await a.waitForSelector("#password-error >> text=That is not your current password.");
  assert.equal(await b.evaluate(() => document.body.dataset.screen), "lobby", "a refused change logs nobody out");
  await a.fill("#password-form input[name=old]", OLD);
  await a.click("#password-form button[type=submit]");
  await a.waitForSelector("#password-done >> text=Password changed; 1 other session logged out.");
  assert.equal(await a.textContent("#password-error"), "");
  assert.equal(await a.inputValue("#password-form input[name=old]"), "", "the form is emptied");

  // B is logged out with the reason; the old password no longer works, the new one does.
  await screen(b, "account");
  await b.waitForSelector(".account-screen .form-error >> text=You were logged out: your password was changed.");
  assert.deepEqual(await stored(b), { token: null, remember: null });
  await b.waitForFunction(() => window.whist.app.status === "online");
  await login(b, "ann", OLD);
  await b.waitForSelector(".form-error >> text=wrong username or password");
  await login(b, "ann", NEW);
  await screen(b, "lobby");
  // A stayed logged in, with her list read again (B's sessions ended).
  await a.waitForFunction(() => document.querySelectorAll(".session-list .session-item").length === 1);
  assert.equal(await a.evaluate(() => document.body.dataset.screen), "settings");

  // On a phone, by its address (after the login): nothing wider than the screen.
  const phone = await env.openPage("ann-phone", { width: 390, height: 844 });
  await phone.evaluate(() => (location.hash = "#account"));
  await login(phone, "ann", NEW);
  await screen(phone, "settings");
  await phone.waitForFunction(() => document.querySelectorAll(".session-list .session-item").length >= 2);
  const o = await overflow(phone);
  assert.deepEqual(o.wide, [], `wider than ${o.width}px: ${o.wide}`);
  assert.ok(o.scroll <= o.width, `the page scrolls sideways: ${o.scroll} > ${o.width}`);
  // Back goes to the lobby (where the login led).
  await phone.click("#care-back");
  await screen(phone, "lobby");
  assert.equal(await phone.evaluate(() => location.hash), "");

  // A guest who reaches the page is told it is for registered players.
  const guest = await env.openPage("guest");
  await asGuest(guest);
  await guest.evaluate(() => (location.hash = "#account"));
  await screen(guest, "settings");
  assert.match(await guest.textContent('[data-role="care-guest"]'), /Accounts are for registered players/);
});
