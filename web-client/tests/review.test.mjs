// End to end: looking back during the game. One person plays a short
// exact-bid whist game (4 then 5 cards) with two computer players while a
// watcher follows on a phone. During a deal, the trick review lists every
// completed trick (number, leader, the cards in the order played with who
// played each, the winner highlighted) as the page's state holds them, by
// the mouse and by the keyboard (T, Escape; the keyboard comes back), and
// play goes on with it open. After each deal the score sheet has one group
// of rows per completed deal, whose running score is the score chip's. On
// the phone nothing is wider than the screen.
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { act, allAt, asGuest, clientDir, createTable, hardLimit, setup, tableInfo, watchTable } from "./harness.mjs";

// npm run screenshots: the trick review open beside the table.
const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;

let env;
const stopLimit = hardLimit(180_000);
before(async () => {
  // Computer players that think 20 ms and do not pause.
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
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

/** What the page's state holds: the deal's tricks, the results, the scores and the seats' names. */
const stateOf = (page) =>
  page.evaluate(() => {
    const st = window.whist.app.table;
    return {
      tricks: st.view.tricks,
      results: st.view.results,
      scores: st.view.scores,
      names: st.summary.seats.map((s) => s.name),
      players: st.summary.players,
    };
  });

/** The trick review as the page shows it. */
const shownTricks = (page) =>
  page.$$eval('[data-role="trick-review"] li.review-trick', (lis) =>
    lis.map((li) => ({
      n: Number(li.dataset.trick),
      head: li.querySelector(".review-trick-head").textContent,
      cards: [...li.querySelectorAll(".played")].map((p) => p.querySelector("[data-card]").dataset.card),
      seats: [...li.querySelectorAll(".played")].map((p) => Number(p.dataset.seat)),
      names: [...li.querySelectorAll(".played .who")].map((w) => w.textContent),
      winners: [...li.querySelectorAll(".played.winner")].map((p) => Number(p.dataset.seat)),
    })),
  );

/** The open trick review lists every completed trick of the page's state, as played. */
async function checkTricks(page) {
  await page.waitForSelector('[data-role="trick-review"]');
  const s = await stateOf(page);
  const shown = await shownTricks(page);
  assert.equal(shown.length, s.tricks.length, `${page.name}: one item per completed trick`);
  s.tricks.forEach((t, k) => {
    const row = shown[k];
    assert.equal(row.n, k);
    assert.deepEqual(row.cards, t.cards, `${page.name}: trick ${k + 1}'s cards in the order played`);
    const seats = t.cards.map((_, j) => (t.leader + j) % s.players);
    assert.deepEqual(row.seats, seats);
    assert.deepEqual(
      row.names,
      seats.map((i) => s.names[i]),
    );
    assert.deepEqual(row.winners, [t.winner], `${page.name}: trick ${k + 1}'s winner highlighted`);
    assert.equal(row.head, `Trick ${k + 1} · led by ${s.names[t.leader]} · won by ${s.names[t.winner]}`);
  });
  return s.tricks.length;
}

/** The open score sheet: a group of rows per completed deal, the running score, the last one the score chip's. */
async function checkSheet(page) {
  await page.waitForSelector('[data-role="score-sheet"] table.sheet-table caption');
  const s = await stateOf(page);
  const groups = await page.$$eval('[data-role="score-sheet"] tbody[data-deal]', (tbs) =>
    tbs.map((tb) => ({
      deal: Number(tb.dataset.deal),
      head: tb.querySelector(".sheet-deal th").textContent,
      rows: [...tb.querySelectorAll("tr[data-row]")].map((tr) => [...tr.cells].map((c) => c.textContent)),
    })),
  );
  assert.equal(groups.length, s.results.length, `${page.name}: one group of rows per completed deal`);
  assert.ok(groups.length >= 1);
  let totals = s.names.map(() => 0);
  groups.forEach((g, d) => {
    assert.equal(g.deal, d);
    assert.equal(g.head, `Deal ${d + 1}`);
    const r = s.results[d];
    totals = totals.map((x, i) => x + r.score[i]);
    // Player, tricks, points, score: as the deal's summary words them.
    assert.deepEqual(
      g.rows,
      s.names.map((name, i) => [name, String(r.tricks[i]), r.score[i] > 0 ? `+${r.score[i]}` : String(r.score[i]), String(totals[i])]),
    );
  });
  const chip = await page.$$eval('[data-role="score"] .side b', (bs) => bs.map((b) => Number(b.textContent)));
  assert.deepEqual(totals, chip, `${page.name}: the running score is the score chip's`);
  assert.deepEqual(totals, s.scores);
  return groups.length;
}

/** Nothing on the page is wider than its viewport (a phone). */
async function fitsWidth(page) {
  const over = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll(".review, .review *")].filter((e) => e.getBoundingClientRect().right > w + 1);
    return { scroll: document.documentElement.scrollWidth, w, wide: wide.map((e) => e.className || e.tagName) };
  });
  assert.ok(over.scroll <= over.w, `${page.name}: the page is ${over.scroll} px wide in ${over.w}`);
  assert.deepEqual(over.wide, [], `${page.name}: wider than the screen`);
}

const focused = (page, selector) => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);

