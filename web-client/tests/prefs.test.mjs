// Preferences kept with the account (prefs.ts, prefs_panel.ts; the server's
// prefs.get and prefs.set). A registered player changes them in the
// Preferences panel (the top bar's item): low cards first, suits not
// alternating, confirm play, the dark theme, the volume. They are kept
// after a reload (the theme on the document's root, the panel's choices),
// and a second browser logged in to the same account gets them from the
// server: its hand is in the order chosen; one click on a card only picks
// it (raised; nothing is sent; Escape puts it back), a second click plays
// it, a double-click plays at once and Enter still plays. A guest on a
// phone opens the panel from the speaker's popover and turns auto-play
// on: a turn with a single legal card is played for them, without a
// click. With WHIST_SCREENSHOTS: dark-theme.png, the dark table (1280x800).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { addComputers, asGuest, clientDir, createTable, handOf, hardLimit, login, nextTurn, register, screen, setup } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;

let env;
const stopLimit = hardLimit(300_000);
before(async () => {
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
  if (shots) await mkdir(shots, { recursive: true });
});
after(async () => {
  await env?.close();
  stopLimit();
});

/** The messages a page sent and received on its WebSocket (parsed; a batch's items one by one). */
function spy(page) {
  const sent = [];
  const received = [];
  const parse = (f, into) => {
    try {
      const m = JSON.parse(typeof f.payload === "string" ? f.payload : f.payload.toString());
      for (const e of m.t === "batch" ? m.d : [m]) into.push(e);
    } catch {
      // not JSON
    }
  };
  page.on("websocket", (ws) => {
    ws.on("framesent", (f) => parse(f, sent));
    ws.on("framereceived", (f) => parse(f, received));
  });
  return { sent, received };
}

const theme = (page) => page.evaluate(() => document.documentElement.dataset.theme);

/** The panel's choices: the radio buttons checked and the boxes ticked, and the volume. */
const panelState = (page) =>
  page.$eval("#prefs-dialog", (d) => {
    const out = {};
    for (const i of d.querySelectorAll("input")) {
      if (i.type === "radio" && i.checked) out[i.name] = i.value;
      if (i.type === "checkbox") out[i.name] = i.checked;
      if (i.type === "range") out[i.name] = Number(i.value);
    }
    return out;
  });

async function closePanel(page) {
  await page.keyboard.press("Escape");
  await page.waitForSelector("#prefs-dialog", { state: "detached" });
}

const RANKS = "23456789TJQKA";

/** Checks a hand's order: trumps first, the other suits spades, hearts, diamonds, clubs; low cards first in each. */
function checkOrder(hand, trump) {
  const suits = [];
  for (const c of hand) if (suits.at(-1) !== c[1]) suits.push(c[1]);
  assert.equal(new Set(suits).size, suits.length, `each suit together: ${hand}`);
  const expected = ["S", "H", "D", "C"].filter((s) => s !== trump);
  if (trump && "SHDC".includes(trump)) expected.unshift(trump);
  assert.deepEqual(
    suits,
    expected.filter((s) => suits.includes(s)),
    `suits in order, not alternating: ${hand} (trumps ${trump})`,
  );
  for (let i = 1; i < hand.length; i++)
    if (hand[i][1] === hand[i - 1][1]) assert.ok(RANKS.indexOf(hand[i][0]) > RANKS.indexOf(hand[i - 1][0]), `low cards first: ${hand}`);
}

const trumpOf = (page) => page.$eval('[data-role="trump"]', (e) => /suit-([SHDC])/.exec(e.querySelector("svg")?.getAttribute("class") ?? "")?.[1] ?? null);

