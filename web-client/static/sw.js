// whistd's service worker: keeps the client's own files (FILES, below) in a
// cache named after the build, so that the browser can install the client
// as an app and a reload without the network still shows it. It answers
// for nothing else: the WebSocket (/ws), /healthz, /metrics and every
// address not in FILES go to the network untouched (game data only ever
// comes over the WebSocket).
//
// build.mjs stamps VERSION (a hash of the client's files) into dist/sw.js,
// and the same version into dist/index.html's addresses of app.js and
// app.css (app.js?v=VERSION). A new build is thus a new worker: the browser
// fetches sw.js afresh at each visit (whistd serves it with no-cache), sees
// it changed, installs it, and the new worker takes over at once
// (skipWaiting, clients.claim) and deletes the old versions' caches.
// Meanwhile a page of the new index.html asks for the new app.js?v=..., which
// the old worker does not hold and leaves to the network: a page never
// mixes two builds.
const VERSION = "dev";
const CACHE = `whistd-${VERSION}`;
const PREFIX = "whistd-";

// Relative to this worker's address, the folder of the client.
const FILES = [
  "index.html",
  `app.js?v=${VERSION}`,
  `app.css?v=${VERSION}`,
  "offline.html",
  "manifest.webmanifest",
  "favicon.svg",
  "favicon.ico",
  "icon-192.png",
  "icon-512.png",
  "icon-maskable-512.png",
  "apple-touch-icon.png",
];
const base = new URL("./", self.location.href);
const cached = new Set(FILES.map((f) => new URL(f, base).href));
// The addresses of the client's page: a navigation to one of them, without the network, gets the cached index.html.
const pages = new Set([base.href, new URL("index.html", base).href]);
// Never answered, not even for a navigation.
const server = new Set(["ws", "healthz", "metrics"].map((f) => new URL(f, base).href));

// Shown when the network fails and even offline.html is missing from the cache (the browser's storage was cleared).
const LAST_RESORT =
  '<!doctype html><meta charset="utf-8"><title>whistd cannot be reached</title>' +
  "<p>whistd cannot be reached: you are offline or the server is down.</p>" +
  '<p><button onclick="location.reload()">Try again</button></p>';

self.addEventListener("install", (event) => {
  // Every file from the server itself, not from the HTTP cache; one missing fails the install (the old worker stays).
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(new URL(f, base), { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") {
    if (!url.href.startsWith(base.href) || server.has(url.origin + url.pathname)) return;
    event.respondWith(navigate(request, url));
  } else if (cached.has(url.href)) {
    event.respondWith(fromCache(request));
  }
});

// What a proxy in front answers when whistd behind it is down: as good as no network.
const UNREACHABLE = new Set([502, 503, 504]);

/** A page: from the network; without it, the cached index.html for the client's page, offline.html for any other. */
async function navigate(request, url) {
  try {
    const response = await fetch(request);
    if (!UNREACHABLE.has(response.status)) return response;
  } catch {
    // No network, or no server.
  }
  const cache = await caches.open(CACHE);
  const page = pages.has(url.origin + url.pathname) ? await cache.match(new URL("index.html", base)) : undefined;
  return (
    page ??
    (await cache.match(new URL("offline.html", base))) ??
    new Response(LAST_RESORT, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } })
  );
}

/** One of the client's files: from this version's cache, else from the network. */
async function fromCache(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request)) ?? fetch(request);
}
