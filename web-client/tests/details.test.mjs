// Details that confused players (whistd with quick computer players and a
// quick-play wait of 6 s): classic whist's form offers no bid timer and
// the lobby writes timers in words; tables and games are named apart
// ("Table N", "Game N"); quick play counts its wait down and the computer
// players come when it ends; the Invite box does not offer a friend who
// sits at the table; the page has an icon.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { asGuest, createTable, hardLimit, register, screen, setup, sitAt, tableInfo } from "./harness.mjs";

let env;
const stopLimit = hardLimit(240_000);
before(async () => {
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0", "--quick-fill-seconds", "6"]);
});
after(async () => {
  await env?.close();
  stopLimit();
});

async function guest(name, viewport) {
  const p = await env.openPage(name, viewport);
  await asGuest(p);
  return p;
}

const version = async (page) => (await tableInfo(page)).v;

test("classic whist's form has no bid timer, and the lobby says the timers in words", async () => {
  const maker = await guest("maker");
  const viewer = await guest("viewer");
  const bidTimer = "#create-form select[name=timer_bid]";
  assert.equal(await maker.isVisible(bidTimer), false, "no Time to bid for classic whist, which has no bidding");
  await maker.selectOption("#create-form select[name=variant]", "bid");
  assert.equal(await maker.isVisible(bidTimer), true, "Time to bid for bid whist");
  // Bid whist with 7 s a card and no timer for the calls.
  const bid = await createTable(maker, { variant: "bid", settings: { timer_play: 7 } });
  const meta = (t) => viewer.textContent(`.table-item[data-table="${t}"] .meta`);
  await viewer.waitForSelector(`.table-item[data-table="${bid}"]`);
  assert.match(await meta(bid), /^7 s a card, no call timer · /);
  await maker.click("button.leave");
  await screen(maker, "lobby");
  // Classic whist with 7 s a card: nothing about bids.
  await maker.selectOption("#create-form select[name=variant]", "classic");
  const classic = await createTable(maker, { variant: "classic", settings: { timer_play: 7 } });
  await viewer.waitForSelector(`.table-item[data-table="${classic}"]`);
  const text = await meta(classic);
  assert.match(text, /^7 s a card · /);
  assert.doesNotMatch(text, /timers|–|bid/);
  assert.equal(await maker.evaluate(() => window.whist.app.table.summary.settings.timer_bid), 0);
  for (const p of [maker, viewer]) await p.context().close();
});

