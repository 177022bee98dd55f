// Builds the client into dist/: app.js (the TypeScript sources bundled by
// esbuild), app.css, and from static/ the page (index.html), the icons
// (favicon.svg, favicon.ico for those who ask for it by that name, and the
// app's PNGs, made by scripts/icons.mjs), the web app manifest, the service
// worker (sw.js) and the page it shows offline (offline.html).
// Each build stamps its version, a hash of those files, into dist/sw.js
// (the worker's cache name) and into dist/index.html's addresses of app.js
// and app.css (app.js?v=...): a new build is a new worker (static/sw.js
// says how it replaces the old one).
// `node build.mjs --watch` rebuilds (and stamps) on change. Type checking
// is separate: `npm run check` (tsc --noEmit).
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const staticDir = join(here, "static");

/** Copied from static/ as they are. */
export const COPIED = [
  "favicon.svg",
  "favicon.ico",
  "icon-192.png",
  "icon-512.png",
  "icon-maskable-512.png",
  "apple-touch-icon.png",
  "manifest.webmanifest",
  "offline.html",
];

/**
 * Writes dist's index.html and sw.js from static/'s, stamped with the
 * version of the files in `dist` (app.js, app.css, the copied ones) and of
 * the two templates; returns the version (12 hex digits).
 */
export async function stampVersion(dist) {
  const page = await readFile(join(staticDir, "index.html"), "utf8");
  const worker = await readFile(join(staticDir, "sw.js"), "utf8");
  const hash = createHash("sha256");
  for (const f of ["app.js", "app.css", ...COPIED]) hash.update(`${f}\0`).update(await readFile(join(dist, f)));
  hash.update(page).update(worker);
  const version = hash.digest("hex").slice(0, 12);

  const stamp = (text, from, to, file) => {
    if (!text.includes(from)) throw new Error(`static/${file}: no ${from} to stamp the version into`);
    return text.replace(from, to);
  };
  let html = stamp(page, 'src="app.js"', `src="app.js?v=${version}"`, "index.html");
  html = stamp(html, 'href="app.css"', `href="app.css?v=${version}"`, "index.html");
  await writeFile(join(dist, "index.html"), html);
  await writeFile(join(dist, "sw.js"), stamp(worker, 'const VERSION = "dev";', `const VERSION = "${version}";`, "sw.js"));
  return version;
}

async function build() {
  const dist = join(here, "dist");
  const watch = process.argv.includes("--watch");
  await rm(dist, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  for (const f of COPIED) await copyFile(join(staticDir, f), join(dist, f));

  // After each build (every rebuild with --watch), the version of what it made.
  let version = "";
  const stamping = {
    name: "stamp-version",
    setup(b) {
      b.onEnd(async (result) => {
        if (result.errors.length === 0) version = await stampVersion(dist);
      });
    },
  };
  const options = {
    entryPoints: [
      { in: join(here, "src", "main.ts"), out: "app" },
      { in: join(here, "src", "app.css"), out: "app" },
    ],
    outdir: dist,
    bundle: true,
    format: "iife",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    minify: !watch,
    sourcemap: watch ? "inline" : false,
    legalComments: "none",
    logLevel: "warning",
    plugins: [stamping],
  };
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    console.log("watching src/ (dist/ is rebuilt on change)");
  } else {
    await esbuild.build(options);
    console.log(`built dist/ (version ${version}): index.html, app.js, app.css, sw.js, ${COPIED.join(", ")}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
