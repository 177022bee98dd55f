// End to end: undo by consent (docs/rules.md, "Undo"). The create form
// keeps undo and rated apart (an undo table is unrated) and the table's
// summary says undo is allowed. Alice (seat 0) and Bob (seat 1), two
// computer players, and Carol watching, at a classic whist table with undo
// on. When Alice has just played and it is Bob's turn, Alice's Undo (the U
// key) asks to take the card back: everyone reads the banner (the
// computers' agreement at once), Alice reads that the table waits for Bob,
// Bob agrees: the card is back in Alice's hand, it is her turn again, and
// Carol's trick no longer shows it (every page agrees on the counts and the
// turn). The next time, Bob refuses: the banner goes, play goes on with
// Bob's card. And a reload of Bob's while an undo waits shows the banner
// again. And the replay (a second server, whose computers wait a second
// before each card): one person's undo agreed by the computers, the deal
// played out, the replay's step of the undo says the card is taken back
// and marks it in the hand. With WHIST_SCREENSHOTS: undo.png, Bob's view
// of an undo waiting for his answer (1280x800).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { asGuest, checkTable, clientDir, createTable, handOf, hardLimit, setup, sitAt, watchTable } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;

let env;
const stopLimit = hardLimit(420_000);
before(async () => {
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
  if (shots) await mkdir(shots, { recursive: true });
});
after(async () => {
  await env?.close();
  stopLimit();
});

const nameOf = (page) => page.$eval("a.me", (a) => a.firstChild.textContent.trim());
const noticesText = (page) => page.$$eval(".notices li", (els) => els.map((e) => e.textContent).join(" | "));
/** The face-up cards of the trick on the felt (in play, or the one just taken). */
const trickOf = (page) => page.$$eval(".felt .trick .card[data-card]", (els) => els.map((e) => e.dataset.card));

/**
 * Plays Alice's and Bob's cards until Alice has just played and it is Bob's
 * turn, with Undo offered to Alice; returns the card Alice played last.
 */
async function untilUndo(alice, bob) {
  let card = null;
  for (let i = 0; i < 300; i++) {
    if (await bob.$("[data-hand] .card.playable")) {
      if (card && (await alice.$("#undo"))) return card;
      const n = (await handOf(bob)).length;
      await bob.click("[data-hand] .card.playable");
      await bob.waitForFunction((k) => document.querySelectorAll("[data-hand] .card[data-card]").length !== k, n, { timeout: 30_000 });
      continue;
    }
    if (await alice.$("[data-hand] .card.playable")) {
      const hand = await handOf(alice);
      await alice.click("[data-hand] .card.playable");
      await alice.waitForFunction((k) => document.querySelectorAll("[data-hand] .card[data-card]").length !== k, hand.length, { timeout: 30_000 });
      const now = await handOf(alice);
      card = hand.find((c) => !now.includes(c)) ?? null;
      continue;
    }
    await alice.waitForTimeout(100);
  }
  throw new Error("no undo offered to Alice in 300 turns");
}

/** Waits until the page's notices say `re`. */
const noticeSays = (page, re) =>
  page.waitForFunction((src) => new RegExp(src).test(document.querySelector(".notices")?.textContent ?? ""), re.source, { timeout: 30_000 });