test("preferences kept after a reload and on another browser; confirm play takes two clicks", async () => {
  const page = await register(env, "pat");
  const { received } = spy(page);
  await page.reload(); // (the spy sees the new page's WebSocket)
  await screen(page, "lobby");
  assert.equal(await theme(page), "light");
  await page.click("#prefs-open");
  await page.waitForSelector("#prefs-dialog[open]");
  assert.deepEqual(await panelState(page), {
    card_order: "descending",
    alternate_colours: true,
    play: "click",
    auto_play: false,
    sound: true,
    volume: 60,
    theme: "light",
    motion: true,
  });
  await page.check('#prefs-dialog input[name=card_order][value="ascending"]');
  await page.uncheck("#prefs-dialog input[name=alternate_colours]");
  await page.check('#prefs-dialog input[name=play][value="confirm"]');
  await page.check('#prefs-dialog input[name=theme][value="dark"]');
  await page.fill("#pref-volume", "30");
  assert.equal(await theme(page), "dark", "the theme applies at once");
  // The server's answer to the last change: every choice kept.
  for (let i = 0; i < 100; i++) {
    const last = received.filter((m) => m.d && typeof m.d === "object" && "card_order" in m.d).at(-1)?.d;
    if (last?.volume === 30 && last.theme === "dark" && last.play === "confirm" && last.card_order === "ascending" && !last.alternate_colours) break;
    assert.ok(i < 99, `the server kept the preferences: ${JSON.stringify(last)}`);
    await page.waitForTimeout(100);
  }
  await closePanel(page);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "prefs-open", "the keyboard is back on the menu's item");

  // Kept after a reload.
  await page.reload();
  await screen(page, "lobby");
  assert.equal(await theme(page), "dark");
  await page.click("#prefs-open");
  const chosen = { card_order: "ascending", alternate_colours: false, play: "confirm", auto_play: false, sound: true, volume: 30, theme: "dark", motion: true };
  assert.deepEqual(await panelState(page), chosen);
  await closePanel(page);

  // Another browser, the same account: the server's preferences.
  const other = await env.openPage("pat-elsewhere");
  const { sent } = spy(other);
  await other.reload();
  await login(other, "pat", "correct horse battery");
  await screen(other, "lobby");
  await other.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  await other.click("#prefs-open");
  assert.deepEqual(await panelState(other), chosen);
  // The sample hand follows them: low cards first.
  const sample = await other.$$eval("[data-role=prefs-sample] [data-card]", (els) => els.map((e) => e.dataset.card));
  checkOrder(sample, null);
  await closePanel(other);

  await createTable(other, { variant: "classic" });
  await addComputers(other, [1, 2, 3]);
  assert.equal(await nextTurn(other), "play");
  checkOrder(await handOf(other), await trumpOf(other));
  if (shots) {
    await other.setViewportSize({ width: 1280, height: 800 });
    await other.waitForFunction(() => document.getAnimations().length === 0); // the deal's cards in place
    await other.screenshot({ path: join(shots, "dark-theme.png") });
    await other.setViewportSize({ width: 1280, height: 860 });
  }

  // Confirm play: one click picks the card (raised), nothing is sent; Escape puts it back.
  const acts = () => sent.filter((m) => m.t === "table.act").length;
  const card = await other.$eval("[data-hand] .card.playable", (e) => e.dataset.card);
  const n = (await handOf(other)).length;
  const before = acts();
  await other.click(`[data-hand] .card[data-card="${card}"]`);
  await other.waitForSelector(`[data-hand] .card.picked[data-card="${card}"]`);
  assert.equal(acts(), before, "one click does not play");
  assert.equal((await handOf(other)).length, n);
  await other.keyboard.press("Escape");
  await other.waitForSelector("[data-hand] .card.picked", { state: "detached" });
  assert.equal(acts(), before, "Escape does not play");
  // Another card picked instead, then a click beside the table: none picked, none played.
  const others = await other.$$eval("[data-hand] .card.playable", (els) => els.map((e) => e.dataset.card));
  if (others.length > 1) {
    await other.click(`[data-hand] .card[data-card="${others[1]}"]`);
    await other.waitForSelector(`[data-hand] .card.picked[data-card="${others[1]}"]`);
    await other.click(`[data-hand] .card[data-card="${others[0]}"]`);
    await other.waitForSelector(`[data-hand] .card.picked[data-card="${others[0]}"]`);
    await other.mouse.click(5, 790);
    await other.waitForSelector("[data-hand] .card.picked", { state: "detached" });
    assert.equal(acts(), before, "picking is not playing");
  }
  // A click, then another on the same card: played.
  await other.click(`[data-hand] .card[data-card="${card}"]`);
  await other.waitForSelector(`[data-hand] .card.picked[data-card="${card}"]`);
  await other.click(`[data-hand] .card[data-card="${card}"]`);
  await other.waitForFunction((c) => !document.querySelector(`[data-hand] .card[data-card="${c}"]`), card);
  assert.equal(acts(), before + 1);

  // The next turn: a double-click plays at once.
  assert.equal(await nextTurn(other), "play");
  const second = await other.$eval("[data-hand] .card.playable", (e) => e.dataset.card);
  await other.dblclick(`[data-hand] .card[data-card="${second}"]`);
  await other.waitForFunction((c) => !document.querySelector(`[data-hand] .card[data-card="${c}"]`), second);
  assert.equal(acts(), before + 2, "played once");

  // And the keyboard: Enter plays the card focused.
  assert.equal(await nextTurn(other), "play");
  const third = await other.$eval("[data-hand] .card.playable", (e) => e.dataset.card);
  await other.focus(`[data-hand] .card[data-card="${third}"]`);
  await other.keyboard.press("Enter");
  await other.waitForFunction((c) => !document.querySelector(`[data-hand] .card[data-card="${c}"]`), third);
  assert.equal(acts(), before + 3);
  await other.context().close();
  await page.context().close();
});

