// The top bar's speaker button, on every screen (for guests too, and
// before a login): a small popover with sound on or off, the volume, a
// test sound and "Notify me when it is my turn" (which asks the browser's
// permission, in that click). Escape or a click elsewhere closes it, and
// the keyboard goes back to the button. Sound, volume and motion are the
// account's preferences (prefs.ts); the notification's choice is this
// browser's (saved.ts). It holds the cards' motion too: on or off, and a
// word when the system asks for less motion (then the cards keep still);
// and the way to every preference (prefs_panel.ts).
import { h, fill } from "../core/dom";
import { onLangChange, t } from "../i18n";
import { onPrefsChange, prefs, setPrefs, type Prefs } from "../prefs";
import { openPrefsPanel } from "../prefs_panel";
import { notifyPref, saveNotifyPref } from "../saved";
import { listenForGesture, testSound } from "./sound";

export function alertsMenu(): HTMLElement {
  listenForGesture();
  const button = h("button", { type: "button", class: "alerts-button", id: "alerts-button", "aria-haspopup": "true", "aria-expanded": "false" });
  const pop = h("div", { class: "alerts-pop", id: "alerts-pop", role: "group", hidden: true });
  const el = h("div", { class: "alerts-menu" }, button, pop);
  const change = (p: Partial<Prefs>): void => setPrefs(p); // drawn again when they change
  let notice = "";
  const notify = (on: boolean): void => {
    saveNotifyPref(on);
    draw();
  };
  const askNotify = async (on: boolean): Promise<void> => {
    notice = "";
    if (!on) return notify(false);
    if (typeof Notification === "undefined") notice = t("alerts.notifyUnsupported");
    else if ((await Notification.requestPermission()) !== "granted") notice = t("alerts.notifyDenied");
    notify(notice === "");
  };
  const draw = (): void => {
    const p = { ...prefs(), notify: notifyPref() };
    button.textContent = p.sound ? "🔊" : "🔇";
    button.setAttribute("aria-label", t("alerts.button"));
    button.title = t("alerts.button");
    pop.setAttribute("aria-label", t("alerts.button"));
    const focused = document.activeElement?.id;
    fill(
      pop,
      h(
        "label",
        { class: "alerts-row" },
        h("input", { type: "checkbox", id: "alerts-sound", checked: p.sound, onchange: (e) => change({ sound: (e.target as HTMLInputElement).checked }) }),
        t("alerts.sound"),
      ),
      h(
        "label",
        { class: "alerts-row" },
        t("alerts.volume"),
        h("input", {
          type: "range",
          id: "alerts-volume",
          min: 0,
          max: 100,
          step: 5,
          value: p.volume,
          "aria-valuetext": `${p.volume} %`,
          onchange: (e) => change({ volume: Number((e.target as HTMLInputElement).value) }),
        }),
      ),
      h("button", { type: "button", class: "small", id: "alerts-test", onclick: () => testSound() }, t("alerts.test")),
      h(
        "label",
        { class: "alerts-row" },
        h("input", { type: "checkbox", id: "alerts-notify", checked: p.notify, onchange: (e) => void askNotify((e.target as HTMLInputElement).checked) }),
        t("alerts.notify"),
      ),
      notice ? h("p", { class: "alerts-notice", role: "status" }, notice) : null,
      motionRow(),
      h(
        "button",
        {
          type: "button",
          class: "link",
          id: "alerts-prefs",
          onclick: () => {
            open(false);
            openPrefsPanel(button);
          },
        },
        t("prefs.more"),
      ),
    );
    if (focused) document.getElementById(focused)?.focus();
  };
  const open = opens(el, button, pop);
  onLangChange(draw);
  onPrefsChange(draw);
  draw();
  return el;
}

/** Animate the cards, or not; said to be off while the system asks for reduced motion. */
function motionRow(): (HTMLElement | null)[] {
  const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  const onchange = (e: Event): void => setPrefs({ motion: (e.target as HTMLInputElement).checked });
  return [
    h("label", { class: "alerts-row" }, h("input", { type: "checkbox", id: "alerts-motion", checked: prefs().motion, onchange }), t("alerts.motion")),
    reduced ? h("p", { class: "alerts-notice", "data-role": "motion-reduced" }, t("alerts.motionReduced")) : null,
  ];
}

/** The button opens and closes the popover; Escape or a click elsewhere closes it. */
function opens(el: HTMLElement, button: HTMLElement, pop: HTMLElement): (yes: boolean) => void {
  const open = (yes: boolean, refocus = false): void => {
    pop.hidden = !yes;
    button.setAttribute("aria-expanded", String(yes));
    if (yes) pop.querySelector<HTMLElement>("input")?.focus();
    else if (refocus) button.focus();
  };
  button.addEventListener("click", () => open(pop.hidden));
  el.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !pop.hidden) {
      e.preventDefault();
      e.stopPropagation();
      open(false, true);
    }
  });
  document.addEventListener("pointerdown", (e) => {
    if (!pop.hidden && !el.contains(e.target as Node)) open(false);
  });
  return open;
}
