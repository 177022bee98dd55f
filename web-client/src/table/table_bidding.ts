// The bidding and choice prompts: only the legal calls (the exact-whist
// numbers with the hook rule explained, the bid-whist grid of levels and
// modes), the trump or direction choice, and their keys.
import type { App } from "../app";
import { suitIcon, suitName, type Suit } from "../core/cards";
import { h } from "../core/dom";
import type { TableState } from "./game";
import { moveFocus } from "../core/keys";
import { byPointer } from "../core/pointer";
import { bidName } from "../core/rules";
import type { Action, View } from "../core/types";
import { t, type Key } from "../i18n";

/**
 * Keys in the bidding and choice prompts: arrows move between the
 * buttons, Enter or Space presses one (as for any button), a digit bids
 * that many tricks (exact whist), P passes.
 */
export function bidKey(e: KeyboardEvent, panel: HTMLElement): void {
  const buttons = [...panel.querySelectorAll<HTMLButtonElement>("button:not([disabled])")];
  if (moveFocus(e, buttons)) return;
  if (/^[0-9]$/.test(e.key)) {
    panel.querySelector<HTMLButtonElement>(`button[data-bid="${e.key}"]`)?.click();
  } else if (e.key === "p" || e.key === "P") {
    panel.querySelector<HTMLButtonElement>('button[data-bid="pass"]')?.click();
  }
}

const ROW_LABELS: Record<string, Key> = { uptown: "bid.uptown", downtown: "bid.downtown", notrump: "bid.notrump" };

export function biddingControls(app: App, st: TableState, v: View): HTMLElement {
  const table = st.summary;
  const legal = v.legal;
  const act = (a: Action): void => {
    const { seat: _seat, ...rest } = a;
    void app.act(rest);
  };
  if (table.variant === "exact") {
    const bids = legal.filter((a) => a.type === "bid").map((a) => a.tricks ?? 0);
    const barred = Array.from({ length: v.hand_size + 1 }, (_, i) => i).filter((i) => !bids.includes(i));
    return h(
      "div",
      { class: "prompt action-prompt", "data-role": "bidding" },
      h("p", null, t("bid.howMany", { n: v.hand_size }), h("span", { class: "countdown" })),
      h(
        "div",
        { class: "bid-buttons" },
        legal.map((a) => h("button", { type: "button", class: "bid", "data-bid": a.tricks ?? 0, onclick: () => act(a) }, String(a.tricks ?? 0))),
      ),
      barred.length ? h("small", { class: "hint" }, t("bid.hookRule", { bids: barred.join(", "), n: v.hand_size })) : null,
      byPointer(h("small", { class: "hint keys-hint" }, t("bid.exactKeys")), null),
    );
  }
  const pass = legal.find((a) => a.type === "pass");
  const bids = legal.filter((a) => a.type === "bid");
  const levels = [...new Set(bids.map((a) => a.level ?? 0))].sort((a, b) => a - b);
  const modes = ["uptown", "downtown", "notrump"];
  // A row per mode, a column per level: low enough to keep under the hand.
  return h(
    "div",
    { class: "prompt action-prompt", "data-role": "bidding" },
    h(
      "div",
      { class: "bid-head" },
      h("p", null, pass ? t("bid.yourCall") : t("bid.dealerMustBid"), h("span", { class: "countdown" })),
      pass ? h("button", { type: "button", class: "bid pass", "data-bid": "pass", onclick: () => act(pass) }, t("bid.pass")) : null,
    ),
    h(
      "div",
      { class: "bid-grid", style: `--levels:${levels.length}` },
      modes.map((mode) =>
        h(
          "div",
          { class: "bid-row" },
          h("span", { class: "bid-mode" }, t(ROW_LABELS[mode] ?? "bid.uptown")),
          levels.map((level) => {
            const a = bids.find((b) => b.level === level && b.mode === mode);
            const name = bidName(level, mode);
            return a
              ? h(
                  "button",
                  {
                    type: "button",
                    class: `bid mode-${mode}`,
                    "data-bid": `${level}${mode}`,
                    "aria-label": name,
                    title: t("bid.title", { bid: name, n: 6 + level }),
                    onclick: () => act(a),
                  },
                  String(level),
                )
              : h("span", { class: "bid-gap" });
          }),
        ),
      ),
    ),
    // The rules of the bids folded away (the prompt stays low enough to fit under the hand); the keys beside them.
    h(
      "details",
      { class: "bid-help hint" },
      h("summary", null, t("bid.helpTitle")),
      t("bid.help"),
      byPointer(h("span", { class: "keys-hint" }, " ", t("bid.helpKeys")), null),
    ),
  );
}

export function chooseControls(app: App, v: View): HTMLElement {
  const act = (a: Action): void => {
    const { seat: _seat, ...rest } = a;
    void app.act(rest);
  };
  const trumps = v.legal.filter((a) => a.type === "trump");
  if (trumps.length) {
    return h(
      "div",
      { class: "prompt action-prompt", "data-role": "choose" },
      h("p", null, t("bid.nameTrump"), h("span", { class: "countdown" })),
      h(
        "div",
        { class: "bid-buttons" },
        trumps.map((a) => {
          const st = (a.suit ?? "S") as Suit;
          return h("button", { type: "button", class: `bid suit-btn suit-${st}`, "data-trump": st, onclick: () => act(a) }, suitIcon(st), ` ${suitName(st)}`);
        }),
      ),
    );
  }
  return h(
    "div",
    { class: "prompt action-prompt", "data-role": "choose" },
    h("p", null, t("bid.chooseDirection"), h("span", { class: "countdown" })),
    h(
      "div",
      { class: "bid-buttons" },
      v.legal
        .filter((a) => a.type === "direction")
        .map((a) =>
          h(
            "button",
            { type: "button", class: "bid", "data-direction": a.mode ?? "", onclick: () => act(a) },
            a.mode === "downtown" ? t("bid.downtownHelp") : t("bid.uptownHelp"),
          ),
        ),
    ),
  );
}