test("auto-play: a single legal card is played for the player (a guest, on a phone)", async () => {
  const page = await env.openPage("gus", { width: 390, height: 844 });
  const { sent } = spy(page);
  await page.reload(); // (the spy sees the new page's WebSocket)
  await asGuest(page);
  // The panel from the speaker's popover; it fits the phone's screen.
  await page.click("#alerts-button");
  await page.click("#alerts-prefs");
  await page.waitForSelector("#prefs-dialog[open]");
  const box = await page.$eval("#prefs-dialog", (d) => d.getBoundingClientRect().toJSON());
  assert.ok(box.left >= 0 && box.right <= 390 && box.top >= 0 && box.bottom <= 844, `the panel fits: ${JSON.stringify(box)}`);
  await page.check("#prefs-dialog input[name=auto_play]");
  assert.equal(await page.isChecked("#pref-auto_play"), true);
  await page.click("#prefs-close");
  await page.waitForSelector("#prefs-dialog", { state: "detached" });
  assert.equal(await page.evaluate(() => document.activeElement?.id), "alerts-button");

  await createTable(page, { variant: "classic" });
  await addComputers(page, [1, 2, 3]);
  const acts = () => sent.filter((m) => m.t === "table.act");
  // The user's turns: several legal cards are played by a tap; a single one is played for them.
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 13, "a turn with a single legal card came");
    const before = acts().length;
    assert.equal(await nextTurn(page), "play");
    const playable = await page.$$eval("[data-hand] .card.playable", (els) => els.map((e) => e.dataset.card));
    if (playable.length === 1) {
      const [card] = playable;
      await page.waitForFunction((c) => !document.querySelector(`[data-hand] .card[data-card="${c}"]`), card, { timeout: 10_000 });
      assert.equal(acts().length, before + 1, "played once");
      assert.equal(acts().at(-1).d.action.card, card);
      break;
    }
    await page.click(`[data-hand] .card.playable[data-card="${playable[0]}"]`);
    await page.waitForFunction((c) => !document.querySelector(`[data-hand] .card[data-card="${c}"]`), playable[0]);
  }
  await page.context().close();
});
