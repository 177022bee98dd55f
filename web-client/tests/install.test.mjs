// The client as an installable app: the manifest (linked from the page,
// served as application/manifest+json, with the felt and paper colours of
// app.css) and its icons (PNGs of the sizes they claim); the service worker
// registers and becomes active, caches the client's files under the
// build's version and nothing else (/healthz, /metrics and the WebSocket
// pass it by); Chromium finds the app installable (no installability
// error) and reads the manifest without an error; a new build (app.js
// changed) is a new version: its page loads the new app.js at once, and the
// new worker replaces the old one and its cache; with the server stopped, a
// reload shows the client from the cache, another address the offline page,
// never the browser's error page; and the same behind a proxy that answers
// 502 for it.
//
// Chromium says an incognito profile cannot install apps (Playwright's
// browser.newContext() is one: "in-incognito"), so this test uses a profile
// of its own in a temporary folder, and serves a copy of dist/ that it can
// rebuild.
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { test } from "./diagnose.mjs";
import { chromium } from "playwright-core";
import { COPIED, stampVersion } from "../build.mjs";
import { CHROMIUM_ARGS, clientDir, hardLimit, STEP_MS, startServer } from "./harness.mjs";

let server, context, page, build, profile;
const stopLimit = hardLimit(120_000);

