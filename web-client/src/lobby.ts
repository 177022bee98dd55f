// The lobby: the tables, live (lobby.table / lobby.removed), with their
// variant, key options, seats, watchers and state; a seat or watching in a
// click; and the form that makes a new table.
import { AccessFields } from "./access";
import type { App, Screen } from "./app";
import { h, fill } from "./dom";
import { KindChooser, kindBadge } from "./compete";
import { lobbyTags } from "./invites";
import { keepFocus } from "./keys";
import { quickPlayPanel } from "./quick";
import {
  CHAT_CHOICES,
  CLASSIC_PRESETS,
  DEFAULTS,
  OPTIONS,
  TIMER_CHOICES,
  VARIANT_BLURBS,
  VARIANT_NAMES,
  optionSummary,
  settingsSummary,
  type Choice,
} from "./rules";
import type { OptionValue, TableSummary, Variant } from "./types";

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
  const hay = [VARIANT_NAMES[t.variant], `#${t.table}`, `table ${t.table}`, t.creator, ...t.seats.map((s) => s.name ?? "")].join(" ").toLowerCase();
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
    const variant = select("filter-variant", [{ value: "", label: "All games" }, ...(Object.keys(VARIANT_NAMES) as Variant[]).map((v) => ({ value: v, label: VARIANT_NAMES[v] }))], f.variant);
    variant.setAttribute("aria-label", "game");
    variant.addEventListener("change", () => ((f.variant = variant.value as Filters["variant"]), changed()));
    const open = h("input", { type: "checkbox", name: "filter-open", checked: f.open });
    open.addEventListener("change", () => ((f.open = open.checked), changed()));
    const watching = h("input", { type: "checkbox", name: "filter-watching", checked: f.watching });
    watching.addEventListener("change", () => ((f.watching = watching.checked), changed()));
    const text = h("input", { type: "search", name: "filter-text", value: f.text, placeholder: "Search names", "aria-label": "search players or creator", autocomplete: "off" });
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
    keepFocus(this.list, () => fill(this.list, tables.map((t) => this.item(t))));
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
              s.name,
              s.user === me ? " (you)" : "",
              s.computer ? h("span", { class: "badge computer", title: "a computer player" }, "computer") : null,
              !s.connected && t.state === "playing" ? h("small", null, " · away") : null,
            )
          : canSit
            ? h("button", { type: "button", class: "sit", "data-sit": s.seat, "data-key": `sit-${t.table}-${s.seat}`, onclick: () => void this.app.sit(t.table, s.seat) }, "Sit here")
            : h("span", { class: "seat-who empty" }, "free"),
      ),
    );
    return h(
      "article",
      { class: `table-item state-${t.state}`, "data-table": t.table },
      h(
        "header",
        null,
        h("h3", null, VARIANT_NAMES[t.variant], h("small", { "data-role": "table-number" }, ` · Table ${t.table}`)),
        kindBadge(t),
        h("span", { class: `badge state-${t.state}` }, t.state === "open" && free > 0 ? `${STATE_LABELS.open} (${free} free)` : STATE_LABELS[t.state]),
      ),
      h("p", { class: "opts" }, optionSummary(t)),
      h("p", { class: "meta" }, `${settingsSummary(t)} · made by ${t.creator}`),
      lobbyTags(this.app, t),
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

/** The new-table form: variant, preset (classic), options, table settings. */
class CreateForm {
  readonly el: HTMLFormElement;
  private variant: Variant = "classic";
  private readonly variantBlurb: HTMLElement;
  private readonly variantRows: HTMLElement;
  private readonly optionRows: HTMLElement;
  private presetSelect: HTMLSelectElement | null = null;
  private playersSelect: HTMLSelectElement | null = null;
  private readonly optionInputs = new Map<string, HTMLSelectElement>();
  private readonly settings: {
    timer_bid: HTMLSelectElement;
    timer_play: HTMLSelectElement;
    chat: HTMLSelectElement;
    watching: HTMLInputElement;
    suggestions: HTMLInputElement;
  };
  private busy = false;
  /** "Time to bid": not for classic whist, which has no bidding. */
  private readonly bidTimerRow: HTMLElement;
  private readonly kind: KindChooser;
  /** Who may join, invitations and the start time (access.ts). */
  private readonly access: AccessFields;

  constructor(private readonly app: App) {
    this.access = new AccessFields(app);
    const variantSelect = select(
      "variant",
      (Object.keys(VARIANT_NAMES) as Variant[]).map((v) => ({ value: v, label: VARIANT_NAMES[v] })),
      this.variant,
    );
    variantSelect.addEventListener("change", () => {
      this.variant = variantSelect.value as Variant;
      this.buildOptions();
    });
    this.variantBlurb = h("small", { class: "hint" });
    this.variantRows = h("div");
    this.optionRows = h("div", { class: "option-rows" });
    this.settings = {
      timer_bid: select("timer_bid", TIMER_CHOICES, 0),
      timer_play: select("timer_play", TIMER_CHOICES, 0),
      chat: select("chat", CHAT_CHOICES, "text"),
      watching: h("input", { type: "checkbox", name: "watching", checked: true }),
      suggestions: h("input", { type: "checkbox", name: "suggestions" }),
    };
    this.bidTimerRow = row("Time to bid", this.settings.timer_bid, "Seconds for each bid (in bid whist also the discard and the trump choice); then the server acts for the player.");
    this.kind = new KindChooser(app, (compete) => {
      // Compete tables have no suggestions and no computer players.
      const hide = this.el?.querySelectorAll<HTMLElement>(".suggestions-row, .create-bots") ?? [];
      for (const el of hide) el.hidden = compete;
      if (compete) this.settings.suggestions.checked = false;
      this.access.setKind(compete ? "compete" : "join");
    });
    this.el = h(
      "form",
      { id: "create-form", class: "card-panel create-form", onsubmit: (e) => void this.submit(e) },
      h("h2", null, "New table"),
      row("Game", variantSelect, this.variantBlurb),
      this.variantRows,
      h("fieldset", null, h("legend", null, "Rules"), this.optionRows),
      h(
        "fieldset",
        null,
        h("legend", null, "Table"),
        this.kind.el,
        this.bidTimerRow,
        row("Time to play", this.settings.timer_play, "Seconds for each card; then the server plays a legal card."),
        row("Chat", this.settings.chat, "During the game: free text, preset phrases only, or none."),
        checkRow("Watchers", this.settings.watching, "Up to 10 people may watch; they never see a hand."),
        checkRow("Suggestions", this.settings.suggestions, "At their turn, players may ask the computer which bid or card it would choose; it is shown, never played for them.", "suggestions-row"),
      ),
      this.access.el,
      h("p", { class: "hint create-bots" }, "Short of players? At the table, “Add computer” puts a computer player in an empty seat."),
      h("button", { type: "submit", class: "primary big", id: "create-table" }, "Create the table and sit down"),
    );
    this.buildOptions();
  }

  /** Draws the parts that follow the user's balance, account and friends again. */
  update(): void {
    this.kind.update();
    this.access.sync();
  }

  private buildOptions(): void {
    const v = this.variant;
    this.variantBlurb.textContent = VARIANT_BLURBS[v];
    this.bidTimerRow.hidden = v === "classic";
    this.presetSelect = null;
    this.playersSelect = null;
    fill(this.variantRows);
    if (v === "classic") {
      const choices: Choice[] = [...CLASSIC_PRESETS.map((p) => ({ value: p.id, label: p.name })), { value: "", label: "Custom rules" }];
      const ps = select("preset", choices, "whist5");
      ps.addEventListener("change", () => this.applyPreset());
      this.presetSelect = ps;
      this.variantRows.append(row("Preset", ps, "Ready-made classic games; change any rule below for your own."));
    } else if (v === "exact") {
      const players = select(
        "players",
        [2, 3, 4, 5, 6].map((n) => ({ value: n, label: `${n} players` })),
        4,
      );
      this.playersSelect = players;
      this.variantRows.append(row("Players", players, "Two to six, each for themselves."));
    }
    this.optionInputs.clear();
    fill(
      this.optionRows,
      OPTIONS[v].map((spec) => {
        const choices: Choice[] = spec.optional ? [{ value: "", label: "Default" }, ...spec.choices] : spec.choices;
        const input = select(`opt-${spec.name}`, choices, DEFAULTS[v][spec.name] ?? "");
        input.addEventListener("change", () => {
          if (this.presetSelect) this.presetSelect.value = this.matchingPreset();
        });
        this.optionInputs.set(spec.name, input);
        return row(spec.label, input, spec.help);
      }),
    );
    this.applyPreset();
  }

  private applyPreset(): void {
    const preset = CLASSIC_PRESETS.find((p) => p.id === this.presetSelect?.value);
    if (!preset) return;
    for (const [name, value] of Object.entries(preset.options)) {
      const input = this.optionInputs.get(name);
      if (input) input.value = String(value);
    }
  }

  private options(): Record<string, OptionValue> {
    const out: Record<string, OptionValue> = {};
    for (const spec of OPTIONS[this.variant]) {
      const raw = this.optionInputs.get(spec.name)?.value ?? "";
      if (raw === "") continue;
      const sample = spec.choices[0]?.value;
      out[spec.name] = typeof sample === "number" ? Number(raw) : typeof sample === "boolean" ? raw === "true" : raw;
    }
    return out;
  }

  private matchingPreset(): string {
    const o = this.options();
    const p = CLASSIC_PRESETS.find((p) => Object.entries(p.options).every(([k, v]) => o[k] === v));
    return p ? p.id : "";
  }

  private async submit(e: Event): Promise<void> {
    e.preventDefault();
    if (this.busy) return;
    const d: Record<string, unknown> = {
      variant: this.variant,
      settings: {
        timer_bid: this.variant === "classic" ? 0 : Number(this.settings.timer_bid.value),
        timer_play: Number(this.settings.timer_play.value),
        chat: this.settings.chat.value,
        watching: this.settings.watching.checked,
        suggestions: this.settings.suggestions.checked,
        ...this.kind.settings(),
      },
    };
    const preset = this.presetSelect?.value;
    if (preset) d["preset"] = preset;
    else d["options"] = this.options();
    if (this.playersSelect) d["players"] = Number(this.playersSelect.value);
    const access = this.access.read((d["settings"] as Record<string, unknown>)["kind"]);
    if (!access) return;
    Object.assign(d["settings"] as object, access.settings);
    this.busy = true;
    try {
      if ((await this.app.createTable(d)) && access.invites.length) await this.app.social.inviteCreated(access.invites);
    } finally {
      this.busy = false;
    }
  }
}

function select(name: string, choices: Choice[], value: OptionValue): HTMLSelectElement {
  const el = h(
    "select",
    { name },
    choices.map((c) => h("option", { value: String(c.value) }, c.label)),
  );
  el.value = String(value);
  return el;
}

function row(label: string, input: HTMLElement, help: string | HTMLElement): HTMLElement {
  return h(
    "label",
    { class: "form-row" },
    h("span", { class: "field-label" }, label),
    input,
    typeof help === "string" ? h("small", { class: "hint" }, help) : help,
  );
}

function checkRow(label: string, input: HTMLInputElement, help: string, cls = ""): HTMLElement {
  return h(
    "label",
    { class: `form-row check ${cls}`.trim() },
    h("span", { class: "field-label" }, label),
    h("span", { class: "check-box" }, input, h("span", null, "Allowed")),
    h("small", { class: "hint" }, help),
  );
}
