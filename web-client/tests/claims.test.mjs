// End to end: claims (docs/rules.md, "Claims"). A person and three computer
// players at a classic whist table. At the person's first lead, "Claim…"
// opens the form, all the tricks left chosen; claiming them all is
// answered by the computers (almost surely a refusal: "… rejected the
// claim", the banner gone and play going on, the person plays a card; an
// acceptance, if the solver says the claim holds, is checked the same way);
// the notices follow the server's claim_answer events. At the person's next
// lead of a fresh trick, claiming none (a concession, which always holds):
// accepted, "Claim accepted: … take 0 of the N tricks left", and the deal
// ends with its summary. And a person as an opponent: a concession waits
// for their answer after the computer's (the claimer reads "Waiting for
// …"), they see the claimer's cards and Accept / Reject, and their
// refusal ends it for both. With WHIST_SCREENSHOTS: claim.png, the
// opponent's view of a claim waiting for their answer.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { asGuest, clientDir, createTable, handOf, hardLimit, setup, sitAt, STEP_MS } from "./harness.mjs";

const shots = process.env.WHIST_SCREENSHOTS ? resolve(clientDir, process.env.WHIST_SCREENSHOTS) : null;

let env;
const stopLimit = hardLimit(240_000);
before(async () => {
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "0"]);
  if (shots) await mkdir(shots, { recursive: true });
});
after(async () => {
  await env?.close();
  stopLimit();
});

/** The table's events as the page received them (table.event, alone or in a batch), spied on the WebSocket. */
function spyEvents(page) {
  const events = [];
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      try {
        const m = JSON.parse(typeof f.payload === "string" ? f.payload : f.payload.toString());
        for (const e of m.t === "batch" ? m.d : [m]) if (e.t === "table.event") events.push(e.d.event);
      } catch {
        // not JSON
      }
    }),
  );
  return events;
}

const noticesText = (page) => page.$$eval(".notices li", (els) => els.map((e) => e.textContent).join(" | "));

/** Plays the person's cards until "Claim…" is offered (the person's lead of a fresh trick). */
async function untilLead(page) {
  for (let i = 0; i < 60; i++) {
    await page.waitForSelector("[data-hand] .card.playable", { timeout: 30_000 });
    if (await page.$("#claim-open")) return;
    const before = (await handOf(page)).length;
    await page.click("[data-hand] .card.playable");
    await page.waitForFunction((n) => document.querySelectorAll("[data-hand] .card[data-card]").length !== n, before);
  }
  throw new Error("no lead of the person's in 60 turns");
}

/** Opens the form, chooses `tricks` (or keeps all), claims; returns the tricks left the form offered. */
async function claim(page, tricks) {
  await page.click("#claim-open");
  await page.waitForSelector('[data-role="claim-form"]');
  const options = await page.$$eval("#claim-tricks option", (os) => os.map((o) => Number(o.value)));
  const left = options[0];
  assert.equal(await page.inputValue("#claim-tricks"), String(left), "all the tricks left by default");
  assert.equal(options.at(-1), 0);
  if (tricks !== undefined) await page.selectOption("#claim-tricks", String(tricks));
  await page.click("#claim-send");
  return left;
}

test("a claim refused, play goes on; a concession accepted ends the deal", async () => {
  // The page's WebSocket spied on from its first frame.
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: "en-US" });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => console.error(`[alice] page error: ${e.message}`));
  const events = spyEvents(page);
  await page.goto(env.server.url + "/");
  await asGuest(page);
  await createTable(page, { variant: "classic", options: { play_to: 15 } });
  for (const s of [1, 2, 3]) {
    await page.click(`.seat[data-seat="${s}"] button[data-add-bot="${s}"]`);
    await page.waitForSelector(`.seat[data-seat="${s}"][data-computer="true"]`);
  }

  // The first lead: claim them all.
  await untilLead(page);
  const left = await claim(page, undefined);
  // The banner while the claim waits (caught at once: the computers answer fast).
  const seen = await page
    .waitForFunction(
      () => {
        const b = document.querySelector('[data-role="claim"]');
        if (!b) return null;
        return {
          text: b.querySelector(".claim-text")?.textContent,
          cards: b.querySelectorAll('[data-role="claim-hand"] .card').length,
          playable: document.querySelectorAll("[data-hand] .card.playable").length,
        };
      },
      null,
      { polling: "mutation", timeout: 2_000 },
    )
    .then((h) => h.jsonValue())
    .catch(() => null);
  if (seen) {
    assert.match(seen.text, new RegExp(`claims ${left} of the ${left} tricks left`));
    assert.equal(seen.cards, left, "the claimer's cards face up");
    assert.equal(seen.playable, 0, "no card playable while the claim waits");
  }
  // The answers: one refusal, or both acceptances.
  await page.waitForFunction(
    () => /rejected the claim|did not answer in time|Claim accepted/.test(document.querySelector(".notices")?.textContent ?? ""),
    null,
    {
      timeout: 60_000,
    },
  );
  const answers = events.filter((e) => e.type === "claim_answer");
  const refusal = answers.find((a) => !a.accept);
  const notices = await noticesText(page);
  if (refusal) {
    const name = events.findLast((e) => e.type === "start")?.seats?.[refusal.seat]?.name;
    assert.ok(name);
    assert.match(notices, new RegExp(`${name} (rejected the claim|did not answer in time)`));
    await page.waitForSelector('[data-role="claim"]', { state: "detached" });
    // Play goes on: the person leads a card.
    await page.waitForSelector("[data-hand] .card.playable");
    const n = (await handOf(page)).length;
    assert.equal(n, left);
    await page.click("[data-hand] .card.playable");
    await page.waitForFunction((k) => document.querySelectorAll("[data-hand] .card[data-card]").length === k - 1, n);
  } else {
    assert.equal(answers.length, 2, "both opponents accepted");
    assert.match(notices, new RegExp(`Claim accepted: .* take ${left} of the ${left} tricks left`));
  }

  // The next lead of a fresh trick: concede the rest.
  await untilLead(page);
  const deals = events.filter((e) => e.type === "deal_end").length;
  const rest = await claim(page, 0);
  await page.waitForFunction(
    (r) => [...document.querySelectorAll(".notices li")].some((li) => new RegExp(`Claim accepted: .* take 0 of the ${r} tricks left`).test(li.textContent)),
    rest,
    { timeout: 60_000 },
  );
  const accepted = events.filter((e) => e.type === "claim_answer").slice(-2);
  assert.deepEqual(
    accepted.map((a) => a.accept),
    [true, true],
  );
  const action = events.findLast((e) => e.type === "action" && e.action.type === "claim");
  assert.equal(action?.action.tricks, 0);
  // Its deal_end follows it at once.
  assert.equal(events[events.indexOf(action) + 1]?.type, "deal_end");
  // The deal is over: its end, and its summary beside the table.
  await page.waitForFunction(() => document.querySelector(".summary-area")?.children.length > 0);
  assert.equal(events.filter((e) => e.type === "deal_end").length, deals + 1);
  await page.context().close();
});

