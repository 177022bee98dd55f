// The lobby: the tables, live (lobby.table / lobby.removed), with their
// variant, key options, seats, watchers and state; a seat or watching in a
// click; and the form that makes a new table.
import type { App, Screen } from "../app";
import { h, fill } from "../core/dom";
import { kindBadge } from "./compete";
import { lobbyTags } from "../social/invites";
import { keepFocus } from "../core/keys";
import { playerName, ratingTag } from "../core/players";
import { quickPlayPanel } from "./quick";
import { optionSummary, settingsSummary, variantIds, variantName } from "../core/rules";
import { CreateForm, select } from "./create_form";
import type { TableSummary, Variant } from "../core/types";

const STATE_LABELS: Record<TableSummary["state"], string> = {
  open: "Waiting for players",
  playing: "Playing",
  finished: "Game over",
};

/** The lobby's filters; kept for the tab (sessionStorage) across live updates and screens. */
interface Filters {
  variant: "" | Variant;
  open: boolean;
  watching: boolean;
  text: string;
}

const FILTERS_KEY = "whist.lobbyFilters";

function loadFilters(): Filters {
  const none: Filters = { variant: "", open: false, watching: false, text: "" };
  try {
    return { ...none, ...(JSON.parse(sessionStorage.getItem(FILTERS_KEY) ?? "{}") as Partial<Filters>) };
  } catch {
    return none;
  }
}

/** Whether a table passes the filters: the text matches the game, the creator or a player. */
export function matches(t: TableSummary, f: Filters): boolean {
  if (f.variant && t.variant !== f.variant) return false;
  if (f.open && !(t.state !== "playing" && t.seats.some((s) => !s.user))) return false;
  if (f.watching && !t.settings.watching) return false;
  const text = f.text.trim().toLowerCase();
  if (!text) return true;
  const hay = [variantName(t.variant), `#${t.table}`, `table ${t.table}`, t.creator, ...t.seats.map((s) => s.name ?? "")].join(" ").toLowerCase();
  return text.split(/\s+/).every((word) => hay.includes(word));
}

export class LobbyScreen implements Screen {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private readonly count: HTMLElement;
  private readonly form: CreateForm;
  private readonly filters = loadFilters();

  constructor(private readonly app: App) {
    this.list = h("div", { class: "table-list", "aria-live": "polite" });
    this.count = h("small", { class: "filter-count", "aria-live": "polite" });
    this.form = new CreateForm(app);
    this.el = h(
      "section",
      { class: "lobby-screen" },
      quickPlayPanel(app),
      h("div", { class: "lobby-tables" }, h("div", { class: "lobby-head" }, h("h2", null, "Tables"), this.count), this.filterBar(), this.list),
      this.form.el,
    );
  }

  private filterBar(): HTMLElement {
    const f = this.filters;
    const changed = (): void => {
      sessionStorage.setItem(FILTERS_KEY, JSON.stringify(f));
      this.update();
    };
    const variant = select("filter-variant", [{ value: "", label: "All games" }, ...variantIds().map((v) => ({ value: v, label: variantName(v) }))], f.variant);
    variant.setAttribute("aria-label", "game");
    variant.addEventListener("change", () => ((f.variant = variant.value as Filters["variant"]), changed()));
    const open = h("input", { type: "checkbox", name: "filter-open", checked: f.open });
    open.addEventListener("change", () => ((f.open = open.checked), changed()));
    const watching = h("input", { type: "checkbox", name: "filter-watching", checked: f.watching });
    watching.addEventListener("change", () => ((f.watching = watching.checked), changed()));
    const text = h("input", {
      type: "search",
      name: "filter-text",
      value: f.text,
      placeholder: "Search names",
      "aria-label": "search players or creator",
      autocomplete: "off",
    });
    text.addEventListener("input", () => ((f.text = text.value), changed()));
    return h(
      "div",
      { class: "filters", role: "search" },
      variant,
      text,
      h("label", { class: "filter-check" }, open, " Free seats"),
      h("label", { class: "filter-check" }, watching, " Watching allowed"),
    );
  }

