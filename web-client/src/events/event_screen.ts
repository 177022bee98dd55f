// An event's page (#event/<id>, a link to share): its name, movement,
// state and facts; the user's part (Enter with a partner's username, or
// alone asking for one; a drive alone; Withdraw); while it runs the round
// and its clock (live, or paused), the user's table with the way there,
// and this round's tables; the standings after each round; once finished
// the final standings, each pair's score card and every board's
// travellers, printable (a print
// stylesheet keeps the standings and travellers only); the entries, or the
// pairs and players; and, for its director, the director's panel. The view
// is read again at each event.update (pushed to entrants and the
// director) and every 15 seconds while the event is open or running.
import type { App, Screen } from "../app";
import { copyLinkButton, CopyNote } from "../core/copy";
import { fill, h } from "../core/dom";
import { errorText } from "../core/errors";
import { keepFocus } from "../core/keys";
import type { EventResults, EventView } from "../core/types_events";
import { eventHash } from "../links";
import { lang, t } from "../i18n";
import { DirectorPanel } from "./director";
import { eventError } from "./events";
import { driveNames, entriesPanel, factsPanel, myPlace, pairNames, roundTables, standingsPanel } from "./event_parts";
import { fetchResults, saveResults, withGames } from "./results";
import { roundLine } from "./event_list";
import { scoreCardSection } from "./scorecards";
import { travellersSection } from "./travellers";
import { gameBadge, kindBadge, stateBadge, tickClocks } from "./words";

const POLL_MS = 15_000;

export class EventScreen implements Screen {
  readonly el: HTMLElement;
  readonly id: number;
  view: EventView | null = null;
  /** event.results once the event is over (null: the server has none; undefined: not asked yet). */
  private results: EventResults | null | undefined = undefined;
  private error = "";
  private readonly head: HTMLElement;
  private readonly main: HTMLElement;
  private readonly side: HTMLElement;
  private readonly you: HTMLElement;
  private readonly director: DirectorPanel;
  private readonly partner = h("input", {
    name: "partner",
    autocomplete: "off",
    "aria-label": t("events.partnerLabel"),
    placeholder: t("events.partnerPlaceholder"),
  });
  private readonly youStatus = h("p", { class: "form-error", role: "alert", "data-role": "entry-error" });
  private readonly linkNote = new CopyNote("event-link");
  private readonly timers: number[];
  private key = "";
  private busy = false;
  /** The score card shown (its pair's or player's key; null: the user's own). */
  private card: string | null = null;

  constructor(private readonly app: App) {
    this.id = app.pages.eventId ?? 0;
    this.head = h("div", { class: "page-head event-head" });
    this.main = h("div", { class: "event-main" });
    this.side = h("div", { class: "event-side" });
    this.you = h("section", { class: "card-panel event-you", "data-role": "event-you" });
    this.director = new DirectorPanel((action, extra) => app.events.request("event.direct", { event: this.id, action, ...extra }));
    this.el = h("section", { class: "event-screen page-screen", "data-event": this.id }, this.head, h("div", { class: "event-layout" }, this.main, this.side));
    app.events.watch(this.id, (v) => {
      this.view = v;
      this.error = "";
      this.update();
    });
    this.timers = [
      window.setInterval(() => tickClocks(this.el), 1000),
      window.setInterval(() => {
        const s = this.view?.state;
        if (!s || s === "open" || s === "running") void this.load();
      }, POLL_MS),
    ];
    void this.load();
  }

  adopt(old: Screen): void {
    if (old instanceof EventScreen && old.id === this.id) this.view = old.view;
  }

  dispose(): void {
    for (const x of this.timers) window.clearInterval(x);
    this.app.events.watch(null);
  }

  private async load(): Promise<void> {
    try {
      await this.app.events.get(this.id); // the view comes through watch()
    } catch (e) {
      this.error = errorText(e);
      this.update();
    }
  }

