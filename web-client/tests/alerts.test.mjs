// Sound and alerts: the speaker's popover keeps its choices across a
// reload; at a classic whist table with 7-second turns and computer
// players, one's turn sounds a chime and puts "Your turn" in the tab's
// title until one plays; the clock's last seconds are marked and tick;
// with sound off there is no sound; with the tab hidden (document.hidden
// stubbed) one's turn makes a browser notification; and the popover's
// checkbox asks the browser's permission (granted, or denied and said so).
// The Web Audio API is spied on (each oscillator started is noted as
// "type:frequency"): the sounds are told apart by their notes (alerts/sound.ts).
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { asGuest, createTable, hardLimit, screen, setup, STEP_MS } from "./harness.mjs";

let env;
const stopLimit = hardLimit(300_000);
before(async () => {
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
});
after(async () => {
  await env?.close();
  stopLimit();
});

const CHIME = "sine:659"; // the turn's first note
const TICK = "square:1000";
const CARD = "triangle:180";

/** A page whose oscillators, document.hidden (window.__hide) and notifications (window.__notes) are spied on. */
async function spiedPage(name) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: "en-US" });
  await context.addInitScript(() => {
    window.__tones = [];
    window.__notes = [];
    window.__hide = false;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...a) {
      window.__tones.push(`${this.type}:${Math.round(this.frequency.value)}`);
      return start.apply(this, a);
    };
    Object.defineProperty(Document.prototype, "hidden", { get: () => window.__hide, configurable: true });
    window.Notification = class {
      static permission = "granted";
      static requestPermission = async () => "granted";
      constructor(title, o) {
        window.__notes.push(`${title}|${o?.body}`);
      }
      close() {}
    };
  });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => console.error(`[${name}] page error: ${e.message}`));
  await page.goto(env.server.url + "/");
  return page;
}

const tones = (page) => page.evaluate(() => window.__tones.splice(0));
const myTurn = (page) => page.waitForSelector("[data-hand] .card.playable", { timeout: 30_000 });
const title = (page) => page.evaluate(() => document.title);
/**
 * Plays a card, then waits for the server's answer to take it from the hand
 * and for the title to be back: plain, unless the turn is one's own again
 * (the card won the trick and one leads the next: the title stays).
 */
const playCard = async (page, plain) => {
  const card = await page.getAttribute("[data-hand] .card.playable", "data-card");
  await page.click(`[data-hand] .card.playable[data-card="${card}"]`);
  await page.waitForSelector(`[data-hand] .card[data-card="${card}"]`, { state: "detached" });
  await page.waitForFunction((t) => document.title === t || document.querySelector("[data-hand] .card.playable") !== null, plain);
};

test("the popover's choices, the turn's sound and title, the last seconds, sound off, a notification when hidden", async () => {
  const page = await spiedPage("alice");
  await asGuest(page);
  // The popover: on, 60 by default; the volume kept across a reload; Escape closes it.
  await page.click("#alerts-button");
  assert.equal(await page.isChecked("#alerts-sound"), true);
  assert.equal(await page.inputValue("#alerts-volume"), "60");
  await page.fill("#alerts-volume", "30");
  await page.check("#alerts-notify"); // (the stubbed browser allows it)
  await page.click("#alerts-test");
  assert.ok((await tones(page)).includes(CHIME), "the test sound plays");
  await page.keyboard.press("Escape");
  assert.equal(await page.isHidden("#alerts-pop"), true);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "alerts-button");
  await page.reload();
  await screen(page, "lobby");
  await page.click("#alerts-button");
  assert.equal(await page.inputValue("#alerts-volume"), "30");
  assert.equal(await page.isChecked("#alerts-notify"), true);
  await page.keyboard.press("Escape");

  const plain = await title(page);
  assert.doesNotMatch(plain, /your turn/i);
  await createTable(page, { variant: "classic", settings: { timer_play: 7 } });
  for (const s of [1, 2, 3]) {
    await page.click(`.seat[data-seat="${s}"] button[data-add-bot="${s}"]`);
    await page.waitForSelector(`.seat[data-seat="${s}"][data-computer="true"]`);
  }

  const table = await page.evaluate(() => document.querySelector(".table-screen").dataset.table);
  /** Sets sound on or off in the popover, during one's turn (the game waits for one). */
  const sound = async (on) => {
    await page.click("#alerts-button");
    await page.setChecked("#alerts-sound", on);
    await page.keyboard.press("Escape");
  };

  // A turn: the chime and the title; the title back once played.
  await myTurn(page);
  await page.waitForFunction(() => /Your turn/.test(document.title));
  const heard = await tones(page);
  assert.ok(heard.includes(CHIME), `the turn's chime: ${heard}`);
  // Sound off and the tab hidden (stubbed) for the next turn.
  await sound(false);
  await page.evaluate(() => (window.__hide = true));
  await tones(page);
  await playCard(page, plain);

  // The next turn: no sound at all, and a notification.
  await myTurn(page);
  await page.waitForFunction(() => /Your turn/.test(document.title));
  await page.waitForTimeout(300);
  assert.deepEqual(await tones(page), [], "no sound with sound off");
  assert.deepEqual(await page.evaluate(() => window.__notes), [`Your turn|Your turn at table ${table}`]);
  await sound(true);
  await page.evaluate(() => (window.__hide = false));
  await playCard(page, plain);

  // The next turn let run: the countdown marked in its last 5 seconds, a tick in the last 3, the title back when the server plays.
  await myTurn(page);
  await page.waitForSelector(".prompt .countdown.urgent", { timeout: 10_000 });
  await page.waitForFunction((tick) => window.__tones.includes(tick), TICK, { timeout: 10_000 });
  await page.waitForFunction((t) => document.title === t, plain, { timeout: 15_000 });
  assert.ok((await tones(page)).includes(CARD), "the cards played sound");
  await page.context().close();
});

test("the notify checkbox asks the browser's permission", async () => {
  // Granted by the browser context.
  const context = await env.browser.newContext({ locale: "en-US" });
  await context.grantPermissions(["notifications"], { origin: env.server.url });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  await page.goto(env.server.url + "/");
  await screen(page, "account");
  await page.click("#alerts-button");
  await page.check("#alerts-notify");
  assert.equal(await page.evaluate(() => Notification.permission), "granted");
  assert.equal(await page.isChecked("#alerts-notify"), true);
  await context.close();

  // Denied: the box stays unchecked, and the popover says why.
  const denied = await env.browser.newContext({ locale: "en-US" });
  await denied.addInitScript(() => {
    Notification.requestPermission = async () => "denied";
  });
  const p2 = await denied.newPage();
  p2.setDefaultTimeout(STEP_MS);
  await p2.goto(env.server.url + "/");
  await screen(p2, "account");
  await p2.click("#alerts-button");
  await p2.click("#alerts-notify");
  await p2.waitForSelector(".alerts-notice");
  assert.equal(await p2.isChecked("#alerts-notify"), false);
  assert.match(await p2.textContent(".alerts-notice"), /does not allow/);
  await denied.close();
});
