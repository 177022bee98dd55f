// End to end: events and the daily duplicate in the browser (events/).
// A director (a registered player in the browser) makes a Howell of four
// pairs from the lobby's Events tab (the form's rules from the server's,
// the scoring not offered for a drive, a guest told why there is no form);
// she enters with a partner named, a second browser player on a phone
// finds the event in the list and enters with hers, the others are raw
// WebSocket clients (robots in a page of their own, which play legal
// cards); the director's lobby hears the entries live; she starts it: she
// is taken to her table (event.table) from the event's page, and the other,
// on her profile meanwhile, is called there by a banner; at the tables the
// head names the event, round and table, the status bar the board, and no
// Copy link or rematch is offered. On the event's page the director
// pauses, resumes and extends the round's clock, then goes back to her
// table; each plays their board's cards through the page; at round 2 they
// are taken to their new tables by themselves, the standings after round 1
// are on the event's page; after round 2 the closed tables bring them back
// to the event's page: the final standings, every board's traveller (and
// its replay where the server gives the game), printable. An event for
// invited players only (when the server knows `entry`). A Howell of bid
// whist boards: the form's game and its options (bid whist's, from the
// server's rules), the game named on the event's page, in the lobby's list
// and at the table; its round played (the bidding and the kitty through the
// page), its travellers, score cards and standings as the server's, points
// below zero with a minus sign, event.results' boards with no trump and a
// kitty. The daily
// duplicate: Play from the lobby's card, two boards played in the browser,
// the daily's page with the boards played and Continue. The pages fit
// 375 px. With WHIST_SCREENSHOTS: events.png, events-phone.png,
// event-page.png, event-phone.png, event-call-phone.png,
// event-table-phone.png, event-print.png, event-mitchell.png, daily.png.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { actOnce, asGuest, clientDir, hardLimit, random, register, screen, setup, tableInfo } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;
const PHONE = { width: 375, height: 812 };

let env;
let robots; // the page that hosts the raw clients
const stopLimit = hardLimit(420_000);
before(async () => {
  // Computer players that answer at once (the daily's).
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
  robots = await env.browser.newPage();
  await robots.goto(`${env.server.url}/offline.html`);
  await robots.evaluate(ROBOTS);
});
after(async () => {
  await env?.close();
  stopLimit();
});

/**
 * Raw clients of the protocol, in a page: each says hello, registers,
 * answers its requests, sits where event.table sends it (table.sit
 * without a seat) and takes a legal action (a bid whist declarer's
 * discard too) whenever its own view says it is to act.
 */
const ROBOTS = () => {
  const url = `${location.origin.replace(/^http/, "ws")}/ws`;
  class Robot {
    constructor(name, sits) {
      this.name = name;
      this.sits = sits;
      this.n = 0;
      this.waiting = new Map();
      this.table = null;
      this.view = null;
      this.v = -1;
      this.actedV = -1;
      this.pushes = [];
    }
    async open() {
      this.ws = new WebSocket(url);
      await new Promise((ok, fail) => ((this.ws.onopen = ok), (this.ws.onerror = fail)));
      this.ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        for (const x of m.t === "batch" ? m.d : [m]) this.receive(x);
      };
      await this.req("hello", { version: 1 });
      const r = await this.req("register", { username: this.name, password: "correct horse battery" });
      if (r.error) throw new Error(`${this.name}: ${r.error}`);
    }
    req(t, d = {}) {
      const id = `${this.name}-${++this.n}`;
      this.ws.send(JSON.stringify({ t, id, d }));
      return new Promise((ok) => this.waiting.set(id, ok));
    }
    receive(m) {
      if (m.id !== undefined && this.waiting.has(m.id)) {
        const ok = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        ok(m.t === "error" ? { error: m.d.code, message: m.d.message } : m.d);
        return;
      }
      if (m.t === "event.table" || m.t === "event.update") this.pushes.push({ t: m.t, ...m.d });
      if (m.t === "event.table" && this.sits) void this.sit(m.d.table_id);
      if (m.t === "table.view" && m.d.table === this.table) this.see(m.d.view, m.d.v);
      this.play();
    }
    async sit(table) {
      this.table = table;
      this.view = null;
      this.v = -1;
      this.actedV = -1;
      const a = await this.req("table.sit", { table });
      if (!a.error && this.table === table) this.see(a.view, a.v);
      this.play();
    }
    see(view, v) {
      if (view && v >= this.v) {
        this.view = view;
        this.v = v;
      }
    }
    play() {
      const v = this.view;
      if (!v || v.game_over || v.to_act !== v.seat || this.v <= this.actedV) return;
      // A bid whist declarer who took the kitty discards (its view's legal is empty then).
      const discard = v.phase === "discard" && v.discard > 0 ? { type: "discard", cards: v.hand.slice(0, v.discard) } : null;
      if (!discard && !v.legal.length) return;
      this.actedV = this.v;
      const action = discard ?? v.legal[Math.floor(Math.random() * v.legal.length)];
      void this.req("table.act", { table: this.table, action }).then((r) => {
        if (r.error) this.actedV = -1; // asked too soon: at the next view
      });
    }
  }
  window.robots = new Map();
  window.robot = async (name, sits = true) => {
    const r = new Robot(name, sits);
    await r.open();
    window.robots.set(name, r);
  };
  window.ask = (name, t, d) => window.robots.get(name).req(t, d);
};

/** A robot: registered, and (unless `sits` is false) sitting and playing where the event sends it. */
const robot = (name, sits = true) => robots.evaluate(([n, sits]) => window.robot(n, sits), [name, sits]);
const ask = (name, t, d = {}) => robots.evaluate(([n, t, d]) => window.ask(n, t, d), [name, t, d]);

