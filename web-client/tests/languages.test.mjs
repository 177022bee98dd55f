// The client's languages (src/i18n/): a browser that asks for Romanian
// gets the client in Romanian (<html lang>, the login screen, a server's
// refusal in Romanian words, numbers as Romanians write them); the top
// bar's switch turns it to Italian and to English live, on the same
// connection, and the choice survives a reload. A table in Romanian, with
// computer players, a deal played: its status, notices, summary and chat
// (a preset phrase reads in each reader's language) say the same in
// Italian and English after a switch, the hand unchanged; an Italian
// guest watches it in Italian, an English one in English. The server's
// words for its rules have a translation for every string a real server
// sends, and no other. Romanian and Italian lobbies and tables are no
// wider than a phone (390x844) nor than 1280x800.
// With $WHIST_SCREENSHOTS set: docs' lobby-ro.png, table-ro.png,
// lobby-it.png and table-it.png (1280x800; the English ones are lobby.png
// and table.png, of classic-game.test.mjs).
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { actOnce, asGuest, clientDir, createTable, hardLimit, register, screen, setup, tableInfo, watchTable } from "./harness.mjs";
import { loadCatalogues } from "./languages.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let env;
const stopLimit = hardLimit(280_000);
before(async () => {
  // Quick computer players: they fill the table and play at once.
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
});
after(async () => {
  await env?.close();
  stopLimit();
});

const lang = (page) => page.evaluate(() => document.documentElement.lang);
const text = (page, sel) => page.textContent(sel);
/** The page's WebSocket, remembered on the page, to tell whether a switch kept it. */
const markSocket = (page) => page.evaluate(() => (window.__ws = window.whist.app.conn.ws));
const sameSocket = (page) => page.evaluate(() => window.__ws === window.whist.app.conn.ws && window.__ws.readyState === WebSocket.OPEN);

async function choose(page, l) {
  await page.selectOption("#lang", l);
  await page.waitForFunction((l) => document.documentElement.lang === l, l);
}

/**
 * Nothing on the page reaches past its viewport's right edge (the names of
 * what does); a part clipped by a box around it (an ellipsis) counts as it shows.
 */
async function fits(page, what) {
  const o = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const shownRight = (e) => {
      let right = e.getBoundingClientRect().right;
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible") right = Math.min(right, a.getBoundingClientRect().right);
      }
      return right;
    };
    // A trick's cards on their way to its winner (fixed, under no click,
    // gone within a second) still fly the path of the size before a resize.
    const wide = [...document.querySelectorAll("body *")]
      .filter((e) => !e.closest(".sweep-ghost") && e.getBoundingClientRect().width > 0 && shownRight(e) > w + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} "${(e.textContent ?? "").slice(0, 40)}"`);
    return { scroll: document.documentElement.scrollWidth, width: w, wide };
  });
  assert.deepEqual(o.wide, [], `${what}: wider than ${o.width}px`);
  assert.ok(o.scroll <= o.width, `${what}: the page scrolls sideways (${o.scroll} px on ${o.width} px)`);
}

test("every string of a real server's rules has its Romanian and Italian words, and no other", async () => {
  const page = await env.openPage("rules");
  await asGuest(page);
  const rules = await page.evaluate(() => window.whist.rules());
  const strings = new Set();
  for (const v of rules.variants) {
    strings.add(v.name).add(v.blurb);
    for (const o of v.options) {
      strings.add(o.label).add(o.help);
      for (const c of o.values ?? []) strings.add(c.label);
    }
  }
  for (const p of rules.presets) strings.add(p.name);
  for (const c of rules.table.chat) strings.add(c.label);
  for (const p of rules.chat.phrases) strings.add(p);
  const { RULES_RO, RULES_IT } = await loadCatalogues();
  for (const [file, table] of [
    ["rules_ro.ts", RULES_RO],
    ["rules_it.ts", RULES_IT],
  ]) {
    assert.deepEqual(
      [...strings].filter((s) => !(s in table)),
      [],
      `src/i18n/${file} lacks these words of the server's rules`,
    );
    assert.deepEqual(
      Object.keys(table).filter((s) => !strings.has(s)),
      [],
      `src/i18n/${file} translates words the server no longer sends`,
    );
  }
  await page.context().close();
});

