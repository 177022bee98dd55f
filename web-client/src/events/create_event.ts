// The new-event form (registered players only; a guest is told why not):
// the name, the movement (Mitchell, Howell, a whist drive), the boards'
// game (classic whist or bid whist, named by the server's rules) and its
// options (classic: the trump rule and honours; bid whist: every option
// but the score to play to, a board being scored alone; the server's
// rules name, word and default them), the scoring (pairs events), rounds,
// boards per round and the round's minutes, the start (when the director
// starts it, or at a local date and time within 7 days), the entry fee,
// and who may enter (everyone, the director's friends, or the players
// invited, listed by username). The server's refusal is shown in the
// form, with its reason (bad_event says what is wrong).
import type { App } from "../app";
import { fill, h } from "../core/dom";
import { defaultOptions, optionChoices, optionText, variantName } from "../core/rules";
import type { OptionValue, Variant } from "../core/types";
import type { EventEntry, EventKind } from "../core/types_events";
import { fullDateTime } from "../i18n/format";
import { t, type Key } from "../i18n";
import { row, select } from "../lobby/create_form";
import { splitNames } from "../social/invites";
import { boardVariants, ENTRY_IDS, eventOptionSpecs, kindHelp, kindName, KIND_IDS } from "./words";

/** The protocol's limits (docs/protocol.md, event.create), for the browser's own checks. */
const LIMITS = { rounds: [0, 300], boards: [1, 16], minutes: [5, 120], fee: [0, 10000] } as const;
const WEEK_S = 7 * 86400;

/** What each game's boards are, in the form. */
const GAME_HELP: Partial<Record<Variant, Key>> = { classic: "events.gameClassicHelp", bid: "events.gameBidHelp" };

/** Who may enter, as the form offers it, and what each means. */
const ENTRY_CHOICES: Record<EventEntry, { name: Key; about: Key }> = {
  open: { name: "events.entryOpen", about: "events.entryOpenHelp" },
  friends: { name: "events.entryFriends", about: "events.entryFriendsHelp" },
  invited: { name: "events.entryInvited", about: "events.entryInvitedHelp" },
};

