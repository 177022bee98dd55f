// The player's turn, as a keyboard user and a mouse user meet it: at every
// turn (a call, the discard, the trump, a card) the keys act at once,
// without a Tab first, also when the server's view of the turn comes in a
// message of its own after the events (as on a busy machine or network);
// and the hand stays where it is when a turn starts or ends (a click aimed
// at a card hits that card), an 18-card bid whist discard fits the screen
// at laptop and phone size.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { addComputers, asGuest, createTable, hardLimit, nextTurn, register, screen, setup, STEP_MS, tableInfo } from "./harness.mjs";

let env;
const stopLimit = hardLimit(420_000);
before(async () => {
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
});
after(async () => {
  await env?.close();
  stopLimit();
});

/**
 * A page whose WebSocket hands the page each message of a batch alone, and
 * each table.view 150 ms after what came before it: the events of a turn
 * are drawn before the view that offers the actions, as happens when they
 * travel apart. (The protocol allows it: a batch is its messages in order.)
 */
async function slowViewsPage(name, viewport) {
  const context = await env.browser.newContext({ viewport, hasTouch: viewport.width < 500, isMobile: viewport.width < 500, locale: "en-US" });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => console.error(`[${name}] page error: ${e.message}`));
  page.name = name;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    let queue = Promise.resolve();
    server.onMessage((text) => {
      const m = JSON.parse(String(text));
      const parts = m.t === "batch" ? m.d : [m];
      queue = queue.then(async () => {
        for (const part of parts) {
          if (part.t === "table.view") await new Promise((r) => setTimeout(r, 150));
          ws.send(JSON.stringify(part));
        }
      });
    });
    ws.onMessage((text) => server.send(text));
  });
  await page.goto(env.server.url + "/");
  return page;
}

/** What has the keyboard focus: "hand", "prompt", or a description of something else. */
function focusIn(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return "body";
    if (a.closest("[data-hand]") && a.matches('.card[role="button"]')) return "hand";
    if (a.closest('[data-role="bidding"], [data-role="choose"]') && a.matches("button")) return "prompt";
    return `${a.tagName.toLowerCase()}.${a.className}`;
  });
}

const version = async (page) => (await tableInfo(page)).v;
const acted = (page, v) => page.waitForFunction((v) => Number(document.querySelector(".table-screen")?.dataset.v) > v, v);

test("at every turn of a bid whist game the keys act at once, without a Tab", async () => {
  const page = await slowViewsPage("keys", { width: 1280, height: 800 });
  await asGuest(page);
  // To 5: the person calls 7 at the first chance, so declares (the kitty,
  // the discard, the trump) and the game is soon over.
  await createTable(page, { variant: "bid", options: { play_to: 5 } });
  await addComputers(page, [1, 2, 3]);
  const seen = {};
  const missed = [];
  let turns = 0;
  for (;;) {
    const kind = await nextTurn(page);
    if (kind === "over") break;
    turns += 1;
    seen[kind] = (seen[kind] ?? 0) + 1;
    const where = await focusIn(page);
    const expected = kind === "play" || kind === "discard" ? "hand" : "prompt";
    if (where !== expected) {
      missed.push(`turn ${turns} (${kind}): the focus is on ${where}`);
      // (To go on with the game and count every such turn.)
      await page.focus(expected === "hand" ? '[data-hand] .card[role="button"]' : `[data-role="${kind}"] button`);
    }
    const v = await version(page);
    // Only keys from here: no focus() and no click.
    if (kind === "bidding") {
      // End: the last offered call (Pass, or the dealer's highest bid); Home: the first bid. A 7 when offered.
      const top = await page.$('[data-role="bidding"] button[data-bid^="7"]');
      if (top) {
        for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement?.dataset.bid?.startsWith("7"))); i++)
          await page.keyboard.press("ArrowRight");
        await page.keyboard.press("Enter");
      } else if (await page.$('[data-role="bidding"] button[data-bid="pass"]')) {
        await page.keyboard.press("p");
      } else {
        await page.keyboard.press("Enter");
      }
    } else if (kind === "discard") {
      const k = Number((await page.textContent("#discard")).match(/\d+/)[0]);
      for (let i = 0; i < k; i++) {
        await page.keyboard.press("Enter");
        await page.keyboard.press("ArrowRight");
      }
      // The last card chosen, the keyboard is on the Discard button.
      const ready = await page
        .waitForFunction(() => document.activeElement?.id === "discard" && !document.activeElement.disabled, null, { timeout: 3000 })
        .then(
          () => true,
          () => false,
        );
      if (!ready) {
        missed.push(`turn ${turns} (discard): the cards chosen, the focus is on ${await focusIn(page)}, not the Discard button`);
        await page.focus("#discard");
      }
      await page.keyboard.press("Enter");
    } else {
      if (turns % 2) await page.keyboard.press("ArrowRight");
      await page.keyboard.press(turns % 3 ? "Enter" : " ");
    }
    await acted(page, v);
  }
  if (process.env.E2E_DEBUG) console.log(`# ${turns} turns: ${JSON.stringify(seen)}`);
  assert.deepEqual(missed, [], `the keys did not act at ${missed.length} of ${turns} turns`);
  assert.ok(seen.bidding >= 1 && seen.discard >= 1 && seen.choose >= 1 && seen.play >= 12, `every kind of turn met: ${JSON.stringify(seen)}`);
  await page.context().close();
});

/**
 * Notes, at every frame the page draws, where the hand is (its box, in
 * the viewport) and whether the person may act: {box: {turn: frames}}.
 * `grows`: the box's bottom left out (a phone lays an 18-card discard out
 * in two rows: the hand grows downwards, its top and sides stay).
 */
