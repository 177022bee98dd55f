// Checks the client's sources (src/), for `npm test` before the build:
//   - no import cycle between modules (`import type` counts: a cycle of
//     types is still a knot for the reader);
//   - no file over 600 lines, no function over 80 lines;
//   - no copy of the rules the server describes: the option specs, presets,
//     timers, buy-ins and chat phrases come from `welcome` (core/rules.ts),
//     so a list of numbers or a phrase of them written in src/ is refused
//     (tests/rules.test.mjs checks every string of a real server's rules);
//   - i18n/ imports nothing outside itself (every part, core/ too, uses it);
//   - no words for people written outside the catalogues (src/i18n/): a
//     text with a letter where the page shows it (see userTexts below);
//   - the catalogues themselves (tests/languages.mjs): every language has
//     English's keys, plural forms and placeholders.
// Prints what it finds and exits 1, or prints a one-line summary.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { checkCatalogues } from "./languages.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const src = resolve(here, "..", "src");
const MAX_FILE_LINES = 600;
const MAX_FUNCTION_LINES = 80;

export function sourceFiles(dir = src) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** The modules a file imports or re-exports from, as absolute paths. */
function importsOf(file, sf) {
  const out = [];
  for (const st of sf.statements) {
    const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier;
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith(".")) out.push(resolve(dirname(file), spec.text) + ".ts");
  }
  return out;
}

/** Every cycle's modules, from the strongly connected components (Tarjan). */
export function cycles(graph) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(comp);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

function longFunctions(file, sf) {
  const out = [];
  const walk = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.end).line;
      if (end - start + 1 > MAX_FUNCTION_LINES) {
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : "(anonymous)";
        out.push(`${relative(src, file)}:${start + 1}: ${name} has ${end - start + 1} lines (at most ${MAX_FUNCTION_LINES})`);
      }
    }
    ts.forEachChild(node, walk);
  };
  walk(sf);
  return out;
}

// Lists of numbers like the server's timers or buy-ins ([0, 7, 15, 30, 60],
// [30, 110, 275, 550]): three or more numbers in brackets, one over 5.
const NUMBER_LIST = /\[\s*\d+(\s*,\s*\d+){2,}\s*\]/g;

function specLiterals(file, text) {
  const out = [];
  for (const m of text.matchAll(NUMBER_LIST)) {
    if (m[0].match(/\d+/g).some((n) => Number(n) > 5))
      out.push(`${relative(src, file)}: a list of values ${m[0]}: take it from the server's rules (core/rules.ts)`);
  }
  return out;
}

// --- Words for people only in the catalogues ----------------------------------

const i18nDir = join(src, "i18n");
const LETTER = /\p{L}/u;
// Attributes and fields whose value people read.
const SHOWN_FIELDS = new Set(["title", "placeholder", "aria-label", "alt", "label", "help", "aria-roledescription", "aria-valuetext"]);
const SHOWN_PROPERTIES = new Set(["textContent", "innerText", "title", "placeholder", "label"]);
const SHOWING_CALLS = new Set(["flash", "confirm", "alert", "prompt"]);

/** The literal texts an expression may give: a string, a template's fixed parts, either side of ?:, ||, ??, +, an array's items. */
function literalTexts(e) {
  if (!e) return [];
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isTemplateExpression(e)) return [e.head.text, ...e.templateSpans.map((s) => s.literal.text)];
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) return literalTexts(e.expression);
  if (ts.isConditionalExpression(e)) return [...literalTexts(e.whenTrue), ...literalTexts(e.whenFalse)];
  if (ts.isArrayLiteralExpression(e)) return e.elements.flatMap(literalTexts);
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.PlusToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...literalTexts(e.left), ...literalTexts(e.right)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(e.right);
  }
  return [];
}

const nameOf = (n) => (n && (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n)) ? n.text : null);

/**
 * Words written in a source where the page shows them: h()'s and s()'s
 * children; the fields title, placeholder, aria-label, label, help (in
 * h()'s attributes and any object); what is set to an element's
 * textContent, title or placeholder, or given to setAttribute for them;
 * what flash(), confirm() and alert() show. A text counts when it has a
 * letter ("·", "—", "✕" and numbers do not). Those words belong in the
 * catalogue (src/i18n/en.ts), through t().
 */
export function userTexts(file, sf) {
  const out = [];
  const flag = (node, texts, where) => {
    for (const text of texts) {
      if (!LETTER.test(text)) continue;
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      out.push(`${relative(src, file)}:${line}: "${text}" ${where}: put it in the catalogue (src/i18n/en.ts) and use t()`);
    }
  };
  const walk = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isIdentifier(node.expression) ? node.expression.text : ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : "";
      if (callee === "h" || callee === "s") node.arguments.slice(2).forEach((a) => flag(a, literalTexts(a), `shown by ${callee}()`));
      if (SHOWING_CALLS.has(callee)) node.arguments.forEach((a) => flag(a, literalTexts(a), `shown by ${callee}()`));
      const attr = node.arguments[0];
      if (callee === "setAttribute" && attr && ts.isStringLiteral(attr) && SHOWN_FIELDS.has(attr.text))
        flag(node, literalTexts(node.arguments[1]), `as ${attr.text}`);
    } else if (ts.isPropertyAssignment(node) && SHOWN_FIELDS.has(nameOf(node.name))) {
      flag(node, literalTexts(node.initializer), `as ${nameOf(node.name)}`);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      SHOWN_PROPERTIES.has(node.left.name.text)
    ) {
      flag(node, literalTexts(node.right), `as ${node.left.name.text}`);
    }
    ts.forEachChild(node, walk);
  };
  walk(sf);
  return out;
}

/** i18n/ is under everything: it imports nothing outside itself. */
function i18nImports(file, sf) {
  if (!file.startsWith(i18nDir + "/")) return [];
  return importsOf(file, sf)
    .filter((f) => !f.startsWith(i18nDir + "/"))
    .map((f) => `${relative(src, file)}: imports ${relative(src, f)}; i18n/ imports nothing outside itself`);
}

export function checkSources() {
  const problems = [];
  const graph = new Map();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    graph.set(file, importsOf(file, sf));
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines > MAX_FILE_LINES) problems.push(`${relative(src, file)}: ${lines} lines (at most ${MAX_FILE_LINES})`);
    problems.push(...longFunctions(file, sf), ...specLiterals(file, text), ...i18nImports(file, sf));
    if (!file.startsWith(i18nDir + "/")) problems.push(...userTexts(file, sf));
  }
  for (const c of cycles(graph)) problems.push(`import cycle: ${c.map((f) => relative(src, f)).join(" → ")}`);
  return { files: graph.size, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, problems } = checkSources();
  // Where keys are used: every source but the catalogues.
  const catalogue = /\/i18n\/(en|ro|it|rules)(_\w+)?\.ts$/;
  const languages = await checkCatalogues(
    sourceFiles()
      .filter((f) => !catalogue.test(f))
      .map((f) => readFileSync(f, "utf8")),
  );
  problems.push(...languages.problems);
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log(`sources: ${files} files, no import cycle, none too long, no list of the rules' values, no words outside the catalogues`);
  console.log(`languages: ${languages.summary}`);
}