  update(): void {
    const v = this.view;
    const me = this.app.user;
    const call = this.app.events.call;
    const key = JSON.stringify([lang(), v, this.error, me?.name, call, this.card]);
    if (key === this.key) return;
    this.key = key;
    this.el.dataset["state"] = v?.state ?? "";
    this.renderHead(v);
    if (!v) {
      fill(this.main, h("p", { class: "empty", "data-role": "event-missing" }, this.error || t("common.loading")));
      fill(this.side);
      return;
    }
    const id = me?.id ?? null;
    keepFocus(this.el, () => {
      this.renderYou(v);
      // Before the start the entries are what matters: beside one's own.
      const entries = entriesPanel(v, id);
      const open = v.state === "open";
      const card = scoreCardSection(v, id, this.card, (k) => {
        this.card = k;
        this.update();
      });
      fill(this.main, this.you, open ? entries : null, v.state === "running" ? this.roundPanel(v) : null, standingsPanel(v, me), card, this.travellers(v, id));
      this.director.update(v);
      fill(this.side, me?.name === v.director ? this.director.el : null, factsPanel(v), open ? null : entries);
    });
    tickClocks(this.el);
  }

  /** Every board's traveller once the event is over, each line's game from event.results where the view has none. */
  private travellers(v: EventView, me: number | null): HTMLElement | null {
    if (!v.travellers) return null;
    const drive = v.kind === "drive";
    // A server that does not give a drive's travellers gives none: nothing to show.
    if (drive && v.travellers.length === 0) return null;
    if (this.results === undefined) void this.loadResults();
    const names = drive ? driveNames(v, me) : pairNames(v, me);
    return travellersSection(withGames(v.travellers, this.results ?? null), names, { scoring: v.scoring, hasEw: true, points: !drive });
  }

  /** event.results, once (null: none to be had). */
  private async loadResults(): Promise<void> {
    this.results = null;
    this.results = await fetchResults(this.app, this.id);
    this.key = "";
    this.update();
  }

  /** Download the results: event.results as a JSON file. */
  private async download(): Promise<void> {
    const r = this.results ?? (await fetchResults(this.app, this.id));
    if (r) this.app.flash(t("events.downloaded", { file: saveResults(r) }));
    else this.app.flash(t("events.noResults"));
  }

  private renderHead(v: EventView | null): void {
    fill(
      this.head,
      h(
        "div",
        { class: "title" },
        h("h2", { "data-role": "event-name" }, v ? v.name : t("events.eventNumber", { n: this.id })),
        v
          ? h(
              "p",
              { class: "badges" },
              gameBadge(v),
              kindBadge(v.kind),
              stateBadge(v),
              v.paused && v.state === "running" ? h("span", { class: "badge paused" }, t("events.clockPaused")) : null,
            )
          : null,
      ),
      h(
        "div",
        { class: "head-actions" },
        copyLinkButton("copy-event-link", this.linkNote, () => eventHash(this.id)),
        v?.state === "finished" ? h("button", { type: "button", class: "small", id: "print-results", onclick: () => window.print() }, t("events.print")) : null,
        v?.state === "finished" && this.results
          ? h("button", { type: "button", class: "small", id: "download-results", onclick: () => void this.download() }, t("events.download"))
          : null,
        h("button", { type: "button", class: "leave", onclick: () => this.app.pages.closeEventPage() }, t("events.toEvents")),
        this.linkNote.el,
      ),
    );
  }