test("an undo agreed and one refused; a reload while an undo waits", async () => {
  const alice = await env.openPage("alice");
  await asGuest(alice);
  // The form: undo and rated exclude each other.
  await alice.setChecked("#create-form input[name=rated]", true);
  await alice.setChecked("#create-form input[name=undo]", true);
  assert.equal(await alice.isChecked("#create-form input[name=rated]"), false, "undo unchecks rated");
  await alice.setChecked("#create-form input[name=rated]", true);
  assert.equal(await alice.isChecked("#create-form input[name=undo]"), false, "rated unchecks undo");
  const table = await createTable(alice, { variant: "classic", options: { play_to: 15 }, settings: { undo: true } });
  assert.match(await alice.textContent('.table-head [data-role="undo-badge"]'), /undo by consent/);

  const bob = await env.openPage("bob", { width: 1280, height: 800 });
  await asGuest(bob);
  // The lobby's summary of the table's settings: undo allowed, unrated.
  const meta = await bob.textContent(`.table-item[data-table="${table}"] .meta`);
  assert.match(meta, /undo by consent/);
  assert.match(meta, /unrated/);
  await sitAt(bob, table, 1);
  const carol = await env.openPage("carol");
  await asGuest(carol);
  await watchTable(carol, table);
  for (const s of [2, 3]) {
    await alice.click(`.seat[data-seat="${s}"] button[data-add-bot="${s}"]`);
    await alice.waitForSelector(`.seat[data-seat="${s}"][data-computer="true"]`);
  }
  const aliceName = await nameOf(alice);
  const bobName = await nameOf(bob);

  // --- An undo agreed -----------------------------------------------------------
  let card = await untilUndo(alice, bob);
  await carol.waitForFunction((c) => !!document.querySelector(`.felt .trick .card[data-card="${c}"]`), card);
  const handBefore = (await handOf(alice)).length;
  // The U key asks (the keyboard hint beside the button on a desktop).
  assert.match(await alice.textContent(".undo-row"), /Key: U/);
  await alice.keyboard.press("u");
  for (const p of [alice, bob, carol]) {
    await p.waitForSelector('[data-role="undo"]', { timeout: 30_000 });
    assert.match(await p.textContent('[data-role="undo"] .undo-text'), new RegExp(`${aliceName} asks to take back`));
    assert.equal(await p.getAttribute('[data-role="undo"]', "data-card"), card);
  }
  // The computers agreed at once; the table waits for Bob.
  await alice.waitForSelector('[data-role="undo-agreed"]');
  assert.match(await alice.textContent('[data-role="undo-agreed"]'), /Agreed: /);
  assert.match(await alice.textContent('[data-role="undo-waiting"]'), new RegExp(`Waiting for ${bobName} to answer`));
  assert.equal(await carol.$("#undo-agree"), null, "a watcher does not answer");
  assert.equal(await alice.$("#undo-agree"), null, "the asker does not answer");
  assert.equal(await bob.$$eval("[data-hand] .card.playable", (c) => c.length), 0, "no card playable while the undo waits");
  if (shots) await bob.screenshot({ path: join(shots, "undo.png") });
  await bob.click("#undo-agree");
  for (const p of [alice, bob, carol]) {
    await p.waitForSelector('[data-role="undo"]', { state: "detached", timeout: 30_000 });
    await noticeSays(p, new RegExp(`Undo agreed: ${aliceName} takes back`));
  }
  // The card back in Alice's hand, her turn again.
  await alice.waitForFunction((c) => !!document.querySelector(`[data-hand] .card[data-card="${c}"]`), card);
  assert.equal((await handOf(alice)).length, handBefore + 1);
  await alice.waitForSelector("[data-hand] .card.playable");
  // The watcher's table: the card out of the trick, Alice to act.
  await carol.waitForSelector('.seat[data-seat="0"][data-to-act="true"]');
  assert.ok(!(await trickOf(carol)).includes(card), "the watcher's trick without the card");
  await checkTable(assert, [alice, bob], [carol]);
  const won = (p) => p.$$eval(".seat .won", (els) => els.map((e) => e.textContent));
  assert.deepEqual(await won(carol), await won(alice), "the watcher's tricks counts are the seat's");
  assert.deepEqual(await trickOf(carol), await trickOf(alice), "the watcher's trick is the seat's");

  // --- An undo refused: play goes on -------------------------------------------
  card = await untilUndo(alice, bob);
  await alice.click("#undo");
  await bob.waitForSelector("#undo-agree", { timeout: 30_000 });
  await bob.click("#undo-refuse");
  for (const p of [alice, bob, carol]) {
    await p.waitForSelector('[data-role="undo"]', { state: "detached", timeout: 30_000 });
    await noticeSays(p, new RegExp(`${bobName} refused the undo`));
  }
  assert.ok(!(await handOf(alice)).includes(card), "the card stays played");
  assert.ok((await trickOf(carol)).includes(card), "the watcher's trick keeps the card");
  // Bob plays on.
  await bob.waitForSelector("[data-hand] .card.playable");
  const n = (await handOf(bob)).length;
  await bob.click("[data-hand] .card.playable");
  await bob.waitForFunction((k) => document.querySelectorAll("[data-hand] .card[data-card]").length === k - 1, n, { timeout: 30_000 });

  // --- A reload while an undo waits --------------------------------------------
  card = await untilUndo(alice, bob);
  await alice.click("#undo");
  await bob.waitForSelector("#undo-agree", { timeout: 30_000 });
  await bob.reload();
  await bob.waitForSelector("#undo-agree", { timeout: 30_000 });
  assert.equal(await bob.getAttribute('[data-role="undo"]', "data-card"), card, "the undo after a reload");
  assert.match(await bob.textContent('[data-role="undo-agreed"]'), /Agreed: /, "the computers' agreement after a reload");
  await bob.click("#undo-agree");
  await alice.waitForFunction((c) => !!document.querySelector(`[data-hand] .card[data-card="${c}"]`), card, { timeout: 30_000 });
  await checkTable(assert, [alice, bob], [carol]);
  assert.ok((await noticesText(alice)).includes(`${aliceName} takes back`));
  for (const p of [alice, bob, carol]) await p.context().close();
});