test("a Romanian browser gets Romanian; the switch turns it to Italian and English live, and a reload keeps the choice", async () => {
  const ana = await env.openPage("ana", DESKTOP, "ro-RO");
  await screen(ana, "account");
  assert.equal(await lang(ana), "ro");
  assert.equal((await text(ana, "#guest")).trim(), "Joacă ca vizitator");
  // A refusal of the server's, in Romanian words.
  await ana.fill("#login-form input[name=username]", "nimeni");
  await ana.fill("#login-form input[name=password]", "parola-gresita");
  await ana.click("#login-form button[type=submit]");
  await ana.waitForSelector(".form-error >> text=Nume de utilizator sau parolă greșită");
  // Registered: the lobby in Romanian, the chips as Romanians write them.
  await ana.fill("#register-form input[name=username]", "ana");
  await ana.fill("#register-form input[name=password]", "correct horse battery");
  await ana.click("#register-form button[type=submit]");
  await screen(ana, "lobby");
  await ana.waitForSelector('#chips-badge .amount[data-chips="1000"]');
  assert.equal((await text(ana, "#chips-badge .amount")).trim(), "1.000");
  assert.equal((await text(ana, ".lobby-head h2")).trim(), "Mese");
  assert.equal((await text(ana, "#create-form h2")).trim(), "Masă nouă");
  assert.equal((await text(ana, '#create-form select[name=variant] option[value="classic"]')).trim(), "Whist clasic");
  assert.match(await text(ana, "#create-form .option-rows"), /Se joacă până la/);
  assert.match(await text(ana, ".quick-play"), /Joacă acum/);

  // Italian, live: the same connection, the same screen, in Italian.
  await markSocket(ana);
  await choose(ana, "it");
  await ana.waitForSelector(".lobby-head h2 >> text=Tavoli");
  assert.equal(await ana.evaluate(() => document.body.dataset.screen), "lobby");
  assert.equal(await sameSocket(ana), true, "the switch kept the connection");
  assert.equal((await text(ana, '#create-form select[name=variant] option[value="exact"]')).trim(), "Whist a dichiarazione esatta");
  assert.equal((await text(ana, "#nav-results")).trim(), "Le mie partite");
  // The choice survives a reload (and the session resumes).
  await ana.reload();
  await screen(ana, "lobby");
  assert.equal(await lang(ana), "it");
  await ana.waitForSelector(".lobby-head h2 >> text=Tavoli");
  assert.equal(await ana.inputValue("#lang"), "it");

  // English, live, and after a reload; chips as English writes them.
  await markSocket(ana);
  await choose(ana, "en");
  await ana.waitForSelector(".lobby-head h2 >> text=Tables");
  assert.equal(await sameSocket(ana), true);
  await ana.waitForSelector('#chips-badge .amount >> text="1,000"');
  await ana.reload();
  await screen(ana, "lobby");
  assert.equal(await lang(ana), "en");
  await ana.waitForSelector("#create-form h2 >> text=New table");
  await choose(ana, "ro");
  await ana.waitForSelector(".lobby-head h2 >> text=Mese");
  await ana.context().close();
});

/** Plays `page`'s turns (the computers play theirs at once) until the view is at deal `deal` and it is the page's turn to play. */
async function playTo(page, deal) {
  const end = Date.now() + 90_000;
  for (;;) {
    const v = await page.evaluate(() => {
      const st = window.whist.app.table;
      const playable = document.querySelector("[data-hand] .card.playable") !== null;
      return st?.view ? { deal: st.view.deal, phase: st.view.phase, me: st.view.to_act === st.seat, playable } : null;
    });
    if (v && v.deal >= deal && v.phase === "play" && v.me && v.playable) return;
    assert.ok(Date.now() < end, `deal ${deal} never came to ${page.name}'s turn`);
    // Only this page's own turn in an earlier deal: that turn waits for it,
    // so the card played is never the first of `deal` (whose first trick
    // over would close the last deal's summary the test reads).
    if (v && v.deal < deal && v.me && v.playable) await actOnce(assert, [page]);
    else await page.waitForTimeout(50);
  }
}