  /** The user's entry (or not) and what they may do about it; while it runs, their table. */
  private renderYou(v: EventView): void {
    const me = this.app.user;
    const entry = v.entries.find((e) => e.player.account === me?.id || e.partner?.account === me?.id);
    const partner = entry ? (entry.player.account === me?.id ? entry.partner : entry.player) : null;
    let what: (HTMLElement | string | null)[];
    if (v.state === "open" && entry) {
      what = [
        h(
          "p",
          { "data-role": "entered" },
          partner
            ? t("events.enteredWith", { name: partner.name })
            : v.kind === "drive"
              ? t("events.enteredAlone")
              : entry.single
                ? t("events.enteredSingle")
                : t("events.enteredWaiting"),
        ),
        h("button", { type: "button", id: "event-withdraw", onclick: () => void this.send("event.withdraw", {}) }, t("events.withdraw")),
        v.fee > 0 ? h("small", { class: "hint" }, t("events.withdrawRefund")) : null,
      ];
    } else if (v.state === "open") {
      what = this.enterForm(v);
    } else if (v.state === "running") {
      what = this.yourTable(v);
    } else {
      const place = v.state === "finished" ? myPlace(v, me) : null;
      what = [
        h("p", null, v.state === "cancelled" ? t("events.wasCancelled") : t("events.isOver")),
        place ? h("p", { "data-role": "your-place" }, h("b", null, t("events.yourPlace", { rank: place.rank, n: place.n }))) : null,
      ];
    }
    fill(this.you, h("h2", null, t("events.yourPart")), what, this.youStatus);
  }

  private enterForm(v: EventView): (HTMLElement | null)[] {
    const pairs = v.kind !== "drive";
    const enter = (e: Event): void => {
      e.preventDefault();
      const name = this.partner.value.trim();
      void this.send("event.enter", pairs && name ? { partner: name } : {});
    };
    return [
      h("p", { class: "hint" }, pairs ? t("events.enterPairsHelp") : t("events.enterDriveHelp")),
      h(
        "form",
        { class: "enter-form", id: "enter-form", onsubmit: enter },
        pairs ? h("label", { class: "field-label", for: "event-partner" }, t("events.partnerLabel")) : null,
        h("div", { class: "enter-row" }, pairs ? this.partner : null, h("button", { type: "submit", class: "primary", id: "event-enter" }, t("events.enter"))),
      ),
      v.fee > 0 ? h("small", { class: "hint" }, t("events.feeTaken", { n: v.fee })) : null,
      this.app.user?.guest && v.fee > 0 ? h("small", { class: "hint warn" }, t("events.guestFee")) : null,
    ];
  }

  /** The user's table this round (from the view's seats, or the event.table push), with the way there. */
  private yourTable(v: EventView): (HTMLElement | null)[] {
    const me = this.app.user?.id;
    const seat = v.tables.find((x) => x.seats.some((s) => s.account === me));
    const call = this.app.events.call?.event === v.event && this.app.events.call.round === v.round ? this.app.events.call : null;
    const tableId = seat?.table_id ?? call?.table_id ?? null;
    if (!seat && !call) {
      const playing = v.entries.some((e) => e.player.account === me || e.partner?.account === me);
      return [h("p", null, playing ? t("events.sittingOut") : t("events.notPlaying"))];
    }
    const over = seat ? seat.done.length >= seat.boards.length : false;
    const table = seat?.table ?? call?.table ?? 0;
    return [
      h("p", { "data-role": "your-table" }, over ? t("events.yourTableDone", { n: table }) : t("events.yourTable", { n: table, round: v.round })),
      !over && tableId
        ? h(
            "button",
            { type: "button", class: "primary big", id: "go-to-table", onclick: () => void this.app.events.goToTable(tableId) },
            t("events.goToTable"),
          )
        : null,
    ];
  }

  private roundPanel(v: EventView): HTMLElement {
    return h(
      "section",
      { class: "card-panel event-round", "data-role": "event-round" },
      h("h2", null, roundLine(v)),
      v.paused ? h("p", { class: "hint" }, t("events.pausedHelp")) : null,
      roundTables(v, this.app.user?.id ?? null),
    );
  }

  private async send(type: "event.enter" | "event.withdraw", d: object): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.youStatus.textContent = "";
    try {
      const refused = await this.app.events.request(type, { event: this.id, ...d });
      if (refused) this.youStatus.textContent = refused;
      else this.partner.value = "";
    } catch (e) {
      this.youStatus.textContent = eventError(e);
    } finally {
      this.busy = false;
    }
  }
}
