// End to end, friends, invitations and scheduled tables through the pages:
// Ann and Ben become friends (Ann's request with the box, after its clear
// refusals for an unknown name and her own; Ben accepts from his page, told
// live by the header's count); Ann makes an invitation-only table, which
// neither Ben nor Cat sees until Ann invites Ben from the table; Ben gets it
// live, sees it among his invitations with the table's summary, declines
// it, is invited again (his name's button at Ann's table), accepts and
// sits; Cat (Ben's friend too, on a phone) never sees it, not even through
// Ben's place in her friends list; and a scheduled table shows its start
// time, in local time, with a live countdown, in the lobby and at the table;
// one that opens within seconds gives its notices, and computer players
// take its free seats; one without them is cancelled.
//
// With $WHIST_SCREENSHOTS set: docs' friends.png (Ben's friends and
// invitations screen).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { clientDir, hardLimit, register as registerPage, screen, setup, tableInfo } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;

let env;
const stopLimit = hardLimit(150_000);
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
  stopLimit();
});

const register = (name, viewport) => registerPage(env, name, viewport);

/** Sends a friend request with the friends screen's box; returns the line the page shows. */
async function askFriend(page, name) {
  await page.fill("#friend-form input[name=friend]", name);
  await page.evaluate(() => (document.querySelector("#friend-result").textContent = ""));
  await page.click("#friend-form button[type=submit]");
  await page.waitForFunction(() => document.querySelector("#friend-result")?.textContent !== "");
  return page.textContent("#friend-result");
}

const countOf = (page) => page.evaluate(() => Number(document.querySelector("#friends-nav .nav-count")?.textContent ?? 0));
const inLobby = (page, table) => page.evaluate((t) => window.whist.app.lobby.has(t), table);

