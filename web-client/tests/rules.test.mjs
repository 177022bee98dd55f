// The client learns the rules from the server: the create-table form offers
// every option, timer, chat mode and buy-in of the server's rules object
// (welcome) with its default, and no string of the rules is written in the
// client's sources (src/; but their translations, src/i18n/rules_*.ts).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { asGuest, hardLimit, setup } from "./harness.mjs";
import { sourceFiles } from "./sources.mjs";

let env;
let page;
let rules;
const stopLimit = hardLimit(120_000);
before(async () => {
  env = await setup();
  page = await env.openPage("maker");
  await asGuest(page);
  rules = await page.evaluate(() => window.whist.rules());
});
after(async () => {
  await env?.close();
  stopLimit();
});

const optionsOf = (name) => page.$$eval(`#create-form select[name="${name}"] option`, (els) => els.map((e) => ({ value: e.value, label: e.textContent })));
const valueOf = (name) => page.inputValue(`#create-form select[name="${name}"]`);

test("the rules come in welcome: three variants, presets, timers, phrases", () => {
  assert.deepEqual(
    rules.variants.map((v) => v.id),
    ["classic", "bid", "exact"],
  );
  assert.ok(rules.presets.length > 0);
  assert.ok(rules.table.timers.includes(0));
  assert.ok(rules.chat.phrases.length > 0);
});

test("the form offers every option of every variant, with the server's default", async () => {
  for (const v of rules.variants) {
    await page.selectOption("#create-form select[name=variant]", v.id);
    const counts = Object.keys(v.defaults).map(Number);
    for (const n of counts) {
      if (counts.length > 1) await page.selectOption("#create-form select[name=players]", String(n));
      for (const o of v.options) {
        const offered = await optionsOf(`opt-${o.name}`);
        const want =
          o.type === "bool"
            ? ["true", "false"]
            : o.type === "choice"
              ? o.values.map((c) => c.value)
              : Array.from({ length: o.max - o.min + 1 }, (_, i) => String(o.min + i));
        assert.deepEqual(
          offered.map((x) => x.value),
          want,
          `${v.id} ${o.name}`,
        );
        // A classic preset sets its options; the first preset is the form's default.
        const preset = v.id === rules.presets[0]?.variant ? rules.presets[0].options : {};
        const expected = preset[o.name] ?? v.defaults[String(n)][o.name];
        assert.equal(await valueOf(`opt-${o.name}`), String(expected), `${v.id} with ${n}: ${o.name}`);
      }
    }
  }
  assert.deepEqual(
    (await optionsOf("timer_play")).map((x) => Number(x.value)),
    rules.table.timers,
  );
  assert.deepEqual(
    (await optionsOf("timer_bid")).map((x) => Number(x.value)),
    rules.table.timers,
  );
  assert.deepEqual(
    (await optionsOf("chat")).map((x) => x.value),
    rules.table.chat.map((c) => c.value),
  );
  assert.deepEqual(
    (await optionsOf("buy_in")).map((x) => Number(x.value)),
    rules.table.buy_ins,
  );
  const presetVariant = rules.presets[0].variant;
  await page.selectOption("#create-form select[name=variant]", presetVariant);
  const offered = rules.presets.filter((p) => p.variant === presetVariant).map((p) => p.id);
  assert.deepEqual(
    (await optionsOf("preset")).map((x) => x.value),
    [...offered, ""],
  );
});

test("no string of the server's rules is written in the client's sources", () => {
  // Words a program may well use for itself ("Off", "Text") are left out:
  // a string counts from 8 characters, and every preset id.
  const strings = new Set(rules.presets.map((p) => p.id));
  const add = (s) => typeof s === "string" && s.length >= 8 && strings.add(s);
  for (const v of rules.variants) {
    [v.name, v.blurb].forEach(add);
    for (const o of v.options) {
      [o.label, o.help].forEach(add);
      for (const c of o.values ?? []) add(c.label);
    }
  }
  for (const p of rules.presets) add(p.name);
  rules.chat.phrases.forEach(add);
  for (const c of rules.table.chat) add(c.label);
  const found = [];
  // The translations of the server's words (src/i18n/rules_ro.ts, rules_it.ts)
  // name them by their English text: they are no copy of the rules (the form
  // is built from welcome's), and tests/languages.test.mjs checks that they
  // match a real server's words exactly.
  for (const file of sourceFiles().filter((f) => !/\/i18n\/rules_\w+\.ts$/.test(f))) {
    const text = readFileSync(file, "utf8");
    for (const s of strings) if (text.includes(s)) found.push(`${relative(process.cwd(), file)}: "${s}"`);
  }
  assert.deepEqual(found, [], "take these from the server's rules (core/rules.ts)");
});
