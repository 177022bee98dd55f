// End to end with computer players (whistd started with quick ones): one
// person adds three computer players from the table page ("Add computer",
// one removed and added again) and plays a whole game of each variant with
// them, asking for suggestions with the Suggest button and the S key and
// following them by the keyboard; a table without suggestions shows no
// Suggest button; a player who goes away is stood in for by the computer,
// and both their absence and their return are noticed; computer players of
// three strengths (beginner, club, expert), chosen beside "Add computer" and
// remembered, shown at the seats (after a reload too) and in the lobby.
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { act, asGuest, clientDir, createTable, hardLimit, nextTurn, screen, setup, sitAt, tableInfo } from "./harness.mjs";

// npm run screenshots: a table with computer players and a suggestion shown.
const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;
let shotTaken = false;

let env;
const stopLimit = hardLimit(300_000);
before(async () => {
  // Computer players that think 20 ms and do not pause; an absent player's
  // grace of 1 s (at a table without a timer).
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0", "--reconnect-grace", "1"]);
});
after(async () => {
  await env?.close();
  stopLimit();
});

async function guest(name) {
  const p = await env.openPage(name, { width: 1200, height: 860 });
  await asGuest(p);
  return p;
}

/** The creator seats a computer player at `seat` with the seat's button; every page shows it as one. */
async function addComputer(page, seat) {
  await page.click(`.seat[data-seat="${seat}"] button[data-add-bot="${seat}"]`);
  await page.waitForSelector(`.seat[data-seat="${seat}"][data-computer="true"] .badge.computer`);
}

/**
 * Asks for a suggestion (the button, or the S key), checks that it is
 * highlighted among the offered choices and that nothing was played, then
 * follows it by the keyboard (the highlighted control has the focus).
 */
async function followSuggestion(page, kind, byKey) {
  const before = (await tableInfo(page)).v;
  if (byKey) await page.keyboard.press("s");
  else await page.click("#suggest");
  const text = await page.textContent('[data-role="suggestion"]');
  assert.match(text, /^Suggested: .+ \(highlighted\)$/);
  assert.equal((await tableInfo(page)).v, before, "asking for a suggestion plays nothing");
  if (shots && !shotTaken && kind === "play" && (await page.$$("[data-hand] .card")).length <= 11) {
    shotTaken = true;
    await page.screenshot({ path: join(shots, "table-computers.png") });
  }
  if (kind === "discard") {
    // The suggested cards are chosen; the player confirms.
    const chosen = await page.$$eval("[data-hand] .card.selected.suggested", (els) => els.length);
    assert.ok(chosen > 0, "the suggested discards are chosen");
    await page.click("#discard:not([disabled])");
  } else {
    const sel = kind === "play" ? "[data-hand] .card.playable.suggested" : `[data-role="${kind}"] button.suggested`;
    const marked = await page.$$(sel);
    assert.equal(marked.length, 1, `one ${kind} choice is highlighted`);
    assert.ok(await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, sel), "the suggestion has the keyboard focus");
    await page.keyboard.press("Enter");
  }
  await page.waitForFunction((v) => Number(document.querySelector(".table-screen")?.dataset.v) > v, before);
}

/** Plays the whole game from the person's page; returns how many suggestions were followed, by kind. */
async function playGame(page, { suggestions }) {
  const asked = {};
  let turns = 0;
  for (;;) {
    const kind = await nextTurn(page);
    if (kind === "over") break;
    turns += 1;
    if (suggestions) {
      if (!(await page.$("#suggest"))) assert.fail(`no Suggest button at the player's turn (${kind}): ${await page.innerHTML(".controls")}`);
      // The first turn of each kind, then one in four.
      if (!asked[kind] || turns % 4 === 0) {
        await followSuggestion(page, kind, turns % 2 === 0);
        asked[kind] = (asked[kind] ?? 0) + 1;
        continue;
      }
    } else {
      assert.equal(await page.$("#suggest"), null, "no Suggest button where the table does not allow suggestions");
      if (kind === "play") {
        await page.keyboard.press("s");
        assert.equal(await page.$('[data-role="suggestion"]'), null);
      }
    }
    await act(assert, [page], [], turns % 2 ? "click" : "key");
  }
  return asked;
}

async function checkResult(page) {
  await page.waitForSelector('[data-role="result"] h3');
  assert.match(await page.textContent('[data-role="result"] h3'), /^Game over: /);
  // The deal's summary and the seats name the computer players.
  assert.ok((await page.textContent('[data-role="result"]')).includes("Computer"));
  assert.equal(await page.$$eval(".seat[data-computer] .badge.computer", (els) => els.length), 3);
}

