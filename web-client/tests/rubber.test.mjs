// End to end: the British game (whistd with quick computer players). One
// person plays a classic rubber to 1 with three computer players to its
// end: a notice for each game won, the score chip's games ("Games 1–0"),
// the score sheet's deals grouped by game with each game's winners, score
// and value (a treble, a double, a single) and the rubber's points, and
// the result naming the rubber's winners and its points (the same after a
// reload), and the replay's games at its end. And a table set
// to cut for partners: the form's box, the lobby's words for it, the cut's
// notice with its four cards before the game, for the player and a
// watcher, and the player's seat after the cut as the server said it.
// With WHIST_SCREENSHOTS: rubber-score-sheet.png, a finished rubber's
// score sheet.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { act, allAt, asGuest, clientDir, createTable, hardLimit, screen, setup, tableInfo, watchTable } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;

let env;
const stopLimit = hardLimit(240_000);
before(async () => {
  // Computer players that think 20 ms and do not pause.
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
  if (shots) await mkdir(shots, { recursive: true });
});
after(async () => {
  await env?.close();
  stopLimit();
});

async function guest(name, viewport = { width: 1280, height: 860 }) {
  const p = await env.openPage(name, viewport);
  await asGuest(p);
  return p;
}

/** Computer players at seats 1 to 3 (at a table that cuts, the last one's seat may go to another after the cut). */
async function addComputers(page) {
  for (const seat of [1, 2, 3]) {
    await page.click(`.seat[data-seat="${seat}"] button[data-add-bot="${seat}"]`);
    await page.waitForFunction((k) => window.whist.app.table.summary.seats.filter((x) => x.computer).length >= k, seat);
  }
}

/** Every notice the page's state holds, in words, the oldest first. */
const noticesOf = (page) => page.evaluate(() => window.whist.app.table.notices.map((n) => n()));

const VALUES = { 3: "a treble (3)", 2: "a double (2)", 1: "a single (1)" };
const sideOf = (names, side) => `${names[side]} & ${names[side + 2]}`;

/** What a finished rubber is worth to its winners (docs/rules.md): 2, and the winners' games, less the losers'. */
function rubberPoints(games) {
  const won = [0, 1].map((s) => games.filter((g) => g.winner === s).length);
  const winner = won[0] === 2 ? 0 : 1;
  return { winner, won, points: games.reduce((p, g) => p + (g.winner === winner ? g.value : -g.value), 2) };
}

/** "Game 1 to Ann & Cid, 5–3: a single (1)." */
const gameLine = (names, g, k) => `Game ${k + 1} to ${sideOf(names, g.winner)}, ${g.score[g.winner]}–${g.score[1 - g.winner]}: ${VALUES[g.value]}.`;

/** The open score sheet at a finished rubber: the deals by game, each game's line, the rubber's points. */
async function checkSheet(page, names, games, results) {
  await page.waitForSelector('[data-role="score-sheet"] [data-role="rubber-points"]');
  const sheet = await page.$$eval('[data-role="score-sheet"] table.sheet-table > tbody', (tbs) =>
    tbs.map((tb) => ({
      cls: tb.className,
      deal: tb.dataset.deal === undefined ? null : Number(tb.dataset.deal),
      game: tb.dataset.game === undefined ? null : Number(tb.dataset.game),
      text: tb.querySelector("th").textContent,
      totals: [...tb.querySelectorAll("tr[data-row] td.total")].map((td) => Number(td.firstChild.textContent)),
    })),
  );
  // The expected order: for each game, its line, its deals, its end; then the rubber.
  const expected = [];
  let totals = [0, 0];
  results.forEach((r, d) => {
    if (d === 0 || results[d - 1].game !== r.game) {
      expected.push({ cls: "sheet-game", text: `Game ${r.game + 1}` });
      totals = [0, 0];
    }
    totals = totals.map((x, i) => x + r.score[i]);
    expected.push({ deal: d, game: r.game, text: `Deal ${d + 1}`, totals });
    if (d === results.length - 1 || results[d + 1].game !== r.game) {
      const g = games[r.game];
      assert.deepEqual(totals, g.score, `game ${r.game + 1}'s score is its deals'`);
      expected.push({ cls: "sheet-game-end", text: gameLine(names, g, r.game) });
    }
  });
  const { winner, won, points } = rubberPoints(games);
  expected.push({
    cls: "sheet-rubber",
    text: `The rubber to ${sideOf(names, winner)}, 2 games to ${Math.min(...won)}: ${points} point${points === 1 ? "" : "s"}.`,
  });
  assert.equal(sheet.length, expected.length, `${page.name}: the sheet's groups ${JSON.stringify(sheet.map((s) => s.text))}`);
  expected.forEach((e, k) => {
    const s = sheet[k];
    assert.equal(s.text, e.text, `${page.name}: the sheet's group ${k}`);
    if (e.cls) assert.equal(s.cls, e.cls);
    if (e.deal !== undefined) {
      assert.equal(s.deal, e.deal);
      assert.equal(s.game, e.game, `deal ${e.deal + 1} is in game ${e.game + 1}`);
      assert.deepEqual(s.totals, e.totals, `deal ${e.deal + 1}'s running score, from love in each game`);
    }
  });
  return { winner, won, points };
}