test("the replay steps through an undo: the card back in the hand", async () => {
  // The computers wait a second before each card: time to ask for an undo.
  const slow = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "1000"]);
  try {
    const page = await slow.openPage("dora");
    await asGuest(page);
    await createTable(page, { variant: "classic", options: { play_to: 1 }, settings: { undo: true } });
    for (const s of [1, 2, 3]) {
      await page.click(`.seat[data-seat="${s}"] button[data-add-bot="${s}"]`);
      await page.waitForSelector(`.seat[data-seat="${s}"][data-computer="true"]`);
    }
    // The first card: taken back (the computers agree at once), then played again; the deal played out.
    let undone = null;
    for (let i = 0; i < 60 && !(await page.$('[data-role="result"]')); i++) {
      const turn = await page
        .waitForSelector('[data-hand] .card.playable, [data-role="result"]', { timeout: 60_000 })
        .then((el) => el.evaluate((e) => e.dataset.card ?? null));
      if (!turn) break;
      const n = (await handOf(page)).length;
      await page.click(`[data-hand] .card[data-card="${turn}"]`);
      await page.waitForFunction((k) => document.querySelectorAll("[data-hand] .card[data-card]").length !== k, n, { timeout: 30_000 });
      if (undone) continue;
      await page.click("#undo", { timeout: 800 }).catch(() => null);
      const back = await page
        .waitForFunction((c) => !!document.querySelector(`[data-hand] .card[data-card="${c}"]`), turn, { timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (back) undone = turn;
    }
    assert.ok(undone, "an undo was agreed");
    await page.waitForSelector('[data-role="result"]', { timeout: 60_000 });
    await page.click("#replay");
    await page.waitForSelector(".replay-screen[data-steps]");
    const step = await page.evaluate(() => window.whist.app.screen.data.states.findIndex((s) => s.action?.type === "undo"));
    assert.ok(step > 0, "the record has the undo");
    await page.fill('[data-step="slider"]', String(step));
    await page.waitForSelector(`.replay-screen[data-step="${step}"]`);
    assert.match(await page.textContent('[data-role="caption"]'), new RegExp(`takes back .* \\(undo agreed by everyone\\)`));
    assert.equal(await page.getAttribute('[data-hand-of="0"] .card.taken-back', "data-card"), undone);
    assert.equal(await page.$(`.replay-felt .trick .card[data-card="${undone}"]`), null, "the card out of the trick");
    await page.context().close();
  } finally {
    await slow.close();
  }
});
