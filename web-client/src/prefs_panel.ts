// The Preferences panel (a modal dialog), opened from the top bar's menu
// or the speaker's popover, before a login too: the hand's order (with a
// sample hand drawn as chosen), how a card is played, auto-play, sounds
// and volume, motion and the theme. Each choice applies at once and is
// kept (prefs.ts); Escape or Close ends the dialog and the keyboard goes
// back to what opened it.
import { cardFace, sortHand } from "./core/cards";
import { h, fill } from "./core/dom";
import { onLangChange, t, type Key } from "./i18n";
import { onPrefsChange, prefs, setPrefs, type Prefs } from "./prefs";

/** A sample hand, to show the order chosen. */
const SAMPLE = ["AS", "3S", "KH", "9H", "QC", "5C", "JD", "2D"];

type Choice<K extends keyof Prefs> = [Prefs[K], Key];

/** A group of radio buttons for a preference of a few values. */
function radios<K extends keyof Prefs>(name: K, legend: Key, choices: Choice<K>[]): HTMLElement {
  const now = prefs()[name];
  return h(
    "fieldset",
    { class: "prefs-group", id: `pref-${name}` },
    h("legend", null, t(legend)),
    choices.map(([value, label]) =>
      h(
        "label",
        { class: "prefs-row" },
        h("input", {
          type: "radio",
          name,
          value: String(value),
          checked: value === now,
          onchange: () => setPrefs({ [name]: value } as Partial<Prefs>),
        }),
        t(label),
      ),
    ),
  );
}

/** A checkbox for a preference on or off; `hint`: a word under it. */
function check(name: "alternate_colours" | "auto_play" | "sound" | "motion", label: Key, hint: string | null = null): HTMLElement[] {
  const row = h(
    "label",
    { class: "prefs-row" },
    h("input", {
      type: "checkbox",
      name,
      id: `pref-${name}`,
      checked: prefs()[name],
      onchange: (e) => setPrefs({ [name]: (e.target as HTMLInputElement).checked }),
    }),
    t(label),
  );
  return hint ? [row, h("p", { class: "prefs-hint" }, hint)] : [row];
}

function volume(): HTMLElement {
  const p = prefs();
  return h(
    "label",
    { class: "prefs-row" },
    t("alerts.volume"),
    h("input", {
      type: "range",
      name: "volume",
      id: "pref-volume",
      min: 0,
      max: 100,
      step: 5,
      value: p.volume,
      "aria-valuetext": `${p.volume} %`,
      onchange: (e) => setPrefs({ volume: Number((e.target as HTMLInputElement).value) }),
    }),
  );
}

/** The panel's content, as the preferences are now. */
function content(): (HTMLElement | HTMLElement[])[] {
  const p = prefs();
  const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  return [
    h("section", { class: "prefs-section" }, [
      h("h4", null, t("prefs.hand")),
      radios("card_order", "prefs.cardOrder", [
        ["descending", "prefs.descending"],
        ["ascending", "prefs.ascending"],
      ]),
      check("alternate_colours", "prefs.alternate"),
      h(
        "div",
        { class: "prefs-sample", "data-role": "prefs-sample", "aria-label": t("prefs.sample"), role: "img" },
        sortHand(SAMPLE, null, p).map((c) => cardFace(c, "tiny")),
      ),
    ]),
    h("section", { class: "prefs-section" }, [
      h("h4", null, t("prefs.playing")),
      radios("play", "prefs.play", [
        ["click", "prefs.click"],
        ["confirm", "prefs.confirm"],
      ]),
      check("auto_play", "prefs.autoPlay", t("prefs.autoPlayHint")),
    ]),
    h("section", { class: "prefs-section" }, [h("h4", null, t("prefs.soundTitle")), check("sound", "alerts.sound"), volume()]),
    h("section", { class: "prefs-section" }, [
      h("h4", null, t("prefs.look")),
      radios("theme", "prefs.theme", [
        ["light", "prefs.light"],
        ["dark", "prefs.dark"],
      ]),
      check("motion", "alerts.motion", reduced ? t("alerts.motionReduced") : null),
    ]),
  ];
}

let shown: HTMLDialogElement | null = null;

/** Where the keyboard goes back: the opener, or the one drawn again in its place (its id), or `fallback`. */
function refocus(opener: HTMLElement, fallback: HTMLElement | null): void {
  const visible = (e: HTMLElement | null): e is HTMLElement => !!e && e.isConnected && e.getClientRects().length > 0;
  const again = opener.id ? document.getElementById(opener.id) : null;
  const to = [opener, again, fallback].find(visible);
  to?.focus();
}

/** Opens the panel; `opener` gets the keyboard back when it closes (`fallback` when it is gone, as in a menu closed). */
export function openPrefsPanel(opener: HTMLElement, fallback: HTMLElement | null = null): void {
  if (shown) return;
  const body = h("div", { class: "prefs-body" });
  const title = h("h3", { id: "prefs-title" });
  const close = h("button", { type: "button", id: "prefs-close", class: "primary" });
  const dialog = h(
    "dialog",
    { class: "prefs-dialog", id: "prefs-dialog", "aria-labelledby": "prefs-title" },
    title,
    body,
    h("div", { class: "dialog-buttons" }, close),
  );
  close.addEventListener("click", () => dialog.close());
  const draw = (): void => {
    const focused = document.activeElement instanceof HTMLInputElement ? document.activeElement : null;
    const at = focused && dialog.contains(focused) ? `input[name="${focused.name}"]${focused.type === "radio" ? `[value="${focused.value}"]` : ""}` : null;
    title.textContent = t("prefs.title");
    close.textContent = t("prefs.close");
    fill(body, content());
    if (at) body.querySelector<HTMLElement>(at)?.focus();
  };
  const stop = onPrefsChange(draw);
  onLangChange(() => shown === dialog && draw());
  dialog.addEventListener("close", () => {
    stop();
    dialog.remove();
    shown = null;
    refocus(opener, fallback);
  });
  draw();
  shown = dialog;
  document.body.append(dialog);
  dialog.showModal();
  dialog.querySelector<HTMLElement>("input:checked, input")?.focus();
}
