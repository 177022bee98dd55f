// Quick play in the lobby: one big Play button per game. The server seats
// the user at a forming table of that game (play.quick); people who come
// join it, and computer players take the free seats when the wait the
// table counts down (fill_at) runs out.
import type { App } from "../app";
import { h } from "../core/dom";
import { variantName, variantIds } from "../core/rules";
import type { Variant } from "../core/types";
import { t } from "../i18n";

export function quickPlayPanel(app: App): HTMLElement {
  let busy = false;
  const play = async (variant: Variant): Promise<void> => {
    if (busy) return;
    busy = true;
    try {
      await app.quickPlay(variant);
    } finally {
      busy = false;
    }
  };
  return h(
    "section",
    { class: "card-panel quick-play", "aria-labelledby": "quick-title" },
    h("h2", { id: "quick-title" }, t("quick.title")),
    h("p", { class: "hint" }, t("quick.help")),
    h(
      "div",
      { class: "quick-buttons" },
      variantIds().map((v) =>
        h(
          "button",
          { type: "button", class: "primary big play-quick", "data-quick": v, onclick: () => void play(v) },
          h("span", { class: "verb" }, t("quick.play")),
          h("span", { class: "what" }, variantName(v)),
        ),
      ),
    ),
  );
}