/** A screenshot (with WHIST_SCREENSHOTS), without the passing notice over it. */
async function shot(page, name, opts = {}) {
  if (!shots) return;
  await page.evaluate(() => document.querySelectorAll(".toast").forEach((el) => (el.hidden = true)));
  await page.screenshot({ path: join(shots, name), ...opts });
}

/** Nothing on the page is wider than its window. */
async function fits(page, what) {
  const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(w.scroll <= w.client, `${page.name}: ${what} is ${w.scroll} px wide in ${w.client}`);
}

const eventTab = async (page) => {
  await page.click("#tab-events");
  await page.waitForSelector('[data-role="events-panel"] [data-role="daily-card"]');
};

/**
 * Clicks one of the page's playable cards, if it has one, and waits until
 * the table has moved on or the page has left it (its last card may end the
 * round: the page goes to the next table or the event's page).
 */
async function playOnce(page) {
  const at = await tableInfo(page);
  const cards = await page.$$eval("[data-hand] .card.playable", (els) => els.map((e) => e.dataset.card));
  if (!at || cards.length === 0) return false;
  const card = cards[random(cards.length)];
  try {
    await page.click(`[data-hand] .card.playable[data-card="${card}"]`, { timeout: 3000 });
  } catch {
    return false; // drawn again meanwhile (or the page left the table)
  }
  await page.waitForFunction(
    ({ v, table }) => {
      const el = document.querySelector(".table-screen");
      return !el || Number(el.dataset.table) !== table || Number(el.dataset.v) > v;
    },
    { v: at.v, table: at.table },
  );
  return true;
}

/** Plays the user's cards at the table the page is at (through the page) until its game is over or the page leaves it. */
async function playTable(page) {
  const table = (await tableInfo(page)).table;
  const end = Date.now() + 120_000;
  for (;;) {
    assert.ok(Date.now() < end, `${page.name}: the table's game did not end`);
    const at = await tableInfo(page);
    if (!at || at.table !== table) return;
    if (await page.$('[data-role="result"]')) return;
    if (!(await playOnce(page))) await new Promise((r) => setTimeout(r, 40));
  }
}

/** The page is at a table of the event (its head names the event): its id. */
async function atEventTable(page, round) {
  await screen(page, "table");
  await page.waitForFunction((r) => document.querySelector('[data-role="event-table-title"]')?.textContent.includes(`Round ${r} ·`), round);
  return (await tableInfo(page)).table;
}