/** After a classic game: the score sheet has every deal, with its honours where some scored, and the running score. */
async function checkSheet(page) {
  await page.click("#review-sheet");
  await page.waitForSelector('[data-role="score-sheet"] table.sheet-table');
  const { results, scores } = await page.evaluate(() => window.whist.app.table.view);
  const groups = await page.$$eval('[data-role="score-sheet"] tbody[data-deal]', (tbs) =>
    tbs.map((tb) => [...tb.querySelectorAll("tr[data-row]")].map((tr) => [...tr.cells].slice(1).map((c) => c.textContent))),
  );
  assert.equal(groups.length, results.length, "a group of rows per deal");
  const honours = results.some((r) => r.honours?.some((x) => x !== 0));
  assert.equal((await page.$('[data-role="score-sheet"] th.col-hon')) !== null, honours, "the honours column where honours scored");
  const signed = (x) => (x > 0 ? `+${x}` : String(x));
  const totals = [0, 0];
  results.forEach((r, d) =>
    [0, 1].forEach((side) => {
      totals[side] += r.score[side];
      const hon = r.honours?.[side] ?? 0;
      const want = [String(r.tricks[side]), ...(honours ? [hon ? signed(hon) : "—"] : []), signed(r.score[side]), String(totals[side])];
      assert.deepEqual(groups[d][side], want, `deal ${d + 1}, side ${side}`);
    }),
  );
  assert.deepEqual(totals, scores);
  await page.keyboard.press("Escape");
  await page.waitForSelector('[data-role="score-sheet"]', { state: "detached" });
}

test("classic whist to the end: one person and three computer players, with suggestions", { timeout: 150_000 }, async () => {
  const page = await guest("classic-person");
  // The form says what suggestions are.
  assert.match(await page.textContent("#create-form"), /ask the computer which bid or card it would choose/);
  await createTable(page, { variant: "classic", preset: "whist5", settings: { suggestions: true } });
  assert.match(await page.textContent(".status-bar"), /Add computer/);
  // Added, removed, added again; the notices say so.
  await addComputer(page, 1);
  await page.click('.seat[data-seat="1"] button[data-remove-bot="1"]');
  await page.waitForSelector('.seat[data-seat="1"] button[data-add-bot="1"]');
  await page.waitForSelector(".notices >> text=Computer 1, a computer player, was removed.");
  for (const s of [1, 2, 3]) await addComputer(page, s);
  await page.waitForSelector(".notices >> text=The game begins.");
  // During the game the seats cannot be changed.
  assert.equal(await page.$("button[data-add-bot], button[data-remove-bot]"), null);
  const asked = await playGame(page, { suggestions: true });
  assert.ok(asked.play >= 1, "a card was suggested and played");
  await checkResult(page);
  await checkSheet(page);
  // The replay shows the computer players as such.
  await page.click("#replay");
  await screen(page, "replay");
  await page.waitForSelector(".replay-seat", { timeout: 5000 }).catch(async () => assert.fail(await page.textContent(".replay-screen")));
  if (!(await page.$(".replay-seat .badge.computer"))) assert.fail(await page.evaluate(() => JSON.stringify(window.whist.app.screen?.data?.seats ?? null)));
  assert.equal(await page.$$eval(".replay-seat .badge.computer", (els) => els.length), 3);
  // Back at the table, a rematch: the computer players agree at once.
  await page.click("text=Close the replay");
  await screen(page, "table");
  await page.click("#rematch");
  await page.waitForFunction(
    () => document.querySelector(".table-screen")?.dataset.state === "playing" && document.querySelectorAll("[data-hand] .card").length === 13,
  );
});

test("bid whist to 5 with three computer players, with suggestions", { timeout: 150_000 }, async () => {
  const page = await guest("bid-person");
  await createTable(page, { variant: "bid", options: { play_to: 5 }, settings: { suggestions: true } });
  for (const s of [1, 2, 3]) await addComputer(page, s);
  const asked = await playGame(page, { suggestions: true });
  assert.ok(asked.bidding >= 1 && asked.play >= 1, `a call and a card were suggested: ${JSON.stringify(asked)}`);
  await checkResult(page);
});

test("exact-bid whist (1 and 2 cards) with three computer players, no suggestions", { timeout: 120_000 }, async () => {
  const page = await guest("exact-person");
  const table = await createTable(page, {
    variant: "exact",
    players: 4,
    options: { initial_cards: 1, max_cards: 2 },
    settings: { suggestions: false },
  });
  await addComputer(page, 1);
  await addComputer(page, 2);
  // The lobby marks the computer players too.
  const other = await guest("exact-lobby");
  await other.waitForFunction((t) => document.querySelectorAll(`.table-item[data-table="${t}"] .seat-chip .badge.computer`).length === 2, table);
  await other.close();
  await addComputer(page, 3);
  // Asked anyway (no button offers it here), the server's refusal is shown plainly.
  assert.equal(await page.evaluate(() => window.whist.app.suggest()), null);
  assert.match(await page.textContent(".toast"), /^No suggestion: .+/);
  await playGame(page, { suggestions: false });
  await checkResult(page);
});

