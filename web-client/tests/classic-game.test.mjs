// End to end, in a real browser against a real whistd: a user registers and
// makes a Whist 5-Point table, three guests sit down, and the four play the
// whole game, each card clicked, played with the keyboard or dragged to the
// table; a fifth page watches and never shows a card that is in someone's
// hand; the lobby's filters hold across live updates; each deal ends with
// its summary; a reload mid-hand brings a player back to the seat with the
// same hand; a dropped connection comes back by itself; chat; the replay
// viewer steps through the finished game with every hand face up (from the
// result, and at its address); and a rematch starts a new game.
//
// Screenshots (lobby, table in play, table at phone width) go to
// $WHIST_SCREENSHOTS when it is set (npm run screenshots: docs/screenshots).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import {
  act,
  asGuest,
  checkTable,
  clientDir,
  createTable,
  gameOver,
  handOf,
  hardLimit,
  screen,
  settle,
  setup,
  sitAt,
  tableInfo,
  watchTable,
} from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;

let env;
const stopLimit = hardLimit(300_000);
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
  stopLimit();
});

test("four players play a whole Whist 5-Point game in the browser; a watcher never sees a hand", { timeout: 260_000 }, async () => {
  if (shots) await mkdir(shots, { recursive: true });

  // Alice registers; three guests (one on a phone) and a watcher arrive.
  const alice = await env.openPage("alice");
  await screen(alice, "account");
  await alice.fill("#register-form input[name=username]", "alice");
  await alice.fill("#register-form input[name=password]", "correct horse battery");
  await alice.click("#register-form button[type=submit]");
  await screen(alice, "lobby");
  await alice.waitForSelector(".topbar .me >> text=alice");
  const guests = [];
  for (const [i, viewport] of [
    { width: 1024, height: 800 },
    { width: 375, height: 812 },
    { width: 1280, height: 860 },
  ].entries()) {
    const g = await env.openPage(`guest${i + 1}`, viewport);
    await asGuest(g);
    guests.push(g);
  }
  const watcher = await env.openPage("watcher");
  await asGuest(watcher);

  // Alice makes a Whist 5-Point table (a classic preset) and sits at seat 1.
  await alice.selectOption("#create-form select[name=preset]", "whist5");
  assert.equal(await alice.inputValue("#create-form select[name=opt-play_to]"), "5");
  assert.equal(await alice.inputValue("#create-form select[name=opt-trump]"), "turn");
  const table = await createTable(alice, { variant: "classic", preset: "whist5" });
  assert.equal((await tableInfo(alice)).seat, 0);

  // The lobby's filters, on the last guest's page: by game, free seats,
  // watching allowed and text (a player's or the creator's name); they hold
  // while the table changes under them.
  {
    const g = guests[2];
    const item = `.table-item[data-table="${table}"]`;
    await g.waitForSelector(item);
    await g.selectOption(".filters select[name=filter-variant]", "bid");
    await g.waitForSelector(".table-list >> text=No table matches the filters");
    await g.selectOption(".filters select[name=filter-variant]", "classic");
    await g.check(".filters input[name=filter-open]");
    await g.check(".filters input[name=filter-watching]");
    await g.fill(".filters input[name=filter-text]", "ALICE");
    await g.waitForSelector(item);
    await g.fill(".filters input[name=filter-text]", "nobody-here");
    await g.waitForSelector(`${item}`, { state: "detached" });
    await sitAt(guests[0], table, 1); // a live update while the filter hides the table
    await g.waitForSelector(".table-list >> text=No table matches the filters");
    await g.fill(".filters input[name=filter-text]", "");
    await g.waitForSelector(`${item} .seat-chip[data-seat="1"].taken`);
    assert.equal(await g.isChecked(".filters input[name=filter-open]"), true);
    await g.uncheck(".filters input[name=filter-open]");
    await g.uncheck(".filters input[name=filter-watching]");
    await g.selectOption(".filters select[name=filter-variant]", "");
    if (shots) await guests[1].screenshot({ path: join(shots, "lobby-phone.png") });
  }

  // The guests see it in their lobby, live, and sit at seats 2, 3 and 4.
  for (const [i, g] of guests.entries()) {
    if (i === 0) continue; // seated above
    if (i === 2 && shots) {
      await g.waitForSelector(`.table-item[data-table="${table}"] .seat-chip[data-seat="2"].taken`);
      await g.screenshot({ path: join(shots, "lobby.png") });
    }
    await sitAt(g, table, i + 1);
    assert.equal((await tableInfo(g)).seat, i + 1);
  }
  const players = [alice, ...guests];
  await watchTable(watcher, table);
  assert.equal((await tableInfo(watcher)).seat, null);

  // The game starts: 13 cards each, face down for everyone else.
  for (const p of players) await p.waitForFunction(() => document.querySelectorAll("[data-hand] .card").length === 13);
  await checkTable(assert, players, [watcher]);

  // Chat in the table's mode (text), seen by players and watchers.
  await alice.fill(".chat-text input", "Good luck, all!");
  await alice.click(".chat-text button");
  for (const p of [guests[2], watcher]) await p.waitForSelector(".chat-log >> text=Good luck, all!");
  // The table is rated: during the game, a watcher's line reaches the
  // watchers only (marked), and the players after the game.
  await watcher.waitForSelector(".chat-form .apart");
  assert.equal(await alice.$(".chat-form .apart"), null);
  await watcher.fill(".chat-text input", "Lead trumps!");
  await watcher.click(".chat-text button");
  await watcher.waitForSelector(".chat-log li.aside.watchers >> text=Lead trumps!");

  let plays = 0;
  const ways = ["click", "key", "drag"];
  while (!(await gameOver(players))) {
    if (process.env.E2E_DEBUG) console.log("# play", plays, ways[plays % 3]);
    const done = await act(assert, players, [watcher], ways[plays % 3]);
    assert.equal(done?.kind, "play");
    plays += 1;

    if (plays === 52) {
      // The first deal's summary, the same on every page, with the score chip's totals.
      const all = [...players, watcher];
      for (const p of all) await p.waitForSelector('[data-role="deal-summary"][data-deal="0"]');
      const texts = await Promise.all(all.map((p) => p.textContent('[data-role="deal-summary"]')));
      for (const t of texts) assert.equal(t, texts[0]);
      assert.match(texts[0], /^Deal 1 over/);
      const rows = await alice.$$eval('[data-role="deal-summary"] tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
      assert.equal(rows.length, 2);
      const tricks = rows.map((r) => Number(r[1]));
      assert.equal(tricks[0] + tricks[1], 13, JSON.stringify(rows));
      const chip = await alice.$$eval('[data-role="score"] .side b', (bs) => bs.map((b) => b.textContent));
      assert.deepEqual(
        rows.map((r) => r.at(-1).split(" / ")[0]),
        chip,
      );
      assert.deepEqual(
        rows.map((r) => r.at(-1).split(" / ")[1]),
        ["5", "5"],
      );
    }
    if (plays % 4 === 0 || plays < 4) await checkTable(assert, players, [watcher]);
    if (plays === 8)
      for (const p of players) assert.equal(await p.locator(".chat-log >> text=Lead trumps!").count(), 0, "a watcher's line reached a player during the game");

    if (plays === 54) {
      // A table in play, for the README.
      await settle([...players, watcher]);
      if (shots) {
        // The mouse off the cards, and their hover lift settled.
        await alice.mouse.move(0, 0);
        await guests[1].mouse.move(0, 0);
        // The whole phone page from its top (a drag may have scrolled it).
        await guests[1].evaluate(() => window.scrollTo(0, 0));
        await alice.waitForTimeout(300);
        await alice.screenshot({ path: join(shots, "table.png") });
        await guests[1].screenshot({ path: join(shots, "table-phone.png"), fullPage: true });
      }
    }

    if (plays === 21) {
      // Mid-hand, a player reloads the page: back at the seat, same hand.
      const g = guests[1];
      const mine = (await handOf(g)).sort();
      const seat = (await tableInfo(g)).seat;
      await g.reload();
      await screen(g, "table");
      await g.waitForFunction((n) => document.querySelectorAll("[data-hand] .card").length === n, mine.length);
      assert.deepEqual((await handOf(g)).sort(), mine);
      assert.equal((await tableInfo(g)).seat, seat);
      // The chat so far, kept by the tab (on this phone, in the Chat & notices drawer).
      await g.waitForSelector(".chat-log >> text=Good luck, all!", { state: "attached" });
      await alice.waitForSelector(".notices >> text=is back");
      await checkTable(assert, players, [watcher]);
    }

    if (plays === 30) {
      // Another player's connection drops: the page reconnects by itself.
      const g = guests[0];
      await g.evaluate(() => window.whist.drop());
      await alice.waitForSelector(".notices >> text=was disconnected");
      await alice.waitForSelector(".notices li.latest >> text=is back");
      await g.waitForFunction(() => !document.querySelector(".conn-state"));
      await checkTable(assert, players, [watcher]);
    }
  }

  // Game over everywhere with the same result; the watcher sees it too.
  await watcher.waitForSelector('[data-role="result"]');
  // The watcher's line from during the game: the players read it now, once.
  await alice.waitForSelector(".chat-log li.aside.after >> text=Lead trumps!");
  await watcher.waitForSelector(".chat-log li.aside.after >> text=Lead trumps!");
  assert.equal(await watcher.locator(".chat-log li >> text=Lead trumps!").count(), 1);
  const results = await Promise.all([...players, watcher].map((p) => p.textContent('[data-role="result"] h3')));
  assert.match(results[0], /^Game over: .* win, \d+ to \d+\.$/);
  for (const r of results) assert.equal(r, results[0]);
  const scores = results[0]
    .match(/(\d+) to (\d+)/)
    .slice(1)
    .map(Number);
  assert.ok(Math.max(...scores) >= 5, results[0]);
  assert.ok(plays >= 52 && plays % 52 === 0, `${plays} plays: whole deals of 52 cards`);
  await checkTable(assert, players, [watcher]);
  // The last deal's summary stays with the result.
  await watcher.waitForSelector('[data-role="deal-summary"]');

  // The replay, from the watcher's result: every hand face up, step by step.
  const game = await watcher.evaluate(() => window.whist.app.table.result.game);
  await watcher.click("#replay");
  await screen(watcher, "replay");
  await watcher.waitForSelector(`.replay-screen[data-game="${game}"][data-steps]`);
  assert.equal(await watcher.evaluate(() => location.hash), `#replay/${game}`);
  const replayHands = (p) => p.$$eval("[data-hand-of]", (els) => els.map((e) => Number(e.dataset.count)));
  const step = (p) => p.evaluate(() => Number(document.querySelector(".replay-screen").dataset.step));
  assert.deepEqual(await replayHands(watcher), [13, 13, 13, 13]);
  const steps = await watcher.evaluate(() => Number(document.querySelector(".replay-screen").dataset.steps));
  assert.equal(steps, plays + plays / 52, "a state per card and one per deal as dealt");
  for (let i = 0; i < 5; i++) await watcher.keyboard.press("ArrowRight");
  assert.equal(await step(watcher), 5);
  assert.equal(
    (await replayHands(watcher)).reduce((a, b) => a + b),
    47,
  );
  await watcher.click('button[data-step="prev"]');
  assert.equal(await step(watcher), 4);
  if (shots) await watcher.screenshot({ path: join(shots, "replay.png") });
  assert.equal(
    (await replayHands(watcher)).reduce((a, b) => a + b),
    48,
  );
  assert.match(await watcher.textContent('[data-role="caption"]'), /plays .*\. .* takes the trick\.$/);
  // The next deal, as dealt (a game of one deal has none); then the end,
  // with the last deal's summary and the result.
  if (plays > 52) {
    await watcher.click('button[data-step="next-deal"]');
    assert.equal(await step(watcher), 53);
    assert.deepEqual(await replayHands(watcher), [13, 13, 13, 13]);
    assert.match(await watcher.textContent('[data-role="caption"]'), /^Deal 2: .* deals\./);
    await watcher.keyboard.press("ArrowLeft");
    await watcher.waitForSelector('.replay-screen [data-role="deal-summary"][data-deal="0"]');
  }
  await watcher.keyboard.press("End");
  assert.equal(await step(watcher), steps - 1);
  await watcher.waitForSelector('.replay-screen [data-role="caption"] >> text=The game is over.');
  const final = await watcher.$$eval('.replay-screen [data-role="score"] .side b', (bs) => bs.map((b) => Number(b.textContent)));
  assert.deepEqual(
    [...final].sort((a, b) => b - a),
    scores.sort((a, b) => b - a),
  );
  await watcher.click("text=Close the replay");
  await screen(watcher, "table");
  await watcher.waitForSelector('[data-role="result"]');

  // The replay's address works in a new tab, logged in or not (logged
  // out, the account screen offers to watch it without logging in).
  const viewer = await env.openPage("replay-viewer", { width: 375, height: 740 });
  await viewer.goto(`${env.server.url}/#replay/${game}`);
  await viewer.click("#replay-without-login");
  await screen(viewer, "replay");
  await viewer.waitForSelector(`.replay-screen[data-game="${game}"][data-steps]`);
  assert.deepEqual(await replayHands(viewer), [13, 13, 13, 13]);
  if (shots) await viewer.screenshot({ path: join(shots, "replay-phone.png"), fullPage: true });
  await viewer.close();

  // Rematch: all four agree and a new game starts.
  for (const p of players) await p.click("#rematch");
  for (const p of players) {
    await p.waitForFunction(
      () => document.querySelector(".table-screen")?.dataset.state === "playing" && document.querySelectorAll("[data-hand] .card").length === 13,
    );
  }
  await checkTable(assert, players, [watcher]);

  // Alice logs in from another browser: her table is in the lobby, with
  // the way back to her seat.
  const again = await env.openPage("alice-again");
  await screen(again, "account");
  await again.fill("#login-form input[name=username]", "ALICE");
  await again.fill("#login-form input[name=password]", "wrong password");
  await again.click("#login-form button[type=submit]");
  await again.waitForSelector(".form-error >> text=wrong username or password");
  await again.fill("#login-form input[name=password]", "correct horse battery");
  await again.click("#login-form button[type=submit]");
  await screen(again, "lobby");
  await again.waitForSelector(`.table-item[data-table="${table}"] button[data-return]`);
  console.log(`# played ${plays} cards (${plays / 52} deals): ${results[0]}`);
});
