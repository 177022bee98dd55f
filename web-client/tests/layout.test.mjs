// Phone and layout: the table measured at 390x844 (a phone with a touch
// screen) and at 1280x800 (a laptop), during games with computer players.
// - The page never scrolls: the document is no wider and no taller than
//   the window (the side panels are a drawer on a phone).
// - The top bar is one row.
// - Every card of a 13-card hand shows its index (rank and suit) uncovered
//   by its neighbours (elementFromPoint at the index's corners and centre),
//   in a font of at least 11 px.
// - Six-player tricks: no card of the trick intersects another.
// - Bid whist's 18-card discard: every card in the window, its index
//   uncovered (so a tap on it reaches it), the Discard button in sight.
// - The hand's cards are where they were when a turn starts.
// - A touch screen gets touch wording and no keyboard hint; a laptop the keys.
// With $WHIST_SCREENSHOTS set: docs' phone-table.png, phone-discard.png,
// phone-six-players.png and desktop-table.png.
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { addComputers, asGuest, clientDir, createTable, hardLimit, nextTurn, register, screen, setup, tableInfo } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
// What a keyboard hint says (the English catalogue's), none of it on a touch screen.
const KEY_WORDS = /\bKeys?\b|\bEnter\b|←|→|\bclick\b|\(key/;

let env;
const stopLimit = hardLimit(420_000);
before(async () => {
  // Computer players that wait a little before each action: frames between the turns, to see one start.
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "100"]);
});
after(async () => {
  await env?.close();
  stopLimit();
});

/** Whether two rectangles share more than half a pixel each way. */
const intersect = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

const version = async (page) => (await tableInfo(page)).v;
const acted = (page, v) => page.waitForFunction((v) => Number(document.querySelector(".table-screen")?.dataset.v) > v, v);

/** Any action at the person's turn (a 7 in bid whist when offered, to declare); the mouse then leaves the cards. */
async function actAny(page, kind) {
  const v = await version(page);
  const seven = await page.$('[data-role="bidding"] button[data-bid^="7"]');
  if (seven) await seven.click();
  else if (kind === "bidding") await page.click('[data-role="bidding"] button.bid');
  else if (kind === "choose") await page.click('[data-role="choose"] button');
  else await page.click("[data-hand] .card.playable");
  await page.mouse.move(1, 1);
  await acted(page, v);
}

/** The page's measures at this moment (see the top of the file). */
async function measure(page) {
  // The cards' motion over (a card flying from the hand covers others for a moment).
  await page.waitForFunction(() => document.getAnimations().length === 0);
  return page.evaluate(() => {
    const de = document.documentElement;
    const box = (e) => e.getBoundingClientRect();
    // The top bar's items (its nav box lays out as the bar's items).
    const bar = document.querySelector(".topbar");
    const items = [...bar.children, ...(bar.querySelector(".topbar-nav")?.children ?? [])].filter(
      (e) => !e.classList.contains("topbar-nav") && box(e).width > 0 && !e.classList.contains("spacer"),
    );
    const rows = items.map(box);
    const oneRow = rows.length > 0 && Math.max(...rows.map((r) => r.top)) < Math.min(...rows.map((r) => r.bottom));
    const index = [];
    for (const card of document.querySelectorAll("[data-hand] .card[data-card]")) {
      const r = box(card.querySelector(".corner"));
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 1, r.top + 1],
        [r.right - 1, r.top + 1],
        [r.left + 1, r.bottom - 1],
        [r.right - 1, r.bottom - 1],
      ];
      const over = points.map(([x, y]) => document.elementFromPoint(x, y)).filter((e) => e?.closest(".card") !== card);
      const covered = over.length;
      const by = over.map((e) => (e ? `${e.tagName.toLowerCase()}.${e.className?.baseVal ?? e.className}` : "nothing")).join(" ");
      const font = parseFloat(getComputedStyle(card.querySelector(".rank")).fontSize);
      const c = box(card);
      const inside = c.left >= 0 && c.top >= 0 && c.right <= innerWidth && c.bottom <= innerHeight;
      index.push({ card: card.dataset.card, covered, by, font, inside, w: Math.round(r.width), h: Math.round(r.height) });
    }
    const hint = [...document.querySelectorAll(".keys-hint, .hint, .prompt, [title]")]
      .map((e) => (e.matches("[title]") && !e.matches(".prompt, .hint") ? e.title : e.textContent))
      .join(" | ");
    return {
      scrollWidth: de.scrollWidth,
      scrollHeight: de.scrollHeight,
      innerWidth,
      innerHeight,
      barHeight: Math.round(box(bar).height),
      oneRow,
      index,
      hint,
      prompt: document.querySelector(".controls")?.textContent ?? "",
      controlsBottom: Math.round(document.querySelector(".controls") ? box(document.querySelector(".controls")).bottom : 0),
      // What of the prompt its room hides (it scrolls inside when it must).
      controlsHidden: document.querySelector(".controls")
        ? document.querySelector(".controls").scrollHeight - document.querySelector(".controls").clientHeight
        : 0,
      touch: matchMedia("(pointer: coarse)").matches,
    };
  });
}

