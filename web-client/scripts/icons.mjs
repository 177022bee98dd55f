// Makes the app's PNG icons in static/ from static/favicon.svg, drawn by
// Debian's Chromium (playwright-core, as the tests use it; $CHROMIUM to use
// another): icon-192.png and icon-512.png (the favicon as it is, its rounded
// corners transparent), icon-maskable-512.png (the felt to the edges and the
// spade within the middle 80%, the safe zone a launcher's mask keeps) and
// apple-touch-icon.png (180 px, square and opaque: iOS rounds it itself).
// Run it again after a change to favicon.svg, and commit what it writes:
//   node scripts/icons.mjs
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const staticDir = resolve(here, "..", "static");

const favicon = await readFile(join(staticDir, "favicon.svg"), "utf8");
const felt = favicon.match(/<rect [^>]*fill="(#[0-9a-f]+)"/i)?.[1];
const spade = favicon.match(/<path [^>]*fill="(#[0-9a-f]+)"[^>]*d="([^"]+)"/i);
if (!felt || !spade) throw new Error("static/favicon.svg: no <rect fill> or <path fill d> where expected");
const [, ink, d] = spade;

// The spade's path spans 7..93 across and 4..96 down (a 100-unit box); on
// a full square it is placed at `height` of the icon, centred.
function square(height) {
  const scale = (64 * height) / 92;
  const x = 32 - 50 * scale;
  const y = 32 - 50 * scale;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${felt}"/>` +
    `<path fill="${ink}" transform="translate(${x.toFixed(3)} ${y.toFixed(3)}) scale(${scale.toFixed(4)})" d="${d}"/></svg>`
  );
}

const icons = [
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  // 66% high: the spade's farthest points (its foot's corners) are 35% of
  // the icon from the middle, inside the safe circle (40%).
  { file: "icon-maskable-512.png", size: 512, svg: square(0.66) },
  // As tall as the favicon's spade (69%).
  { file: "apple-touch-icon.png", size: 180, svg: square(0.69) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const src = "data:image/svg+xml;base64," + Buffer.from(svg).toString("base64");
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.waitForFunction(() => document.images[0].complete);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await writeFile(join(staticDir, file), png);
    console.log(`static/${file}: ${size}x${size}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