/** Plays the cards of `others` and of `page` until "Claim…" is offered to `page`. */
async function leadOf(page, others) {
  for (let i = 0; i < 200; i++) {
    if (await page.$("#claim-open")) return;
    let played = false;
    for (const p of [page, ...others]) {
      if (p !== page && !(await p.$("[data-hand] .card.playable"))) continue;
      if (p === page && !(await p.$("[data-hand] .card.playable"))) continue;
      const n = (await handOf(p)).length;
      await p.click("[data-hand] .card.playable");
      await p.waitForFunction((k) => document.querySelectorAll("[data-hand] .card[data-card]").length !== k, n);
      played = true;
      break;
    }
    if (!played) await page.waitForTimeout(100);
  }
  throw new Error("no lead of the claimer's");
}

test("a person as an opponent: Accept and Reject, and whom the claimer waits for", async () => {
  const alice = await env.openPage("alice");
  await asGuest(alice);
  const table = await createTable(alice, { variant: "classic", options: { play_to: 15 } });
  const bob = await env.openPage("bob");
  await asGuest(bob);
  await sitAt(bob, table, 1);
  for (const s of [2, 3]) {
    await alice.click(`.seat[data-seat="${s}"] button[data-add-bot="${s}"]`);
    await alice.waitForSelector(`.seat[data-seat="${s}"][data-computer="true"]`);
  }
  const bobName = await bob.$eval("a.me", (a) => a.firstChild.textContent.trim());

  await leadOf(alice, [bob]);
  const left = await claim(alice, 0);
  // The computer (seat 3) accepts a concession, once its solver has looked
  // (on a thinking thread: the claim can show it waited for at first); the
  // claim then waits for Bob alone.
  await bob.waitForSelector("#claim-accept");
  await alice.waitForFunction((name) => document.querySelector('[data-role="claim-waiting"]')?.textContent?.includes(`Waiting for ${name} to answer`), bobName);
  assert.match(await alice.textContent('[data-role="claim-waiting"]'), new RegExp(`Waiting for ${bobName} to answer`));
  assert.match(await bob.textContent('[data-role="claim"] .claim-text'), new RegExp(`claims 0 of the ${left} tricks left`));
  assert.equal(await bob.$$eval('[data-role="claim-hand"] .card', (c) => c.length), left, "the claimer's cards, face up");
  assert.deepEqual(await alice.$$eval("[data-hand] .card.playable", (c) => c.length), 0, "no card playable while the claim waits");
  if (shots) await bob.screenshot({ path: join(shots, "claim.png") });
  // A reload while it waits: the whole state brings the claim back.
  await bob.reload();
  await bob.waitForSelector("#claim-accept");
  assert.equal(await bob.$$eval('[data-role="claim-hand"] .card', (c) => c.length), left, "the claim after a reload");
  await bob.click("#claim-reject");
  for (const p of [alice, bob]) {
    await p.waitForSelector('[data-role="claim"]', { state: "detached" });
    await p.waitForFunction((n) => document.querySelector(".notices")?.textContent.includes(`${n} rejected the claim.`), bobName);
  }
  // Play goes on: Alice leads.
  await alice.waitForSelector("[data-hand] .card.playable");
  assert.equal((await handOf(alice)).length, left);
  await alice.context().close();
  await bob.context().close();
});
