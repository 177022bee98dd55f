// End to end, ratings and profiles through the pages:
// - Ann and Ben (on a phone) play rated games at Ann's table (exact whist,
//   two players, one card; a rematch each time): the seats show each
//   player's rating ("1500?" while provisional) and, after each game, the
//   new one; Cat, in the lobby, sees the ratings beside their names.
// - Ann opens her profile from her name in the result's ratings line: her
//   rating with its "?", the chart of its history (a line of one point per
//   game), the games played per game, her recent games each with a link to
//   its replay (which goes back to the profile); she hides her games.
// - Cat (no friend of hers) opens Ann's profile from the lobby: the rating,
//   but "visible to their friends only" instead of the games; he asks to be
//   her friend. Ben opens Ann's profile from the table's seat: hidden too;
//   Ann opens Ben's from the chat and accepts his request, and Ben then
//   sees her games.
// - My games: each player's rating change beside the names; the rating
//   leaderboard is the default board, says who is ranked and that nobody
//   qualifies yet; the wins board is a click away. A guest's profile has
//   no rating and no box.
//
// With $WHIST_SCREENSHOTS set: docs' profile.png (Ann's profile at 1280x800).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { actOnce, asGuest, clientDir, createTable, gameOver, hardLimit, register as registerPage, screen, setup, sitAt } from "./harness.mjs";

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

const register = (name, viewport) => registerPage(env, name, viewport);
const RATING = /^ \d+\?$/;
const GAMES = 4;

/** Plays the table's game to its end through the pages, and waits for its ratings; returns the game's id. */
async function playRated(players) {
  while (!(await gameOver(players))) {
    if (!(await actOnce(assert, players))) await players[0].waitForTimeout(50);
  }
  await Promise.all(players.map((p) => p.waitForSelector('[data-role="result"] [data-role="ratings"]')));
  return players[0].evaluate(() => window.whist.app.table.result.game);
}

/** The profile `name` is shown, read from the server. */
const profileOf = (page, name) => page.waitForSelector(`.profile-screen[data-player="${name}"][data-loaded="true"]`);