test("a classic rubber played to its end: each game's notice, the games won, the sheet by game, the rubber's points", { timeout: 200_000 }, async () => {
  const person = await guest("rubber-person");
  // The form offers the British options (the server's words).
  assert.ok(await person.isVisible("#create-form select[name=opt-rubber]"));
  assert.ok(await person.isVisible("#create-form select[name=opt-honours_bar]"));
  const presets = await person.$$eval("#create-form select[name=preset] option", (os) => os.map((o) => o.textContent));
  assert.ok(presets.includes("Short Whist Rubber") && presets.includes("Long Whist Rubber"), presets.join(", "));
  await createTable(person, { variant: "classic", preset: "", options: { play_to: 1, rubber: true, honours: "on", honours_bar: true } });
  await addComputers(person);
  await person.waitForSelector("[data-hand] .card");
  // Before any game is won: "Games 0–0" beside the score.
  await person.waitForSelector('[data-role="score"] [data-role="games"]:text-is("Games 0–0")');

  let chipChecked = false;
  for (;;) {
    const kind = await (
      await person.waitForFunction(
        () => (document.querySelector('[data-role="result"]') ? "over" : document.querySelector("[data-hand] .card.playable") ? "play" : false),
        null,
        { timeout: 30_000 },
      )
    ).jsonValue();
    if (kind === "over") break;
    const games = await person.evaluate(() => window.whist.app.table.view.games ?? []);
    if (games.length === 1 && !chipChecked) {
      // A game won: the chip counts it, the score is the new game's.
      const w = games[0].winner;
      const text = await person.textContent('[data-role="score"] [data-role="games"]');
      assert.equal(text, `Games ${w === 0 ? 1 : 0}–${w === 1 ? 1 : 0}`);
      chipChecked = true;
    }
    await act(assert, [person], [], "click");
  }
  assert.ok(chipChecked, "the chip was seen after the first game");
  await person.waitForSelector('[data-role="result"]');
  const s = await person.evaluate(() => {
    const st = window.whist.app.table;
    return { games: st.view.games, results: st.view.results, names: st.summary.seats.map((x) => x.name), scores: st.view.scores };
  });
  assert.ok(s.games.length === 2 || s.games.length === 3, `${s.games.length} games`);
  // One deal a game, playing to 1; each deal of the right game.
  assert.equal(s.results.length, s.games.length);
  s.results.forEach((r, d) => assert.equal(r.game, d));

  // A notice per game won.
  const notices = await noticesOf(person);
  s.games.forEach((g, k) => assert.ok(notices.includes(gameLine(s.names, g, k)), `the notice of game ${k + 1}: ${notices.join(" | ")}`));
  const won = [0, 1].map((x) => s.games.filter((g) => g.winner === x).length);
  assert.equal(await person.textContent('[data-role="score"] [data-role="games"]'), `Games ${won[0]}–${won[1]}`);

  // The score sheet: by game, with their values and the rubber's points.
  await person.click("#review-sheet");
  const r = await checkSheet(person, s.names, s.games, s.results);
  if (shots) await person.screenshot({ path: join(shots, "rubber-score-sheet.png") });

  // The result names the rubber's winners and its points, and each game.
  const head = await person.textContent('[data-role="result"] h3');
  const pts = `${r.points} point${r.points === 1 ? "" : "s"}`;
  assert.equal(head, `Rubber over: ${sideOf(s.names, r.winner)} win the rubber, 2 games to ${Math.min(...r.won)}: ${pts}.`);
  const ends = await person.$$eval('[data-role="result"] tr.game-end', (trs) => trs.map((tr) => tr.textContent));
  assert.deepEqual(
    ends,
    s.games.map((g, k) => gameLine(s.names, g, k)),
  );
  const total = await person.$$eval('[data-role="result"] tr.total td', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(total, ["Games", ...won.map((n) => `${n} game${n === 1 ? "" : "s"}`)]);

  // A reload: the view's games give the same sheet and result.
  await person.reload();
  await screen(person, "table");
  await person.waitForSelector('[data-role="result"]');
  await person.click("#review-sheet");
  await checkSheet(person, s.names, s.games, s.results);
  assert.equal(await person.textContent('[data-role="result"] h3'), head);

  // The replay's last step counts the games too.
  await person.click("#replay");
  await screen(person, "replay");
  await person.waitForSelector(".replay-screen[data-steps]");
  await person.keyboard.press("End");
  await person.waitForSelector('.replay-screen [data-role="caption"] >> text=The game is over.');
  assert.equal(await person.textContent('.replay-screen [data-role="score"] [data-role="games"]'), `Games ${won[0]}–${won[1]}`);
});

/** Each `cut` event a page's WebSocket receives (in a batch or alone). */
function cutEvents(page) {
  const found = [];
  const walk = (x) => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === "object") {
      if (x.type === "cut" && Array.isArray(x.draws)) found.push(x);
      else Object.values(x).forEach(walk);
    }
  };
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      if (typeof f.payload === "string" && f.payload.includes('"cut"')) walk(JSON.parse(f.payload));
    }),
  );
  return found;
}

