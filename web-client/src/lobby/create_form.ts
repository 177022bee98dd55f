// The new-table form: variant, preset, players, the variant's options and
// the table's settings. Every choice it offers comes from the rules the
// server described in `welcome` (core/rules.ts).
import type { App } from "../app";
import { fill, h } from "../core/dom";
import {
  chatChoices,
  defaultOptions,
  maxWatchers,
  optionChoices,
  optionSpecs,
  optionText,
  presetName,
  presets,
  timerChoices,
  variantBlurb,
  variantIds,
  variantName,
  variantSpec,
  type Choice,
} from "../core/rules";
import type { OptionValue, Variant } from "../core/types";
import { t } from "../i18n";
import { AccessFields } from "./access";
import { KindChooser } from "./compete";

interface SettingInputs {
  timer_bid: HTMLSelectElement;
  timer_play: HTMLSelectElement;
  chat: HTMLSelectElement;
  watching: HTMLInputElement;
  suggestions: HTMLInputElement;
  rated: HTMLInputElement;
  cut: HTMLInputElement;
  undo: HTMLInputElement;
}

export class CreateForm {
  readonly el: HTMLFormElement;
  private variant: Variant;
  private readonly variantBlurb: HTMLElement;
  private readonly variantRows: HTMLElement;
  private readonly optionRows: HTMLElement;
  private presetSelect: HTMLSelectElement | null = null;
  private playersSelect: HTMLSelectElement | null = null;
  private readonly optionInputs = new Map<string, HTMLSelectElement>();
  private readonly settings: SettingInputs;
  private busy = false;
  /** "Time to bid": not for a variant without bidding (classic whist). */
  private readonly bidTimerRow: HTMLElement;
  private readonly kind: KindChooser;
  /** Who may join, invitations and the start time (access.ts). */
  private readonly access: AccessFields;

  constructor(private readonly app: App) {
    this.access = new AccessFields(app);
    this.variant = variantIds()[0] ?? "classic";
    const variantSelect = select(
      "variant",
      variantIds().map((v) => ({ value: v, label: variantName(v) })),
      this.variant,
    );
    variantSelect.addEventListener("change", () => {
      this.variant = variantSelect.value as Variant;
      this.buildOptions();
    });
    this.variantBlurb = h("small", { class: "hint" });
    this.variantRows = h("div");
    this.optionRows = h("div", { class: "option-rows" });
    this.settings = settingInputs();
    // A rated game is the players' own play: rated excludes suggestions and undo.
    const { rated, suggestions, undo } = this.settings;
    for (const box of [suggestions, undo]) {
      box.addEventListener("change", () => {
        if (box.checked) rated.checked = false;
      });
    }
    rated.addEventListener("change", () => {
      if (!rated.checked) return;
      suggestions.checked = false;
      undo.checked = false;
    });
    this.bidTimerRow = row(t("form.timeToBid"), this.settings.timer_bid, t("form.timeToBidHelp"));
    this.kind = new KindChooser(app, (compete) => this.kindChanged(compete));
    this.el = h(
      "form",
      { id: "create-form", class: "card-panel create-form", onsubmit: (e) => void this.submit(e) },
      h("h2", null, t("form.title")),
      row(t("form.game"), variantSelect, this.variantBlurb),
      this.variantRows,
      h("fieldset", null, h("legend", null, t("form.rules")), this.optionRows),
      this.tableFields(),
      this.access.el,
      h("p", { class: "hint create-bots" }, t("form.botsHint")),
      h("button", { type: "submit", class: "primary big", id: "create-table" }, t("form.create")),
    );
    this.buildOptions();
  }

  /** Draws the parts that follow the user's balance, account and friends again. */
  update(): void {
    this.kind.update();
    this.access.sync();
  }

