// Test helpers: a real whistd on a free port with a fresh database, and
// Debian's Chromium driven by playwright-core (never a downloaded browser).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { watchBrowser } from "./diagnose.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const clientDir = resolve(here, "..");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitHealthy(url, proc, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.exitCode !== null) throw new Error(`whistd exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`whistd did not answer ${url}/healthz within ${ms} ms`);
}

/**
 * Starts whistd (with `extra` flags, e.g. quick computer players) serving
 * the client in `dist` (web-client/dist unless said); returns {url, db,
 * stop(), log()}: `db` is the path of its SQLite file (for whistctl).
 */
export async function startServer(extra = [], dist = join(clientDir, "dist")) {
  const bin = resolve(clientDir, process.env.WHISTD ?? "../build/server/whistd");
  if (!existsSync(bin)) throw new Error(`no whistd at ${bin} (build it, or set WHISTD)`);
  if (!existsSync(join(dist, "index.html"))) throw new Error(`no index.html in ${dist}: run npm run build first`);
  const dir = await mkdtemp(join(tmpdir(), "whistd-e2e-"));
  const port = await freePort();
  const db = join(dir, "whist.db");
  const args = [
    "--listen",
    "127.0.0.1",
    "--port",
    String(port),
    "--database",
    db,
    "--static-dir",
    dist,
    "--password-memory-kib",
    "8192",
    "--password-passes",
    "1",
    "--log-level",
    "warn",
    ...extra,
  ];
  const proc = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  proc.stdout.on("data", (b) => (output += b));
  proc.stderr.on("data", (b) => (output += b));
  const killNow = () => proc.exitCode === null && proc.kill("SIGKILL");
  process.on("exit", killNow);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, proc, 10_000);
  } catch (e) {
    killNow();
    throw new Error(`${e.message}\n${output}`);
  }
  return {
    url,
    db,
    log: () => output,
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGTERM");
        const t = setTimeout(killNow, 5000);
        await exited;
        clearTimeout(t);
      }
      process.off("exit", killNow);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  return watchBrowser(browser);
}

// --- Pages -------------------------------------------------------------------

export const STEP_MS = 15_000;
const SETTLE_MS = 5_000;

/** A server (started with the flags `extra`), a browser, and pages each in its own browser context. */
export async function setup(extra = []) {
  const server = await startServer(extra);
  let browser;
  try {
    browser = await launchBrowser();
  } catch (e) {
    await server.stop();
    throw e;
  }
  return {
    server,
    browser,
    /**
     * A page in its own context; a viewport narrower than 500 px is a phone
     * with a touch screen. The browser speaks American English (`locale`,
     * navigator.languages), so the client shows English whatever the
     * machine's language.
     */
    async openPage(name, viewport = { width: 1280, height: 860 }, locale = "en-US") {
      const phone = viewport.width < 500;
      const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone, locale });
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_MS);
      page.on("pageerror", (e) => console.error(`[${name}] page error: ${e.message}`));
      page.name = name;
      await page.goto(server.url + "/");
      return page;
    },
    async close() {
      await browser.close().catch(() => {});
      await server.stop();
    },
  };
}

/** Runs `fn` at most `ms` milliseconds, then ends the process (a hung browser or server). */
export function hardLimit(ms) {
  const t = setTimeout(() => {
    console.error(`e2e: over ${ms / 1000} s; giving up`);
    process.exit(1);
  }, ms);
  t.unref();
  return () => clearTimeout(t);
}

export const screen = (page, name) => page.waitForSelector(`body[data-screen="${name}"]`);

export async function asGuest(page) {
  await screen(page, "account");
  await page.click("#guest");
  await screen(page, "lobby");
}

/** The table screen's state: version, seat, phase and state. */
export function tableInfo(page) {
  return page.evaluate(() => {
    const el = document.querySelector(".table-screen");
    if (!el) return null;
    const d = el.dataset;
    return { v: Number(d.v), seat: d.seat === "" ? null : Number(d.seat), phase: d.phase, state: d.state, table: Number(d.table) };
  });
}

export const handOf = (page) => page.$$eval("[data-hand] .card[data-card]", (els) => els.map((e) => e.dataset.card));

