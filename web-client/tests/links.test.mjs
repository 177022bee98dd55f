// End to end: links (links.ts). Every table has an address (#table/<id>)
// in the address bar while one is at it; opened in a new browser, logged
// out, it shows the account screen naming the table, and after "Play as a
// guest" the user watches the table, whose free seats have Sit buttons;
// Back leaves the table and Forward opens it again; a reload keeps the
// seat. A replay's and a profile's address opened logged out go there
// after the login (a replay can also be watched without one). The creator
// of an invitation-only table copies its invite link (the clipboard, and
// the read-only field where the clipboard refuses); a guest who opens it
// logged out lands at the table and sits; after "Revoke link" the old
// link says the table does not exist or is not open to them, and a new
// copy makes a new link that works; a table that does not exist says the
// same. With WHIST_SCREENSHOTS: invite-link.png.
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { act, clientDir, createTable, gameOver, hardLimit, login, register, screen, setup, STEP_MS, tableInfo } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;
const PASSWORD = "correct horse battery";
const NOT_OPEN = "This table does not exist or is not open to you.";

let env;
const stopLimit = hardLimit(240_000);
before(async () => {
  // Computer players that think 20 ms and do not pause.
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
});
after(async () => {
  await env?.close();
  stopLimit();
});

/** A new browser (context), logged out, whose first page load is `hash`'s address. */
async function openFresh(name, hash, viewport = { width: 1280, height: 860 }) {
  const context = await env.browser.newContext({ viewport, locale: "en-US" });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => console.error(`[${name}] page error: ${e.message}`));
  page.name = name;
  await page.goto(`${env.server.url}/${hash}`);
  return page;
}

const hashOf = (page) => page.evaluate(() => location.hash);

/** The toast's text, once it says `text`. */
async function toastSays(page, text) {
  await page.waitForFunction((text) => document.querySelector(".toast:not([hidden])")?.textContent === text, text);
}

/** The account screen, naming where the login leads. */
async function accountNames(page, words) {
  await screen(page, "account");
  await page.waitForSelector(`[data-role="wanted"]`);
  assert.match(await page.textContent('[data-role="wanted"]'), words);
}