  private tableFields(): HTMLElement {
    const s = this.settings;
    return h(
      "fieldset",
      null,
      h("legend", null, t("form.table")),
      this.kind.el,
      this.bidTimerRow,
      row(t("form.timeToPlay"), s.timer_play, t("form.timeToPlayHelp")),
      row(t("form.chat"), s.chat, t("form.chatHelp")),
      checkRow(t("form.watchers"), s.watching, t("form.watchersHelp", { n: maxWatchers() })),
      checkRow(t("form.suggestions"), s.suggestions, t("form.suggestionsHelp"), "suggestions-row"),
      checkRow(t("form.undo"), s.undo, t("form.undoHelp"), "undo-row", t("form.undoBox")),
      checkRow(t("form.rated"), s.rated, t("form.ratedHelp"), "rated-row"),
      checkRow(t("form.cut"), s.cut, t("form.cutHelp"), "cut-row", t("form.cutBox")),
    );
  }

  /** Compete tables have no suggestions, no undo and no computer players, and are always rated. */
  private kindChanged(compete: boolean): void {
    const hide = this.el?.querySelectorAll<HTMLElement>(".suggestions-row, .undo-row, .rated-row, .create-bots") ?? [];
    for (const el of hide) el.hidden = compete;
    if (compete) {
      this.settings.suggestions.checked = false;
      this.settings.undo.checked = false;
      this.settings.rated.checked = true;
    }
    this.access.setKind(compete ? "compete" : "join");
  }

  private get players(): number {
    return this.playersSelect ? Number(this.playersSelect.value) : (variantSpec(this.variant)?.players.min ?? 4);
  }

  private buildOptions(): void {
    const v = this.variant;
    this.variantBlurb.textContent = variantBlurb(v);
    this.bidTimerRow.hidden = v === "classic";
    this.presetSelect = null;
    this.playersSelect = null;
    fill(this.variantRows);
    const offered = presets(v);
    if (offered.length > 0) {
      const choices: Choice[] = [...offered.map((p) => ({ value: p.id, label: presetName(p) })), { value: "", label: t("form.customRules") }];
      const ps = select("preset", choices, offered[0]?.id ?? "");
      ps.addEventListener("change", () => this.applyPreset());
      this.presetSelect = ps;
      this.variantRows.append(row(t("form.preset"), ps, t("form.presetHelp")));
    }
    const range = variantSpec(v)?.players ?? { min: 4, max: 4 };
    if (range.max > range.min) {
      const counts = Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);
      const players = select(
        "players",
        counts.map((n) => ({ value: n, label: t("rules.players", { n }) })),
        counts.includes(4) ? 4 : range.min,
      );
      // Some defaults (exact whist's hand sizes) follow the number of players.
      let before = players.value;
      players.addEventListener("change", () => {
        this.applyDefaults(Number(before));
        before = players.value;
      });
      this.playersSelect = players;
      this.variantRows.append(row(t("form.players"), players, t("form.playersHelp", { min: range.min, max: range.max })));
    }
    this.buildOptionRows();
    this.applyDefaults();
    this.applyPreset();
  }

  private buildOptionRows(): void {
    this.optionInputs.clear();
    fill(
      this.optionRows,
      optionSpecs(this.variant).map((spec) => {
        const input = select(`opt-${spec.name}`, optionChoices(spec), "");
        input.addEventListener("change", () => {
          if (this.presetSelect) this.presetSelect.value = this.matchingPreset();
        });
        this.optionInputs.set(spec.name, input);
        const words = optionText(spec);
        return row(words.label, input, words.help);
      }),
    );
  }

  /** Sets the defaults for the players; after a change from `before` players, only those that differ. */
  private applyDefaults(before?: number): void {
    const old = before === undefined ? {} : defaultOptions(this.variant, before);
    for (const [name, value] of Object.entries(defaultOptions(this.variant, this.players))) {
      const input = this.optionInputs.get(name);
      if (input && (before === undefined || old[name] !== value)) input.value = String(value);
    }
  }

  private applyPreset(): void {
    const preset = presets(this.variant).find((p) => p.id === this.presetSelect?.value);
    if (!preset) return;
    for (const [name, value] of Object.entries(preset.options)) {
      const input = this.optionInputs.get(name);
      if (input) input.value = String(value);
    }
  }

  private options(): Record<string, OptionValue> {
    const out: Record<string, OptionValue> = {};
    for (const spec of optionSpecs(this.variant)) {
      const raw = this.optionInputs.get(spec.name)?.value ?? "";
      if (raw === "") continue;
      out[spec.name] = spec.type === "int" ? Number(raw) : spec.type === "bool" ? raw === "true" : raw;
    }
    return out;
  }

  private matchingPreset(): string {
    const o = this.options();
    const p = presets(this.variant).find((p) => Object.entries(p.options).every(([k, v]) => o[k] === v));
    return p ? p.id : "";
  }

  private tableSettings(): Record<string, unknown> {
    const s = this.settings;
    return {
      timer_bid: this.bidTimerRow.hidden ? 0 : Number(s.timer_bid.value),
      timer_play: Number(s.timer_play.value),
      chat: s.chat.value,
      watching: s.watching.checked,
      suggestions: s.suggestions.checked,
      rated: s.rated.checked,
      cut: s.cut.checked,
      // Sent only when chosen (join tables: a compete table never has it).
      ...(s.undo.checked ? { undo: true } : {}),
      ...this.kind.settings(),
    };
  }

  private async submit(e: Event): Promise<void> {
    e.preventDefault();
    if (this.busy) return;
    const settings = this.tableSettings();
    const d: Record<string, unknown> = { variant: this.variant, settings };
    const preset = this.presetSelect?.value;
    if (preset) d["preset"] = preset;
    else d["options"] = this.options();
    if (this.playersSelect) d["players"] = this.players;
    const access = this.access.read(settings["kind"]);
    if (!access) return;
    Object.assign(settings, access.settings);
    // Computer players filling the seats make the games unrated.
    if (settings["computers_fill"] === true) settings["rated"] = false;
    this.busy = true;
    try {
      if ((await this.app.createTable(d)) && access.invites.length) await this.app.social.inviteCreated(access.invites);
    } finally {
      this.busy = false;
    }
  }
}