/** Waits until every page has applied version `v` or later. */
export async function allAt(pages, v) {
  await Promise.all(pages.map((p) => p.waitForFunction((v) => Number(document.querySelector(".table-screen")?.dataset.v) >= v, v)));
}

/** Waits until every page is at the same version, the highest any has. */
export async function settle(pages) {
  const infos = await Promise.all(pages.map(tableInfo));
  await allAt(pages, Math.max(...infos.map((i) => i.v)));
}

/**
 * What a page shows, read at one moment: its version, its own hand, the
 * face-up cards outside its hand (the turned card aside), card counts, and
 * who is to act.
 */
function shown(page) {
  return page.evaluate(() => ({
    v: Number(document.querySelector(".table-screen")?.dataset.v),
    hand: [...document.querySelectorAll("[data-hand] .card[data-card]")].map((e) => e.dataset.card),
    cards: [...document.querySelectorAll(".card.face[data-card]")]
      .filter((e) => !e.closest("[data-hand]") && !e.closest(".chip.turned") && !e.closest(".kitty"))
      .map((e) => e.dataset.card),
    counts: Object.fromEntries(
      [...document.querySelectorAll(".seat[data-seat]")].map((e) => [e.dataset.seat, Number(e.querySelector(".fan")?.dataset.count ?? 0)]),
    ),
    toAct: [...document.querySelectorAll(".seat[data-to-act]")].map((e) => Number(e.dataset.seat)),
  }));
}

/** The checks of `checkTable` on one reading of every page. */
function agree(assert, players, watchers, views) {
  const all = [...players, ...watchers];
  const hands = views.slice(0, players.length).map((view) => view.hand);
  watchers.forEach((w, k) => assert.deepEqual(views[players.length + k].hand, [], `${w.name} sees no hand`));
  const toAct = JSON.stringify(views[0].toAct);
  views.forEach((view, i) => {
    const page = all[i];
    assert.equal(view.v, views[0].v, `${page.name} and ${all[0].name} are at versions ${view.v} and ${views[0].v}`);
    assert.equal(JSON.stringify(view.toAct), toAct, `${page.name} and ${all[0].name} disagree on who is to act`);
    hands.forEach((hand, j) => {
      if (j === i) return;
      const leaked = view.cards.filter((c) => hand.includes(c));
      assert.deepEqual(leaked, [], `${page.name} shows ${leaked} from ${players[j].name}'s hand`);
      assert.equal(view.counts[j], hand.length, `${page.name} shows ${view.counts[j]} cards for ${players[j].name}, who holds ${hand.length}`);
    });
  });
}

/**
 * Every page agrees on who is to act and on how many cards each hand holds;
 * no page shows face up a card that is in another player's hand (the turned
 * card, public by the rules, aside); the watchers show no hand.
 *
 * A page applies a version's events before the view that follows them (a
 * seat's hand comes in its view), and the table may move on by itself (a
 * deal's end deals the next), so the pages are read together until they
 * agree, for at most SETTLE_MS: what is still wrong then fails the test.
 */
export async function checkTable(assert, players, watchers) {
  const all = [...players, ...watchers];
  await settle(all);
  const end = Date.now() + SETTLE_MS;
  for (;;) {
    const views = await Promise.all(all.map(shown));
    try {
      agree(assert, players, watchers, views);
      return;
    } catch (e) {
      if (Date.now() > end) throw e;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What each page offers its user to do now. */
function offer(page) {
  return page.evaluate(() => {
    const all = (s) => [...document.querySelectorAll(s)];
    if (document.querySelector('[data-role="bidding"]')) return { kind: "bid", choices: all('[data-role="bidding"] button.bid').map((b) => b.dataset.bid) };
    const discard = document.querySelector('[data-role="discard"]');
    if (discard)
      return {
        kind: "discard",
        choices: all("[data-hand] .card.selectable").map((e) => e.dataset.card),
        count: Number(document.querySelector("#discard").textContent.match(/\d+/)[0]),
      };
    if (document.querySelector('[data-role="choose"]'))
      return { kind: "choose", choices: all('[data-role="choose"] button').map((b) => b.dataset.trump ?? b.dataset.direction) };
    const cards = all("[data-hand] .card.playable").map((e) => e.dataset.card);
    if (cards.length) return { kind: "play", choices: cards };
    return null;
  });
}

// A small seeded random choice, so a failing run can be repeated.
let seed = Number(process.env.WHIST_SEED ?? 20240601);
export function random(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

/** Moves the keyboard focus with the arrow key to the element `selector` among `all`; at most `max` presses. */
async function arrowTo(assert, page, all, selector, max = 30) {
  await page.focus(all);
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press("ArrowRight");
  }
  assert.fail(`the arrow keys never reached ${selector}`);
}

/** A finger's drag from one point to another (Chromium's touch events, through CDP). */
async function touchDrag(page, from, to, steps = 6) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x, y) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from.x, from.y) });
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(x, y) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/**
 * Drags a card of the hand onto the felt: with a finger on a touch screen
 * (a phone's page), with the mouse otherwise; pointer events either way.
 */
