// Motion: at a classic whist table with computer players (a short natural
// pause before each of their cards), the cards dealt come from the
// dealer's seat (the hand and the others' fans), each card played flies to
// the trick (one's own from the hand), and a trick, once its winner's card
// is marked, is swept to the winner's seat; every animation a transform of
// at most 300 ms, and the cards take a click while one runs. With the
// system's reduced motion (emulated), and with the speaker popover's
// "Animate the cards" turned off (kept across a reload), none at all.
// Element.prototype.animate is spied on (each call noted with its id, its
// timing, whether it moves the element, and the element).
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { asGuest, createTable, hardLimit, screen, setup, STEP_MS } from "./harness.mjs";

let env;
const stopLimit = hardLimit(300_000);
before(async () => {
  env = await setup(["--bot-budget-ms", "20", "--bot-delay-ms", "350"]);
});
after(async () => {
  await env?.close();
  stopLimit();
});

/** A page whose animations are noted in window.__anims; `reducedMotion`: the system's wish, emulated. */
async function spiedPage(name, reducedMotion = "no-preference") {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: "en-US", reducedMotion });
  await context.addInitScript(() => {
    window.__anims = [];
    // How often a finished trick was seen shown with its winner's card marked (looked for every 20 ms).
    window.__took = 0;
    setInterval(() => {
      if (document.querySelector('.trick[data-shown="took"] .slot.winner')) window.__took++;
    }, 20);
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
      const o = typeof options === "number" ? { duration: options } : (options ?? {});
      const frames = Array.isArray(keyframes) ? keyframes : [];
      // For a sweep: how often the finished trick was seen since the last sweep began.
      let seen = 0;
      if (o.id === "motion-sweep") {
        seen = window.__took - (window.__tookSwept ?? 0);
        window.__tookSwept = window.__took;
      }
      window.__anims.push({
        id: String(o.id ?? ""),
        duration: Number(o.duration),
        delay: Number(o.delay ?? 0),
        moves: frames.some((k) => typeof k.transform === "string" && k.transform !== "none"),
        cls: String(this.className),
        card: this.dataset?.card ?? null,
        seat: this.closest?.(".slot")?.dataset.seat ?? null,
        took: seen,
      });
      return animate.call(this, keyframes, options);
    };
  });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => console.error(`[${name}] page error: ${e.message}`));
  await page.goto(env.server.url + "/");
  return page;
}

const anims = (page) => page.evaluate(() => window.__anims);

/** A classic whist table of the page's guest with three computer players; the game starts. */
async function tableWithComputers(page) {
  await createTable(page, { variant: "classic" });
  for (const s of [1, 2, 3]) {
    await page.click(`.seat[data-seat="${s}"] button[data-add-bot="${s}"]`);
    await page.waitForSelector(`.seat[data-seat="${s}"][data-computer="true"]`);
  }
}

/**
 * Plays the user's turns (the first playable card each time) until
 * `done(played)` (the cards played so far) says so; returns them.
 */
