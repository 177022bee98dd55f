// The lobby: the tables, live (lobby.table / lobby.removed), with their
// variant, key options, seats, watchers and state; a seat or watching in a
// click; and the form that makes a new table. Its second tab, Events, has
// the daily duplicate, the events and the form that makes a new event
// (events/); the tab chosen is kept for the tab (sessionStorage).
import type { App, Screen } from "../app";
import { h, fill } from "../core/dom";
import { kindBadge } from "./compete";
import { lobbyTags } from "../social/invites";
import { keepFocus } from "../core/keys";
import { computerBadge, playerName, ratingTag } from "../core/players";
import { quickPlayPanel } from "./quick";
import { optionSummary, settingsSummary, variantIds, variantName } from "../core/rules";
import { CreateForm, select } from "./create_form";
import type { TableSummary, Variant } from "../core/types";
import { t, type Key } from "../i18n";
import { CreateEventForm } from "../events/create_event";
import { EventsPanel } from "../events/event_list";

const STATE_LABELS: Record<TableSummary["state"], Key> = {
  open: "lobby.stateOpen",
  playing: "lobby.statePlaying",
  finished: "lobby.stateFinished",
};

/** The lobby's filters; kept for the tab (sessionStorage) across live updates and screens. */
interface Filters {
  variant: "" | Variant;
  open: boolean;
  watching: boolean;
  text: string;
}

const FILTERS_KEY = "whist.lobbyFilters";
const TAB_KEY = "whist.lobbyTab";

type Tab = "tables" | "events";

function savedTab(): Tab {
  return sessionStorage.getItem(TAB_KEY) === "events" ? "events" : "tables";
}

function loadFilters(): Filters {
  const none: Filters = { variant: "", open: false, watching: false, text: "" };
  try {
    return { ...none, ...(JSON.parse(sessionStorage.getItem(FILTERS_KEY) ?? "{}") as Partial<Filters>) };
  } catch {
    return none;
  }
}

/** Whether a table passes the filters: the text matches the game, the creator or a player. */
export function matches(table: TableSummary, f: Filters): boolean {
  if (f.variant && table.variant !== f.variant) return false;
  if (f.open && !(table.state !== "playing" && table.seats.some((s) => !s.user))) return false;
  if (f.watching && !table.settings.watching) return false;
  const text = f.text.trim().toLowerCase();
  if (!text) return true;
  const hay = [
    variantName(table.variant),
    `#${table.table}`,
    t("lobby.tableNumber", { n: table.table }),
    table.creator,
    ...table.seats.map((s) => s.name ?? ""),
  ]
    .join(" ")
    .toLowerCase();
  return text.split(/\s+/).every((word) => hay.includes(word));
}

export class LobbyScreen implements Screen {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private readonly count: HTMLElement;
  private readonly form: CreateForm;
  private readonly filters = loadFilters();
  private tab: Tab = savedTab();
  private readonly tabs: HTMLElement;
  private readonly tablesPart: HTMLElement;
  private events: { panel: EventsPanel; form: CreateEventForm; el: HTMLElement } | null = null;

  constructor(private readonly app: App) {
    this.list = h("div", { class: "table-list", "aria-live": "polite" });
    this.count = h("small", { class: "filter-count", "aria-live": "polite" });
    this.form = new CreateForm(app);
    this.tabs = h("div", { class: "lobby-tabs", role: "tablist", "aria-label": t("lobby.tabsLabel") });
    this.tablesPart = h(
      "div",
      { class: "lobby-part", id: "lobby-tables", role: "tabpanel" },
      h("div", { class: "lobby-tables" }, h("div", { class: "lobby-head" }, h("h2", null, t("lobby.tables")), this.count), this.filterBar(), this.list),
      this.form.el,
    );
    this.el = h("section", { class: "lobby-screen" }, quickPlayPanel(app), this.tabs, this.tablesPart);
    this.showTab(this.tab);
  }

  dispose(): void {
    this.events?.panel.dispose();
  }

  /** The tab's buttons: Tables, and Events with the count of events open or running. */
  private drawTabs(): void {
    const n = this.app.events.list.length;
    const tab = (id: Tab, label: string, count: number | null): HTMLElement =>
      h(
        "button",
        {
          type: "button",
          role: "tab",
          class: `lobby-tab${this.tab === id ? " here" : ""}`,
          id: `tab-${id}`,
          "aria-selected": this.tab === id ? "true" : "false",
          "aria-controls": `lobby-${id}`,
          onclick: () => this.showTab(id),
        },
        label,
        count ? h("span", { class: "nav-count" }, String(count)) : null,
      );
    const key = `${this.tab}/${n}`;
    if (this.tabs.dataset["key"] === key) return;
    this.tabs.dataset["key"] = key;
    const focused = this.tabs.contains(document.activeElement) ? document.activeElement?.id : null;
    fill(this.tabs, tab("tables", t("lobby.tabTables"), null), tab("events", t("lobby.tabEvents"), n));
    if (focused) document.getElementById(focused)?.focus();
  }

  /** Shows the tables or the events (made the first time they are shown). */
  private showTab(tab: Tab): void {
    this.tab = tab;
    sessionStorage.setItem(TAB_KEY, tab);
    if (tab === "events" && !this.events) {
      const panel = new EventsPanel(this.app);
      const form = new CreateEventForm(this.app);
      const el = h("div", { class: "lobby-part", id: "lobby-events", role: "tabpanel" }, panel.el, form.el);
      this.el.append(el);
      this.events = { panel, form, el };
    }
    this.tablesPart.hidden = tab !== "tables";
    if (this.events) this.events.el.hidden = tab !== "events";
    this.update();
  }