test("a player who goes away: the computer stands in, then hands the seat back", { timeout: 120_000 }, async () => {
  const a = await guest("standin-a");
  const table = await createTable(a, { variant: "classic", preset: "whist5" });
  const b = await guest("standin-b");
  await sitAt(b, table, 1);
  await addComputer(a, 2);
  await addComputer(a, 3);
  await b.waitForSelector("[data-hand] .card");
  // B's page goes away (the tab's session stays); A plays on.
  await b.goto("about:blank");
  await a.waitForSelector('.seat[data-seat="1"] .badge.away');
  // The notices are kept as functions that put them in words (in the language of the moment).
  const notices = () => a.evaluate(() => (window.whist.app.table?.notices ?? []).map((n) => n()));
  const end = Date.now() + 60_000;
  while (!(await notices()).some((n) => n.includes("stands in"))) {
    assert.ok(Date.now() < end, "the computer never stood in for the absent player");
    if (await a.$("[data-hand] .card.playable")) await act(assert, [a], [], "click");
    else await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok((await notices()).some((n) => /is away: a computer player stands in for them/.test(n)));
  await a.waitForSelector('.seat[data-seat="1"] .badge.stand-in');
  // B comes back to the seat; A is told the seat is theirs again.
  await b.goto(env.server.url + "/");
  await screen(b, "table");
  assert.equal((await tableInfo(b)).seat, 1);
  await a.waitForFunction(() => (window.whist.app.table?.notices ?? []).some((n) => n().includes("is back and plays again")));
  assert.equal(await a.$('.seat[data-seat="1"] .badge.stand-in'), null);
});

/** The strength a seat's computer badge shows, and its words ("computer · club"). */
async function badgeOf(page, seat) {
  const badge = `.seat[data-seat="${seat}"][data-computer="true"] .badge.computer[data-strength]`;
  await page.waitForSelector(badge);
  return page.$eval(badge, (e) => [e.dataset.strength, e.textContent, e.title]);
}

test("computer players of three strengths: chosen per seat, remembered, shown after a reload and in the lobby", { timeout: 120_000 }, async () => {
  const page = await guest("strength-person");
  const table = await createTable(page, {
    variant: "exact",
    players: 4,
    options: { initial_cards: 1, max_cards: 2 },
    settings: { suggestions: false },
  });
  // Expert at first; the select is labelled.
  const strength = (seat) => page.$eval(`select[data-bot-strength="${seat}"]`, (e) => e.value);
  assert.equal(await strength(1), "expert");
  assert.equal(await page.getAttribute('select[data-bot-strength="1"]', "aria-label"), "Strength of the computer player to add");
  assert.deepEqual(await page.$$eval('select[data-bot-strength="1"] option', (os) => os.map((o) => o.textContent)), ["Beginner", "Club", "Expert"]);
  // A beginner at seat 1 (the mouse), a club player at seat 2 (the keyboard).
  await page.selectOption('select[data-bot-strength="1"]', "beginner");
  await page.click('button[data-add-bot="1"]');
  assert.deepEqual(await badgeOf(page, 1), ["beginner", "computer · beginner", "a computer player, beginner strength"]);
  assert.equal(await strength(2), "beginner", "the last strength chosen is offered");
  await page.selectOption('select[data-bot-strength="2"]', "club");
  await page.focus('button[data-add-bot="2"]');
  await page.keyboard.press("Enter");
  assert.deepEqual(await badgeOf(page, 2), ["club", "computer · club", "a computer player, club strength"]);
  await page.waitForSelector(".notices >> text=Computer 1, a computer player (beginner), takes seat 2.");
  // After a reload: the seats still say so, and club is still the choice.
  await page.reload();
  await screen(page, "table");
  assert.equal((await badgeOf(page, 1))[0], "beginner");
  assert.equal((await badgeOf(page, 2))[0], "club");
  assert.equal(await strength(3), "club");
  // Another page: the lobby's seats say the strengths too, and so does its table page.
  const other = await guest("strength-lobby");
  const chips = `.table-item[data-table="${table}"] .seat-chip .badge.computer[data-strength]`;
  await other.waitForFunction((sel) => document.querySelectorAll(sel).length === 2, chips);
  assert.deepEqual(await other.$$eval(chips, (els) => els.map((e) => `${e.dataset.strength}: ${e.textContent}`)), [
    "beginner: computer · beginner",
    "club: computer · club",
  ]);
  await other.close();
  // An expert at the last seat; the game is played.
  await page.selectOption('select[data-bot-strength="3"]', "expert");
  await page.click('button[data-add-bot="3"]');
  await page.waitForSelector(".notices >> text=The game begins.");
  assert.equal((await badgeOf(page, 3))[0], "expert");
  assert.equal(await page.evaluate(() => localStorage.getItem("whist.botStrength")), "expert");
  await playGame(page, { suggestions: false });
  await checkResult(page);
  assert.deepEqual(await page.$$eval(".seat[data-computer] .badge.computer", (els) => els.map((e) => e.dataset.strength)), ["beginner", "club", "expert"]);
});
