// End to end, in a real browser against a real whistd: a user registers and
// makes a Whist 5-Point table, three guests sit down, and the four play the
// whole game by clicking legal cards; a fifth page watches and never shows
// a card that is in someone's hand; a reload mid-hand brings a player back
// to the seat with the same hand; a dropped connection comes back by
// itself; chat; and a rematch starts a new game.
//
// Screenshots (lobby, table in play, table at phone width) go to
// $WHIST_SCREENSHOTS when it is set (npm run screenshots: docs/screenshots).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
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
const stopLimit = hardLimit(240_000);
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
  stopLimit();
});

test("four players play a whole Whist 5-Point game in the browser; a watcher never sees a hand", { timeout: 200_000 }, async () => {
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
    { width: 380, height: 800 },
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

  // The guests see it in their lobby, live, and sit at seats 2, 3 and 4.
  for (const [i, g] of guests.entries()) {
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

  let plays = 0;
  while (!(await gameOver(players))) {
    const done = await act(assert, players, [watcher]);
    assert.equal(done.kind, "play");
    plays += 1;
    if (plays % 4 === 0 || plays < 4) await checkTable(assert, players, [watcher]);

    if (plays === 6) {
      // A table in play, for the README.
      await settle([...players, watcher]);
      if (shots) {
        // The mouse off the cards, and their hover lift settled.
        await alice.mouse.move(0, 0);
        await guests[1].mouse.move(0, 0);
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
  const results = await Promise.all([...players, watcher].map((p) => p.textContent('[data-role="result"] h3')));
  assert.match(results[0], /^Game over: .* win, \d+ to \d+\.$/);
  for (const r of results) assert.equal(r, results[0]);
  const scores = results[0].match(/(\d+) to (\d+)/).slice(1).map(Number);
  assert.ok(Math.max(...scores) >= 5, results[0]);
  assert.ok(plays >= 52 && plays % 52 === 0, `${plays} plays: whole deals of 52 cards`);
  await checkTable(assert, players, [watcher]);

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