  private filterBar(): HTMLElement {
    const f = this.filters;
    const changed = (): void => {
      sessionStorage.setItem(FILTERS_KEY, JSON.stringify(f));
      this.update();
    };
    const variant = select(
      "filter-variant",
      [{ value: "", label: t("lobby.allGames") }, ...variantIds().map((v) => ({ value: v, label: variantName(v) }))],
      f.variant,
    );
    variant.setAttribute("aria-label", t("lobby.gameFilter"));
    variant.addEventListener("change", () => ((f.variant = variant.value as Filters["variant"]), changed()));
    const open = h("input", { type: "checkbox", name: "filter-open", checked: f.open });
    open.addEventListener("change", () => ((f.open = open.checked), changed()));
    const watching = h("input", { type: "checkbox", name: "filter-watching", checked: f.watching });
    watching.addEventListener("change", () => ((f.watching = watching.checked), changed()));
    const text = h("input", {
      type: "search",
      name: "filter-text",
      value: f.text,
      placeholder: t("lobby.search"),
      "aria-label": t("lobby.searchLabel"),
      autocomplete: "off",
    });
    text.addEventListener("input", () => ((f.text = text.value), changed()));
    return h(
      "div",
      { class: "filters", role: "search" },
      variant,
      text,
      h("label", { class: "filter-check" }, open, " ", t("lobby.freeSeats")),
      h("label", { class: "filter-check" }, watching, " ", t("lobby.watchingAllowed")),
    );
  }

  update(): void {
    this.drawTabs();
    if (this.events && this.tab === "events") {
      this.events.panel.update();
      this.events.form.update();
    }
    this.form.update();
    const all = [...this.app.lobby.values()];
    const tables = all
      .filter((x) => matches(x, this.filters))
      .sort((a, b) => {
        const order = { open: 0, playing: 1, finished: 2 };
        return order[a.state] - order[b.state] || b.table - a.table;
      });
    this.count.textContent = all.length && tables.length !== all.length ? t("lobby.shown", { shown: tables.length, n: all.length }) : "";
    if (all.length === 0) {
      // Tables for friends or by invitation are not listed to the others: there may be some all the same.
      fill(this.list, h("p", { class: "empty", "data-role": "no-tables" }, t("lobby.noTables"), " ", t("lobby.noTablesHint")));
      return;
    }
    if (tables.length === 0) {
      fill(this.list, h("p", { class: "empty" }, t("lobby.noMatch", { n: all.length })));
      return;
    }
    // The lobby is drawn again on every change: keep the keyboard on the same button.
    keepFocus(this.list, () =>
      fill(
        this.list,
        tables.map((x) => this.item(x)),
      ),
    );
  }

  private item(table: TableSummary): HTMLElement {
    const me = this.app.user?.id;
    const mine = table.seats.some((s) => s.user === me);
    const free = table.seats.filter((s) => !s.user).length;
    const canSit = !mine && table.state !== "playing";
    const seats = table.seats.map((s) =>
      h(
        "li",
        { class: `seat-chip ${s.user ? "taken" : "free"}`, "data-seat": s.seat },
        h("span", { class: "seat-no" }, `${s.seat + 1}`),
        s.user
          ? h(
              "span",
              { class: "seat-who" },
              playerName(s.name ?? "", s.computer === true),
              ratingTag(s),
              s.user === me ? t("common.you") : "",
              s.computer ? computerBadge(s.strength) : null,
              !s.connected && table.state === "playing" ? h("small", null, t("lobby.away")) : null,
            )
          : canSit
            ? h(
                "button",
                {
                  type: "button",
                  class: "sit",
                  "data-sit": s.seat,
                  "data-key": `sit-${table.table}-${s.seat}`,
                  onclick: () => void this.app.sit(table.table, s.seat),
                },
                t("lobby.sitHere"),
              )
            : h("span", { class: "seat-who empty" }, t("lobby.free")),
      ),
    );
    return h(
      "article",
      { class: `table-item state-${table.state}`, "data-table": table.table },
      h(
        "header",
        null,
        h("h3", null, variantName(table.variant), h("small", { "data-role": "table-number" }, " · ", t("lobby.tableNumber", { n: table.table }))),
        kindBadge(table),
        h(
          "span",
          { class: `badge state-${table.state}` },
          table.state === "open" && free > 0 ? t("lobby.stateOpenFree", { n: free }) : t(STATE_LABELS[table.state]),
        ),
      ),
      h("p", { class: "opts" }, optionSummary(table)),
      h("p", { class: "meta" }, t("lobby.madeBy", { settings: settingsSummary(table), name: table.creator })),
      lobbyTags(this.app.social, table),
      table.variant !== "exact" ? h("p", { class: "meta" }, t("lobby.sides")) : null,
      h("ul", { class: "seats" }, seats),
      h(
        "footer",
        null,
        h("span", { class: "watchers" }, t("lobby.watching", { n: table.watchers })),
        table.scores && table.state !== "open" ? h("span", { class: "scores" }, t("lobby.score", { score: table.scores.join("–") })) : null,
        h("span", { class: "spacer" }),
        table.state === "finished" && table.game !== null && !mine
          ? h("button", { type: "button", "data-replay": table.game, onclick: () => this.app.openReplay(table.game ?? 0) }, t("common.replay"))
          : null,
        mine
          ? h(
              "button",
              { type: "button", class: "primary", "data-return": table.table, onclick: () => void this.app.returnTo(table.table) },
              t("lobby.backToSeat"),
            )
          : table.settings.watching
            ? h("button", { type: "button", "data-watch": table.table, onclick: () => void this.app.watch(table.table) }, t("common.watch"))
            : h("small", null, t("lobby.noWatching")),
      ),
    );
  }
}