/** The checks every table screen passes; `what` names the moment. */
function checkFits(m, what) {
  assert.ok(m.scrollWidth <= m.innerWidth, `${what}: the page is ${m.scrollWidth} px wide in a window of ${m.innerWidth}`);
  assert.ok(m.scrollHeight <= m.innerHeight, `${what}: the page is ${m.scrollHeight} px tall in a window of ${m.innerHeight}`);
  assert.ok(m.oneRow, `${what}: the top bar is more than one row (${m.barHeight} px)`);
  assert.ok(m.controlsBottom <= m.innerHeight, `${what}: the prompt ends at ${m.controlsBottom} px`);
  assert.ok(m.controlsHidden <= 1, `${what}: ${m.controlsHidden} px of the prompt out of sight`);
}

function checkIndices(m, what, count) {
  assert.equal(m.index.length, count, `${what}: ${count} cards in the hand`);
  const bad = m.index.filter((c) => c.covered > 0 || c.font < 11 || !c.inside);
  assert.deepEqual(bad, [], `${what}: cards whose index is covered, smaller than 11 px or out of the window`);
}

/**
 * Notes, at every frame, where the hand's cards are laid out (offsetLeft
 * and offsetTop to the page: a card's own motion or lift aside): a change
 * between the last frame before a turn starts and the first of the turn,
 * the same cards held, goes to window.handMoves.
 */