/** The person's page: by the keyboard, T opens the review (its title has the keyboard), Escape closes it and the hand has it again. */
async function reviewByKeys(page) {
  assert.ok(await focused(page, '[data-hand] .card[role="button"]'), "the turn gave the hand the keyboard");
  await page.keyboard.press("t");
  await checkTricks(page);
  assert.ok(await focused(page, "#review-title"));
  assert.equal(await page.getAttribute("#review-tricks", "aria-expanded"), "true");
  // The turn stays in sight.
  assert.ok(await page.isVisible(".prompt.your-turn"));
  await page.keyboard.press("Escape");
  await page.waitForSelector('[data-role="trick-review"]', { state: "detached" });
  assert.equal(await page.getAttribute("#review-tricks", "aria-expanded"), "false");
  assert.ok(await focused(page, '[data-hand] .card[role="button"]'), "the keyboard is back on the hand");
}

/**
 * By the mouse: the Tricks button opens the review, a card is played with
 * it open, and it follows the tricks that end; the close button closes it
 * and the button has the keyboard.
 */
async function reviewByMouse(page) {
  await page.click("#review-tricks");
  await checkTricks(page);
  const before = (await tableInfo(page)).v;
  const done = await act(assert, [page], [], "click");
  assert.equal(done?.kind, "play");
  assert.ok((await tableInfo(page)).v > before);
  // Still open; it lists the tricks the page's state holds, whenever one ends.
  await page.waitForFunction(
    () => document.querySelectorAll('[data-role="trick-review"] li.review-trick').length === window.whist.app.table.view.tricks.length,
  );
  await page.click('[data-role="trick-review"] button.close');
  await page.waitForSelector('[data-role="trick-review"]', { state: "detached" });
  assert.ok(await focused(page, "#review-tricks"));
}

/** The watcher on a phone: the review and the sheet by their buttons, Escape closes them; nothing wider than the screen. */
async function watcherLooks(watcher, person, sheet) {
  await allAt([watcher], (await tableInfo(person)).v);
  await watcher.click("#review-tricks");
  await checkTricks(watcher);
  await fitsWidth(watcher);
  assert.ok(await watcher.isVisible('[data-role="trick-review"]'));
  await watcher.keyboard.press("Escape");
  await watcher.waitForSelector('[data-role="trick-review"]', { state: "detached" });
  assert.ok(await focused(watcher, "#review-tricks"));
  if (!sheet) return;
  await watcher.click("#review-sheet");
  await checkSheet(watcher);
  await fitsWidth(watcher);
  await watcher.keyboard.press("Escape");
  await watcher.waitForSelector('[data-role="score-sheet"]', { state: "detached" });
}

test("the deal's tricks and the score sheet, for a player and a watcher on a phone", { timeout: 150_000 }, async () => {
  const person = await guest("review-person", { width: 1280, height: 800 });
  const table = await createTable(person, { variant: "exact", players: 3, options: { initial_cards: 4, max_cards: 5 } });
  const watcher = await guest("review-watcher", { width: 390, height: 844 });
  await watchTable(watcher, table);
  // Before the game: nothing to look back on.
  assert.equal(await person.isVisible("#review-tricks"), false);
  for (const seat of [1, 2]) {
    await person.click(`.seat[data-seat="${seat}"] button[data-add-bot="${seat}"]`);
    await person.waitForSelector(`.seat[data-seat="${seat}"][data-computer="true"]`);
  }
  await person.waitForSelector("[data-hand] .card");
  // The first deal: no trick yet, no deal over yet.
  await person.click("#review-sheet");
  await person.waitForSelector('[data-role="score-sheet"] >> text=No deal is over yet.');
  await person.click("#review-sheet");
  await person.waitForSelector('[data-role="score-sheet"]', { state: "detached" });

  const checked = new Set();
  let sheets = 0;
  for (;;) {
    const kind = await (
      await person.waitForFunction(
        () =>
          document.querySelector('[data-role="result"]')
            ? "over"
            : document.querySelector('[data-role="bidding"]')
              ? "bid"
              : document.querySelector("[data-hand] .card.playable") && "play",
        null,
        { timeout: 30_000 },
      )
    ).jsonValue();
    if (kind === "over") break;
    const s = await stateOf(person);
    const deal = (await person.evaluate(() => window.whist.app.table.view.deal)) ?? 0;
    if (kind === "play" && s.tricks.length >= 2 && !checked.has(deal)) {
      // A few tricks into the deal.
      checked.add(deal);
      await reviewByKeys(person);
      await watcherLooks(watcher, person, s.results.length > 0);
      if (s.results.length > 0) {
        await person.click("#review-sheet");
        sheets = Math.max(sheets, await checkSheet(person));
        await person.keyboard.press("Escape");
      }
      await reviewByMouse(person);
      continue;
    }
    if (shots && kind === "play" && deal === 1 && s.tricks.length === 3) {
      await person.click("#review-tricks");
      await checkTricks(person);
      await person.screenshot({ path: join(shots, "tricks.png") });
      await person.click("#review-tricks");
      await person.waitForSelector('[data-role="trick-review"]', { state: "detached" });
    }
    await act(assert, [person], [], "click");
  }
  assert.equal(checked.size, 2, "the review was checked in both deals");
  assert.equal(sheets, 1, "the sheet was checked after the first deal");
  // The game is over: the sheet stays, with both deals; the last deal's tricks too.
  for (const page of [person, watcher]) {
    await page.waitForSelector('[data-role="result"]');
    await allAt([page], (await tableInfo(person)).v);
    await page.click("#review-sheet");
    assert.equal(await checkSheet(page), 2);
    await page.click("#review-tricks");
    assert.equal(await checkTricks(page), 5);
    await page.click("#review-tricks");
    await page.waitForSelector('[data-role="trick-review"]', { state: "detached" });
  }
  await fitsWidth(watcher);
});
