// Claims (docs/rules.md, "Claims"). At the user's lead of a fresh trick in
// classic or bid whist, "Claim…" beside the prompt opens a small form: how
// many of the tricks left the user's side takes (all by default, 0 concedes
// them), with Claim and Cancel (table.claim). While a claim waits, everyone
// reads it in words over the claimer's cards, face up; the opponents
// answer with Accept or Reject (table.claim_answer), the others read whom
// the table waits for. The claim's state is the table's (game.ts).
import type { App } from "../app";
import { cardFace, sortHand } from "../core/cards";
import { h } from "../core/dom";
import type { View } from "../core/types";
import { list } from "../i18n/format";
import { t } from "../i18n";
import { seatName, type TableState } from "./game";

/** Whether the user may claim now: their lead of a fresh trick, in a partnership game, no claim waiting. */
export function claimOffered(st: TableState, v: View | null): boolean {
  if (!v || st.seat === null || st.claim || st.summary.variant === "exact") return false;
  return v.phase === "play" && v.to_act === st.seat && v.trick.cards.length === 0 && v.hand.length > 0 && st.actedV !== st.v && !v.game_over;
}

/** The Claim… button and its form, kept open across redraws for the turn it was opened at. */
export class ClaimForm {
  private open = false;
  private tricks = 0;
  /** The turn the form was opened at: a new turn closes it. */
  private turn = "";

  constructor(
    private readonly app: App,
    private readonly redraw: () => void,
  ) {}

  /** The Claim… button (null when no claim is offered, or while the form is open). */
  button(st: TableState, v: View | null): HTMLElement | null {
    if (!this.isOffered(st, v) || this.open || !v) return null;
    const opened = (): void => {
      this.open = true;
      this.tricks = v.hand.length;
      this.redraw();
      document.getElementById("claim-tricks")?.focus();
    };
    return h(
      "div",
      { class: "suggest-row claim-row" },
      h("button", { type: "button", id: "claim-open", "data-key": "claim-open", title: t("claim.openTitle"), onclick: opened }, t("claim.open")),
    );
  }

  /** The form: how many of the tricks left (a select, all chosen at first), Claim and Cancel. */
  form(st: TableState, v: View | null): HTMLElement | null {
    if (!this.isOffered(st, v) || !this.open || !v) return null;
    const left = v.hand.length;
    const select = h(
      "select",
      { id: "claim-tricks", "data-key": "claim-tricks", onchange: () => (this.tricks = Number(select.value)) },
      // All first, then fewer, down to none.
      Array.from({ length: left + 1 }, (_, i) => h("option", { value: String(left - i) }, String(left - i))),
    );
    select.value = String(Math.min(this.tricks, left));
    const close = (): void => {
      this.open = false;
      this.redraw();
    };
    const send = (): void => {
      const tricks = Number(select.value);
      this.open = false;
      this.redraw();
      void this.app.tableRequest("table.claim", { tricks });
    };
    return h(
      "form",
      { class: "prompt claim-form", "data-role": "claim-form", onsubmit: (e) => (e.preventDefault(), send()) },
      h("label", null, t("claim.label", { left }), " ", select),
      h("small", { class: "hint" }, t("claim.hint")),
      h(
        "div",
        { class: "claim-buttons" },
        h("button", { type: "submit", class: "primary", id: "claim-send", "data-key": "claim-send" }, t("claim.send")),
        h("button", { type: "button", id: "claim-cancel", "data-key": "claim-cancel", onclick: close }, t("claim.cancel")),
      ),
    );
  }

  private isOffered(st: TableState, v: View | null): boolean {
    const offered = claimOffered(st, v);
    const turn = v ? `${st.id}/${v.deal}/${v.tricks.length}` : "";
    if (!offered || turn !== this.turn) {
      this.turn = turn;
      this.open = false;
    }
    return offered;
  }
}

/** A claim waiting for its answers: the claim in words, the claimer's cards, and the opponents' Accept and Reject (or whom the table waits for). */
export function claimBanner(app: App, st: TableState, v: View | null): HTMLElement | null {
  const c = st.claim;
  if (!c) return null;
  const name = seatName(st, c.seat);
  const n = st.summary.players;
  const opponents = [(c.seat + 1) % n, (c.seat + 3) % n];
  const waiting = opponents.filter((s) => !c.accepted.has(s));
  const asked = st.seat !== null && waiting.includes(st.seat);
  const trump = v?.trump && v.trump !== "NT" ? v.trump : null;
  const answer = (accept: boolean) => (e: Event) => {
    for (const b of (e.currentTarget as HTMLElement).parentElement?.querySelectorAll("button") ?? []) b.disabled = true;
    void app.tableRequest("table.claim_answer", { accept });
  };
  return h(
    "div",
    { class: "prompt claim-banner", "data-role": "claim", "data-claimer": c.seat, "data-tricks": c.tricks },
    h("p", { class: "claim-text" }, t("claim.banner", { name, n: c.tricks, left: c.left })),
    h(
      "div",
      { class: "claim-hand", "data-role": "claim-hand", role: "group", "aria-label": t("claim.hand", { name }) },
      h("small", null, t("claim.hand", { name })),
      sortHand(c.hand, trump).map((card) => cardFace(card, "tiny")),
    ),
    asked
      ? h(
          "div",
          { class: "claim-buttons" },
          h("small", null, t("claim.ask")),
          h("button", { type: "button", class: "primary", id: "claim-accept", "data-key": "claim-accept", onclick: answer(true) }, t("common.accept")),
          h("button", { type: "button", id: "claim-reject", "data-key": "claim-reject", onclick: answer(false) }, t("claim.reject")),
        )
      : h("p", { class: "waiting", "data-role": "claim-waiting" }, t("claim.waiting", { names: list(waiting.map((s) => seatName(st, s))) })),
  );
}
