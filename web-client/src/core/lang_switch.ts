// The choice of language in the top bar, on every screen (the login screen
// too): a small select of the languages, each named in itself; on a
// phone's width by its code (EN, RO, IT), so that the bar keeps to one line
// where it can.
import { h } from "./dom";
import { lang, LANGS, t, type Lang } from "../i18n";

export function langSwitch(choose: (l: Lang) => void): HTMLSelectElement {
  const el = h(
    "select",
    { class: "lang-switch", id: "lang", name: "lang", "aria-label": t("app.language"), title: t("app.language") },
    LANGS.map((l) => h("option", { value: l.id, lang: l.id }, l.name)),
  );
  el.value = lang();
  const narrow = window.matchMedia("(max-width: 500px)");
  const names = (): void => {
    for (const o of el.options) o.textContent = narrow.matches ? o.value.toUpperCase() : (LANGS.find((x) => x.id === o.value)?.name ?? o.value);
  };
  narrow.addEventListener("change", names);
  names();
  el.addEventListener("change", () => {
    const l = LANGS.find((x) => x.id === el.value)?.id;
    if (l) choose(l);
    // The label in the new language.
    el.setAttribute("aria-label", t("app.language"));
    el.title = t("app.language");
  });
  return el;
}