async function playUntil(page, done, ms = 40_000) {
  const end = Date.now() + ms;
  const played = [];
  while (!(await done(played))) {
    assert.ok(Date.now() < end, `not done in ${ms / 1000} s; played ${played}`);
    const card = await page.$eval("[data-hand] .card.playable", (e) => e.dataset.card).catch(() => null);
    if (!card) {
      await page.waitForTimeout(50);
      continue;
    }
    await page.click(`[data-hand] .card.playable[data-card="${card}"]`, { timeout: 2_000 }).catch(() => {});
    // Played once the server's answer takes it from the hand (not at once:
    // counting only cards gone by the time the click returns missed most of
    // them, and the game could end before enough were counted).
    const gone = await page
      .waitForFunction((c) => !document.querySelector(`[data-hand] .card[data-card="${c}"]`), card, { timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (gone) played.push(card);
  }
  return played;
}

const took = (page) => page.evaluate(() => window.__took);

/** Two tricks played, the second seen finished (its winner marked), and one more card led. */
async function twoTricks(page) {
  await playUntil(page, async (played) => played.length >= 2 && (await took(page)) > 0);
  await playUntil(page, async (played) => played.length >= 1);
}

test("cards dealt, played and swept to the winner, each animation a transform of at most 300 ms", async () => {
  const page = await spiedPage("alice");
  await asGuest(page);
  await page.click("#alerts-button");
  assert.equal(await page.isChecked("#alerts-motion"), true, "motion is on by default");
  assert.equal(await page.$("[data-role=motion-reduced]"), null);
  await page.keyboard.press("Escape");
  await tableWithComputers(page);

  // The deal: the hand's cards and the others' fans come from the dealer's seat.
  await page.waitForFunction(() => window.__anims.some((a) => a.id === "motion-deal" && a.cls.includes("hand-card")));
  const dealt = await anims(page);
  assert.ok(
    dealt.some((a) => a.id === "motion-deal" && a.cls.includes("fan")),
    "the others' cards are dealt too",
  );
  // A card can be played at once (nothing waits for an animation); two tricks swept, after their winners were marked.
  const sweeps = async () => (await anims(page)).filter((a) => a.id === "motion-sweep").length;
  const [mine] = await playUntil(page, async (played) => played.length >= 2 && (await sweeps()) >= 8);
  // Animations are there while a card flies (document.getAnimations()).
  const [moving] = await Promise.all([
    page.waitForFunction(() => document.getAnimations().some((a) => a.id.startsWith("motion-")), null, { polling: "raf", timeout: 30_000 }),
    playUntil(page, async (played) => played.length >= 1),
  ]);
  assert.ok(await moving.jsonValue());

  const all = await anims(page);
  const plays = all.filter((a) => a.id === "motion-play");
  assert.ok(
    plays.some((a) => a.card === mine && a.cls.includes("trick-card")),
    `one's own card flies to the trick: ${JSON.stringify(plays)}`,
  );
  assert.ok(plays.filter((a) => a.seat !== null && a.seat !== "0").length >= 3, "the computer players' cards fly from their seats");
  const swept = all.filter((a) => a.id === "motion-sweep");
  assert.ok(
    swept.some((a) => a.cls.includes("winner")),
    "the winner's card is marked as it goes",
  );
  assert.ok(
    swept.some((a) => a.took > 0),
    "a trick is shown finished, its winner marked, before it is swept",
  );
  for (const a of all) {
    assert.match(a.id, /^motion-(deal|play|sweep)$/, `only the cards move: ${JSON.stringify(a)}`);
    assert.ok(a.duration > 0 && a.duration <= 300, `at most 300 ms: ${JSON.stringify(a)}`);
    assert.ok(a.moves, `a transform: ${JSON.stringify(a)}`);
  }
  // The copies swept away are gone once done.
  await page.waitForFunction(() => document.querySelectorAll(".sweep-ghost").length === 0);
  await page.context().close();
});

test("no animation under the system's reduced motion", async () => {
  const page = await spiedPage("bob", "reduce");
  await asGuest(page);
  await page.click("#alerts-button");
  await page.waitForSelector("[data-role=motion-reduced]");
  await page.keyboard.press("Escape");
  await tableWithComputers(page);
  await twoTricks(page);
  assert.deepEqual(await anims(page), [], "no animation at all");
  assert.equal(await page.evaluate(() => document.getAnimations().filter((a) => a.id.startsWith("motion")).length), 0);
  await page.context().close();
});

test("no animation with the preference off, kept across a reload", async () => {
  const page = await spiedPage("cid");
  await asGuest(page);
  await page.click("#alerts-button");
  await page.uncheck("#alerts-motion");
  await page.keyboard.press("Escape");
  await page.reload();
  await screen(page, "lobby");
  await page.click("#alerts-button");
  assert.equal(await page.isChecked("#alerts-motion"), false, "kept across a reload");
  await page.keyboard.press("Escape");
  await tableWithComputers(page);
  await twoTricks(page);
  assert.deepEqual(await anims(page), [], "no animation at all");
  await page.context().close();
});