  update(): void {
    this.form.update();
    const all = [...this.app.lobby.values()];
    const tables = all
      .filter((t) => matches(t, this.filters))
      .sort((a, b) => {
        const order = { open: 0, playing: 1, finished: 2 };
        return order[a.state] - order[b.state] || b.table - a.table;
      });
    this.count.textContent = all.length && tables.length !== all.length ? `${tables.length} of ${all.length} shown` : "";
    if (all.length === 0) {
      // Tables for friends or by invitation are not listed to the others: there may be some all the same.
      fill(
        this.list,
        h(
          "p",
          { class: "empty", "data-role": "no-tables" },
          "No table is open to you right now: tables for friends or by invitation show only to those they are for. ",
          "Play now above, or make a table with the form below (open to everyone, it shows here to all).",
        ),
      );
      return;
    }
    if (tables.length === 0) {
      fill(this.list, h("p", { class: "empty" }, `No table matches the filters (${all.length} hidden).`));
      return;
    }
    // The lobby is drawn again on every change: keep the keyboard on the same button.
    keepFocus(this.list, () =>
      fill(
        this.list,
        tables.map((t) => this.item(t)),
      ),
    );
  }

  private item(t: TableSummary): HTMLElement {
    const me = this.app.user?.id;
    const mine = t.seats.some((s) => s.user === me);
    const free = t.seats.filter((s) => !s.user).length;
    const canSit = !mine && t.state !== "playing";
    const seats = t.seats.map((s) =>
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
              s.user === me ? " (you)" : "",
              s.computer ? h("span", { class: "badge computer", title: "a computer player" }, "computer") : null,
              !s.connected && t.state === "playing" ? h("small", null, " · away") : null,
            )
          : canSit
            ? h(
                "button",
                {
                  type: "button",
                  class: "sit",
                  "data-sit": s.seat,
                  "data-key": `sit-${t.table}-${s.seat}`,
                  onclick: () => void this.app.sit(t.table, s.seat),
                },
                "Sit here",
              )
            : h("span", { class: "seat-who empty" }, "free"),
      ),
    );
    return h(
      "article",
      { class: `table-item state-${t.state}`, "data-table": t.table },
      h(
        "header",
        null,
        h("h3", null, variantName(t.variant), h("small", { "data-role": "table-number" }, ` · Table ${t.table}`)),
        kindBadge(t),
        h("span", { class: `badge state-${t.state}` }, t.state === "open" && free > 0 ? `${STATE_LABELS.open} (${free} free)` : STATE_LABELS[t.state]),
      ),
      h("p", { class: "opts" }, optionSummary(t)),
      h("p", { class: "meta" }, `${settingsSummary(t)} · made by ${t.creator}`),
      lobbyTags(this.app.social, t),
      t.variant !== "exact" ? h("p", { class: "meta" }, "Seats 1 & 3 play against 2 & 4.") : null,
      h("ul", { class: "seats" }, seats),
      h(
        "footer",
        null,
        h("span", { class: "watchers" }, t.watchers === 1 ? "1 watching" : `${t.watchers} watching`),
        t.scores && t.state !== "open" ? h("span", { class: "scores" }, `score ${t.scores.join("–")}`) : null,
        h("span", { class: "spacer" }),
        t.state === "finished" && t.game !== null && !mine
          ? h("button", { type: "button", "data-replay": t.game, onclick: () => this.app.openReplay(t.game ?? 0) }, "Replay")
          : null,
        mine
          ? h("button", { type: "button", class: "primary", "data-return": t.table, onclick: () => void this.app.returnTo(t.table) }, "Back to your seat")
          : t.settings.watching
            ? h("button", { type: "button", "data-watch": t.table, onclick: () => void this.app.watch(t.table) }, "Watch")
            : h("small", null, "no watching"),
      ),
    );
  }
}