function settingInputs(): SettingInputs {
  const timers = timerChoices();
  const off = timers[0]?.value ?? 0;
  return {
    timer_bid: select("timer_bid", timers, off),
    timer_play: select("timer_play", timers, off),
    chat: select("chat", chatChoices(), chatChoices()[0]?.value ?? ""),
    watching: h("input", { type: "checkbox", name: "watching", checked: true }),
    suggestions: h("input", { type: "checkbox", name: "suggestions" }),
    rated: h("input", { type: "checkbox", name: "rated", checked: true }),
    cut: h("input", { type: "checkbox", name: "cut" }),
    undo: h("input", { type: "checkbox", name: "undo" }),
  };
}

export function select(name: string, choices: Choice[], value: OptionValue): HTMLSelectElement {
  const el = h(
    "select",
    { name },
    choices.map((c) => h("option", { value: String(c.value) }, c.label)),
  );
  el.value = String(value);
  return el;
}

export function row(label: string, input: HTMLElement, help: string | HTMLElement): HTMLElement {
  return h(
    "label",
    { class: "form-row" },
    h("span", { class: "field-label" }, label),
    input,
    typeof help === "string" ? h("small", { class: "hint" }, help) : help,
  );
}

function checkRow(label: string, input: HTMLInputElement, help: string, cls = "", box = t("form.allowed")): HTMLElement {
  return h(
    "label",
    { class: `form-row check ${cls}`.trim() },
    h("span", { class: "field-label" }, label),
    h("span", { class: "check-box" }, input, h("span", null, box)),
    h("small", { class: "hint" }, help),
  );
}