test("a Howell of four pairs: made, entered, started, played round by round, its standings and travellers", async () => {
  const dora = await register(env, "dora");
  // The lobby's Events: the daily's card, and the form built from the server's rules.
  await eventTab(dora);
  const rules = await dora.evaluate(() => window.whist.rules().variants.find((v) => v.id === "classic"));
  for (const name of ["trump", "honours"]) {
    const spec = rules.options.find((o) => o.name === name);
    const offered = await dora.$$eval(`#event-form select[name="opt-${name}"] option`, (os) => os.map((o) => o.value));
    assert.deepEqual(
      offered,
      spec.values.map((x) => x.value),
      `the form offers the server's ${name} values`,
    );
    assert.equal(await dora.inputValue(`#event-form select[name="opt-${name}"]`), String(rules.defaults["4"][name]), `${name}'s default`);
  }
  await dora.selectOption("#event-form select[name=kind]", "drive");
  assert.equal(await dora.isVisible("#event-form select[name=scoring]"), false, "a drive has no scoring to choose");
  await dora.selectOption("#event-form select[name=kind]", "howell");
  assert.equal(await dora.isVisible("#event-form select[name=scoring]"), true);
  // A guest is told why there is no form.
  const guest = await env.openPage("guest");
  await asGuest(guest);
  await eventTab(guest);
  assert.match(await guest.textContent('[data-role="event-guest"]'), /Registered players make and direct events/);
  assert.equal(await guest.$("#event-form"), null);
  await guest.context().close();

  // The robots: the partners and the other two pairs.
  for (const n of ["rob1", "rob2", "rob3", "rob4", "rob5", "rob6"]) await robot(n);

  await dora.fill("#event-form input[name=event-name]", "Friday Howell");
  await dora.fill("#event-form input[name=rounds]", "2");
  await dora.fill("#event-form input[name=boards_per_round]", "1");
  await dora.selectOption("#event-form select[name=opt-trump]", "rotate");
  await dora.click("#create-event");
  await screen(dora, "event");
  const id = Number(/^#event\/(\d+)$/.exec(await dora.evaluate(() => location.hash))[1]);
  assert.equal(await dora.textContent('[data-role="event-name"]'), "Friday Howell");
  assert.match(await dora.textContent(".event-head .badges"), /Howell \(pairs\).*taking entries/);
  assert.match(await dora.textContent('[data-role="event-facts"]'), /Trumps: rotate/);
  assert.ok(await dora.isVisible('[data-role="director"] #director-start'), "the director's panel");

  // Dora enters naming rob1: waiting until rob1 names her.
  await dora.fill("#enter-form input[name=partner]", "rob1");
  await dora.click("#event-enter");
  await dora.waitForSelector('[data-role="entered"]');
  assert.match(await dora.textContent('[data-role="entered"]'), /the partner you named enters naming you/);
  assert.equal((await ask("rob1", "event.enter", { event: id, partner: "dora" })).error, undefined);
  await dora.waitForFunction(() => /You are entered with rob1/.test(document.querySelector('[data-role="entered"]')?.textContent ?? ""));

  // Bea, on a phone, finds it in the list and enters with rob2.
  const bea = await register(env, "bea", PHONE);
  await eventTab(bea);
  await bea.click(`.event-item[data-event="${id}"] button[data-event-open]`);
  await screen(bea, "event");
  await fits(bea, "the event's page");
  await bea.fill("#enter-form input[name=partner]", "rob2");
  await bea.click("#event-enter");
  await bea.waitForSelector('[data-role="entered"]');
  await ask("rob2", "event.enter", { event: id, partner: "bea" });
  await ask("rob3", "event.enter", { event: id, partner: "rob4" });
  await ask("rob4", "event.enter", { event: id, partner: "rob3" });
  await bea.waitForFunction(() => /You are entered with rob2/.test(document.querySelector('[data-role="entered"]')?.textContent ?? ""));

  // Dora's lobby hears the last entries as they come (event.update).
  await dora.click(".event-head button.leave");
  await screen(dora, "lobby");
  await dora.waitForSelector(`.event-item[data-event="${id}"]`);
  const entries = (page) => page.textContent(`.event-item[data-event="${id}"] .meta`);
  assert.match(await entries(dora), /3 entries/);
  await ask("rob5", "event.enter", { event: id, partner: "rob6" });
  await ask("rob6", "event.enter", { event: id, partner: "rob5" });
  await dora.waitForFunction((id) => /4 entries/.test(document.querySelector(`.event-item[data-event="${id}"] .meta`)?.textContent ?? ""), id);
  await shot(dora, "events.png", { fullPage: true });
  await fits(bea, "the event's page");

  // Started: Dora, on the event's page, is taken to her table; Bea, on
  // her profile meanwhile, is called by a banner, whose button takes her there.
  await bea.evaluate(() => (location.hash = "#profile/bea"));
  await screen(bea, "profile");
  await dora.click(`.event-item[data-event="${id}"] a[data-open-event]`);
  await screen(dora, "event");
  await dora.click("#director-start");
  await bea.waitForSelector('[data-role="event-call"] #event-call-go');
  assert.match(await bea.textContent('[data-role="event-call"]'), /Friday Howell, round 1: your table \(table \d\) is ready/);
  assert.equal(await bea.evaluate(() => document.body.dataset.screen), "profile", "not taken away from another screen");
  await fits(bea, "the profile with the banner");
  await shot(bea, "event-call-phone.png");
  await bea.click("#event-call-go");
  const [doraTable, beaTable] = await Promise.all([atEventTable(dora, 1), atEventTable(bea, 1)]);
  assert.equal(await bea.$('[data-role="event-call"]'), null, "no banner at the table it calls to");
  assert.notEqual(doraTable, beaTable, "pairs 1 and 2 play at different tables in round 1");
  for (const p of [dora, bea]) {
    assert.match(await p.textContent('[data-role="event-table-title"]'), /^Friday Howell · Round 1 · Table \d · boards 1–1$/);
    assert.equal(await p.$("#copy-table-link"), null, "nobody else may come: no Copy link");
    await p.waitForFunction(() => /Board\s*1/.test(document.querySelector(".status-bar")?.textContent ?? ""));
  }
  await shot(bea, "event-table-phone.png");
  await fits(bea, "the event's table");

  // The director's orders from the event's page: pause, resume, extend; then back to her table.
  await dora.click("#to-event-page");
  await screen(dora, "event");
  await dora.waitForSelector('[data-role="round-clock"][data-round-ends]');
  const ends = Number(await dora.getAttribute('[data-role="round-clock"]', "data-round-ends"));
  await dora.click("#director-pause");
  await dora.waitForSelector('[data-role="round-clock"].paused');
  assert.match(await dora.textContent('[data-role="event-round"]'), /clock paused/);
  await dora.click("#director-resume");
  await dora.waitForSelector('[data-role="round-clock"][data-round-ends]');
  await dora.fill('[data-role="director"] input[name=extend-minutes]', "5");
  await dora.click("#director-extend");
  await dora.waitForFunction((e) => Number(document.querySelector('[data-role="round-clock"]')?.dataset.roundEnds) >= e + 290, ends);
  assert.match(await dora.textContent('[data-role="your-table"]'), /Round 1: you play at table \d/);
  await dora.click("#go-to-table");
  assert.equal(await atEventTable(dora, 1), doraTable, "the same table again");

  // Round 1 played through the pages; at round 2 each is taken to the new table.
  await Promise.all([playTable(dora), playTable(bea)]);
  for (const [p, table] of [
    [dora, doraTable],
    [bea, beaTable],
  ]) {
    // Read at one moment: the page may be taken on to round 2 at any time.
    const result = await p.evaluate((table) => {
      if (Number(document.querySelector(".table-screen")?.dataset.table) !== table) return null;
      return { rematch: !!document.querySelector("#rematch"), back: !!document.querySelector("#back-to-event") };
    }, table);
    if (result) assert.deepEqual(result, { rematch: false, back: true }, "no rematch at an event's table, the way back to the event");
  }
  const round2 = await Promise.all([atEventTable(dora, 2), atEventTable(bea, 2)]);
  assert.ok(round2[0] !== doraTable && round2[1] !== beaTable, "new tables in round 2");

  // The standings after round 1 on the event's page, from the table and back.
  await bea.click("#to-event-page");
  await screen(bea, "event");
  await bea.waitForSelector('[data-role="standings"] table.standings-table tbody tr');
  assert.match(await bea.textContent('[data-role="standings"] h2'), /Standings after round 1/);
  assert.equal(await bea.$$eval('[data-role="standings"] tbody tr', (rs) => rs.length), 4);
  assert.ok(await bea.$('[data-role="standings"] tr.me'), "bea's pair is marked");
  await fits(bea, "the standings");
  await shot(bea, "event-phone.png", { fullPage: true });
  await bea.click("#go-to-table");
  await atEventTable(bea, 2);

  // Round 2: at its end the closed tables bring them back to the event's page.
  await Promise.all([playTable(dora), playTable(bea)]);
  for (const p of [dora, bea]) {
    await screen(p, "event");
    await p.waitForSelector('[data-role="travellers"] table.traveller');
  }
  assert.match(await dora.textContent(".event-head .badges"), /finished/);
  assert.match(await dora.textContent('[data-role="standings"] h2'), /Final standings/);
  const boards = await dora.$$eval('[data-role="travellers"] table.traveller', (ts) =>
    ts.map((t) => ({ board: Number(t.dataset.board), lines: t.querySelectorAll("tbody tr").length })),
  );
  assert.deepEqual(boards, [
    { board: 1, lines: 2 },
    { board: 2, lines: 2 },
  ]);
  // Each line's scores as the server's traveller has them.
  const view = await dora.evaluate((id) => window.whist.app.conn.request("event.get", { event: id }), id);
  const firstLine = view.travellers[0].lines[0];
  if (process.env.E2E_DEBUG) console.log(`# board 1's first line: ${JSON.stringify(firstLine)}`);
  const row = await dora.$$eval('[data-role="travellers"] table.traveller[data-board="1"] tbody tr', (rs) =>
    rs.map((r) => ["td.score", "td.mp", "td.tricks"].map((c) => r.querySelector(c)?.textContent)),
  );
  // Classic whist: each side's tricks, and no contract column.
  assert.ok(
    row.some(
      (cells) =>
        cells[0] === String(firstLine.ns_score ?? "") &&
        cells[1] === String(firstLine.ns_points) &&
        cells[2] === `${firstLine.tricks[0]}–${firstLine.tricks[1]}`,
    ),
    `a line of board 1 shows ${JSON.stringify(firstLine)}: ${JSON.stringify(row)}`,
  );
  assert.equal(await dora.$$eval('[data-role="travellers"] th', (ths) => ths.filter((th) => th.textContent === "Contract").length), 0);
  // Score cards: dora's own first, a row a board she played, the total her
  // pair's score in the standings; another pair's card when chosen.
  const standing = (pair) => view.standings.pairs.find((x) => x.pair === pair);
  const card = async () =>
    dora.$eval('[data-role="scorecards"] table.scorecard', (t) => ({
      key: t.dataset.card,
      caption: t.caption.textContent,
      boards: [...t.tBodies[0].rows].map((r) => Number(r.dataset.board)),
      total: t.querySelector('[data-role="card-total"]').textContent,
    }));
  const own = await card();
  assert.match(own.caption, /dora/);
  const ownPair = view.pairs.find((p) => p.players.some((x) => x.name === "dora")).pair;
  assert.equal(own.key, String(ownPair));
  assert.deepEqual(own.boards, [1, 2]);
  assert.equal(own.total, String(standing(ownPair).score));
  const other = view.pairs.find((p) => p.pair !== ownPair).pair;
  await dora.selectOption("#scorecard-pick", String(other));
  await dora.waitForFunction((k) => document.querySelector("table.scorecard")?.dataset.card === k, String(other));
  const theirs = await card();
  assert.deepEqual(theirs.boards, [1, 2]);
  assert.equal(theirs.total, String(standing(other).score));
  await dora.selectOption("#scorecard-pick", String(ownPair));
  // The table's game in the replay viewer, where the server names it (the
  // line's game, or event.results'); and the results as a JSON file.
  const results = await dora.evaluate((id) => window.whist.app.conn.request("event.results", { event: id }).catch(() => null), id);
  const game = firstLine.game ?? results?.boards.find((b) => b.board === 1)?.results.find((r) => r.ns === firstLine.ns)?.game;
  if (process.env.E2E_DEBUG) console.log(`# event.results: ${results ? "yes" : "no"}; board 1's first line's game: ${game}`);
  if (typeof game === "number") {
    await dora.click(`[data-role="travellers"] table[data-board="1"] tr[data-ns="${firstLine.ns}"] a[data-replay-game="${game}"]`);
    await screen(dora, "replay");
    await dora.waitForFunction((g) => document.querySelector(".replay-screen")?.dataset.game === String(g), game);
    // Its record, to keep or give to whist-replay: the board as dealt.
    const [rec] = await Promise.all([dora.waitForEvent("download"), dora.click("#download-record")]);
    assert.equal(rec.suggestedFilename(), `whistd-game-${game}.json`);
    const record = JSON.parse(await readFile(await rec.path(), "utf8"));
    assert.equal(record.variant, "classic");
    assert.equal(record.deals.length, 1);
    assert.deepEqual(record.deals[0].hands, results.boards.find((b) => b.board === 1).deal.hands);
    await dora.click(".head-actions button.leave");
    await screen(dora, "event");
    assert.equal(await dora.evaluate(() => location.hash), `#event/${id}`, "back to the event's page");
  }
  if (results) {
    const [download] = await Promise.all([dora.waitForEvent("download"), dora.click("#download-results")]);
    assert.equal(download.suggestedFilename(), `whistd-event-${id}-friday-howell.json`);
    const saved = JSON.parse(await readFile(await download.path(), "utf8"));
    assert.equal(saved.event, id);
    assert.deepEqual(
      saved.boards.map((b) => b.board),
      [1, 2],
    );
  }
  assert.ok(await dora.isVisible("#print-results"));
  await shot(dora, "event-page.png", { fullPage: true });
  await dora.emulateMedia({ media: "print" });
  assert.equal(await dora.isVisible(".topbar"), false, "the top bar is not printed");
  assert.equal(await dora.isVisible('[data-role="director"]'), false);
  assert.ok(await dora.isVisible('[data-role="standings"]'));
  assert.ok(await dora.isVisible('[data-role="travellers"]'));
  await shot(dora, "event-print.png", { fullPage: true });
  await dora.emulateMedia({ media: "screen" });
  for (const p of [dora, bea]) await p.context().close();
});

test("an event at a time: its start in local time with a countdown; cancelled by its director after a confirmation", async () => {
  const sam = await register(env, "sam");
  await eventTab(sam);
  await sam.fill("#event-form input[name=event-name]", "Sunday drive");
  await sam.selectOption("#event-form select[name=kind]", "drive");
  await sam.check("#event-form input[name=event-start][value=later]");
  // The field starts within the hour ahead, local time; the form says when.
  const local = await sam.inputValue("#event-form input[name=start_at]");
  const at = Math.floor(new Date(local).getTime() / 1000);
  const now = Date.now() / 1000;
  assert.ok(at > now && at < now + 2 * 3600, `the start offered: ${local}`);
  assert.match(await sam.textContent('#event-form [data-role="start-help"]'), /^Starts .+, your local time/);
  await sam.fill("#event-form input[name=fee]", "10");
  await sam.click("#create-event");
  await screen(sam, "event");
  const id = Number(/^#event\/(\d+)$/.exec(await sam.evaluate(() => location.hash))[1]);
  const view = await sam.evaluate((id) => window.whist.app.conn.request("event.get", { event: id }), id);
  assert.equal(view.start_at, at, "start_at: the local time chosen, in Unix seconds");
  assert.equal(view.fee, 10);
  assert.match(await sam.textContent('[data-role="event-facts"]'), /Starts (today|tomorrow) at .+ · in /);
  assert.match(await sam.textContent('[data-role="event-facts"] [data-role="fee"]'), /fee 10 chips/);
  assert.match(await sam.textContent('[data-role="director"]'), /starts by itself at its time/);
  // Its address, opened logged out on a phone: the login says where it leads; a guest gets the page, and cannot pay the fee.
  const visitor = await env.openPage("visitor", PHONE);
  await visitor.goto("about:blank");
  await visitor.goto(`${env.server.url}/#event/${id}`);
  await screen(visitor, "account");
  assert.match(await visitor.textContent('[data-role="wanted"]'), new RegExp(`to see Event ${id}\\.`));
  await visitor.click("#guest");
  await screen(visitor, "event");
  // The page is drawn at once ("Event N"), its name once event.get answers.
  await visitor.waitForFunction(() => document.querySelector('[data-role="event-name"]')?.textContent === "Sunday drive");
  await visitor.click("#event-enter");
  await visitor.waitForFunction(() => /Guests have no chips/.test(document.querySelector('[data-role="entry-error"]')?.textContent ?? ""));
  await fits(visitor, "the event's page for a guest");
  await visitor.context().close();
  // Cancelled, after saying what it does.
  let asked = "";
  sam.once("dialog", (d) => {
    asked = d.message();
    void d.accept();
  });
  await sam.click("#director-cancel");
  await sam.waitForFunction(() => document.querySelector(".event-screen")?.dataset.state === "cancelled");
  assert.match(asked, /Every entry fee is given back/);
  assert.match(await sam.textContent('[data-role="event-you"]'), /This event was cancelled/);
  assert.equal(await sam.isVisible('[data-role="director"]'), false, "nothing left to direct");
  await sam.click(".event-head button.leave");
  await screen(sam, "lobby");
  await sam.waitForSelector(`[data-role="events-past"] .event-item[data-event="${id}"] .badge.state-cancelled`);
  await sam.context().close();
});

test("an event for invited players only (when the server knows who may enter)", async (t) => {
  const ida = await register(env, "ida");
  const ivy = await register(env, "ivy", PHONE);
  await eventTab(ivy);
  await robot("rob7");
  await robot("rob8");
  await eventTab(ida);
  await ida.fill("#event-form input[name=event-name]", "Invited drive");
  await ida.selectOption("#event-form select[name=kind]", "drive");
  await ida.check("#event-form input[name=entry][value=invited]");
  // A name that is no account is refused in words (by a server that knows `entry`; an older one makes an open event).
  await ida.fill("#event-form input[name=invited]", "rob7, nobody_here");
  await ida.click("#create-event");
  const outcome = await ida.waitForFunction(() =>
    document.body.dataset.screen === "event" ? "made" : document.querySelector('#event-form [data-role="event-error"]')?.textContent || null,
  );
  const refusal = await outcome.jsonValue();
  if (refusal !== "made") {
    assert.match(refusal, /No player is called nobody_here/);
    await ida.fill("#event-form input[name=invited]", "rob7");
    await ida.click("#create-event");
  }
  await screen(ida, "event");
  const id = Number(/^#event\/(\d+)$/.exec(await ida.evaluate(() => location.hash))[1]);
  const view = await ida.evaluate((id) => window.whist.app.conn.request("event.get", { event: id }), id);
  if (!("entry" in view)) {
    t.skip("this whistd does not know `entry` yet");
    for (const p of [ida, ivy]) await p.context().close();
    return;
  }
  assert.equal(view.entry, "invited");
  assert.match(await ida.textContent('[data-role="event-facts"] [data-role="entry"]'), /invited players/);
  assert.match(await ida.textContent('[data-role="director-invite"]'), /rob7/);
  // For anyone not invited the event does not exist (or, for an older server, refuses them).
  assert.ok(["no_event", "not_invited"].includes((await ask("rob8", "event.enter", { event: id })).error));
  assert.equal((await ask("rob7", "event.enter", { event: id })).error, undefined);
  assert.equal(await ivy.$(`.event-item[data-event="${id}"]`), null, "not listed for those not invited");
  // The director invites Ivy: she is told at once, and finds it in her list.
  await ida.fill('[data-role="director-invite"] input[name=invite-users]', "ivy");
  await ida.click("#director-invite");
  await ida.waitForFunction(() => /rob7 and ivy/.test(document.querySelector('[data-role="director-invite"]')?.textContent ?? ""));
  assert.match(await ida.textContent('[data-role="director-status"]'), /Invited: ivy\./);
  await ivy.waitForSelector(`.event-item[data-event="${id}"]`);
  await ivy.waitForFunction(() => /ida invites you to Invited drive/.test(document.querySelector(".toast")?.textContent ?? ""));
  assert.match(await ivy.textContent(`.event-item[data-event="${id}"] .meta`), /invited players/);
  await ivy.click(`.event-item[data-event="${id}"] button[data-event-open]`);
  await screen(ivy, "event");
  await ivy.click("#event-enter");
  await ivy.waitForFunction(() => /You are entered\./.test(document.querySelector('[data-role="entered"]')?.textContent ?? ""));
  await fits(ivy, "the invited event's page");
  // Someone not invited does not see it: not in the list, and its address says there is no such event.
  const una = await register(env, "una");
  await eventTab(una);
  assert.equal(await una.$(`.event-item[data-event="${id}"]`), null, "not listed for the others");
  await una.evaluate((id) => (location.hash = `#event/${id}`), id);
  await screen(una, "event");
  await una.waitForFunction(() => /No such event/.test(document.querySelector('[data-role="event-missing"]')?.textContent ?? ""));
  for (const p of [ida, ivy, una]) await p.context().close();
});

/** A score as the page writes it: a minus sign below zero. */
const points = (n) => (n < 0 ? `\u2212${-n}` : String(n));

/**
 * Plays the user's part at the table the page is at, through the page (the
 * bids, the kitty's discard, the trump or direction, the cards), until its
 * game is over or the page leaves it.
 */
async function playBidTable(page) {
  const table = (await tableInfo(page)).table;
  const end = Date.now() + 120_000;
  const acts = [];
  for (;;) {
    assert.ok(Date.now() < end, `${page.name}: the table's game did not end`);
    const at = await tableInfo(page);
    if (!at || at.table !== table) return acts;
    if (await page.$('[data-role="result"]')) return acts;
    // The calls never end the table; a card may (playOnce waits for the page to move on either way).
    const calling = await page.$('[data-role="bidding"], [data-role="discard"], [data-role="choose"]');
    const done = calling ? (await actOnce(assert, [page]))?.kind : (await playOnce(page)) && "play";
    if (done) acts.push(done);
    else await new Promise((r) => setTimeout(r, 40));
  }
}

test("a Howell of bid whist boards: the game and its options in the form, a round played, its results", async () => {
  const wes = await register(env, "wes");
  await eventTab(wes);
  // The games with boards, named by the server's rules; bid whist's options but the score to play to.
  const games = await wes.$$eval("#event-form select[name=variant] option", (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(games, [
    ["classic", "Classic Whist"],
    ["bid", "Bid Whist"],
  ]);
  const optionNames = () => wes.$$eval('#event-form select[name^="opt-"]', (ss) => ss.map((s) => s.name.slice(4)));
  assert.deepEqual(await optionNames(), ["trump", "honours"], "classic: the trump rule and honours");
  await wes.selectOption("#event-form select[name=variant]", "bid");
  const rules = await wes.evaluate(() => window.whist.rules().variants.find((v) => v.id === "bid"));
  const bidOptions = rules.options.map((o) => o.name).filter((n) => n !== "play_to");
  assert.deepEqual(await optionNames(), bidOptions, "bid whist: its options but play_to");
  for (const name of bidOptions)
    assert.equal(await wes.inputValue(`#event-form select[name="opt-${name}"]`), String(rules.defaults["4"][name]), `${name}'s default`);
  assert.match(await wes.textContent('#event-form [data-role="game-help"]'), /the contract it reaches names the trump/);
  if (shots) await wes.screenshot({ path: join(shots, "event-form-bid.png"), fullPage: true });

  // Wes and bw1, and three pairs of robots; one round of one board, total points.
  const robotNames = ["bw1", "bw2", "bw3", "bw4", "bw5", "bw6", "bw7"];
  for (const n of robotNames) await robot(n);
  await wes.fill("#event-form input[name=event-name]", "Bid night");
  await wes.selectOption("#event-form select[name=kind]", "howell");
  await wes.selectOption("#event-form select[name=scoring]", "total");
  await wes.fill("#event-form input[name=rounds]", "1");
  await wes.fill("#event-form input[name=boards_per_round]", "1");
  // The lowest bid 4 (ten tricks): random play sets most contracts, for points below zero.
  await wes.selectOption('#event-form select[name="opt-min_bid"]', "4");
  await wes.click("#create-event");
  await screen(wes, "event");
  const id = Number(/^#event\/(\d+)$/.exec(await wes.evaluate(() => location.hash))[1]);
  const made = await wes.evaluate((id) => window.whist.app.conn.request("event.get", { event: id }), id);
  assert.equal(made.variant, "bid", "the form sent variant bid");
  assert.equal(made.options.min_bid, 4, "an option as a number");
  assert.equal(typeof made.options.bidder_gets_kitty, "boolean");
  assert.match(await wes.textContent(".event-head .badges"), /Bid Whist.*Howell \(pairs\)/);
  assert.equal(await wes.textContent('[data-role="event-facts"] [data-role="game"]'), "Bid Whist");
  const facts = await wes.textContent('[data-role="event-facts"] [data-role="rules"]');
  assert.match(facts, /Lowest bid: 4/);
  assert.doesNotMatch(facts, /Trumps|Play to/);

  await wes.fill("#enter-form input[name=partner]", "bw1");
  await wes.click("#event-enter");
  await wes.waitForSelector('[data-role="entered"]');
  await ask("bw1", "event.enter", { event: id, partner: "wes" });
  for (const [a, b] of [
    ["bw2", "bw3"],
    ["bw4", "bw5"],
    ["bw6", "bw7"],
  ]) {
    await ask(a, "event.enter", { event: id, partner: b });
    await ask(b, "event.enter", { event: id, partner: a });
  }
  // In the lobby's list: the game's name with its rules.
  await wes.click(".event-head button.leave");
  await screen(wes, "lobby");
  await wes.waitForFunction((id) => /4 entries/.test(document.querySelector(`.event-item[data-event="${id}"] .meta`)?.textContent ?? ""), id);
  assert.match(await wes.textContent(`.event-item[data-event="${id}"] .meta + .meta`), /^Bid Whist · .*Lowest bid: 4/);
  await wes.click(`.event-item[data-event="${id}"] a[data-open-event]`);
  await screen(wes, "event");

  // Started: at her table, the head names the game; she bids and plays through the page.
  await wes.click("#director-start");
  await atEventTable(wes, 1);
  assert.match(await wes.$eval('[data-role="event-table-title"]', (el) => el.parentElement.textContent), /Bid Whist/);
  const acts = await playBidTable(wes);
  if (process.env.E2E_DEBUG) console.log(`# wes at her table: ${acts.join(", ")}`);
  assert.ok(acts.includes("play"), `she played her cards: ${acts}`);
  await screen(wes, "event");
  await wes.waitForFunction(() => document.querySelector(".event-screen")?.dataset.state === "finished");
  await wes.waitForSelector('[data-role="travellers"] table.traveller[data-board="1"]');

  // The travellers, score card and standings as the server's, below zero with a minus sign.
  const view = await wes.evaluate((id) => window.whist.app.conn.request("event.get", { event: id }), id);
  const lines = view.travellers[0].lines;
  const shown = await wes.$$eval('[data-role="travellers"] table.traveller[data-board="1"] tbody tr', (rs) =>
    rs.map((r) => [
      r.dataset.ns,
      ...[...r.querySelectorAll("td.score, td.mp")].map((c) => c.textContent),
      r.querySelector("td.contract")?.textContent,
      r.querySelector("td.tricks")?.textContent,
    ]),
  );
  assert.equal(shown.length, 2);
  const seats = ["N", "E", "S", "W"];
  for (const l of lines) {
    const row = shown.find((r) => r[0] === String(l.ns));
    assert.deepEqual(row.slice(1, 5), [l.ns_score, l.ew_score, l.ns_points, l.ew_points].map(points), `board 1, N/S ${l.ns}: ${JSON.stringify(l)}`);
    // How the table played it: its contract ("4 uptown ♠ E") and each side's tricks.
    const c = l.contract;
    assert.ok(c && row[5].startsWith(`${c.level} `) && row[5].endsWith(` ${seats[c.declarer]}`), `the contract ${JSON.stringify(c)}: ${row[5]}`);
    assert.equal(row[6], `${l.tricks[0]}–${l.tricks[1]}`);
  }
  const below = lines.flatMap((l) => [l.ns_score, l.ew_score]).filter((n) => n < 0).length;
  if (process.env.E2E_DEBUG) console.log(`# bid whist board 1: ${JSON.stringify(lines)}; ${below} scores below zero`);
  const ownPair = view.pairs.find((p) => p.players.some((x) => x.name === "wes")).pair;
  const standing = view.standings.pairs.find((x) => x.pair === ownPair);
  assert.equal(await wes.textContent('[data-role="scorecards"] [data-role="card-total"]'), points(standing.score));
  const standings = await wes.$$eval('[data-role="standings"] tbody tr', (rs) => rs.map((r) => [r.dataset.pair, r.cells[3].textContent]));
  assert.deepEqual(standings.sort(), view.standings.pairs.map((x) => [String(x.pair), points(x.score)]).sort());
  assert.doesNotMatch(await wes.textContent(".event-screen"), /null|undefined|NaN/);
  if (shots) await wes.screenshot({ path: join(shots, "event-bid.png"), fullPage: true });

  // event.results: bid whist, each board's trump null (each table's bidding named it), its kitty; the file to keep.
  const results = await wes.evaluate((id) => window.whist.app.conn.request("event.results", { event: id }), id);
  assert.equal(results.variant, "bid");
  assert.equal(results.boards[0].trump, null);
  assert.ok(Array.isArray(results.boards[0].deal.kitty) && results.boards[0].deal.kitty.length > 0, "the board's kitty");
  await wes.waitForSelector("#download-results");
  const [download] = await Promise.all([wes.waitForEvent("download"), wes.click("#download-results")]);
  const saved = JSON.parse(await readFile(await download.path(), "utf8"));
  assert.equal(saved.variant, "bid");
  await wes.context().close();
});

/** Makes an event from the form (the lobby's Events tab shown); its id. */
async function makeEvent(page, name, kind, more = {}) {
  await page.fill("#event-form input[name=event-name]", name);
  await page.selectOption("#event-form select[name=kind]", kind);
  for (const [field, value] of Object.entries(more)) await page.fill(`#event-form input[name=${field}]`, String(value));
  await page.click("#create-event");
  await screen(page, "event");
  return Number(/^#event\/(\d+)$/.exec(await page.evaluate(() => location.hash))[1]);
}

/** Ends the event from its page (End now, confirmed): finished, with its travellers. */
async function endNow(page) {
  page.once("dialog", (d) => void d.accept());
  await page.click("#director-end");
  await page.waitForFunction(() => document.querySelector(".event-screen")?.dataset.state === "finished");
}

test("a Mitchell ended by its director before a board was played: two lists, adjusted travellers; a drive's players", async () => {
  const mia = await register(env, "mia");
  const names = Array.from({ length: 16 }, (_, i) => `away${i + 1}`);
  for (const n of names) await robot(n, false); // entered, never sitting down
  await eventTab(mia);
  // A Mitchell of six pairs (three tables), one board a round.
  const m = await makeEvent(mia, "Mitchell night", "mitchell", { rounds: 1, boards_per_round: 1 });
  for (let i = 0; i < 12; i += 2) {
    await ask(names[i], "event.enter", { event: m, partner: names[i + 1] });
    await ask(names[i + 1], "event.enter", { event: m, partner: names[i] });
  }
  await mia.click("#director-start");
  await mia.waitForSelector('[data-role="event-round"] .round-table');
  assert.equal(await mia.$$eval('[data-role="event-round"] .round-table', (ts) => ts.length), 3);
  // Replace a player by a computer, from their next table.
  await mia.selectOption('[data-role="director"] select[name=replace-who]', "away1");
  await mia.click("#director-replace");
  await mia.waitForFunction(() =>
    /away1 is replaced by a computer player from their next table/.test(document.querySelector('[data-role="director-status"]')?.textContent ?? ""),
  );
  await endNow(mia);
  const lists = await mia.$$eval('[data-role="standings"] table.standings-table', (ts) =>
    ts.map((t) => ({ caption: t.caption?.textContent, rows: t.querySelectorAll("tbody tr").length })),
  );
  assert.deepEqual(lists, [
    { caption: "North–South", rows: 3 },
    { caption: "East–West", rows: 3 },
  ]);
  // Nobody sat down: every line is adjusted, 50% each way.
  await mia.waitForSelector('[data-role="travellers"] table.traveller[data-board="1"]');
  const adjusted = await mia.$$eval('[data-role="travellers"] td.adjusted', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(adjusted, ["adjusted 50% – 50%", "adjusted 50% – 50%", "adjusted 50% – 50%"]);
  assert.match(await mia.textContent('[data-role="event-entries"]'), /N\/S 1.*E\/W 1/s);
  await shot(mia, "event-mitchell.png", { fullPage: true });
  // A drive of four robots who play its board: its standings are the players'.
  await mia.click(".event-head button.leave");
  await screen(mia, "lobby");
  const d = await makeEvent(mia, "Tuesday drive", "drive", { rounds: 1, boards_per_round: 1 });
  const drivers = ["drv1", "drv2", "drv3", "drv4"];
  for (const n of drivers) await robot(n);
  for (const n of drivers) await ask(n, "event.enter", { event: d });
  await mia.click("#director-start");
  await mia.waitForFunction(() => document.querySelector(".event-screen")?.dataset.state === "finished", null, { timeout: 60_000 });
  await mia.waitForSelector('[data-role="standings"] table.standings-table tbody tr');
  const players = await mia.$$eval('[data-role="standings"] tbody tr', (trs) => trs.map((tr) => [tr.cells[1].textContent, tr.cells[2].textContent]).sort());
  assert.deepEqual(
    players,
    drivers.map((n) => [n, "1"]),
  );
  // Its travellers (where the server gives a drive's): the board's table with its four players.
  const driveView = await mia.evaluate((id) => window.whist.app.conn.request("event.get", { event: id }), d);
  if (driveView.travellers?.length) {
    const line = await mia.textContent('[data-role="travellers"] table.traveller[data-board="1"] tbody tr');
    for (const n of drivers) assert.ok(line.includes(n), `${n} in the board's line: ${line}`);
  } else {
    assert.equal(await mia.$('[data-role="travellers"]'), null, "no travellers where the server gives none");
  }
  await mia.setViewportSize(PHONE);
  await fits(mia, "a finished drive's page");
  await mia.context().close();
});

test("the daily duplicate: Play from the lobby, two boards in the browser, the daily's page", async () => {
  const dan = await register(env, "dan", PHONE);
  await eventTab(dan);
  await dan.waitForSelector('[data-role="daily-card"] #daily-play');
  assert.match(await dan.textContent('[data-role="daily-card"]'), /Daily duplicate.*12 boards/s);
  await fits(dan, "the lobby's events");
  await shot(dan, "events-phone.png", { fullPage: true });
  await dan.click('[data-role="daily-card"] #daily-play');
  await screen(dan, "table");
  assert.match(await dan.textContent('[data-role="event-table-title"]'), /^Daily duplicate · 12 boards$/);
  assert.equal((await tableInfo(dan)).seat, 2, "South");
  // Two boards: the cards played through the page until board 3 is dealt.
  const end = Date.now() + 150_000;
  while (!(await dan.evaluate(() => (window.whist.app.table?.view?.results.length ?? 0) >= 2))) {
    assert.ok(Date.now() < end, "two boards played");
    if (!(await actOnce(assert, [dan]))) await new Promise((r) => setTimeout(r, 40));
  }
  await dan.waitForFunction(() => /Board\s*3/.test(document.querySelector(".status-bar")?.textContent ?? ""));
  const results = await dan.evaluate(() => window.whist.app.table.view.results.map((r) => r.score));
  await dan.click("#to-event-page");
  await screen(dan, "daily");
  await dan.waitForFunction(() => document.querySelectorAll('[data-role="daily-played"] tbody tr').length === 2);
  const played = await dan.$$eval('[data-role="daily-played"] tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.deepEqual(
    played,
    results.map((s, i) => [String(i + 1), String(s[0]), String(s[1])]),
  );
  assert.match(await dan.textContent('[data-role="daily-progress"]'), /You have played 2 of 12 boards/);
  assert.match(await dan.textContent('[data-role="daily-you"]'), /once you have played every board/);
  assert.equal(await dan.textContent("#daily-play"), "Continue: board 3");
  await fits(dan, "the daily's page");
  await shot(dan, "daily.png", { fullPage: true });
  // Continue: the same table, board 3.
  await dan.click("#daily-play");
  await screen(dan, "table");
  await dan.waitForFunction(() => /Board\s*3/.test(document.querySelector(".status-bar")?.textContent ?? ""));
  await dan.context().close();
});
