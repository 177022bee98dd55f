// End to end: a Bid Whist deal through the pages (every call from the
// offered buttons, the declarer's kitty discard and trump or direction
// choice, then the cards), and a short Exact-bid Whist game for three
// (a bid timer that runs out, bids with the hook rule, a whole game to its
// result). Calls and cards from the keyboard too. Preset chat in the first,
// no chat during the game in the second.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { act, asGuest, checkTable, createTable, gameOver, hardLimit, setup, sitAt, tableInfo, watchTable } from "./harness.mjs";

let env;
const stopLimit = hardLimit(240_000);
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
  stopLimit();
});

async function guests(n, prefix) {
  const pages = [];
  for (let i = 0; i < n; i++) {
    const p = await env.openPage(`${prefix}${i + 1}`, { width: 1100, height: 820 });
    await asGuest(p);
    pages.push(p);
  }
  return pages;
}

test("a bid whist deal: bidding, the kitty discard and the trump choice", { timeout: 120_000 }, async () => {
  const players = await guests(4, "bid");
  const table = await createTable(players[0], {
    variant: "bid",
    options: { jokers: 2, bidder_gets_kitty: true, sport_kitty: "never" },
    settings: { chat: "preset" },
  });
  for (let i = 1; i < 4; i++) await sitAt(players[i], table, i);
  const [watcher] = await guests(1, "bidwatch");
  await watchTable(watcher, table);
  for (const p of players) await p.waitForFunction(() => document.querySelectorAll("[data-hand] .card").length === 12);
  await checkTable(assert, players, [watcher]);

  // Preset chat during the game: a phrase, no text box.
  assert.equal(await players[1].$(".chat-text input"), null);
  await players[1].selectOption(".chat select[name=phrase]", "1");
  await watcher.waitForSelector(".chat-log >> text=Good luck!");

  const kinds = [];
  for (;;) {
    // Calls by the keyboard (arrows and Enter), cards by click, keys and drag.
    const done = await act(assert, players, [watcher], ["key", "click", "drag"][kinds.length % 3]);
    assert.ok(done, "the game is not over before 48 cards");
    kinds.push(done.kind);
    if (done.kind !== "play") await checkTable(assert, players, [watcher]);
    if (kinds.filter((k) => k === "play").length === 48) break;
  }
  // Four calls, a discard of six cards (4 + 2 jokers), a choice, 48 cards.
  assert.deepEqual(kinds.slice(0, 6), ["bid", "bid", "bid", "bid", "discard", "choose"]);
  await checkTable(assert, players, [watcher]);
  await players[0].waitForSelector(".notices >> text=Deal over");
  // The deal's summary: the contract made or set.
  await watcher.waitForSelector('[data-role="deal-summary"] .headline >> text=/ (made|set): \\d+ tricks of \\d+ needed\\.$/');
  // The next deal is dealt, unless that deal ended the game (a high contract).
  await players[0].waitForFunction(() => document.querySelectorAll("[data-hand] .card").length === 12 || document.querySelector('[data-role="result"]'));
});

test("a short exact-bid whist game for three, to the result", { timeout: 120_000 }, async () => {
  const players = await guests(3, "exact");
  const table = await createTable(players[0], {
    variant: "exact",
    players: 3,
    options: { initial_cards: 2, max_cards: 3, trumps: true },
    settings: { timer_bid: 7, chat: "none" },
  });
  for (let i = 1; i < 3; i++) await sitAt(players[i], table, i);
  for (const p of players) await p.waitForFunction(() => document.querySelectorAll("[data-hand] .card").length === 2);
  assert.equal((await tableInfo(players[2])).seat, 2);
  await checkTable(assert, players, []);

  // No chat during the game: no text box, no phrases.
  await players[1].waitForSelector(".chat >> text=This table has no chat during the game.");
  assert.equal(await players[1].$(".chat-text input"), null);
  assert.equal(await players[1].$(".chat select[name=phrase]"), null);
  assert.equal(await players[1].isVisible(".chat-log"), false);

  // Seven seconds to bid: the countdown runs, and when it ends the server
  // bids for the player, which every page notes.
  await players[0].waitForSelector(".seat.to-act .countdown >> text=/\\d+ s/");
  for (const p of players) await p.waitForSelector(".notices >> text=did not act in time", { timeout: 12_000 });
  const kinds = ["bid"];
  while (!(await gameOver(players))) {
    // Bids typed as numbers, cards by the keyboard and by click.
    const done = await act(assert, players, [], kinds.length % 2 ? "key" : "click");
    if (!done) break;
    kinds.push(done.kind);
    await checkTable(assert, players, []);
  }
  // Two deals (2 and 3 cards): 3 bids and 6 cards, then 3 bids and 9 cards.
  assert.deepEqual(kinds.join(" "), [...Array(3).fill("bid"), ...Array(6).fill("play"), ...Array(3).fill("bid"), ...Array(9).fill("play")].join(" "));
  const result = await players[0].textContent('[data-role="result"] h3');
  assert.match(result, /^Game over: .*(wins|share the win) with -?\d+ points\.$/);
  // The last deal's summary: each player's bid, made or missed.
  const rows = await players[0].$$eval('[data-role="deal-summary"] tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.equal(rows.length, 3);
  for (const r of rows) assert.match(r[2], r[1] === r[2].split(" ")[0] ? /✓ made$/ : /✗ missed$/);
});