test("a table in Romanian, then Italian and English live; watched in Italian and English; screenshots", { timeout: 240_000 }, async () => {
  // register() makes an English page: this one is Romanian by its user's choice.
  const ana = await register(env, "bogdan", DESKTOP);
  await choose(ana, "ro");
  // To 9: no deal can end the game (7 points at most), so deal 2 always comes.
  const table = await createTable(ana, { variant: "classic", preset: "whist5", options: { play_to: 9 } });
  await ana.waitForSelector(".status-bar >> text=Se mai așteaptă 3 jucători");
  for (const seat of [1, 2, 3]) {
    await ana.click(`button[data-add-bot="${seat}"]`);
    await ana.waitForSelector(`.seat[data-seat="${seat}"][data-computer="true"]`);
  }
  await ana.waitForFunction(() => document.querySelector(".table-screen")?.dataset.state === "playing");
  // A preset phrase: each reader reads it in their language.
  await ana.selectOption(".chat-form select[name=phrase]", "1");
  await ana.waitForSelector(".chat-log >> text=Baftă!");
  await playTo(ana, 1);
  await ana.waitForSelector('[data-role="deal-summary"] >> text=Mâna 1 s-a încheiat');
  assert.match(await text(ana, ".status-bar"), /Atu/);
  assert.match(await text(ana, ".notices"), /Mâna 2: împarte/);
  assert.match(await text(ana, ".controls"), /dă clic pe o carte/);
  const hand = await ana.$$eval("[data-hand] .card[data-card]", (els) => els.map((e) => e.dataset.card));
  await fits(ana, "the Romanian table at 1280x800");
  await ana.mouse.move(0, 0);
  if (shots) await ana.screenshot({ path: join(shots, "table-ro.png") });

  // Italian and English, live at the table: the same hand, the same connection, every text in the new words.
  await markSocket(ana);
  await choose(ana, "it");
  await ana.waitForSelector(".status-bar >> text=Briscola");
  assert.match(await text(ana, ".notices"), /Mano 2: dà le carte/);
  assert.match(await text(ana, ".chat-log"), /Buona fortuna!/);
  assert.match(await text(ana, '[data-role="deal-summary"]'), /Mano 1 finita/);
  // The sides' names too, put together in Italian ("e", not Romanian "și").
  for (const sel of ['[data-role="deal-summary"]', ".notices", ".status-bar"]) assert.doesNotMatch(await text(ana, sel), / și /, sel);
  assert.match(await text(ana, ".table-head"), /Tavolo \d+/);
  assert.deepEqual(await ana.$$eval("[data-hand] .card[data-card]", (els) => els.map((e) => e.dataset.card)), hand);
  assert.equal(await sameSocket(ana), true);
  await fits(ana, "the Italian table at 1280x800");
  if (shots) await ana.screenshot({ path: join(shots, "table-it.png") });
  for (const [l, size] of [
    ["it", PHONE],
    ["ro", PHONE],
  ]) {
    await choose(ana, l);
    await ana.setViewportSize(size);
    await fits(ana, `the ${l} table at ${size.width}x${size.height}`);
    await ana.setViewportSize(DESKTOP);
  }
  await choose(ana, "en");
  await ana.waitForSelector(".status-bar >> text=Trumps");
  assert.match(await text(ana, ".notices"), /Deal 2: bogdan deals|Deal 2: .* deals/);
  assert.match(await text(ana, ".chat-log"), /Good luck!/);

  // An Italian guest: the lobby in Italian with the table, then watching it.
  const gino = await env.openPage("gino", DESKTOP, "it-IT");
  await asGuest(gino);
  assert.equal(await lang(gino), "it");
  await gino.waitForSelector(`.table-item[data-table="${table}"] .badge.state-playing >> text=In corso`);
  await fits(gino, "the Italian lobby at 1280x800");
  if (shots) await gino.screenshot({ path: join(shots, "lobby-it.png") });
  await watchTable(gino, table);
  assert.match(await text(gino, ".table-head"), /Smetti di guardare/);
  await ana.selectOption(".chat-form select[name=phrase]", "2");
  await ana.waitForSelector(".chat-log >> text=Well played!");
  await gino.waitForSelector(".chat-log >> text=Ben giocato!");
  await gino.setViewportSize(PHONE);
  await fits(gino, "the Italian table watched at 390x844");

  // A Romanian guest's lobby, and an English one's (no locale: English).
  const radu = await env.openPage("radu", DESKTOP, "ro-RO");
  await asGuest(radu);
  await radu.waitForSelector(`.table-item[data-table="${table}"] .badge.state-playing >> text=Se joacă`);
  await fits(radu, "the Romanian lobby at 1280x800");
  if (shots) await radu.screenshot({ path: join(shots, "lobby-ro.png") });
  for (const [page, l] of [
    [radu, "ro"],
    [gino, "it"],
  ]) {
    if (page === gino) await gino.click("button.leave");
    await screen(page, "lobby");
    await page.setViewportSize(PHONE);
    await fits(page, `the ${l} lobby at 390x844`);
  }
  const eve = await env.openPage("eve");
  await asGuest(eve);
  assert.equal(await lang(eve), "en");
  await watchTable(eve, table);
  assert.match(await text(eve, ".table-head"), /Stop watching/);
  assert.equal((await tableInfo(eve)).table, table);
  for (const p of [ana, gino, radu, eve]) await p.context().close();
});