async function trackHand(page, grows = false) {
  await page.evaluate((grows) => {
    window.handBoxes = {};
    const frame = () => {
      const hand = document.querySelector("[data-hand]");
      if (hand && hand.children.length > 0) {
        const r = hand.getBoundingClientRect();
        const key = (grows ? [r.left, r.top, r.right] : [r.left, r.top, r.right, r.bottom]).map(Math.round).join(",");
        const turn = document.querySelector('[data-hand] .card[role="button"], [data-role="bidding"], [data-role="choose"]') ? "turn" : "wait";
        const seen = (window.handBoxes[key] ??= {});
        seen[turn] = (seen[turn] ?? 0) + 1;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, grows);
}

const handBoxes = (page) => page.evaluate(() => window.handBoxes);

test("the hand stays where it is when a turn starts or ends, prompt and Suggest button shown (1280x800)", async () => {
  const page = await env.openPage("still", { width: 1280, height: 800 });
  await asGuest(page);
  await createTable(page, { variant: "classic", settings: { suggestions: true } });
  await addComputers(page, [1, 2, 3]);
  await trackHand(page);
  // The first deal, card by card with the mouse, each turn with its prompt and the Suggest button.
  for (let turn = 0; turn < 13; turn++) {
    assert.equal(await nextTurn(page), "play");
    await page.waitForSelector("#suggest");
    if (process.env.E2E_SHOTS && turn === 1) await page.screenshot({ path: `${process.env.E2E_SHOTS}/turn-1280.png` });
    const box = await page.locator("[data-hand]").boundingBox();
    assert.ok(box.y + box.height <= 800, `the hand is in sight at the turn: its bottom at ${box.y + box.height} px`);
    const v = await version(page);
    await page.click("[data-hand] .card.playable");
    await acted(page, v);
  }
  const boxes = await handBoxes(page);
  const places = Object.keys(boxes);
  assert.equal(places.length, 1, `the hand was drawn at ${places.length} places: ${JSON.stringify(boxes)}`);
  const at = boxes[places[0]];
  assert.ok(at.turn > 0 && at.wait > 0, `seen both at the turns and between them: ${JSON.stringify(boxes)}`);
  await page.context().close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`an 18-card bid whist discard fits the screen, and the hand keeps its place through the bidding and the discard (${viewport.width}x${viewport.height})`, async () => {
    const page = await env.openPage(`discard-${viewport.width}`, viewport);
    await asGuest(page);
    // Two jokers: a kitty of six, so the declarer holds 18 cards to discard from.
    await createTable(page, { variant: "bid", options: { jokers: 2 } });
    await addComputers(page, [1, 2, 3]);
    await trackHand(page, viewport.width < 500);
    for (let turns = 0; ; turns++) {
      assert.ok(turns < 60, "the person never got to discard");
      const kind = await nextTurn(page);
      assert.notEqual(kind, "over", "the game ended before the person got to discard");
      if (kind === "discard") break;
      const v = await version(page);
      // The person calls 7 when they may, so that they declare; otherwise any call or card.
      const seven = await page.$('[data-role="bidding"] button[data-bid^="7"]');
      if (seven) await seven.click();
      else if (kind === "bidding") await page.click('[data-role="bidding"] button.bid');
      else if (kind === "choose") await page.click('[data-role="choose"] button');
      else await page.click("[data-hand] .card.playable");
      await acted(page, v);
    }
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/discard-${viewport.width}.png` });
    // Where the cards are laid out, once the cards dealt or taken have flown to their places.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const cards = await page.$$eval("[data-hand] .card", (els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    assert.equal(cards.length, 18);
    const { width, height } = viewport;
    for (const r of cards)
      assert.ok(r.left >= 0 && r.right <= width && r.top >= 0 && r.bottom <= height, `a card of the hand is out of the screen: ${JSON.stringify(r)}`);
    const hand = await page.locator("[data-hand]").boundingBox();
    assert.ok(hand.y + hand.height <= height, `the hand's bottom at ${hand.y + hand.height} px on a screen of ${height}`);
    const boxes = await handBoxes(page);
    assert.equal(Object.keys(boxes).length, 1, `the hand was drawn at several places: ${JSON.stringify(boxes)}`);
    await page.context().close();
  });
}

/** The words of the deal summary's name column that a line break cuts in two (a break after a hyphen is no cut). */
function cutWords(page) {
  return page.$$eval('[data-role="deal-summary"] tbody th', (cells) => {
    const cut = [];
    for (const cell of cells) {
      const text = cell.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      // Words, each with the hyphen that ends it (a line may break after one).
      for (const m of text.data.matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) cut.push(m[0]);
      }
    }
    return cut;
  });
}

test("the deal summary breaks no name in the middle of a word", async () => {
  const page = await register(env, "bartholomew-x", { width: 1280, height: 800 });
  // Exact whist for five, a card each: the summary's columns of bids and tricks leave the names little room.
  await createTable(page, { variant: "exact", players: 5, options: { initial_cards: 1, max_cards: 1 } });
  await addComputers(page, [1, 2, 3, 4]);
  for (;;) {
    const kind = await nextTurn(page);
    if (kind === "over") break;
    const v = await version(page);
    if (kind === "bidding") await page.click('[data-role="bidding"] button.bid');
    else await page.click("[data-hand] .card.playable");
    await acted(page, v);
  }
  await page.waitForSelector('[data-role="deal-summary"] tbody th');
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/summary-1280.png` });
  assert.deepEqual(await cutWords(page), [], "names cut in the middle of a word");
  await page.context().close();
});