/** "2026-11-28T14:30": a datetime-local input's value for a Unix time, in local time. */
function localInput(unix: number): string {
  const d = new Date(unix * 1000);
  const p = (n: number): string => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

function numberInput(name: string, value: number, [min, max]: readonly [number, number]): HTMLInputElement {
  return h("input", { type: "number", name, value: String(value), min, max, step: 1, inputmode: "numeric", required: true });
}

function radios(name: string, items: { value: string; label: string }[], value: string, changed: (v: string) => void): HTMLElement {
  return h(
    "span",
    { class: "radio-row", role: "radiogroup" },
    items.map((i) =>
      h("label", null, h("input", { type: "radio", name, value: i.value, checked: i.value === value, onchange: () => changed(i.value) }), ` ${i.label}`),
    ),
  );
}

export class CreateEventForm {
  readonly el: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly name = h("input", { name: "event-name", maxlength: 60, required: true, autocomplete: "off" });
  private readonly kind = select(
    "kind",
    KIND_IDS.map((k) => ({ value: k, label: kindName(k) })),
    "howell",
  );
  private readonly kindHelp = h("small", { class: "hint" });
  private readonly game = select(
    "variant",
    boardVariants().map((v) => ({ value: v, label: variantName(v) })),
    "classic",
  );
  private readonly gameHelp = h("small", { class: "hint", "data-role": "game-help" });
  /** The chosen game's option rows (drawn again when the game changes). */
  private readonly optionsPart = h("div", { class: "event-options", "data-role": "event-options" });
  private readonly scoring = select(
    "scoring",
    [
      { value: "matchpoints", label: t("events.scoringMatchpoints") },
      { value: "total", label: t("events.scoringTotal") },
    ],
    "matchpoints",
  );
  private readonly scoringRow: HTMLElement;
  private readonly options = new Map<string, HTMLSelectElement>();
  private readonly rounds = numberInput("rounds", 0, LIMITS.rounds);
  private readonly boards = numberInput("boards_per_round", 3, LIMITS.boards);
  private readonly minutes = numberInput("round_minutes", 20, LIMITS.minutes);
  private readonly fee = numberInput("fee", 0, LIMITS.fee);
  private readonly startAt = h("input", { type: "datetime-local", name: "start_at", "aria-label": t("events.startAtLabel") });
  private readonly startRow: HTMLElement;
  private readonly startHelp = h("small", { class: "hint", "data-role": "start-help" });
  private readonly invited = h("input", { name: "invited", autocomplete: "off", placeholder: t("access.invitePlaceholder") });
  private readonly invitedRow: HTMLElement;
  private readonly entryHelp = h("small", { class: "hint" });
  private readonly error = h("p", { class: "form-error", role: "alert", "data-role": "event-error" });
  private later = false;
  private entry: EventEntry = "open";
  private busy = false;

  constructor(private readonly app: App) {
    this.kind.addEventListener("change", () => this.refresh());
    this.game.addEventListener("change", () => (this.drawOptions(), this.refresh()));
    this.drawOptions();
    this.startAt.addEventListener("input", () => this.refresh());
    this.scoringRow = row(t("events.scoring"), this.scoring, t("events.scoringHelp"));
    this.startRow = row(t("events.startAt"), this.startAt, this.startHelp);
    this.invitedRow = row(t("events.invitedLabel"), this.invited, t("events.invitedHelp"));
    this.form = h(
      "form",
      { id: "event-form", class: "create-form event-form", onsubmit: (e) => void this.submit(e) },
      row(t("events.name"), this.name, t("events.nameHelp")),
      row(t("events.kind"), this.kind, this.kindHelp),
      h("fieldset", null, h("legend", null, t("events.boardsLegend")), row(t("form.game"), this.game, this.gameHelp), this.optionsPart, this.scoringRow),
      h("fieldset", null, h("legend", null, t("events.roundsLegend")), ...this.roundRows()),
      h("fieldset", null, h("legend", null, t("events.whoWhenLegend")), ...this.accessRows()),
      this.error,
      h("button", { type: "submit", class: "primary big", id: "create-event" }, t("events.create")),
    );
    this.el = h(
      "section",
      { class: "card-panel create-event", "aria-labelledby": "event-form-title" },
      h("h2", { id: "event-form-title" }, t("events.newEvent")),
    );
    this.update();
  }

  /** A guest sees why there is no form; a registered player the form. */
  update(): void {
    const guest = this.app.user?.guest ?? true;
    const shown = this.el.querySelector("form, .guest-note");
    if (guest && !shown?.matches(".guest-note")) {
      fill(this.el, this.el.firstElementChild, h("p", { class: "hint guest-note", "data-role": "event-guest" }, t("events.guestCreate")));
    } else if (!guest && shown !== this.form) {
      fill(this.el, this.el.firstElementChild, this.form);
      this.refresh();
    }
  }

  private get variant(): Variant {
    return (this.game.value || "classic") as Variant;
  }

  /** The boards' rules: the chosen game's options the event sets, with the server's values, words and defaults. */
  private drawOptions(): void {
    const variant = this.variant;
    const defaults = defaultOptions(variant, 4);
    this.options.clear();
    const rows = eventOptionSpecs(variant).map((spec) => {
      const input = select(`opt-${spec.name}`, optionChoices(spec), defaults[spec.name] ?? optionChoices(spec)[0]?.value ?? "");
      this.options.set(spec.name, input);
      const words = optionText(spec);
      return row(words.label, input, words.help);
    });
    fill(this.optionsPart, rows);
  }

  private roundRows(): HTMLElement[] {
    return [
      row(t("events.rounds"), this.rounds, t("events.roundsHelp")),
      row(t("events.boardsPerRound"), this.boards, t("events.boardsPerRoundHelp")),
      row(t("events.roundMinutes"), this.minutes, t("events.roundMinutesHelp")),
    ];
  }

  private accessRows(): HTMLElement[] {
    const start = radios(
      "event-start",
      [
        { value: "director", label: t("events.startByDirector") },
        { value: "later", label: t("events.startLater") },
      ],
      "director",
      (v) => ((this.later = v === "later"), this.refresh()),
    );
    const entry = radios(
      "entry",
      ENTRY_IDS.map((e) => ({ value: e, label: t(ENTRY_CHOICES[e].name) })),
      this.entry,
      (v) => ((this.entry = v as EventEntry), this.refresh()),
    );
    return [
      h(
        "div",
        { class: "form-row radios" },
        h("span", { class: "field-label" }, t("events.start")),
        start,
        h("small", { class: "hint" }, t("events.startHelp")),
      ),
      this.startRow,
      row(t("events.fee"), this.fee, t("events.feeHelp")),
      h("div", { class: "form-row radios" }, h("span", { class: "field-label" }, t("events.whoEnters")), entry, this.entryHelp),
      this.invitedRow,
    ];
  }

  /** The parts that follow the choices: the movement's words, the scoring (not for a drive), the start time, the invited. */
  private refresh(): void {
    const kind = this.kind.value as EventKind;
    this.kindHelp.textContent = kindHelp(kind);
    const gameHelp = GAME_HELP[this.variant];
    this.gameHelp.textContent = gameHelp ? t(gameHelp) : "";
    this.scoringRow.hidden = kind === "drive";
    this.startRow.hidden = !this.later;
    const now = Math.floor(Date.now() / 1000);
    this.startAt.min = localInput(now);
    this.startAt.max = localInput(now + WEEK_S);
    if (!this.startAt.value) this.startAt.value = localInput(Math.ceil((now + 3600) / 900) * 900);
    const at = this.startUnix();
    this.startHelp.textContent = at === null ? t("events.startAtHelp") : t("events.startAtWhen", { when: fullDateTime(at) });
    this.entryHelp.textContent = t(ENTRY_CHOICES[this.entry].about);
    this.invitedRow.hidden = this.entry !== "invited";
    this.error.textContent = "";
  }

  private startUnix(): number | null {
    const ms = new Date(this.startAt.value).getTime();
    return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
  }

  /** What event.create is sent; null (with the reason shown) when the form cannot be sent. */
  private read(): Record<string, unknown> | null {
    const name = this.name.value.trim();
    if (!name) return this.refuse(t("events.needName"));
    const kind = this.kind.value as EventKind;
    const options: Record<string, OptionValue> = {};
    for (const spec of eventOptionSpecs(this.variant)) {
      const raw = this.options.get(spec.name)?.value ?? "";
      if (raw !== "") options[spec.name] = spec.type === "int" ? Number(raw) : spec.type === "bool" ? raw === "true" : raw;
    }
    const d: Record<string, unknown> = {
      name,
      kind,
      variant: this.variant,
      options,
      rounds: Number(this.rounds.value),
      boards_per_round: Number(this.boards.value),
      round_minutes: Number(this.minutes.value),
      fee: Number(this.fee.value),
      start_at: 0,
      entry: this.entry,
    };
    if (kind !== "drive") d["scoring"] = this.scoring.value;
    if (this.later) {
      const at = this.startUnix();
      const now = Date.now() / 1000;
      if (at === null || at <= now || at > now + WEEK_S) return this.refuse(t("events.startAtRange"));
      d["start_at"] = at;
    }
    if (this.entry === "invited") {
      const names = splitNames(this.invited.value);
      if (names.length === 0) return this.refuse(t("events.needInvited"));
      d["invited"] = names;
    }
    return d;
  }

  private refuse(text: string): null {
    this.error.textContent = text;
    return null;
  }

  private async submit(e: Event): Promise<void> {
    e.preventDefault();
    if (this.busy || !this.form.reportValidity()) return;
    const d = this.read();
    if (!d) return;
    this.busy = true;
    try {
      const { view, error } = await this.app.events.create(d);
      if (!view) {
        this.error.textContent = error;
        return;
      }
      this.name.value = "";
      this.app.pages.openEvent(view.event);
    } finally {
      this.busy = false;
    }
  }
}
