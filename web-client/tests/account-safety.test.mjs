// End to end, one's data, the account's deletion, the operator's reset code,
// and safety between players (mute, block, report) through the pages:
// - Dana downloads her data from her account settings: a file
//   whistd-dana-<today>.json whose JSON names her with the chips the header
//   shows. Deleting her account: the button waits for the password and her
//   name typed again; a wrong password is refused in words, and so is the
//   deletion while she holds a seat ("leave table N first"); then it is
//   deleted, this page and her other one show the login screen with "Your
//   account was deleted.", and logging in again fails.
// - Mia mutes Max from his profile (opened from his name in the chat), all
//   three watching a rated table: Max's lines, before the game (chat
//   events) and during it (table.watcher_chat), are hidden from Mia (one
//   discreet line counts them) and seen by Tom; Mia's own line reaches
//   everyone. Mia reports Max from his profile: the dialog (Escape closes
//   it, the focus back on Report), the table attached, sent ("Thank you"),
//   then "already reported"; whistctl lists the report with its table. She
//   unmutes him: his new lines show again. The operator mutes Max's chat
//   (whistctl mute-chat): his next line is refused with until when and why.
//   A guest, and Mia on her own profile, get no safety buttons.
// - Bea blocks Cal from his profile (after a confirmation that says what
//   blocking does): his friend request to her is refused in words, and so
//   is hers to him; her settings list him as blocked, and Unblock empties
//   the list; his request then goes through.
// - Rex forgets his password: "Forgot your password?" on the login screen;
//   a wrong code refused in words; the code from `whistctl reset-password`
//   (typed in small letters without dashes) and a new password twice log
//   him in; his other page is logged out with the reason; the old password
//   no longer works, the new one does.
// - The settings page and the report dialog fit a phone (390x844).
//
// With $WHIST_SCREENSHOTS set: docs' account-delete.png (the settings page
// with the data and deletion sections) and report.png (the report dialog),
// at 1280x800.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { asGuest, clientDir, createTable, hardLimit, login, register as registerPage, screen, setup, watchTable } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;
const WHISTCTL = resolve(clientDir, process.env.WHISTCTL ?? "../build/tools/whistctl");
const PASSWORD = "correct horse battery";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let env;
const stopLimit = hardLimit(300_000);
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
  stopLimit();
});

const register = (name, viewport = DESKTOP) => registerPage(env, name, viewport);

/** Runs whistctl on the test server's database; its standard output. */
async function whistctl(...args) {
  const { stdout } = await promisify(execFile)(WHISTCTL, ["--db", env.server.db, ...args]);
  return stdout;
}

/** Opens a page's own account settings by their address. */
async function settings(page) {
  await page.evaluate(() => (location.hash = "#account"));
  await screen(page, "settings");
  await page.waitForSelector('.safety-lists[data-loaded="true"]');
}

/** Opens a player's profile by its address, read from the server. */
async function profile(page, name) {
  await page.evaluate((name) => (location.hash = `#profile/${name}`), name);
  await page.waitForSelector(`.profile-screen[data-player="${name}"][data-loaded="true"]`);
}

const toast = (page, text) => page.waitForSelector(`.toast:not([hidden]) >> text=${text}`);

async function say(page, text) {
  await page.fill(".chat-text input[name=text]", text);
  await page.click(".chat-text button[type=submit]");
}

/** The chat log's lines as the page shows them. */
const chatOf = (page) => page.$$eval(".chat-log li", (els) => els.map((e) => e.textContent));

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