test("a table's address: logged out, the account screen, then the table as a watcher with Sit buttons; Back, Forward, reload", async () => {
  const ann = await register(env, "ann");
  const table = await createTable(ann, { variant: "classic" });
  assert.equal(await hashOf(ann), `#table/${table}`, "the address bar shows the table's address");
  // Copy link: the plain address, in the clipboard.
  await ann.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
  await ann.click("#copy-table-link");
  await ann.waitForSelector('[data-copy="table-link"] .copy-status >> text=Link copied.');
  const copied = await ann.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${env.server.url}/#table/${table}`);

  const bob = await openFresh("bob", `#table/${table}`);
  await accountNames(bob, new RegExp(`go to Table ${table}\\.`));
  await bob.click("#guest");
  await screen(bob, "table");
  let info = await tableInfo(bob);
  assert.equal(info.table, table);
  assert.equal(info.seat, null, "the link opens the table as a watcher");
  assert.equal(await hashOf(bob), `#table/${table}`);
  assert.ok(await bob.isVisible('.table-screen [data-role="table-number"]'));
  // The free seats have Sit buttons; Bob sits.
  assert.equal(await bob.$$eval(".seat button[data-sit]", (bs) => bs.length), 3);
  await bob.click('.seat[data-seat="2"] button[data-sit="2"]');
  await bob.waitForFunction(() => document.querySelector(".table-screen")?.dataset.seat === "2");
  assert.equal(await bob.$$eval(".seat button[data-sit]", (bs) => bs.length), 0, "no Sit buttons for one seated");
  // A reload: the seat again, at the same address.
  await bob.reload();
  await screen(bob, "table");
  await bob.waitForFunction(() => document.querySelector(".table-screen")?.dataset.seat === "2");
  assert.equal(await hashOf(bob), `#table/${table}`);

  // Back leaves the table (Ann came from the lobby); Forward opens it again, as a watcher now.
  await ann.goBack();
  await screen(ann, "lobby");
  assert.equal(await hashOf(ann), "");
  await bob.waitForFunction(() => !window.whist.app.table.summary.seats[0].name, null, { timeout: STEP_MS });
  await ann.goForward();
  await screen(ann, "table");
  info = await tableInfo(ann);
  assert.equal(info.table, table);
  assert.equal(info.seat, null);
  await ann.click('.seat[data-seat="0"] button[data-sit="0"]');
  await ann.waitForFunction(() => document.querySelector(".table-screen")?.dataset.seat === "0");
  await bob.context().close();

  // A profile's address, logged out: the profile after the login.
  const viewer = await openFresh("ann-elsewhere", "#profile/ann");
  await accountNames(viewer, /ann's profile/);
  await login(viewer, "ann", PASSWORD);
  await screen(viewer, "profile");
  assert.equal(await hashOf(viewer), "#profile/ann");
  await viewer.context().close();
  await ann.context().close();
});

test("a replay's address: logged out, the account screen, then the replay after the login (or without one)", async () => {
  const cid = await register(env, "cid");
  const table = await createTable(cid, { variant: "exact", players: 2, options: { initial_cards: 1, max_cards: 1 } });
  await cid.click('.seat[data-seat="1"] button[data-add-bot="1"]');
  while (!(await gameOver([cid]))) {
    await act(assert, [cid]);
  }
  const game = await (await cid.waitForFunction(() => window.whist.app.table?.summary.game)).jsonValue();
  assert.ok(game > 0, `table ${table}'s game`);

  const page = await openFresh("cid-replay", `#replay/${game}`);
  await accountNames(page, new RegExp(`replay of Game ${game}\\.`));
  assert.ok(await page.isVisible("#replay-without-login"));
  await login(page, "cid", PASSWORD);
  await screen(page, "replay");
  await page.waitForSelector(`.replay-screen[data-game="${game}"][data-steps]`);
  assert.equal(await hashOf(page), `#replay/${game}`);
  assert.ok(await page.isVisible("#copy-replay-link"));
  await page.context().close();

  // Without an account: the replay, from the account screen's button.
  const anon = await openFresh("anon-replay", `#replay/${game}`, { width: 390, height: 844 });
  await screen(anon, "account");
  await anon.click("#replay-without-login");
  await screen(anon, "replay");
  await anon.waitForSelector(`.replay-screen[data-game="${game}"][data-steps]`);
  await anon.context().close();
  await cid.context().close();
});

test("an invite link: copied by the creator, opened logged out by a guest who sits; revoked; a new one; a table that does not exist", async () => {
  const dee = await register(env, "dee");
  const table = await createTable(dee, { variant: "classic", settings: { access: "invited" } });
  await dee.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
  await dee.click("#copy-invite-link");
  await dee.waitForSelector('[data-copy="invite-link"] .copy-status >> text=Invite link copied');
  const link = await dee.evaluate(() => navigator.clipboard.readText());
  const m = new RegExp(`^${env.server.url}/#table/${table}\\?invite=([A-Za-z0-9]{20,})$`).exec(link);
  assert.ok(m, `an invite link: ${link}`);
  const token = m[1];
  // Where the clipboard refuses: the link in a read-only field, selected.
  await dee.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error("refused"));
  });
  await dee.click("#copy-invite-link");
  await dee.waitForSelector('[data-copy-field="invite-link"]:not([hidden])');
  assert.equal(await dee.inputValue('[data-copy-field="invite-link"]'), link, "the same token until revoked");
  assert.equal(await dee.getAttribute('[data-copy-field="invite-link"]', "readonly"), "");
  if (shots) await dee.screenshot({ path: join(shots, "invite-link.png") });

  // A stranger's lobby does not show the table; the link opens it to a guest, who sits.
  const eve = await openFresh("eve", `#table/${table}?invite=${token}`);
  await accountNames(eve, new RegExp(`invitation to Table ${table}`));
  await eve.click("#guest");
  await screen(eve, "table");
  let info = await tableInfo(eve);
  assert.equal(info.table, table);
  assert.equal(info.seat, null);
  assert.equal(await hashOf(eve), `#table/${table}`, "the token leaves the address bar");
  assert.equal(await eve.isVisible("#copy-invite-link"), false, "only the creator has the invite link");
  await eve.click('.seat[data-seat="1"] button[data-sit="1"]');
  await eve.waitForFunction(() => document.querySelector(".table-screen")?.dataset.seat === "1");

  // Revoked: the old link lets nobody in.
  await dee.click("#revoke-invite-link");
  await dee.waitForSelector('[data-copy="invite-link"] .copy-status >> text=The link is revoked');
  const fay = await openFresh("fay", `#table/${table}?invite=${token}`);
  await accountNames(fay, new RegExp(`invitation to Table ${table}`));
  await fay.click("#guest");
  await toastSays(fay, NOT_OPEN);
  await screen(fay, "lobby");
  assert.equal(await hashOf(fay), "");
  assert.equal(await fay.$(`.table-item[data-table="${table}"]`), null);

  // A new copy: a new token, which works (opened by a logged-in user this time).
  await dee.evaluate(() => {
    delete navigator.clipboard.writeText; // the prototype's again
  });
  await dee.click("#copy-invite-link");
  await dee.waitForSelector('[data-copy="invite-link"] .copy-status >> text=Invite link copied');
  const second = await dee.evaluate(() => navigator.clipboard.readText());
  assert.notEqual(second, link);
  assert.match(second, new RegExp(`#table/${table}\\?invite=`));
  await fay.goto(second);
  await screen(fay, "table");
  info = await tableInfo(fay);
  assert.equal(info.table, table);
  assert.equal(info.seat, null);
  await fay.click('.seat[data-seat="2"] button[data-sit="2"]');
  await fay.waitForFunction(() => document.querySelector(".table-screen")?.dataset.seat === "2");

  // A table that does not exist: the same words, in the lobby (logged out first, then logged in).
  const gus = await openFresh("gus", "#table/99999");
  await accountNames(gus, /go to Table 99999\./);
  await gus.click("#guest");
  await toastSays(gus, NOT_OPEN);
  await screen(gus, "lobby");
  await gus.evaluate(() => (document.querySelector(".toast").hidden = true));
  await gus.goto(`${env.server.url}/#table/88888`);
  await toastSays(gus, NOT_OPEN);
  await gus.waitForFunction(() => location.hash === "" && document.body.dataset.screen === "lobby");
  for (const p of [dee, eve, fay, gus]) await p.context().close();
});
