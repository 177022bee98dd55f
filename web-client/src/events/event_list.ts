// The lobby's Events: today's daily duplicate (its card with Play or
// Continue), then the events open for entries, running, and past, each
// with its name (a link to its page), movement, state, start, entries,
// fee and the round's clock. Kept current by the events' pushes, and read
// again every half minute while shown (only an event's entrants hear of
// its changes).
import type { App } from "../app";
import { fill, h } from "../core/dom";
import { keepFocus } from "../core/keys";
import { playerLink } from "../core/players";
import { startLine } from "../core/schedule";
import type { DailyView, EventSummary } from "../core/types_events";
import { eventHash } from "../links";
import { lang, t } from "../i18n";
import { num } from "../i18n/format";
import { dailyDate, dailyWindow } from "./daily_words";
import { boardRules, entryCount, entryName, kindBadge, roundClock, stateBadge, tickClocks } from "./words";

const REFRESH_MS = 30_000;

/** "Free" or "Fee: 10 chips". */
export function feeText(fee: number): string {
  return fee > 0 ? t("events.feeChips", { n: fee, amount: num(fee) }) : t("events.free");
}

/** When an event starts: at its time (with a countdown), or when its director starts it. */
export function startOf(e: EventSummary): HTMLElement | string {
  if (e.state !== "open") return "";
  return e.start_at ? startLine(e.start_at) : t("events.startsByDirector");
}

/** The line of the round: "Round 2 of 3 · 12:34 left". */
export function roundLine(e: EventSummary): HTMLElement | null {
  if (e.state !== "running") return null;
  return h("span", { class: "round-line" }, t("events.roundOf", { n: e.round, rounds: e.rounds }), " · ", roundClock(e));
}

function eventItem(app: App, e: EventSummary): HTMLElement {
  const n = entryCount(e);
  return h(
    "article",
    { class: `event-item state-${e.state}`, "data-event": e.event },
    h(
      "header",
      null,
      h("h3", null, h("a", { href: eventHash(e.event), "data-open-event": e.event }, e.name)),
      h("span", { class: "badges" }, kindBadge(e.kind), stateBadge(e)),
    ),
    h(
      "p",
      { class: "meta" },
      tDirected(e.director),
      " · ",
      t("events.entries", { n }),
      " · ",
      feeText(e.fee),
      e.entry && e.entry !== "open" ? [" · ", entryName(e.entry)] : null,
    ),
    h(
      "p",
      { class: "meta" },
      boardRules(e, { game: true }),
      " · ",
      t("events.boardsRound", { n: e.boards_per_round, minutes: Math.round(e.round_seconds / 60) }),
    ),
    h(
      "footer",
      null,
      h("span", { class: "when" }, e.state === "open" ? startOf(e) : roundLine(e)),
      h("span", { class: "spacer" }),
      h(
        "button",
        { type: "button", "data-event-open": e.event, onclick: () => app.pages.openEvent(e.event) },
        e.state === "open" ? t("events.seeEnter") : t("events.see"),
      ),
    ),
  );
}

function tDirected(name: string): (HTMLElement | string)[] {
  return [t("events.directedBy"), " ", playerLink(name)];
}

/** The daily duplicate's card: what it is, its window, the user's progress, and Play, Continue or the results. */
export function dailyCard(app: App, d: DailyView | null, error: string): HTMLElement {
  if (!d) {
    return h(
      "section",
      { class: "card-panel daily-card", "data-role": "daily-card" },
      h("h2", null, t("daily.title")),
      h("p", { class: "hint" }, error || t("daily.noneOpen")),
    );
  }
  const played = d.played.length;
  const done = d.entered && d.next_board === 0;
  const label = !d.entered ? t("daily.play") : done ? t("daily.seeResults") : t("daily.continue", { n: d.next_board });
  const act = (): void => (done || !d.open ? app.pages.openDaily() : void app.events.playDaily());
  return h(
    "section",
    { class: "card-panel daily-card", "data-role": "daily-card" },
    h("h2", null, h("a", { href: "#daily" }, t("daily.title")), h("small", null, " · ", dailyDate(d))),
    h("p", { class: "hint" }, t("daily.blurb", { n: d.boards })),
    h("p", { class: "meta" }, dailyWindow(d), " · ", t("daily.entrants", { n: d.entrants })),
    d.entered ? h("p", { class: "meta", "data-role": "daily-progress" }, t("daily.progress", { n: played, boards: d.boards })) : null,
    h(
      "div",
      { class: "daily-actions" },
      d.open || done
        ? h("button", { type: "button", class: "primary big", id: "daily-play", onclick: act }, label)
        : h("span", { class: "hint" }, t("daily.closed")),
      h("button", { type: "button", class: "link", id: "daily-details", onclick: () => app.pages.openDaily() }, t("daily.details")),
    ),
  );
}

export class EventsPanel {
  readonly el: HTMLElement;
  private readonly daily: HTMLElement;
  private readonly lists: HTMLElement;
  private readonly timer: number;
  private readonly clock: number;

  constructor(private readonly app: App) {
    this.daily = h("div", { class: "daily-slot" });
    this.lists = h("div", { class: "event-lists", "aria-live": "polite" });
    this.el = h("div", { class: "events-panel", "data-role": "events-panel" }, this.daily, this.lists);
    void app.events.refresh();
    this.timer = window.setInterval(() => void app.events.refresh(), REFRESH_MS);
    this.clock = window.setInterval(() => tickClocks(this.el), 1000);
  }

  dispose(): void {
    window.clearInterval(this.timer);
    window.clearInterval(this.clock);
  }

  /** The lists drawn last (drawn again only when they change: a redraw would take a click in the middle). */
  private key = "";

  update(): void {
    const ev = this.app.events;
    const key = JSON.stringify([lang(), ev.daily, ev.dailyError, ev.list, ev.past, ev.loaded, ev.listError, this.app.user?.name]);
    if (key === this.key) return;
    this.key = key;
    keepFocus(this.daily, () => fill(this.daily, dailyCard(this.app, ev.daily, ev.dailyError)));
    const open = ev.list.filter((e) => e.state === "open").sort((a, b) => (a.start_at ?? Infinity) - (b.start_at ?? Infinity) || a.event - b.event);
    const running = ev.list.filter((e) => e.state === "running").sort((a, b) => a.event - b.event);
    const section = (key: "events.openList" | "events.runningList" | "events.pastList", list: EventSummary[], role: string, empty: string): HTMLElement =>
      h(
        "section",
        { class: "event-section", "data-role": role },
        h("h2", null, t(key), h("small", { class: "count" }, ` ${list.length}`)),
        list.length
          ? h(
              "div",
              { class: "event-list" },
              list.map((e) => eventItem(this.app, e)),
            )
          : h("p", { class: "empty" }, empty),
      );
    keepFocus(this.lists, () =>
      fill(
        this.lists,
        ev.listError ? h("p", { class: "form-error" }, ev.listError) : null,
        !ev.loaded && !ev.listError ? h("p", { class: "empty" }, t("common.loading")) : null,
        ev.loaded
          ? [
              section("events.openList", open, "events-open", t("events.noneOpen")),
              section("events.runningList", running, "events-running", t("events.noneRunning")),
              section("events.pastList", ev.past, "events-past", t("events.nonePast")),
            ]
          : null,
      ),
    );
  }
}