async function fits(page, what) {
  const o = await overflow(page);
  assert.deepEqual(o.wide, [], `${what}: wider than ${o.width}px: ${o.wide}`);
  assert.ok(o.scroll <= o.width, `${what}: the page scrolls sideways: ${o.scroll} > ${o.width}`);
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

test("download my data; delete the account (refused, then done: the login screen says so)", { timeout: 90_000 }, async () => {
  const dana = await register("dana");
  const other = await env.openPage("dana-b");
  await login(other, "dana", PASSWORD);
  await screen(other, "lobby");
  await dana.waitForSelector("#chips-badge .amount:not([data-chips=''])");
  const chips = Number(await dana.getAttribute("#chips-badge .amount", "data-chips"));
  assert.ok(chips > 0);

  // Download my data: a JSON file named after her and today.
  await settings(dana);
  const [download] = await Promise.all([dana.waitForEvent("download"), dana.click("#download-data")]);
  assert.equal(download.suggestedFilename(), `whistd-dana-${today()}.json`);
  const data = JSON.parse(await readFile(await download.path(), "utf8"));
  assert.equal(data.account.username, "dana");
  assert.equal(data.account.chips, chips);
  assert.ok(Array.isArray(data.games) && Array.isArray(data.chips_history) && Array.isArray(data.muted));
  await dana.waitForSelector(`#data-status >> text=Saved as whistd-dana-${today()}.json.`);
  assert.match(await dana.textContent("#data .hint"), /chips/);

  // The deletion is set apart, says what happens, and waits for the password and the name typed again.
  const said = await dana.textContent("#delete");
  for (const words of ["cannot be undone", "chips go back to the house", "deleted player", "after 30 days", "sessions"])
    assert.ok(said.includes(words), `the deletion says "${words}"`);
  assert.ok(await dana.isDisabled("#delete-account"));
  await dana.fill("#delete-form input[name=password]", "not my password");
  assert.ok(await dana.isDisabled("#delete-account"), "no deletion without the name typed again");
  await dana.fill("#delete-form input[name=confirm]", "dan");
  assert.ok(await dana.isDisabled("#delete-account"));
  await dana.fill("#delete-form input[name=confirm]", "Dana");
  assert.ok(!(await dana.isDisabled("#delete-account")));
  if (shots) {
    await mkdir(shots, { recursive: true });
    await dana.evaluate(() => window.scrollTo(0, document.querySelector("#data").getBoundingClientRect().top + window.scrollY - 64));
    await dana.screenshot({ path: join(shots, "account-delete.png") });
  }
  await dana.click("#delete-account");
  await dana.waitForSelector("#delete-error >> text=That is not your password: the account was not deleted.");

  // Holding a seat: refused, with the table to leave.
  await dana.click("#care-back");
  await screen(dana, "lobby");
  const table = await createTable(dana, { variant: "classic" });
  await settings(dana);
  await dana.fill("#delete-form input[name=password]", PASSWORD);
  await dana.fill("#delete-form input[name=confirm]", "dana");
  await dana.click("#delete-account");
  await dana.waitForSelector(`#delete-error >> text=Leave table ${table} first: a seat there is still yours. The account was not deleted.`);
  await dana.click("#care-back");
  await screen(dana, "table");
  await dana.click(".table-screen button.leave");
  await screen(dana, "lobby");

  // Deleted: both pages show the login screen with the news; the name no longer logs in.
  await settings(dana);
  await dana.fill("#delete-form input[name=password]", PASSWORD);
  await dana.fill("#delete-form input[name=confirm]", "dana");
  await dana.click("#delete-account");
  for (const p of [dana, other]) {
    await screen(p, "account");
    await p.waitForSelector(".account-screen .form-error >> text=Your account was deleted.");
    assert.equal(await p.evaluate(() => sessionStorage.getItem("whist.token")), null);
  }
  await dana.waitForFunction(() => window.whist.app.status === "online");
  await login(dana, "dana", PASSWORD);
  await dana.waitForSelector(".form-error >> text=Wrong username or password");
  assert.equal(await dana.evaluate(() => document.body.dataset.screen), "account");
});

test("mute hides a player's chat from the muter only; report; unmute; the operator's chat mute", { timeout: 120_000 }, async () => {
  const zed = await register("zed");
  const yan = await register("yan");
  const mia = await register("mia");
  const max = await register("max");
  const tom = await register("tom");
  // A rated table for two; the three watch it (before the game, and during it, when watchers talk among themselves).
  const table = await createTable(zed, { variant: "exact", players: 2, options: { initial_cards: 1, max_cards: 1 } });
  for (const p of [mia, max, tom]) await watchTable(p, table);
  await say(max, "hello from max");
  for (const p of [mia, tom]) await p.waitForSelector(".chat-log >> text=hello from max");

  // Mia opens Max's profile from his name in the chat and mutes him.
  await mia.click('.chat-log a.player[data-player="max"]');
  await mia.waitForSelector('.profile-screen[data-player="max"][data-loaded="true"]');
  assert.equal(await mia.textContent("#safety-mute"), "Mute");
  await mia.click("#safety-mute");
  await toast(mia, "max is muted: their chat lines are hidden from you.");
  await mia.waitForSelector('.safety-actions[data-muted="true"] >> text=Unmute');
  await mia.click("#back");
  await screen(mia, "table");
  await mia.waitForSelector(".chat-log li.muted-lines >> text=1 line from a player you muted, hidden");
  assert.ok(!(await chatOf(mia)).some((l) => l.includes("hello from max")), "the muted line is hidden");

  // A line before the game, then the game begins and a watcher's line goes to the watchers only.
  await say(max, "second line from max");
  await tom.waitForSelector(".chat-log >> text=second line from max");
  await mia.waitForSelector(".chat-log li.muted-lines >> text=2 lines from players you muted, hidden");
  await say(mia, "hello from mia");
  for (const p of [max, tom]) await p.waitForSelector(".chat-log >> text=hello from mia");
  await sitYan(yan, table);
  for (const p of [mia, max, tom]) await p.waitForSelector('.table-screen[data-state="playing"]');
  await say(max, "a watchers' line from max");
  await tom.waitForSelector(".chat-log li.aside.watchers >> text=a watchers' line from max");
  // Each run of hidden lines is one line: two before Mia's, one after.
  await mia.waitForFunction(() => [...document.querySelectorAll(".chat-log li.muted-lines")].map((e) => e.dataset.hidden).join() === "2,1");
  assert.match(await mia.textContent(".chat-log li:last-child"), /^1 line from a player you muted, hidden$/);
  assert.ok(!(await chatOf(mia)).some((l) => l.includes("from max")), "no line of Max's at Mia's");

  // Report, from his profile: the dialog, Escape, the table attached, thanks, then "already reported".
  await profile(mia, "max");
  await mia.click("#safety-report");
  await mia.waitForSelector("#report-dialog[open]");
  assert.ok(await mia.evaluate(() => document.querySelector("#report-dialog").contains(document.activeElement)), "the focus is in the dialog");
  await mia.keyboard.press("Escape");
  await mia.waitForSelector("#report-dialog", { state: "detached" });
  assert.equal(await mia.evaluate(() => document.activeElement?.id), "safety-report", "the focus is back on Report");
  await mia.click("#safety-report");
  await mia.waitForSelector("#report-dialog[open]");
  assert.match(await mia.textContent(".report-attach"), new RegExp(`Attach table ${table}\\b`));
  assert.ok(await mia.isChecked("#report-attach"));
  const reasons = await mia.$$eval("#report-reason option", (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(
    reasons.map(([v]) => v),
    ["", "chat", "cheating", "stalling", "name", "other"],
  );
  await mia.selectOption("#report-reason", "chat");
  await mia.fill("#report-details", "rude lines at the table");
  if (shots) {
    await mia.evaluate(() => (document.querySelector(".toast").hidden = true));
    await mia.screenshot({ path: join(shots, "report.png") });
  }
  await mia.setViewportSize(PHONE);
  await fits(mia, "the report dialog on a phone");
  const box = await mia.locator("#report-dialog").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width && box.y >= 0 && box.y + box.height <= PHONE.height, "the dialog fits the phone's screen");
  await mia.setViewportSize(DESKTOP);
  await mia.click("#report-send");
  await mia.waitForSelector("#report-dialog", { state: "detached" });
  await toast(mia, "Thank you: the operator will look at it.");
  await mia.click("#safety-report");
  await mia.selectOption("#report-reason", "other");
  await mia.click("#report-send");
  await mia.waitForSelector("#report-error >> text=You reported max already; the operator has not closed that report yet.");
  await mia.click("#report-cancel");
  await mia.waitForSelector("#report-dialog", { state: "detached" });
  const reports = await whistctl("reports");
  assert.match(reports, new RegExp(`mia\\s+max\\s+chat\\s+open\\s+table ${table}\\b.*rude lines at the table`));

  // Unmute: Max's lines show again, a new one too; Tom saw all along.
  await mia.click("#safety-mute");
  await toast(mia, "max is no longer muted.");
  await mia.click("#back");
  await screen(mia, "table");
  await say(max, "third line from max");
  await mia.waitForSelector(".chat-log >> text=third line from max");
  assert.equal(await mia.$(".chat-log li.muted-lines"), null);
  for (const line of ["hello from max", "second line from max", "third line from max"]) assert.ok((await chatOf(tom)).some((l) => l.includes(line)));

  // The operator mutes Max's chat: his line is refused, saying until when and why.
  await whistctl("mute-chat", "max", "2h", "--reason", "insults at the table");
  await say(max, "a line while muted");
  await toast(max, "The operator has muted your chat until");
  assert.match(await max.textContent(".toast"), /^The operator has muted your chat until (today|tomorrow) at \d\d:\d\d( [AP]M)?: insults at the table$/);

  // No safety buttons on one's own profile, nor for a guest.
  await profile(mia, "mia");
  assert.equal(await mia.$(".safety-actions"), null);
  const guest = await env.openPage("guest");
  await asGuest(guest);
  await profile(guest, "max");
  assert.equal(await guest.$(".safety-actions"), null);
});

/** Yan sits at the free seat of the table (the game begins). */
async function sitYan(yan, table) {
  const sel = `.table-item[data-table="${table}"] button[data-sit]`;
  await yan.waitForSelector(sel);
  await yan.click(sel);
  await screen(yan, "table");
}

test("block: friend requests refused both ways, the settings' list, unblock", { timeout: 60_000 }, async () => {
  const bea = await register("bea");
  const cal = await register("cal");
  await profile(bea, "cal");
  let confirmText = "";
  bea.once("dialog", (d) => {
    confirmText = d.message();
    void d.accept();
  });
  await bea.click("#safety-block");
  await toast(bea, "cal is blocked.");
  assert.match(confirmText, /^Block cal\? They will not be able to send you friend requests or invite you/);
  await bea.waitForSelector('.safety-actions[data-blocked="true"] >> text=Unblock');

  await profile(cal, "bea");
  await cal.click("#friend-add");
  await toast(cal, "bea does not take your friend requests.");
  await bea.click("#friend-add");
  await toast(bea, "You blocked cal: unblock them first (in your account settings).");

  // Bea's settings list him, since today; Unblock empties the list.
  await settings(bea);
  const item = bea.locator('[data-list="blocked"] .safety-item[data-name="cal"]');
  assert.match(await item.textContent(), /^cal\s*since /);
  assert.equal(await bea.textContent('[data-list="muted"] .empty'), "You have muted nobody.");
  await bea.click('[data-list="blocked"] button[data-unblock="cal"]');
  await toast(bea, "cal is no longer blocked.");
  await bea.waitForSelector('[data-list="blocked"] >> text=You have blocked nobody.');
  await cal.click("#friend-add");
  await toast(cal, "Request sent to bea");
  // The settings page on a phone.
  await bea.setViewportSize(PHONE);
  await fits(bea, "the settings page on a phone");
});

test("forgot the password: the operator's code, a new password, logged in", { timeout: 60_000 }, async () => {
  const rex = await register("rex");
  const page = await env.openPage("rex-b");
  await screen(page, "account");
  await page.fill("#login-form input[name=username]", "rex");
  await page.click("#forgot");
  await page.waitForSelector("#reset-form");
  assert.equal(await page.$("#login-form"), null, "the reset form takes the login's place");
  assert.match(await page.textContent("#reset-form"), /ask the site's operator for a reset code/i);
  assert.equal(await page.inputValue("#reset-form input[name=username]"), "rex", "the name typed for the login");
  assert.equal(await page.evaluate(() => document.activeElement?.name), "code");
  // Back and forth.
  await page.click("#reset-back");
  await page.waitForSelector("#login-form");
  await page.click("#forgot");

  await page.fill("#reset-form input[name=code]", "AAAA-BBBB-CCCC");
  await page.fill("#reset-form input[name=password]", "a new passphrase");
  await page.fill("#reset-form input[name=repeat]", "a new passphrase");
  await page.click("#reset-form button[type=submit]");
  await page.waitForSelector("#reset-error >> text=That code is wrong, used or expired: ask the operator for a new one.");

  const out = await whistctl("reset-password", "rex");
  const code = /reset code for rex: (\S+)/.exec(out)?.[1];
  assert.match(code ?? "", /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await page.fill("#reset-form input[name=code]", code.replaceAll("-", "").toLowerCase());
  await page.fill("#reset-form input[name=repeat]", "a new passphrase!");
  await page.click("#reset-form button[type=submit]");
  await page.waitForSelector("#reset-error >> text=The new password and its repetition differ.");
  await page.fill("#reset-form input[name=repeat]", "a new passphrase");
  await page.click("#reset-form button[type=submit]");
  await screen(page, "lobby");
  assert.equal(await page.textContent("header .me"), "rex");

  // His other page was logged out, with the reason; the old password fails, the new one works.
  await screen(rex, "account");
  await rex.waitForSelector(".account-screen .form-error >> text=You were logged out: your password was reset with a code from the operator.");
  await rex.waitForFunction(() => window.whist.app.status === "online");
  await login(rex, "rex", PASSWORD);
  await rex.waitForSelector(".form-error >> text=Wrong username or password");
  await login(rex, "rex", "a new passphrase");
  await screen(rex, "lobby");
});
