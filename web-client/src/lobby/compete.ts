// Compete tables in the client: the choice of kind and buy-in in the
// create-table form (suggestions are never offered there), the badge that
// shows a table's kind and buy-in in the lobby and at the table, and the
// chips a finished game moved (buy-in, payout or refund) for its result.
import type { App } from "../app";
import { h } from "../core/dom";
import { RequestError } from "../core/net";
import { buyIns } from "../core/rules";
import type { TableSummary } from "../core/types";
import type { ChipsHistory, LedgerEntry } from "../core/types_results";
import { num, signedNum } from "../i18n/format";
import { t, type Key } from "../i18n";

/** The "Kind" and "Buy-in" rows of the create-table form. */
export class KindChooser {
  readonly el: HTMLElement;
  private readonly kind: HTMLSelectElement;
  private readonly buyIn: HTMLSelectElement;
  private readonly buyInRow: HTMLElement;
  private readonly note: HTMLElement;

  /** `onChange(compete)`: the form hides what a compete table cannot have. */
  constructor(
    private readonly app: App,
    private readonly onChange: (compete: boolean) => void,
  ) {
    this.kind = h("select", { name: "kind" }, h("option", { value: "join" }, t("compete.friendly")), h("option", { value: "compete" }, t("compete.compete")));
    this.buyIn = h(
      "select",
      { name: "buy_in" },
      buyIns().map((n) => h("option", { value: String(n) }, t("chips.amount", { n, amount: num(n) }))),
    );
    // The second stake (a middle one) unless the server offers only one.
    this.buyIn.value = String(buyIns()[Math.min(1, buyIns().length - 1)] ?? "");
    this.note = h("small", { class: "hint" });
    this.buyInRow = h("label", { class: "form-row" }, h("span", { class: "field-label" }, t("compete.buyIn")), this.buyIn, this.note);
    this.kind.addEventListener("change", () => this.changed());
    this.buyIn.addEventListener("change", () => this.changed());
    this.el = h(
      "div",
      { class: "kind-rows" },
      h(
        "label",
        { class: "form-row" },
        h("span", { class: "field-label" }, t("compete.kind")),
        this.kind,
        h("small", { class: "hint" }, t("compete.kindHelp")),
      ),
      this.buyInRow,
    );
    this.changed();
  }

  get compete(): boolean {
    return this.kind.value === "compete";
  }

  /** The settings to send with table.create. */
  settings(): Record<string, unknown> {
    return this.compete ? { kind: "compete", buy_in: Number(this.buyIn.value), suggestions: false } : {};
  }

  /** Draws the balance hint again (the balance may have come in since). */
  update(): void {
    const chips = this.app.wallet.chips;
    const need = Number(this.buyIn.value);
    if (this.app.user?.guest) this.note.textContent = t("compete.guest");
    else if (chips !== null && chips < need) this.note.textContent = t("compete.notEnough", { n: chips, amount: num(chips) });
    else this.note.textContent = chips === null ? "" : t("compete.youHave", { n: chips, amount: num(chips) });
    this.note.classList.toggle("warn", chips !== null && chips < need);
  }

  private changed(): void {
    this.buyInRow.hidden = !this.compete;
    this.update();
    this.onChange(this.compete);
  }
}

/** A badge for a table's kind: quick play, or compete with its buy-in; none for a friendly table. */
export function kindBadge(table: TableSummary): HTMLElement | null {
  const s = table.settings;
  if (s.kind === "compete") {
    return h(
      "span",
      {
        class: "badge compete",
        "data-buy-in": s.buy_in ?? 0,
        title: t("compete.badgeTitle"),
      },
      t("compete.badge", { buyIn: num(s.buy_in ?? 0) }),
    );
  }
  if (s.kind === "play") return h("span", { class: "badge quick", title: t("quick.badgeTitle") }, t("quick.badge"));
  return null;
}

/** A game's ledger entries (the user's), fetched once per game. */
const moved = new Map<number, LedgerEntry[] | "asking">();

/**
 * What a finished compete game did to the user's chips, for its result:
 * the buy-in, the payout or the refund. Null while it is being read (the
 * screen is drawn again when it comes).
 */
export function gameChipsLine(app: App, game: number | null): HTMLElement | null {
  if (game === null || app.user?.guest) return null;
  const got = moved.get(game);
  if (got === undefined) {
    moved.set(game, "asking");
    app.conn
      .request<ChipsHistory>("chips.history", { limit: 20 })
      .then((a) => {
        moved.set(
          game,
          a.entries.filter((e) => e.game === game),
        );
        app.wallet.set(a.chips);
      })
      .catch((e: unknown) => {
        moved.delete(game);
        if (!(e instanceof RequestError)) throw e;
      });
    return null;
  }
  if (got === "asking" || got.length === 0) return null;
  const part = (kind: string, label: Key): string | null => {
    const sum = got.filter((e) => e.kind === kind).reduce((a, e) => a + e.delta, 0);
    return got.some((e) => e.kind === kind) ? t(label, { amount: signedNum(sum) }) : null;
  };
  const net = got.reduce((a, e) => a + e.delta, 0);
  const parts = [part("buyin", "compete.partBuyIn"), part("payout", "compete.partPayout"), part("refund", "compete.partRefund")].filter((p) => p !== null);
  return h(
    "p",
    { class: `chips-result ${net > 0 ? "up" : net < 0 ? "down" : ""}`, "data-role": "chips-result", "data-net": net },
    h("span", { class: "chip-icon", "aria-hidden": "true" }),
    " ",
    t("compete.chipsLine", { parts: parts.join(", ") }),
    h("b", null, signedNum(net)),
    app.wallet.chips !== null ? t("compete.balance", { amount: num(app.wallet.chips) }) : null,
  );
}
