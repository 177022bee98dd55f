// The creator's Add computer on a free seat, with the strength of the
// computer player to seat beside it (beginner, club or expert; the last
// one chosen, kept for every tab: saved.ts).
import { h } from "../core/dom";
import { STRENGTHS, type Strength } from "../core/types";
import { saveStrength, savedStrength } from "../saved";
import { t, type Key } from "../i18n";

const CHOICES: Record<Strength, Key> = { beginner: "table.strength.beginner", club: "table.strength.club", expert: "table.strength.expert" };

/** A free seat's Add computer button and strength select; `add` seats one of that strength. */
export function addBotControl(seat: number, add: (strength: Strength) => void): HTMLElement {
  const select = h(
    "select",
    {
      class: "bot-strength",
      "data-bot-strength": seat,
      "data-key": `bot-strength-${seat}`,
      "aria-label": t("table.botStrength"),
      title: t("table.botStrength"),
      onchange: () => saveStrength(chosen()),
    },
    STRENGTHS.map((s) => h("option", { value: s }, t(CHOICES[s]))),
  );
  select.value = savedStrength();
  const chosen = (): Strength => STRENGTHS.find((s) => s === select.value) ?? "expert";
  const button = h(
    "button",
    {
      type: "button",
      class: "small add-bot",
      "data-add-bot": seat,
      "data-key": `add-bot-${seat}`,
      onclick: () => add(chosen()),
    },
    t("table.addComputer"),
  );
  return h("div", { class: "add-bot-row" }, button, select);
}
