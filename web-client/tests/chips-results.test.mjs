// End to end: quick play, Compete, chips and results through the pages.
// - Quick play: "Play" seats a person at a forming table, computer players
//   fill it, and a whole deal is played; a reload in the middle of a turn
//   shows the time really left (the server's turn_ms_left), not the limit.
// - Compete: two registered players make and fill a Compete table (a short
//   exact-whist game of one card), a guest cannot afford it and is told
//   so; the buy-in and the payout move the balance in the header, the
//   result says them, and the chips screen lists them with the game.
// - Results: My games lists the finished game and opens its replay; the
//   leaderboard of the game ranks both players.
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { act, actOnce, asGuest, clientDir, createTable, gameOver, handOf, hardLimit, register as registerPage, screen, setup, sitAt } from "./harness.mjs";

// npm run screenshots: the chips and results screens, at laptop and phone width.
const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;

let env;
const stopLimit = hardLimit(240_000);
before(async () => {
  // Quick tables fill with computers after 1 s; computer players think 20 ms and do not pause.
  env = await setup(["--quick-fill-seconds", "1", "--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
});
after(async () => {
  await env?.close();
  stopLimit();
});

const balance = (page) => page.$eval("#chips-badge .amount", (e) => e.dataset.chips);

async function register(name, viewport) {
  const p = await registerPage(env, name, viewport);
  // New accounts get their first chips; the header shows them.
  await p.waitForSelector('#chips-badge .amount[data-chips="1000"]');
  return p;
}

test("quick play: a seat at once, computer players fill the table, a whole deal is played; a reload keeps the countdown", async () => {
  const p = await env.openPage("quick", { width: 1200, height: 860 });
  await asGuest(p);
  // Guests have no chips: no balance, but their games.
  assert.equal(await p.$("#chips-badge"), null);
  await p.click('button[data-quick="classic"]');
  await screen(p, "table");
  assert.match(await p.textContent(".table-head"), /Quick play/);
  // Three computer players take the free seats, and the game starts.
  await p.waitForFunction(() => document.querySelectorAll(".seat[data-computer]").length === 3, null, { timeout: 20_000 });
  await p.waitForFunction(() => document.querySelector(".table-screen")?.dataset.state === "playing");

  // The person's turn: the countdown runs from 15 s. Wait, reload, and the
  // countdown goes on from what is left.
  await p.waitForSelector("[data-hand] .card.playable", { timeout: 20_000 });
  await p.waitForTimeout(3000);
  const before = await handOf(p);
  await p.reload();
  await screen(p, "table");
  await p.waitForSelector("[data-hand] .card.playable");
  assert.deepEqual(await handOf(p), before, "still the same turn");
  const left = await p.$eval(".prompt .countdown", (e) => Number(/(\d+) s/.exec(e.textContent)?.[1]));
  assert.ok(left >= 5 && left <= 12, `${left} s left after 3 s of a 15 s turn and a reload`);

  // A whole deal: 13 cards of the person's (the computers play at once).
  for (let played = 0; played < 13;) {
    const done = await act(assert, [p]);
    assert.ok(done, "the game is not over within the deal");
    if (done.kind === "play") played++;
  }
  await p.waitForSelector('[data-role="deal-summary"]', { timeout: 20_000 });
  // Back to the lobby: the seat is kept, the computer plays it.
  await p.click(".table-head button.leave");
  await screen(p, "lobby");
});

test("compete: buy-in, a guest who cannot afford it, the payout; the chips screen, My games with the replay, the leaderboard", async () => {
  const alice = await register("alice", { width: 1280, height: 860 });
  const bob = await register("bob", { width: 390, height: 844 });

  // Alice makes a Compete table: exact whist, two players, one card; buy-in 30.
  await alice.selectOption("#create-form select[name=kind]", "compete");
  assert.equal(await alice.isVisible("#create-form input[name=suggestions]"), false, "no suggestions at a compete table");
  await alice.selectOption("#create-form select[name=buy_in]", "30");
  const table = await createTable(alice, { variant: "exact", players: 2, options: { initial_cards: 1, max_cards: 1 } });
  assert.match(await alice.textContent(".table-head"), /Compete · buy-in 30/);

  // A guest cannot afford it: the server's refusal is shown.
  const guest = await env.openPage("guest", { width: 1200, height: 860 });
  await asGuest(guest);
  const item = `.table-item[data-table="${table}"]`;
  await guest.waitForSelector(`${item} .badge.compete[data-buy-in="30"]`);
  await guest.click(`${item} button[data-sit="1"]`);
  await guest.waitForSelector(".toast:not([hidden])");
  assert.match(await guest.textContent(".toast"), /chips/i);
  assert.equal(await guest.evaluate(() => document.body.dataset.screen), "lobby");

  // Bob sits: the buy-in is charged when the game starts; both headers show it.
  await sitAt(bob, table, 1);
  for (const p of [alice, bob]) await p.waitForSelector('#chips-badge .amount[data-chips="970"]');
  const players = [alice, bob];
  while (!(await gameOver(players))) {
    if (!(await actOnce(assert, players))) await alice.waitForTimeout(50);
  }
  await Promise.all(players.map((p) => p.waitForSelector('[data-role="result"] [data-role="chips-result"]')));
  const nets = await Promise.all(players.map((p) => p.$eval('[data-role="chips-result"]', (e) => Number(e.dataset.net))));
  // The pot is 60; the house keeps 10 %: a winner gets 54 (or each 27 on a tie).
  assert.ok(
    nets.some((n) => n > 0),
    `somebody won: ${nets}`,
  );
  for (const [i, p] of players.entries()) {
    assert.match(await p.textContent('[data-role="chips-result"]'), /buy-in -30/);
    await p.waitForSelector(`#chips-badge .amount[data-chips="${1000 + nets[i]}"]`);
  }
  // A Compete game is rated: each player's new rating (provisional) and its change.
  for (const p of players) {
    await p.waitForSelector('[data-role="result"] [data-role="ratings"]');
    const line = await p.textContent('[data-role="ratings"]');
    assert.match(line, /^Ratings: (alice|bob) \d+\? \([+\u2212\u00b1]\d+\), (alice|bob) \d+\? \([+\u2212\u00b1]\d+\)\.$/);
  }
  const game = await alice.evaluate(() => window.whist.app.table.result.game);
  if (shots) await alice.screenshot({ path: join(shots, "compete.png") });

  // The chips screen: the buy-in and (for a winner) the payout, with the game.
  const winner = nets[0] > 0 ? alice : bob;
  const net = Math.max(...nets);
  await winner.click("#chips-badge");
  await screen(winner, "chips");
  await winner.waitForSelector(`tr[data-kind="payout"][data-game="${game}"]`);
  assert.equal(await winner.$eval(`tr[data-kind="buyin"][data-game="${game}"] [data-delta]`, (e) => Number(e.dataset.delta)), -30);
  assert.equal(await winner.$eval(`tr[data-kind="payout"] [data-delta]`, (e) => Number(e.dataset.delta)), net + 30);
  assert.equal(await winner.$eval(`tr[data-kind="payout"] [data-after]`, (e) => Number(e.dataset.after)), 1000 + net);
  assert.equal(await winner.$eval(`tr[data-kind="initial"] [data-after]`, (e) => Number(e.dataset.after)), 1000);
  assert.equal(await winner.$eval('[data-role="balance"]', (e) => Number(e.dataset.chips)), 1000 + net);
  // Not below the floor: no top-up button, the rule instead.
  assert.equal(await winner.$("#topup"), null);
  await alice.click("#chips-badge");
  await screen(alice, "chips");
  await alice.waitForSelector(`tr[data-kind="buyin"][data-game="${game}"]`);
  if (shots) await alice.screenshot({ path: join(shots, "chips.png"), fullPage: true });

  // My games: the game, won or lost, with its chips; it opens the replay.
  await alice.click("#nav-results");
  await screen(alice, "results");
  const row = `.past-game[data-game="${game}"]`;
  await alice.waitForSelector(row);
  assert.equal(await alice.$eval(`${row} .game-chips`, (e) => Number(e.dataset.chips)), nets[0]);
  assert.match(await alice.textContent(row), /Exact-bid|Exact/);
  assert.match(await alice.textContent('[data-role="stats"]'), /1 game/);
  // The leaderboard by wins of exact whist ranks both (the board by rating, shown first, needs 10 rated games).
  await alice.waitForSelector('.board-switch button[data-board="rating"][aria-pressed="true"]');
  await alice.click('.board-switch button[data-board="wins"]');
  await alice.click('.variant-tabs button[data-variant="exact"]');
  await alice.waitForSelector('.leader-table[data-variant="exact"] tr[data-player="alice"]');
  await alice.waitForSelector('.leader-table[data-variant="exact"] tr[data-player="bob"]');
  if (shots) await alice.screenshot({ path: join(shots, "results.png"), fullPage: true });
  await alice.click(`${row} a.game-open`);
  await screen(alice, "replay");
  await alice.waitForSelector(`.replay-screen[data-game="${game}"][data-steps]`);
  await alice.click("text=Close the replay");
  await screen(alice, "results");

  // Bob on his phone: My games too.
  // On a phone, My games is in the top bar's menu.
  await bob.click("#menu-toggle");
  await bob.click("#nav-results");
  await screen(bob, "results");
  await bob.waitForSelector(`.past-game[data-game="${game}"]`);
  if (shots) await bob.screenshot({ path: join(shots, "results-phone.png"), fullPage: true });
  // Back to the table he sits at.
  await bob.click("#back");
  await screen(bob, "table");
});

test("the daily top-up: offered below the floor, once a day", async () => {
  // A server whose accounts start with 150 chips, and a top-up of 20 below 100.
  const low = await setup(["--initial-chips", "150", "--topup-amount", "20", "--topup-floor", "100"]);
  try {
    const dave = await low.openPage("dave", { width: 1200, height: 860 });
    const erin = await low.openPage("erin", { width: 390, height: 844 });
    for (const [p, name] of [
      [dave, "dave"],
      [erin, "erin"],
    ]) {
      await screen(p, "account");
      await p.fill("#register-form input[name=username]", name);
      await p.fill("#register-form input[name=password]", "correct horse battery");
      await p.click("#register-form button[type=submit]");
      await screen(p, "lobby");
      await p.waitForSelector('#chips-badge .amount[data-chips="150"]');
    }
    // Not below the floor: no top-up.
    await erin.click("#chips-badge");
    await screen(erin, "chips");
    await erin.waitForSelector('tr[data-kind="initial"]');
    assert.equal(await erin.$("#topup"), null);
    await erin.click("#back");
    await screen(erin, "lobby");

    // A Compete game of 110 chips: the loser is left with 40.
    await dave.selectOption("#create-form select[name=kind]", "compete");
    await dave.selectOption("#create-form select[name=buy_in]", "110");
    const table = await createTable(dave, { variant: "exact", players: 2, options: { initial_cards: 1, max_cards: 1 } });
    await sitAt(erin, table, 1);
    const players = [dave, erin];
    while (!(await gameOver(players))) {
      if (!(await actOnce(assert, players))) await dave.waitForTimeout(50);
    }
    await Promise.all(players.map((p) => p.waitForSelector('[data-role="chips-result"]')));
    const nets = await Promise.all(players.map((p) => p.$eval('[data-role="chips-result"]', (e) => Number(e.dataset.net))));
    const loser = players[nets.findIndex((n) => n < 0)];
    assert.ok(loser, `a loser: ${nets}`);
    await loser.waitForSelector('#chips-badge .amount[data-chips="40"]');

    // Below the floor: the button, once.
    await loser.click("#chips-badge");
    await screen(loser, "chips");
    await loser.click("#topup");
    await loser.waitForSelector('[data-role="topup-note"] >> text=20 chips added.');
    await loser.waitForSelector('tr[data-kind="topup"] [data-delta="20"]');
    assert.equal(await loser.$eval('[data-role="balance"]', (e) => Number(e.dataset.chips)), 60);
    await loser.waitForSelector('#chips-badge .amount[data-chips="60"]');
    // Reopened: today's top-up was given; no button.
    await loser.click("#back");
    await screen(loser, "table");
    await loser.click("#chips-badge");
    await screen(loser, "chips");
    await loser.waitForSelector('[data-role="topup-note"] >> text=next one tomorrow');
    assert.equal(await loser.$("#topup"), null);
    if (shots) await loser.screenshot({ path: join(shots, "chips-topup.png"), fullPage: true });
  } finally {
    await low.close();
  }
});