test("rated games, ratings beside names, profiles with their chart and games, hidden games, the rating leaderboard", { timeout: 230_000 }, async () => {
  if (shots) await mkdir(shots, { recursive: true });
  const ann = await register("ann", { width: 1280, height: 800 });
  const ben = await register("ben", { width: 390, height: 844 });
  const cat = await register("cat", { width: 1280, height: 800 });

  const table = await createTable(ann, { variant: "exact", players: 2, options: { initial_cards: 1, max_cards: 1 }, settings: { rated: true } });
  // Ann's rating beside her name at the table: a newcomer's 1500, provisional.
  await ann.waitForSelector('.seat[data-seat="0"] .seat-head .rating');
  assert.equal(await ann.textContent('.seat[data-seat="0"] .rating'), " 1500?");
  await sitAt(ben, table, 1);
  await ben.waitForSelector('.seat[data-seat="1"] .rating');
  await ann.waitForSelector('.seat[data-seat="1"] .rating');

  // Cat, in the lobby, sees the ratings beside the names (none beside a free seat).
  const item = `.table-item[data-table="${table}"]`;
  await cat.waitForSelector(`${item} .seat-chip[data-seat="0"] .seat-who .rating`);
  assert.match(await cat.textContent(`${item} .seat-chip[data-seat="0"] .seat-who`), /^ann \d+\?$/);

  // Rated games, each followed by a rematch: each gives the seats their new rating.
  const players = [ann, ben];
  const games = [];
  for (let k = 0; k < GAMES; k++) {
    if (k > 0) {
      for (const p of players) await p.click("#rematch");
      await ann.waitForFunction(() => document.querySelector(".table-screen")?.dataset.state === "playing");
    }
    games.push(await playRated(players));
    const line = await ann.textContent('[data-role="ratings"]');
    assert.match(line, /^Ratings: (ann|ben) \d+\? \([+\u2212\u00b1]\d+\), (ann|ben) \d+\? \([+\u2212\u00b1]\d+\)\.$/);
    const annNew = await ann.$eval('[data-role="ratings"] a.player[data-player="ann"] + .rating', (e) => e.dataset.rating);
    await ann.waitForFunction((r) => document.querySelector('.seat[data-seat="0"] .rating')?.dataset.rating === r, annNew);
  }
  const game = games[GAMES - 1];
  // Ben writes in the chat (on his phone, in the Chat & notices drawer); his name there is a link too.
  const drawer = await ben.isVisible("#side-toggle");
  if (drawer) await ben.click("#side-toggle");
  await ben.fill(".chat-text input[name=text]", "Good game!");
  await ben.click(".chat-text button[type=submit]");
  await ann.waitForSelector(".chat-log >> text=Good game!");
  if (drawer) await ben.click("#side-toggle"); // closed again: the felt in sight

  // Ann opens her profile from her name in the result.
  await ann.click('[data-role="ratings"] a.player[data-player="ann"]');
  await screen(ann, "profile");
  await profileOf(ann, "ann");
  assert.equal(await ann.evaluate(() => location.hash), "#profile/ann");
  const card = '.rating-card[data-pool="exact"]';
  assert.match(await ann.textContent(`${card} .rating-big`), /^\d+\?$/);
  assert.match(await ann.textContent(`${card} .meta`), new RegExp(`${GAMES} rated games`));
  // The chart: one point per rated game, labelled, with the lowest and highest ratings on its axis.
  const chart = await ann.$eval(`${card} svg.rating-chart`, (svg) => ({
    points: svg.querySelector("polyline")?.getAttribute("points")?.trim().split(/\s+/) ?? [],
    label: svg.getAttribute("aria-label"),
    title: svg.querySelector("title")?.textContent,
    ticks: [...svg.querySelectorAll("text.tick")].map((t) => t.textContent),
  }));
  assert.equal(chart.points.length, GAMES, `a point per game: ${chart.points}`);
  assert.ok(chart.points.every((p) => /^[\d.]+,[\d.]+$/.test(p)));
  assert.match(chart.label, /rating over the last \d+ rated games/);
  assert.equal(chart.title, chart.label);
  assert.ok(chart.ticks.length >= 3, `axis labels: ${chart.ticks}`);
  assert.match(await ann.textContent('[data-role="variants"] li[data-variant="exact"]'), new RegExp(`${GAMES} games`));
  for (const g of games) await ann.waitForSelector(`.profile-games .past-game[data-game="${g}"] a.game-open[href="#replay/${g}"]`);
  assert.equal(await ann.$(".friend-actions"), null, "no friend request to oneself");
  assert.equal(await ann.isChecked("#hide-games"), false);
  if (shots) await ann.screenshot({ path: join(shots, "profile.png") });
  // A game's replay, and back to the profile.
  await ann.click(`.past-game[data-game="${game}"] a.game-open`);
  await screen(ann, "replay");
  await ann.waitForSelector(`.replay-screen[data-game="${game}"][data-steps]`);
  // The replay's names are links to the players' profiles too.
  await ann.waitForSelector('.replay-screen .seat-name a.player[data-player="ben"]');
  await ann.click("text=Close the replay");
  await profileOf(ann, "ann");
  // She hides her games.
  await ann.check("#hide-games");
  await ann.waitForSelector(".profile-games h3 >> text=hidden from people who are not your friends");
  await ann.waitForSelector("#hide-games:not([disabled])");

  // Cat, no friend of hers, opens her profile from the lobby: her rating, not her games.
  await cat.click(`${item} a.player[data-player="ann"]`);
  await screen(cat, "profile");
  await profileOf(cat, "ann");
  assert.match(await cat.textContent(`${card} .rating-big`), /^\d+\?$/);
  assert.equal(await cat.textContent('[data-role="games-hidden"]'), "This player's games are visible to their friends only.");
  assert.equal(await cat.$(".past-game"), null);
  assert.equal(await cat.$("#hide-games"), null, "no box on another's profile");
  assert.equal(await cat.$('[data-role="online"]'), null, "whether a stranger is online is not said");
  await cat.click("#friend-add");
  await cat.waitForSelector('.friend-actions[data-relation="outgoing"] #friend-withdraw');
  // Back to where he came from.
  await cat.click("#back");
  await screen(cat, "lobby");

  // Ben, on his phone, opens Ann's profile from her seat: hidden from him too; he asks to be her friend.
  await ann.click("#back");
  await screen(ann, "table");
  // (On a phone the last deal's summary lies over the felt until closed.)
  const over = ben.locator('[data-role="deal-summary"] button.close');
  if (await over.isVisible()) await over.click();
  await ben.click('.seat[data-seat="0"] a.player');
  await profileOf(ben, "ann");
  await ben.waitForSelector('[data-role="games-hidden"]');
  await ben.click("#friend-add");
  await ben.waitForSelector('.friend-actions[data-relation="outgoing"]');
  assert.ok(await ben.evaluate(() => document.documentElement.scrollWidth <= 390), "the profile fits a phone's width");

  // Ann opens Ben's profile from the chat and accepts his request; Ben then sees her games.
  await ann.click('.chat-log a.player[data-player="ben"]');
  await profileOf(ann, "ben");
  await ann.click("#friend-accept");
  await ann.waitForSelector('.friend-actions[data-relation="friend"]');
  await ann.waitForSelector('[data-role="online"] >> text=online');
  await ben.waitForSelector(`.profile-games .past-game[data-game="${game}"] a.game-open`);
  assert.equal(await ben.$('[data-role="games-hidden"]'), null);
  assert.ok(await ben.evaluate(() => document.documentElement.scrollWidth <= 390), "the games fit a phone's width");

  // My games: the ratings' changes beside the names; the rating leaderboard first, empty for now.
  await ann.click("#back");
  await screen(ann, "table");
  await ann.click("#nav-results");
  await screen(ann, "results");
  const row = `.past-game[data-game="${game}"]`;
  await ann.waitForSelector(row);
  assert.match(await ann.textContent(`${row} .game-who`), /^against ben \d+\? \([+\u2212\u00b1]\d+\)$/);
  assert.match(await ann.textContent(`${row} .game-rating`), /^ \d+\? \([+\u2212\u00b1]\d+\)$/);
  await ann.waitForSelector('.board-switch button[data-board="rating"][aria-pressed="true"]');
  await ann.click('.variant-tabs button[data-pool="exact"]');
  await ann.waitForSelector('[data-role="rating-empty"] >> text=Nobody qualifies in');
  assert.match(await ann.textContent('[data-role="rating-rule"]'), /at least 10 rated games, deviation at most 80, played in the last 30 days/);
  await ann.click('.board-switch button[data-board="wins"]');
  await ann.click('.variant-tabs button[data-variant="exact"]');
  await ann.waitForSelector('.leader-table[data-variant="exact"] tr[data-player="ben"] a.player');
  // A name on the leaderboard opens that profile.
  await ann.click('.leader-table[data-variant="exact"] tr[data-player="ben"] a.player');
  await profileOf(ann, "ben");
  await ann.click("#back");
  await screen(ann, "results");
  for (const p of [ann, ben, cat]) await p.context().close();
});

test("a guest's profile: no rating, no box", async () => {
  const g = await env.openPage("guest", { width: 390, height: 844 });
  await asGuest(g);
  const name = await g.evaluate(() => window.whist.app.user.name);
  await g.goto(`${env.server.url}/#profile/${name}`);
  await profileOf(g, name);
  assert.match(await g.textContent(".profile-ratings"), /Guests are not rated/);
  assert.equal(await g.$("#hide-games"), null);
  assert.equal(await g.$(".friend-actions"), null);
  await g.context().close();
});
