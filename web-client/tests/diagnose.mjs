// What a failed browser test leaves behind: for each page still open, its
// screen, its table's state as the client holds it, and the last frames
// of its WebSocket, added to the error's message. A failure that comes
// once in many runs (a CI's) then says more than "Timeout exceeded".
//
// The test files take `test` from here instead of node:test; the
// browsers are watched from harness.mjs's launchBrowser().
import { test as nodeTest } from "node:test";

const FRAMES = 16; // kept per page
const FRAME_CHARS = 400; // of each frame
const open = new Set();

function watchPage(page) {
  const frames = [];
  const keep = (dir, payload) => {
    const text = typeof payload === "string" ? payload : `(${payload.length} bytes)`;
    frames.push(`${new Date().toISOString().slice(11, 23)} ${dir} ${text.slice(0, FRAME_CHARS)}`);
    if (frames.length > FRAMES) frames.shift();
  };
  page.on("websocket", (ws) => {
    ws.on("framesent", (f) => keep(">", f.payload));
    ws.on("framereceived", (f) => keep("<", f.payload));
    ws.on("close", () => keep("-", "closed"));
  });
  page.on("close", () => open.delete(page));
  page.diagnose = { frames };
  open.add(page);
}

function watchContext(context) {
  context.on("page", watchPage);
  return context;
}

/** Watches the pages of `browser`'s contexts, those made from now on. */
export function watchBrowser(browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watchContext(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    if (!open.has(page)) watchPage(page);
    return page;
  };
  return browser;
}

/** The state of each page still open, as text. */
async function describePages() {
  const parts = [];
  for (const page of open) {
    const state = await Promise.race([
      page
        .evaluate(() => {
          const st = window.whist?.app?.table;
          const v = st?.view;
          return {
            screen: document.body.dataset.screen,
            hash: location.hash,
            table: st
              ? {
                  id: st.id,
                  v: st.v,
                  actedV: st.actedV,
                  seat: st.seat,
                  state: st.summary?.state,
                  phase: v?.phase,
                  to_act: v?.to_act,
                  legal: v?.legal?.length,
                  claim: !!st.claim,
                  undo: !!st.undo,
                }
              : null,
            animations: document.getAnimations().length,
          };
        })
        .catch((e) => `(not readable: ${e.message.split("\n")[0]})`),
      new Promise((ok) => setTimeout(() => ok("(no answer in 2 s)"), 2000)),
    ]);
    parts.push(`page ${page.name ?? page.url()}: ${JSON.stringify(state)}`);
    for (const f of page.diagnose?.frames ?? []) parts.push(`  ${f}`);
  }
  return parts.join("\n");
}

/** node:test's test(), with the pages' state added to a failure's message. */
export function test(name, options, fn) {
  if (typeof options === "function") [options, fn] = [{}, options];
  return nodeTest(name, options, async (t) => {
    try {
      await fn(t);
    } catch (e) {
      const pages = await describePages().catch((d) => `(pages not described: ${d})`);
      if (pages && e && typeof e === "object") {
        try {
          e.message = `${e.message}\n--- the pages at the failure:\n${pages}`;
        } catch {
          // (a frozen error keeps its message)
        }
      }
      throw e;
    }
  });
}