async function dragToTable(page, selector) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  const from = await page.locator(selector).boundingBox();
  // To the middle of the part of the felt in sight (on a phone, the hand
  // and the felt may not both fit).
  const to = await page.locator(".felt").boundingBox();
  const height = page.viewportSize().height;
  const top = Math.max(to.y, 0);
  const bottom = Math.min(to.y + to.height, height);
  if (bottom - top < 20) await page.locator(".felt").scrollIntoViewIfNeeded();
  // Near the left edge: on a phone the next card covers the right part.
  const start = { x: from.x + Math.min(10, from.width / 2), y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: (top + bottom) / 2 };
  if (await page.evaluate(() => navigator.maxTouchPoints > 0)) {
    if (process.env.E2E_DEBUG) console.log(`# ${page.name}: a card dragged by touch`);
    return touchDrag(page, start, end);
  }
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
}

/**
 * One action through the pages, by whoever is offered one: a call, a
 * discard, a trump or direction, or a card. Returns {page, kind, choice},
 * or null when nobody can act (yet). `how`: "click", "key" (the keyboard:
 * arrows and Enter, or a number for an exact bid) or "drag" (a card is
 * dragged to the table; other actions are clicked).
 */
export async function actOnce(assert, players, how = "click") {
  const offers = await Promise.all(players.map(offer));
  const i = offers.findIndex((o) => o !== null);
  if (i < 0) return null;
  assert.equal(offers.filter((o) => o !== null).length, 1, "one page at a time is offered an action");
  const page = players[i];
  const o = offers[i];
  const before = (await tableInfo(page)).v;
  let choice;
  if (o.kind === "bid") {
    choice = o.choices[random(o.choices.length)];
    const button = `[data-role="bidding"] button[data-bid="${choice}"]`;
    if (how === "key" && /^\d$/.test(choice)) {
      await page.focus('[data-role="bidding"] button.bid');
      await page.keyboard.press(choice);
    } else if (how === "key") {
      await arrowTo(assert, page, '[data-role="bidding"] button.bid', button);
      await page.keyboard.press("Enter");
    } else {
      await page.click(button);
    }
  } else if (o.kind === "discard") {
    const cards = [...o.choices];
    choice = [];
    while (choice.length < o.count) choice.push(cards.splice(random(cards.length), 1)[0]);
    for (const c of choice) await page.click(`[data-hand] .card.selectable[data-card="${c}"]`);
    await page.click("#discard:not([disabled])");
  } else if (o.kind === "choose") {
    choice = o.choices[random(o.choices.length)];
    await page.click(`[data-role="choose"] button[data-trump="${choice}"], [data-role="choose"] button[data-direction="${choice}"]`);
  } else {
    // Illegal cards are dimmed, with the reason on hover.
    const hand = await handOf(page);
    const illegal = await page.$$eval("[data-hand] .card.illegal", (els) => els.map((e) => [e.dataset.card, e.title]));
    for (const [card, why] of illegal) {
      assert.ok(!o.choices.includes(card), `${card} is both playable and dimmed`);
      assert.ok(why.length > 0, `no reason given for ${card}`);
    }
    assert.equal(o.choices.length + illegal.length, hand.length);
    choice = o.choices[random(o.choices.length)];
    const card = `[data-hand] .card.playable[data-card="${choice}"]`;
    if (how === "key") {
      await arrowTo(assert, page, '[data-hand] .card.playable[tabindex="0"]', card);
      await page.keyboard.press(random(2) ? "Enter" : " ");
    } else if (how === "drag") {
      await dragToTable(page, card);
    } else {
      await page.click(card);
    }
  }
  await page.waitForFunction((v) => Number(document.querySelector(".table-screen")?.dataset.v) > v, before);
  return { page, kind: o.kind, choice };
}

