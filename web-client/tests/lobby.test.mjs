// The lobby as newcomers meet it: a lobby with no table open to the user
// says so truly (friends-only tables exist, unseen); a guest's create form
// makes tables for everyone (guests have no friends) and does not offer
// Friends, and a registered newcomer with no friends gets Everyone too, so
// that strangers and guests see their tables. A scheduled table, once its
// game has begun, no longer says it starts at its time.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { actOnce, asGuest, gameOver, hardLimit, register, screen, setup, sitAt, tableInfo } from "./harness.mjs";

let env;
const stopLimit = hardLimit(240_000);
before(async () => {
  // Quick computer players (a scheduled table's free seat).
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

const checked = (page, value) => page.isChecked(`#create-form input[name=access][value=${value}]`);

test("a lobby with only friends-only tables does not say there are no tables", async () => {
  // Dora has no friends yet: her form opens tables to everyone until she
  // chooses; she chooses Friends, and the form says who would see it.
  const dora = await register(env, "dora");
  assert.equal(await checked(dora, "everyone"), true, "a newcomer without friends makes tables for everyone");
  await dora.check("#create-form input[name=access][value=friends]");
  assert.match(await dora.textContent("#create-form .access-fields"), /no friends yet: only the people you invite would see it/);
  await dora.click("#create-table");
  await screen(dora, "table");

  // A newcomer sees no table, and is told why and what to do.
  const newcomer = await guest("newcomer");
  await newcomer.waitForSelector('[data-role="no-tables"]');
  const text = await newcomer.textContent(".table-list");
  assert.doesNotMatch(text, /No tables yet/);
  assert.match(text, /No table is open to you right now: tables for friends or by invitation show only to those they are for\./);
  assert.match(text, /Play now above, or make a table with the form below/);
  await newcomer.context().close();
  await dora.context().close();
});

test("a guest's table is for everyone: the form does not offer Friends, and a registered stranger and another guest see it", async () => {
  const gus = await guest("gus", { width: 390, height: 844 });
  assert.equal(await checked(gus, "everyone"), true, "a guest's form starts at Everyone");
  assert.equal(await gus.isDisabled("#create-form input[name=access][value=friends]"), true, "a guest cannot choose Friends");
  assert.match(await gus.textContent("#create-form .access-fields"), /Guests cannot have friends/);
  // The form sent as it is.
  await gus.click("#create-table");
  await screen(gus, "table");
  const table = (await tableInfo(gus)).table;
  assert.equal(await gus.evaluate(() => window.whist.app.table.summary.settings.friends_only), false);

  const stranger = await register(env, "stranger");
  assert.equal(await checked(stranger, "everyone"), true, "a registered newcomer without friends starts at Everyone too");
  const other = await guest("other");
  for (const p of [stranger, other]) await p.waitForSelector(`.table-item[data-table="${table}"] button[data-sit]`);
  for (const p of [gus, stranger, other]) await p.context().close();
});

test("a scheduled table whose game has begun no longer says it starts at its time", async () => {
  const ann = await guest("ann");
  const ben = await guest("ben");
  const cat = await guest("cat");
  // Ann's table for three opens in a few seconds; a computer player takes the seat still free then.
  await ann.evaluate(() =>
    window.whist.app.createTable({
      variant: "exact",
      players: 3,
      options: { initial_cards: 1, max_cards: 1 },
      settings: { start_at: Math.floor(Date.now() / 1000) + 6, computers_fill: true, friends_only: false },
    }),
  );
  await screen(ann, "table");
  const table = (await tableInfo(ann)).table;
  await sitAt(ben, table, 1);
  await cat.waitForSelector(`.table-item[data-table="${table}"] .start-at`);
  assert.match(await ann.textContent(".status-bar"), /the game starts today at /);
  // It opens; Ann and Ben play the game (one card each) to its end.
  await ann.waitForFunction(() => document.querySelector(".table-screen")?.dataset.state === "playing", null, { timeout: 20_000 });
  const end = Date.now() + 60_000;
  while (!(await gameOver([ann, ben])) && Date.now() < end) {
    if (!(await actOnce(assert, [ann, ben]))) await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(await gameOver([ann, ben]), "the game ends");
  // Ben leaves: the table waits for a player again, its start time long past.
  await ben.click("button.leave");
  await screen(ben, "lobby");
  await ann.waitForFunction(() => document.querySelector(".table-screen")?.dataset.state === "open");
  await cat.waitForFunction((t) => document.querySelector(`.table-item[data-table="${t}"] .badge.state-open`), table);
  const page = await ann.textContent(".table-screen");
  assert.doesNotMatch(page, /[Ss]tarts (today|tomorrow) at/, `the table no longer says it waits for its time: ${page}`);
  assert.equal(await ann.$(".table-panel:not([hidden]) .start-at"), null, "no start time at the table");
  const item = await cat.textContent(`.table-item[data-table="${table}"]`);
  assert.doesNotMatch(item, /Starts (today|tomorrow)/, `the lobby no longer says it starts: ${item}`);
  assert.match(item, /Started today at /);
  for (const p of [ann, ben, cat]) await p.context().close();
});