const cardText = (c) => (c[0] === "T" ? "10" : c[0]) + { S: "♠", H: "♥", D: "♦", C: "♣" }[c[1]];

/** The cut's notice as the pages should word it, from the event. */
function cutNotice(cut) {
  const names = cut.seats.map((x) => x.name);
  const words = cut.draws.map((d) => `${names[d.seat]} ${cardText(d.card)}`).join(", ");
  const d = cut.dealer;
  return `Cut: ${words}. ${names[d]} and ${names[(d + 2) % 4]} play together; ${names[d]} deals.`;
}

/** A cut seen by the person and the watcher: its notice, before the game's; the person at the seat the cut gave them; returns whether they moved. */
async function checkCut(person, watcher, cut, me, from) {
  assert.equal(cut.draws.length, 4);
  const expected = cutNotice(cut);
  assert.match(expected, /^Cut: ([^,]+ (10|[2-9AJQK])[♠♥♦♣], ){3}[^,.]+ (10|[2-9AJQK])[♠♥♦♣]\. /);
  await person.waitForSelector("[data-hand] .card");
  for (const page of [person, watcher]) {
    await allAt([page], (await tableInfo(person)).v);
    const notices = await noticesOf(page);
    const k = notices.lastIndexOf(expected);
    assert.ok(k >= 0, `${page.name}: ${notices.join(" | ")}`);
    assert.ok(notices.indexOf("The game begins.", k) > k, `${page.name}: the cut comes before the game`);
    // On the screen (among the latest, until the person's first deal ends).
    // On a phone the notices are in the drawer (Chat & notices).
    const drawer = await page.isVisible("#side-toggle");
    if (drawer) await page.click("#side-toggle");
    await page.waitForSelector(`.notices li:text-is("${expected}")`);
    if (drawer) await page.click("#side-toggle");
  }
  const mine = cut.draws.find((x) => x.from === from);
  assert.equal(cut.seats[mine.seat].name, me);
  assert.equal((await tableInfo(person)).seat, mine.seat, "the seat after the cut");
  assert.equal(await person.evaluate(() => window.whist.app.table.seat), mine.seat);
  assert.equal(await person.evaluate(() => window.whist.app.table.view.dealer), cut.dealer, "the first dealer is the cut's");
  return mine.seat;
}

test("a table that cuts for partners: the cut's notice with its four cards before the game, the seat after it", { timeout: 150_000 }, async (t) => {
  const person = await env.openPage("cut-person", { width: 1280, height: 860 });
  const cuts = cutEvents(person);
  await person.reload();
  await asGuest(person);
  // The form's box, with its words.
  assert.equal((await person.textContent("#create-form .cut-row .check-box")).trim(), "Cut for partners and the first dealer");
  const table = await createTable(person, { variant: "classic", options: { play_to: 1 }, settings: { cut: true } });
  const me = await person.evaluate(() => window.whist.app.user.name);
  assert.equal((await tableInfo(person)).seat, 0);

  // A watcher, who sees the table's setting in the lobby.
  const watcher = await guest("cut-watcher", { width: 390, height: 844 });
  await watcher.waitForSelector(`.table-item[data-table="${table}"]`);
  assert.match(await watcher.textContent(`.table-item[data-table="${table}"]`), /cut for partners/);
  await watchTable(watcher, table);
  await addComputers(person);

  // A cut before each game: games (to 1, one deal) and rematches until the cut has moved the person (at most 10).
  let seat = 0;
  let moved = false;
  let game = 0;
  for (; game < 10 && !moved; game++) {
    // The cut's event (the page keeps only its latest 30 notices, so the
    // earlier games' cut notices are gone from it by now).
    const until = Date.now() + 15_000;
    while (cuts.length <= game) {
      assert.ok(Date.now() < until, `no cut before game ${game + 1}`);
      await person.waitForTimeout(50);
    }
    assert.equal(cuts.length, game + 1, "one cut event a game");
    const now = await checkCut(person, watcher, cuts[game], me, seat);
    moved = now !== seat;
    seat = now;
    if (moved) break;
    while (!(await person.$('[data-role="result"]'))) {
      await act(assert, [person], [], "click");
      await person.waitForFunction(() => document.querySelector('[data-role="result"]') || document.querySelector("[data-hand] .card.playable"), null, {
        timeout: 30_000,
      });
    }
    await person.click("#rematch");
  }
  t.diagnostic(moved ? `the cut moved the person to seat ${seat} in game ${game + 1}` : "the cut never moved the person in 10 games");
});