async function trackHandCards(page) {
  await page.evaluate(() => {
    window.handMoves = [];
    window.turnStarts = 0;
    let last = null;
    const place = (el) => {
      let x = 0;
      let y = 0;
      for (let e = el; e; e = e.offsetParent) {
        x += e.offsetLeft;
        y += e.offsetTop;
      }
      return `${x},${y},${el.offsetWidth},${el.offsetHeight}`;
    };
    const frame = () => {
      const cards = [...document.querySelectorAll("[data-hand] .card[data-card]")];
      if (cards.length > 0) {
        const turn = document.querySelector('[data-hand] .card[role="button"], [data-role="bidding"], [data-role="choose"]') !== null;
        const names = cards.map((c) => c.dataset.card).join();
        const rects = cards.map(place).join(" ");
        if (last && last.names === names && !last.turn && turn) {
          window.turnStarts += 1;
          if (last.rects !== rects) window.handMoves.push({ before: last.rects, after: rects });
        }
        last = { names, turn, rects };
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** A classic deal with the measures at every turn; returns the first turn's measures. */
async function classicDeal(page, viewport, shot) {
  await asGuest(page);
  await createTable(page, { variant: "classic", settings: { suggestions: true } });
  await addComputers(page, [1, 2, 3]);
  await trackHandCards(page);
  let first = null;
  for (let turn = 0; turn < 13; turn++) {
    assert.equal(await nextTurn(page), "play");
    await page.waitForSelector("#suggest");
    const m = await measure(page);
    checkFits(m, `${viewport.width}x${viewport.height}, turn ${turn + 1}`);
    checkIndices(m, `${viewport.width}x${viewport.height}, turn ${turn + 1}`, 13 - turn);
    if (turn === 0) {
      first = m;
      if (shots) await page.screenshot({ path: join(shots, shot) });
    }
    await actAny(page, "play");
  }
  const moves = await page.evaluate(() => ({ moves: window.handMoves, starts: window.turnStarts }));
  assert.ok(moves.starts >= 8, `turn starts seen: ${moves.starts}`);
  assert.deepEqual(moves.moves, [], "the hand's cards moved when a turn started");
  return first;
}

test("a phone (390x844, touch): the table fits, one-row header, 13 legible indices, touch wording, the chat in a drawer", async () => {
  const page = await env.openPage("phone", PHONE);
  const m = await classicDeal(page, PHONE, "phone-table.png");
  if (process.env.E2E_DEBUG) console.log(`# phone: ${JSON.stringify({ ...m, index: m.index.slice(0, 3) })}`);
  assert.ok(m.touch, "the phone's context has a coarse pointer");
  assert.doesNotMatch(m.hint, KEY_WORDS, "a keyboard hint on a touch screen");
  assert.match(m.prompt, /\btap\b/, "the turn's prompt says tap");
  // The deal's summary over the felt, the hand free.
  await page.waitForSelector('[data-role="deal-summary"]');
  const area = await page.locator(".felt-box > .summary-area").boundingBox();
  const felt = await page.locator(".felt").boundingBox();
  assert.ok(area && Math.abs(area.y - felt.y) < 1 && Math.abs(area.height - felt.height) < 1, `the summary over the felt: ${JSON.stringify([area, felt])}`);
  checkFits(await measure(page), "the deal's summary");
  // The side panels (chat, notices, tricks) are a drawer: open, in the window, closed again.
  await page.click("#side-toggle");
  const chat = await page.locator(".chat input, .chat select").first().boundingBox();
  assert.ok(chat && chat.y >= 0 && chat.y + chat.height <= PHONE.height, `the chat's field in the window: ${JSON.stringify(chat)}`);
  checkFits(await measure(page), "the drawer open");
  await page.click("#side-toggle");
  assert.equal(await page.locator("#table-drawer").isVisible(), false, "the drawer closed");
  await page.context().close();
});

test("a laptop (1280x800): the table and its side column fit, keyboard hints shown", async () => {
  const page = await env.openPage("laptop", LAPTOP);
  const m = await classicDeal(page, LAPTOP, "desktop-table.png");
  if (process.env.E2E_DEBUG) console.log(`# laptop: ${JSON.stringify({ ...m, index: m.index.slice(0, 3) })}`);
  assert.ok(!m.touch, "a fine pointer");
  assert.match(m.hint, /Keys:/, "the keys are told on a laptop");
  const side = await page.locator("aside.side").boundingBox();
  assert.ok(side.x + side.width <= LAPTOP.width && side.y + side.height <= LAPTOP.height, `the side column in the window: ${JSON.stringify(side)}`);
  await page.context().close();
});

for (const [viewport, shot] of [
  [PHONE, "phone-six-players.png"],
  [LAPTOP, null],
]) {
  test(`six players (${viewport.width}x${viewport.height}): the trick's cards never overlap`, async () => {
    const page = await env.openPage(`six-${viewport.width}`, viewport);
    await asGuest(page);
    await createTable(page, { variant: "exact", players: 6 });
    await addComputers(page, [1, 2, 3, 4, 5]);
    let full = 0;
    for (let turns = 0; full < 2; turns++) {
      assert.ok(turns < 80, "never saw two full tricks");
      const kind = await nextTurn(page);
      if (kind === "over") break;
      const m = await measure(page); // (once the cards have flown)
      checkFits(m, `six players, ${kind}`);
      // The trick and the seats read together, with no card in flight (a
      // computer may play between measure() and here: its card flies in).
      const still = await page.waitForFunction(() => {
        if (document.getAnimations().length > 0) return null;
        const rects = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect().toJSON());
        return { trick: rects(".felt .trick .slot .card"), seats: rects(".felt .seat") };
      });
      const { trick, seats } = await still.jsonValue();
      for (let i = 0; i < trick.length; i++)
        for (let j = i + 1; j < trick.length; j++)
          assert.ok(!intersect(trick[i], trick[j]), `trick cards ${i} and ${j} overlap: ${JSON.stringify([trick[i], trick[j]])}`);
      // Nor a seat.
      for (const a of trick) for (const b of seats) assert.ok(!intersect(a, b), `a trick card covers a seat: ${JSON.stringify([a, b])}`);
      for (const r of trick)
        assert.ok(r.left >= 0 && r.right <= viewport.width && r.bottom <= viewport.height, `a trick card out of the window: ${JSON.stringify(r)}`);
      if (trick.length === 6) {
        full += 1;
        if (shot && shots && full === 1) await page.screenshot({ path: join(shots, shot) });
        if (process.env.E2E_SHOTS && full === 1) await page.screenshot({ path: `${process.env.E2E_SHOTS}/six-${viewport.width}.png` });
      }
      await actAny(page, kind);
    }
    assert.ok(full >= 1, "a trick of six cards seen");
    await page.context().close();
  });
}

test("bid whist's 18-card discard on a phone: every card in the window and tappable, then discarded", async () => {
  const page = await env.openPage("discard-phone", PHONE);
  await asGuest(page);
  await createTable(page, { variant: "bid", options: { jokers: 2 } });
  await addComputers(page, [1, 2, 3]);
  await trackHandCards(page);
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 60, "the person never got to discard");
    const kind = await nextTurn(page);
    assert.notEqual(kind, "over", "the game ended before the person got to discard");
    checkFits(await measure(page), `bid whist, ${kind}`);
    if (kind === "discard") break;
    await actAny(page, kind);
  }
  const m = await measure(page);
  checkFits(m, "the discard");
  checkIndices(m, "the discard", 18);
  assert.doesNotMatch(m.hint, KEY_WORDS, "a keyboard hint on a touch screen");
  const button = await page.locator("#discard").boundingBox();
  assert.ok(button.y >= 0 && button.y + button.height <= PHONE.height, `the Discard button in the window: ${JSON.stringify(button)}`);
  if (shots) await page.screenshot({ path: join(shots, "phone-discard.png") });
  // A tap on each of six cards' index chooses it.
  const k = Number((await page.textContent("#discard")).match(/\d+/)[0]);
  const picks = m.index.slice(0, k).map((c) => c.card);
  for (const c of picks) {
    const r = await page.locator(`[data-hand] .card[data-card="${c}"] .corner`).boundingBox();
    await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
    await page.waitForSelector(`[data-hand] .card.selected[data-card="${c}"]`);
  }
  checkFits(await measure(page), "the cards chosen");
  const v = await version(page);
  await page.click("#discard:not([disabled])");
  await acted(page, v);
  const moves = await page.evaluate(() => window.handMoves);
  assert.deepEqual(moves, [], "the hand's cards moved when a turn started");
  await page.context().close();
});

test("a registered player's top bar on a phone: one row, the chips in it, My games, the name and Log out in the menu", async () => {
  const page = await register(env, "bartholomew-longname", PHONE);
  await page.waitForSelector("#chips-badge");
  const m = await measure(page);
  assert.ok(m.oneRow, `the top bar is more than one row (${m.barHeight} px)`);
  assert.ok(m.scrollWidth <= m.innerWidth, `the page is ${m.scrollWidth} px wide`);
  assert.equal(await page.isVisible("#nav-results"), false, "My games waits in the menu");
  await page.click("#menu-toggle");
  assert.equal(await page.getAttribute("#menu-toggle", "aria-expanded"), "true");
  for (const sel of ["#nav-results", ".topbar .me", "#logout"]) {
    const r = await page.locator(sel).boundingBox();
    assert.ok(r && r.x >= 0 && r.x + r.width <= PHONE.width, `${sel} in the window: ${JSON.stringify(r)}`);
  }
  await page.keyboard.press("Escape");
  assert.equal(await page.isVisible("#nav-results"), false, "Escape closes the menu");
  await page.click("#menu-toggle");
  await page.click("#nav-results");
  await screen(page, "results");
  assert.equal(await page.isVisible("#nav-results"), false, "the menu closes once an item is chosen");
  await page.context().close();
});
