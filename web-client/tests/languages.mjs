// Checks the client's catalogues (src/i18n/), for `npm test` before the
// build (tests/sources.mjs runs it): English (en.ts, with en_errors.ts) is
// the source of truth, and every other language has
//   - exactly its keys: none missing, none that English lacks;
//   - a plural entry where English has one, with the forms of the
//     language (Intl.PluralRules: English and Italian one and other,
//     Romanian one, few and other; a form the language has beyond those,
//     Italian's "many", may be given), and a plain text where English has one;
//   - the same {placeholders} in every text and every form (a plural form
//     may leave out its count, {n}: "o levată");
//   - no empty text, and in Romanian ș and ț with the comma below, never
//     the cedilla (ş, ţ);
// every key is used by a source other than the catalogues (error.* keys
// are made from the server's codes); and the tables of the server's rule words
// (rules_ro.ts, rules_it.ts) have the same English texts. Whether those
// tables cover a real server's rules is tests/languages.test.mjs's.
// `node tests/languages.mjs` prints what it finds and exits 1, or a summary.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const src = resolve(here, "..", "src");
const i18n = join(src, "i18n");

/** The plural forms each language's entries must have; a language may give more of its own (Intl.PluralRules). */
export const PLURAL_FORMS = { en: ["one", "other"], ro: ["one", "few", "other"], it: ["one", "other"] };

/** The catalogues and the rule words, bundled from the TypeScript sources by esbuild and imported. */
export async function loadCatalogues() {
  const contents = [
    'export { en } from "./en";',
    'export { ro } from "./ro";',
    'export { it } from "./it";',
    'export { RULES_RO } from "./rules_ro";',
    'export { RULES_IT } from "./rules_it";',
  ].join("\n");
  const out = await esbuild.build({
    stdin: { contents, resolveDir: i18n, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    logLevel: "silent",
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

const placeholders = (text) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
const forms = (entry) => (typeof entry === "string" ? { "": entry } : entry);
const same = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));
const show = (set) => (set.size ? `{${[...set].sort().join("} {")}}` : "no placeholder");

/** The problems of one language's catalogue against English's. */
function checkLanguage(lang, cat, en) {
  const problems = [];
  const allowed = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
  for (const key of Object.keys(en)) if (!(key in cat)) problems.push(`${lang}: "${key}" is missing`);
  for (const key of Object.keys(cat)) if (!(key in en)) problems.push(`${lang}: "${key}" is not in English (en.ts)`);
  for (const [key, entry] of Object.entries(cat)) {
    const english = en[key];
    if (english === undefined) continue;
    if (typeof english === "string" && typeof entry !== "string") problems.push(`${lang}: "${key}" has plural forms; English has one text`);
    if (typeof english !== "string" && typeof entry === "string") problems.push(`${lang}: "${key}" has one text; English has plural forms`);
    if (typeof entry !== "string") {
      const given = Object.keys(entry);
      for (const f of PLURAL_FORMS[lang]) if (!given.includes(f)) problems.push(`${lang}: "${key}" lacks its plural form "${f}"`);
      for (const f of given) if (!allowed.has(f)) problems.push(`${lang}: "${key}" has a plural form "${f}" that ${lang} does not have`);
    }
    const want = new Set(Object.values(forms(english)).flatMap((text) => [...placeholders(text)]));
    for (const [form, text] of Object.entries(forms(entry))) {
      const where = `${lang}: "${key}"${form ? ` (${form})` : ""}`;
      if (typeof text !== "string" || text.length === 0) {
        problems.push(`${where} is empty`);
        continue;
      }
      const got = placeholders(text);
      // A plural form may say its count in words ("o levată") and leave out {n}.
      if (form && !got.has("n") && want.has("n")) got.add("n");
      if (!same(got, want)) problems.push(`${where} has ${show(got)}; English has ${show(want)}`);
      if (lang === "ro" && /[şţŞŢ]/.test(text)) problems.push(`${where} writes ş or ţ with a cedilla: Romanian has ș and ț (comma below)`);
    }
  }
  return problems;
}

/** Keys no source but the catalogues names (the error.* keys are made from the server's codes). */
function unusedKeys(en, sources) {
  const text = sources.join("\n");
  return Object.keys(en)
    .filter((key) => !key.startsWith("error.") && !text.includes(`"${key}"`))
    .map((key) => `en: "${key}" is used nowhere in src/ (remove it, or use it)`);
}

export async function checkCatalogues(sources = null) {
  const { en, ro, it, RULES_RO, RULES_IT } = await loadCatalogues();
  const problems = [...checkLanguage("en", en, en), ...checkLanguage("ro", ro, en), ...checkLanguage("it", it, en)];
  if (sources) problems.push(...unusedKeys(en, sources));
  for (const key of Object.keys(RULES_RO)) if (!(key in RULES_IT)) problems.push(`rules_it.ts lacks "${key}" (rules_ro.ts has it)`);
  for (const key of Object.keys(RULES_IT)) if (!(key in RULES_RO)) problems.push(`rules_ro.ts lacks "${key}" (rules_it.ts has it)`);
  for (const [key, text] of Object.entries(RULES_RO)) if (/[şţŞŢ]/.test(text)) problems.push(`rules_ro.ts: "${key}" writes ş or ţ with a cedilla`);
  const plurals = Object.values(en).filter((e) => typeof e !== "string").length;
  const summary = `en, ro, it: ${Object.keys(en).length} keys each (${plurals} with plural forms), the same placeholders; ${Object.keys(RULES_RO).length} of the server's rule words in ro and it`;
  return { problems, summary };
}

/** The client's sources (as sources.mjs lists them; not imported from there, which imports this). */
function sourceFiles(dir = src) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catalogue = /\/i18n\/(en|ro|it|rules)(_\w+)?\.ts$/;
  const sources = sourceFiles()
    .filter((f) => !catalogue.test(f))
    .map((f) => readFileSync(f, "utf8"));
  const { problems, summary } = await checkCatalogues(sources);
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log(`languages: ${summary}`);
}