test("friends through the pages, an invitation-only table, a scheduled table", { timeout: 140_000 }, async () => {
  if (shots) await mkdir(shots, { recursive: true });
  const ann = await register("ann");
  const ben = await register("ben", { width: 1180, height: 820 });
  const cat = await register("cat", { width: 390, height: 844 });

  // Ann asks: an unknown name and her own are refused plainly; Ben is asked.
  await ann.click("#friends-nav");
  await screen(ann, "friends");
  assert.match(await askFriend(ann, "nobody"), /There is no player called “nobody”/);
  assert.match(await askFriend(ann, "ann"), /That is you/);
  assert.match(await askFriend(ann, "BEN"), /Request sent to ben/);
  await ann.waitForSelector('[data-outgoing="ben"]');

  // Ben is told at once: the header counts the request; he accepts it.
  await ben.waitForFunction(() => document.querySelector("#friends-nav .nav-count")?.textContent === "1");
  await ben.click("#friends-nav");
  await screen(ben, "friends");
  await ben.click('[data-incoming="ann"] button[data-accept-friend]');
  await ben.waitForSelector('[data-friend="ann"][data-online="true"]');
  await ann.waitForSelector('[data-friend="ben"][data-online="true"]');
  assert.equal(await ann.$('[data-outgoing="ben"]'), null, "the request is answered");
  assert.equal(await countOf(ben), 0);
  assert.match(await askFriend(ann, "ben"), /already friends/);

  // Cat (on a phone) asks Ben too.
  await cat.click("#friends-nav");
  await screen(cat, "friends");
  assert.match(await askFriend(cat, "ben"), /Request sent to ben/);
  await ben.waitForSelector('[data-incoming="cat"]');

  // Ann makes an invitation-only table, inviting nobody yet.
  await ann.click("#friends-nav"); // back to the lobby
  await screen(ann, "lobby");
  await ann.check("#create-form input[name=access][value=invited]");
  assert.ok(await ann.isVisible("#create-form input[name=invite]"), "the form offers to invite");
  await ann.click("#create-table");
  await screen(ann, "table");
  const table = (await tableInfo(ann)).table;
  await ann.waitForSelector(".table-panel .badge.access-invite >> text=Invitation only");

  // Neither Ben nor Cat sees it.
  const probe = await register("dan"); // a table made after Ann's, seen by all: their lobbies are current
  await probe.check("#create-form input[name=access][value=everyone]");
  await probe.click("#create-table");
  await screen(probe, "table");
  const later = (await tableInfo(probe)).table;
  for (const p of [ben, cat]) {
    await p.waitForFunction((t) => window.whist.app.lobby.has(t), later);
    assert.equal(await inLobby(p, table), false, `${p.name} does not see the invitation-only table`);
  }
  await probe.close();

  // Ann invites Ben (and a name that is no account) from the table.
  await ann.fill("#invite-form input[name=invite]", "ben, nosuchplayer");
  await ann.click("#invite-form button[type=submit]");
  await ann.waitForSelector(".invite-result >> text=Invited: ben. No such player: nosuchplayer.");

  // Ben is told at once: the count (the invitation and Cat's request), the invitation with the table's summary.
  await ben.waitForFunction(() => document.querySelector("#friends-nav .nav-count")?.textContent === "2");
  const inv = `[data-invitation="${table}"]`;
  await ben.waitForSelector(inv);
  const text = await ben.textContent(inv);
  assert.match(text, /ann invites you/);
  assert.match(text, /Invitation only/);
  assert.match(text, /Starts as soon as every seat is taken/);
  // Where Ann is, with a way in (the table lets Ben in now).
  await ben.waitForSelector(`[data-friend="ann"] button[data-join="${table}"]`);
  assert.match(await ben.textContent('[data-friend="ann"]'), new RegExp(`online · at Table ${table} \\(Classic Whist\\)`));
  if (shots) await ben.screenshot({ path: join(shots, "friends.png") });
  await ben.click('[data-incoming="cat"] button[data-accept-friend]');
  await ben.waitForSelector('[data-friend="cat"]');
  await cat.waitForSelector('[data-friend="ben"]');

  // Ben declines: the table is gone from his page; Ann invites him again with his name's button.
  await ben.click(`${inv} button[data-decline-invitation]`);
  await ben.waitForSelector(inv, { state: "detached" });
  assert.equal(await inLobby(ben, table), false, "a declined table leaves the lobby");
  assert.equal(await countOf(ben), 0);
  assert.equal(await ann.getAttribute('#invite-form button[data-pick="ben"]', "data-invited"), "true", "Ann's page marks Ben invited");
  await ann.click('#invite-form button[data-pick="ben"]');
  await ann.waitForSelector('.invite-result >> text="Invited: ben."');
  await ben.waitForSelector(inv);

  // Ben accepts: he sits at the table.
  await ben.click(`${inv} button[data-accept-invitation]`);
  await screen(ben, "table");
  assert.equal((await tableInfo(ben)).table, table);
  assert.equal((await tableInfo(ben)).seat, 1);
  await ann.waitForSelector('.seat[data-seat="1"] >> text=ben');

  // Cat never sees it: not in her lobby, and her friend Ben's table is not even named (the server keeps it from her).
  await cat.click("#friends-nav"); // back to the lobby
  await screen(cat, "lobby");
  await cat.click("#friends-nav");
  await cat.waitForSelector('[data-friend="ben"] >> text=online · not at a table');
  assert.doesNotMatch(await cat.textContent('[data-friend="ben"]'), new RegExp(`Table ${table}\\b|#${table}\\b`));
  assert.equal(await cat.$(`[data-friend="ben"] [data-join], [data-friend="ben"] [data-watch-friend]`), null);
  assert.equal(await inLobby(cat, table), false);
  assert.equal(await cat.$(`[data-table="${table}"], [data-invitation="${table}"]`), null);

  // Cat schedules a table at a time of day (local time): one already past
  // today means tomorrow (within 24 hours); she chooses one half an hour
  // ahead, with computer players for the seats still free.
  await cat.click("#friends-nav");
  await screen(cat, "lobby");
  const hhmm = (ms) =>
    cat.evaluate((ms) => {
      const d = new Date(Date.now() + ms);
      return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
    }, ms);
  await cat.check("#create-form input[name=access][value=everyone]"); // Ann is no friend of hers
  await cat.check("#create-form input[name=start][value=later]");
  await cat.fill("#create-form input[name=start_time]", await hhmm(-120_000));
  await cat.waitForSelector('[data-role="start-help"] >> text=/tomorrow at .* \\(in 23 h 5\\d min\\)/');
  // 31.5 minutes ahead, to the minute: 30:30 to 31:30 away, so the
  // countdown reads 30:ss or 31:ss even if the page takes a while (at
  // 31 minutes it could already read 29:59 on a busy machine).
  const time = await hhmm(31.5 * 60_000);
  await cat.fill("#create-form input[name=start_time]", time);
  await cat.waitForSelector('[data-role="start-help"] >> text=/ at .* \\(in 3[01]:\\d\\d\\)/');
  await cat.check("#create-form input[name=computers_fill]");
  await cat.click("#create-table");
  await screen(cat, "table");
  const scheduled = (await tableInfo(cat)).table;
  await cat.waitForSelector(".table-panel .start-at");
  const settings = await cat.evaluate(() => window.whist.app.table.summary.settings);
  const at = new Date(settings.start_at * 1000);
  const now = Date.now();
  // (30:30 to 31:30 ahead when chosen, a few seconds less by now.)
  assert.ok(settings.start_at * 1000 > now + 29 * 60_000 && settings.start_at * 1000 <= now + 32 * 60_000, "half an hour ahead");
  assert.equal(`${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`, time);
  assert.equal(settings.computers_fill, true);
  assert.match(await cat.textContent(".table-panel"), /Computer players take the seats still free/);

  // Ann, back in the lobby, sees it with its start time and a countdown that runs.
  await ann.click("button.leave");
  await screen(ann, "lobby");
  const item = `.table-item[data-table="${scheduled}"] .start-at`;
  await ann.waitForSelector(item);
  const clock = await ann.evaluate((t) => new Date(t * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }), settings.start_at);
  const first = await ann.textContent(item);
  assert.ok(first.includes(`at ${clock}`), `${first} names ${clock}`);
  // 30:30 to 31:30 ahead when chosen: 29 to 31 minutes by now.
  assert.match(first, /^Starts (today|tomorrow) at .+ · in (29|30|31):\d\d$/);
  const countdown = `${item} .countdown-to`;
  await ann.waitForFunction(([sel, was]) => document.querySelector(sel)?.textContent !== was, [countdown, await ann.textContent(countdown)], { timeout: 5000 });

  // A table that opens within seconds (made as the form makes it, with a
  // start time to the second): Ann is told before, and when it opens the
  // computer players take the free seats and the game begins.
  // Cat's, at the same time, has no computer players: it is cancelled, and she is back in the lobby.
  const make = (fill) => window.whist.app.createTable({ variant: "classic", settings: { start_at: Math.floor(Date.now() / 1000) + 8, computers_fill: fill } });
  await Promise.all([ann.evaluate(make, true), cat.evaluate(make, false)]);
  await screen(ann, "table");
  assert.match(await ann.textContent(".status-bar"), /Waiting for 3 more players — the game starts today at /);
  await ann.waitForSelector(".toast:not([hidden]) >> text=/starts in 0:0\\d\\./");
  await ann.waitForSelector(".toast:not([hidden]) >> text=/it is time, the game begins\\./");
  await ann.waitForFunction(() => document.querySelectorAll('.seat[data-computer="true"]').length === 3);
  await ann.waitForFunction(() => document.querySelector(".table-screen")?.dataset.state === "playing");
  assert.ok(await ann.isHidden(".table-panel"), "no schedule once the game is on");
  await screen(cat, "lobby");
  assert.match(await cat.textContent(".toast"), /was cancelled: not every seat was taken at its start time/);
});
