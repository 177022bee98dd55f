// Builds the client into dist/: app.js (the TypeScript sources bundled by
// esbuild), app.css, index.html and the icon (favicon.svg, favicon.ico).
// `node build.mjs --watch` rebuilds on change. Type checking is separate:
// `npm run check` (tsc --noEmit).
import * as esbuild from "esbuild";
import { copyFile, mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "dist");
const watch = process.argv.includes("--watch");

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
// The page and its icon (favicon.ico for those who ask for it by that name).
for (const f of ["index.html", "favicon.svg", "favicon.ico"]) await copyFile(join(here, "static", f), join(dist, f));

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
};
if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log("watching src/ (dist/ is rebuilt on change)");
} else {
  await esbuild.build(options);
  console.log("built dist/: index.html, app.js, app.css, favicon.svg, favicon.ico");
}