before(async () => {
  build = await mkdtemp(join(tmpdir(), "whistd-build-"));
  await cp(join(clientDir, "dist"), build, { recursive: true });
  server = await startServer([], build);
  profile = await mkdtemp(join(tmpdir(), "whistd-profile-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 860 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
});

after(async () => {
  await context?.close().catch(() => {});
  await server?.stop();
  for (const dir of [build, profile]) if (dir) await rm(dir, { recursive: true, force: true });
  stopLimit();
});

const versionOf = async (dir) => (await readFile(join(dir, "sw.js"), "utf8")).match(/const VERSION = "([0-9a-f]{12})";/)?.[1];

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG signature");
  assert.equal(bytes.subarray(12, 16).toString("latin1"), "IHDR");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function get(path) {
  const r = await fetch(new URL(path, server.url + "/"));
  assert.equal(r.status, 200, path);
  return { type: r.headers.get("content-type"), cache: r.headers.get("cache-control"), body: Buffer.from(await r.arrayBuffer()) };
}

/** The cache names, and the addresses (path and query) the worker's cache holds. */
const cached = (p) =>
  p.evaluate(async () => {
    const names = await caches.keys();
    const keys = names.length === 1 ? await (await caches.open(names[0])).keys() : [];
    return { names, files: keys.map((r) => new URL(r.url).pathname + new URL(r.url).search).sort() };
  });

test("the manifest, linked from the page, and its icons", async () => {
  const css = await readFile(join(clientDir, "src", "app.css"), "utf8");
  const colour = (name) => css.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`, "i"))[1];
  const html = (await get("/")).body.toString();
  assert.match(html, /<link rel="manifest" href="manifest.webmanifest" \/>/);
  assert.match(html, /<link rel="apple-touch-icon" href="apple-touch-icon.png" \/>/);
  assert.match(html, new RegExp(`<meta name="theme-color" content="${colour("felt")}" />`));

  const file = await get("/manifest.webmanifest");
  assert.equal(file.type, "application/manifest+json");
  const m = JSON.parse(file.body.toString());
  assert.equal(m.name, "whistd — whist online");
  assert.equal(m.short_name, "whistd");
  assert.equal(m.start_url, "./");
  assert.equal(m.scope, "./");
  assert.equal(m.display, "standalone");
  assert.equal(m.theme_color, colour("felt"));
  assert.equal(m.background_color, colour("bg"));
  const icons = Object.fromEntries(m.icons.map((i) => [`${i.sizes} ${i.purpose ?? "any"} ${i.type}`, i.src]));
  assert.deepEqual(Object.keys(icons).sort(), ["192x192 any image/png", "512x512 any image/png", "512x512 maskable image/png", "any any image/svg+xml"]);
  for (const icon of [...m.icons, { src: "apple-touch-icon.png", sizes: "180x180", type: "image/png" }]) {
    const f = await get(icon.src);
    assert.equal(f.type, icon.type, icon.src);
    if (icon.type === "image/png") assert.equal(pngSize(f.body), icon.sizes, icon.src);
  }
  assert.equal((await get("/favicon.ico")).type, "image/x-icon");
  // The page, the worker and the offline page are asked for again at each visit.
  for (const path of ["/", "/index.html", "/sw.js", "/offline.html"]) assert.equal((await get(path)).cache, "no-cache", path);
});

test("the service worker registers and becomes active; Chromium finds the app installable", async () => {
  const version = await versionOf(build);
  assert.ok(version, "dist/sw.js carries its version");
  await page.goto(server.url + "/");
  await page.waitForSelector('body[data-screen="account"]');
  const worker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { script: reg.active?.scriptURL, state: reg.active?.state, scope: reg.scope };
  });
  assert.equal(worker.script, server.url + "/sw.js");
  assert.equal(worker.scope, server.url + "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");

  // Its cache: the build's version, the client's files and nothing else.
  const files = ["/index.html", `/app.js?v=${version}`, `/app.css?v=${version}`, ...COPIED.map((f) => `/${f}`)].sort();
  assert.deepEqual(await cached(page), { names: [`whistd-${version}`], files });

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  assert.deepEqual(installabilityErrors, [], "Chromium's reasons not to install the app");
  const manifest = await cdp.send("Page.getAppManifest");
  assert.equal(manifest.url, server.url + "/manifest.webmanifest");
  assert.deepEqual(manifest.errors, []);
  assert.equal(JSON.parse(manifest.data).short_name, "whistd");
  if (manifest.manifest) {
    // Chromium's reading of it (newer versions): the addresses resolved.
    assert.equal(manifest.manifest.startUrl, server.url + "/");
    assert.equal(manifest.manifest.scope, server.url + "/");
    assert.equal(manifest.manifest.icons.length, 4);
  }
  await cdp.detach();

  // Reloaded under the worker: the page and its files come through it
  // (the page from the network first), /healthz and /metrics do not.
  const through = new Map();
  const listen = (r) => through.set(new URL(r.url()).pathname, r.fromServiceWorker());
  page.on("response", listen);
  await page.reload();
  await page.waitForSelector('body[data-screen="account"]');
  await page.evaluate(() => Promise.all([fetch("healthz"), fetch("metrics")]));
  page.off("response", listen);
  const expected = { "/": true, "/app.js": true, "/app.css": true, "/healthz": false, "/metrics": false };
  for (const [path, byWorker] of Object.entries(expected)) assert.equal(through.get(path), byWorker, `${path} answered by the worker`);
  const metrics = await page.goto(server.url + "/metrics");
  assert.equal(metrics.fromServiceWorker(), false, "a navigation to /metrics goes to the server untouched");
});

test("a new build is a new version: new page and files at once, then the new worker and cache replace the old", async () => {
  const old = await versionOf(build);
  await page.goto(server.url + "/");
  await page.waitForSelector('body[data-screen="account"]');
  // The second build: app.js changed.
  await writeFile(join(build, "app.js"), (await readFile(join(build, "app.js"), "utf8")) + "\nwindow.whistBuild = 2;\n");
  const version = await stampVersion(build);
  assert.notEqual(version, old, "a changed app.js gives a new version");
  assert.equal(await versionOf(build), version);
  assert.match(await readFile(join(build, "index.html"), "utf8"), new RegExp(`app\\.js\\?v=${version}`));

  // The old worker still answers this reload, yet the new page's app.js is the new one.
  await page.reload();
  await page.waitForSelector('body[data-screen="account"]');
  assert.equal(await page.evaluate(() => window.whistBuild), 2, "the new page runs the new app.js");
  // Meanwhile the browser found sw.js changed: the new worker takes over and deletes the old cache.
  const end = Date.now() + 2 * STEP_MS;
  while ((await cached(page)).names.join() !== `whistd-${version}` && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual((await cached(page)).names, [`whistd-${version}`]);
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.state), "activated");
  await page.reload();
  await page.waitForSelector('body[data-screen="account"]');
  assert.equal(await page.evaluate(() => window.whistBuild), 2);
  assert.deepEqual(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), 1);
});

test("with the server stopped: the client from the cache, the offline page elsewhere, never the browser's error page", async () => {
  await page.goto(server.url + "/");
  await page.waitForSelector('body[data-screen="account"]');
  const url = server.url;
  await server.stop();
  server = null;

  const reload = await page.reload();
  assert.equal(reload.fromServiceWorker(), true);
  // The client itself (this build's app.js, from the cache), trying to connect.
  assert.equal(await page.evaluate(() => window.whistBuild), 2);
  await page.waitForSelector(".conn-state");
  assert.equal(await page.title(), "whistd — whist online");
  for (const path of ["/index.html", "/?from=home"]) {
    await page.goto(url + path);
    await page.waitForSelector(".conn-state");
  }

  // An address not in the cache: the offline page, which tries again.
  const other = await page.goto(url + "/somewhere/else");
  assert.equal(other.status(), 200);
  await page.waitForSelector('body[data-screen="offline"]');
  assert.equal(await page.title(), "whistd cannot be reached");
  assert.match(await page.textContent("main"), /You are offline, or the server is down/);
  await Promise.all([page.waitForEvent("load"), page.click("button:text('Try again')")]);
  await page.waitForSelector('body[data-screen="offline"]');
  assert.ok(page.url().startsWith(url), page.url());

  // A proxy in front of a stopped whistd answers 502: the same as no server.
  const proxy = createServer((req, res) => res.writeHead(502, { "Content-Type": "text/html" }).end("<h1>502 Bad Gateway</h1>"));
  await new Promise((ok) => proxy.listen(Number(new URL(url).port), "127.0.0.1", ok));
  try {
    const home = await page.goto(url + "/");
    assert.equal(home.status(), 200);
    await page.waitForSelector(".conn-state");
    await page.goto(url + "/somewhere/else");
    await page.waitForSelector('body[data-screen="offline"]');
    const health = await page.goto(url + "/healthz");
    assert.equal(health.status(), 502, "/healthz goes to the proxy untouched");
    assert.equal(health.fromServiceWorker(), false);
  } finally {
    proxy.closeAllConnections();
    await new Promise((ok) => proxy.close(ok));
  }

  // What the worker never answers, without a server: the browser's own error
  // (last: Chromium's error page reloads itself when the address answers again).
  await assert.rejects(page.goto(url + "/healthz"), /ERR_CONNECTION_REFUSED/);
});