/**
 * actOnce, waiting up to STEP_MS for somebody to be offered an action;
 * null once the game is over. (The last card's answer can come a moment
 * after the view a caller waited for: the game may end during the wait.)
 */
export async function act(assert, players, watchers = [], how = "click") {
  const end = Date.now() + STEP_MS;
  for (;;) {
    const done = await actOnce(assert, players, how);
    if (done) return done;
    if (await gameOver(players)) return null;
    if (Date.now() > end) {
      const states = await Promise.all([...players, ...watchers].map(tableInfo));
      assert.fail(`nobody is offered an action: ${JSON.stringify(states)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function gameOver(pages) {
  const over = await Promise.all(pages.map((p) => p.$('[data-role="result"]')));
  return over.every(Boolean);
}

/** Makes a table from the lobby form; returns its id. */
export async function createTable(page, { variant, preset, players, options = {}, settings = {} }) {
  await page.selectOption("#create-form select[name=variant]", variant);
  if (preset !== undefined) await page.selectOption("#create-form select[name=preset]", preset);
  if (players !== undefined) await page.selectOption("#create-form select[name=players]", String(players));
  for (const [name, value] of Object.entries(options)) await page.selectOption(`#create-form select[name=opt-${name}]`, String(value));
  // Tables in these tests are open to everyone unless they say (settings.access): their players are strangers.
  const { access = "everyone", ...rest } = settings;
  await page.check(`#create-form input[name=access][value=${access}]`);
  for (const [name, value] of Object.entries(rest)) {
    if (typeof value === "boolean") await page.setChecked(`#create-form input[name=${name}]`, value);
    else await page.selectOption(`#create-form select[name=${name}]`, String(value));
  }
  await page.click("#create-table");
  await screen(page, "table");
  return (await tableInfo(page)).table;
}

/** A new page of `env` (setup()'s) that registers `name` and reaches the lobby. */
export async function register(env, name, viewport) {
  const p = await env.openPage(name, viewport);
  await screen(p, "account");
  await p.fill("#register-form input[name=username]", name);
  await p.fill("#register-form input[name=password]", "correct horse battery");
  await p.click("#register-form button[type=submit]");
  await screen(p, "lobby");
  return p;
}

/** Fills the login form of a page on the login screen and sends it (the caller waits for what follows). */
export async function login(page, name, password) {
  await screen(page, "account");
  await page.fill("#login-form input[name=username]", name);
  await page.fill("#login-form input[name=password]", password);
  await page.click("#login-form button[type=submit]");
}

/** A page in the lobby sits at `seat` of `table`. */
export async function sitAt(page, table, seat) {
  const sel = `.table-item[data-table="${table}"] button[data-sit="${seat}"]`;
  await page.waitForSelector(sel);
  await page.click(sel);
  await screen(page, "table");
}

export async function watchTable(page, table) {
  const sel = `.table-item[data-table="${table}"] button[data-watch]`;
  await page.waitForSelector(sel);
  await page.click(sel);
  await screen(page, "table");
}

/** The creator seats computer players at `seats`, one by one. */
export async function addComputers(page, seats) {
  for (const s of seats) {
    await page.click(`.seat[data-seat="${s}"] button[data-add-bot="${s}"]`);
    await page.waitForSelector(`.seat[data-seat="${s}"][data-computer="true"]`);
  }
}

/** Waits for the person's turn or the game's end: "bidding", "discard", "choose", "play" or "over". */
export async function nextTurn(page) {
  const h = await page.waitForFunction(
    () => {
      if (document.querySelector('[data-role="result"]')) return "over";
      for (const k of ["bidding", "discard", "choose"]) if (document.querySelector(`[data-role="${k}"]`)) return k;
      if (document.querySelector("[data-hand] .card.playable")) return "play";
      return false;
    },
    null,
    { timeout: 30_000 },
  );
  return h.jsonValue();
}