test("tables and games are named apart: Table N at the table and in the lobby, Game N in My games and the replay", async () => {
  // Some tables first, so that the table's number is not its game's.
  const other = await guest("other");
  for (let i = 0; i < 2; i++) {
    await createTable(other, { variant: "classic" });
    await other.click("button.leave");
    await screen(other, "lobby");
  }
  const rita = await register(env, "rita");
  const table = await createTable(rita, { variant: "exact", players: 2, options: { initial_cards: 1, max_cards: 1 } });
  assert.equal((await rita.textContent('.table-head [data-role="table-number"]')).trim(), `· Table ${table}`);
  await rita.click('.seat[data-seat="1"] button[data-add-bot="1"]');
  // The game: a bid and a card.
  for (;;) {
    const kind = await rita
      .waitForFunction(
        () =>
          document.querySelector('[data-role="result"]')
            ? "over"
            : document.querySelector('[data-role="bidding"]')
              ? "bid"
              : document.querySelector("[data-hand] .card.playable")
                ? "play"
                : false,
        null,
        { timeout: 20_000 },
      )
      .then((h) => h.jsonValue());
    if (kind === "over") break;
    const v = await version(rita);
    await rita.click(kind === "bid" ? '[data-role="bidding"] button.bid' : "[data-hand] .card.playable");
    await rita.waitForFunction((v) => Number(document.querySelector(".table-screen")?.dataset.v) > v, v);
  }
  await rita.waitForFunction(() => window.whist.app.table.summary.game !== null);
  const game = await rita.evaluate(() => window.whist.app.table.summary.game);
  assert.notEqual(game, table, "the test wants a table and a game of different numbers");
  // The lobby of another: Table N.
  await other.waitForSelector(`.table-item[data-table="${table}"]`);
  assert.equal((await other.textContent(`.table-item[data-table="${table}"] [data-role="table-number"]`)).trim(), `· Table ${table}`);
  // My games and the replay: Game N, never "#".
  await rita.click("#nav-results");
  await screen(rita, "results");
  const row = `.past-game[data-game="${game}"]`;
  await rita.waitForSelector(row);
  const text = await rita.textContent(row);
  assert.match(text, new RegExp(`Game ${game}\\b`));
  assert.doesNotMatch(text, /#/);
  await rita.click(`${row} a.game-open`);
  await screen(rita, "replay");
  await rita.waitForSelector(`.replay-screen[data-game="${game}"][data-steps]`);
  const title = await rita.textContent(".replay-screen h2");
  assert.match(title, new RegExp(`Game ${game}\\b`));
  assert.doesNotMatch(title, /#/);
  for (const p of [rita, other]) await p.context().close();
});

test("quick play counts its wait down at the table, and computer players come when it ends", async () => {
  const p = await guest("quick");
  const hint = await p.textContent(".quick-play .hint");
  assert.doesNotMatch(hint, /after a few seconds/);
  assert.match(hint, /when the wait counted down at the table runs out/);
  await p.click('button[data-quick="classic"]');
  await screen(p, "table");
  const countdown = '[data-role="quick-wait"] .countdown-to';
  await p.waitForSelector(countdown);
  const read = async () => Number(/in 0:(\d\d)/.exec(await p.textContent(countdown))?.[1] ?? -1);
  const first = await read();
  assert.ok(first >= 3 && first <= 7, `the wait of 6 s (rounded up to a whole second) counted down: ${first} s`);
  assert.match(await p.textContent('[data-role="quick-wait"]'), /Computer players take the free seats in 0:0\d; people who come before sit here\./);
  const at = await p.evaluate(() => window.whist.app.table.summary.fill_at);
  await p.waitForFunction(
    (was) => Number(/in 0:(\d\d)/.exec(document.querySelector('[data-role="quick-wait"] .countdown-to')?.textContent ?? "")?.[1] ?? 99) < was,
    first,
    { timeout: 5000 },
  );
  // The computer players come when it says: not before (give or take a second), and soon after.
  await p.waitForFunction(() => document.querySelectorAll(".seat[data-computer]").length === 3, null, { timeout: 15_000 });
  const now = Date.now() / 1000;
  assert.ok(now >= at - 1.5 && now <= at + 4, `computer players came at ${now}, the countdown said ${at}`);
  await p.context().close();
});

test("the Invite box does not offer a friend who has sat down", async () => {
  const ivy = await register(env, "ivy");
  const jon = await register(env, "jon");
  // Friends, through the requests the Friends screen makes.
  assert.equal((await ivy.evaluate(() => window.whist.app.social.request("jon"))).ok, true);
  await jon.evaluate(() => window.whist.app.social.accept("ivy"));
  await ivy.waitForFunction(() => window.whist.app.social.friends.some((f) => f.name === "jon"));
  // Ivy's table for friends: Jon is offered in the Invite box until he sits down.
  const table = await createTable(ivy, { variant: "classic", settings: { access: "friends" } });
  await ivy.waitForSelector('#invite-form button[data-pick="jon"]');
  await sitAt(jon, table, 1);
  await ivy.waitForSelector('.seat[data-seat="1"] >> text=jon');
  await ivy.waitForSelector('#invite-form button[data-pick="jon"]', { state: "detached" });
  assert.match(await ivy.textContent(".status-bar"), /Waiting for 2 more players/);
  for (const p of [ivy, jon]) await p.context().close();
});

test("the page has an icon: /favicon.ico, and the one the page names", async () => {
  const p = await env.openPage("icon");
  const ico = await fetch(`${env.server.url}/favicon.ico`);
  assert.equal(ico.status, 200);
  assert.equal(ico.headers.get("content-type"), "image/x-icon");
  const hrefs = await p.$$eval('link[rel="icon"]', (els) => els.map((e) => e.href));
  assert.ok(hrefs.length > 0, "the page names an icon");
  for (const href of hrefs) {
    const r = await fetch(href);
    assert.equal(r.status, 200, href);
    assert.ok((await r.arrayBuffer()).byteLength > 100, href);
  }
  await p.context().close();
});
