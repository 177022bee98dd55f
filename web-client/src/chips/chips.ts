// The chips screen: the balance, the daily top-up when the balance is low,
// and the history of the ledger (what moved the chips, by how much, the
// balance after, and the game, which opens in the replay viewer).
import type { App, Screen } from "../app";
import { h, fill } from "../core/dom";
import { errorText } from "../core/errors";
import { RequestError } from "../core/net";
import { backButton } from "./wallet";
import type { ChipsHistory, LedgerEntry, TopupAnswer } from "../core/types_results";
import { dayTime, num, signedNum } from "../i18n/format";
import { t, type Key } from "../i18n";

const KIND_LABELS: Record<string, Key> = {
  initial: "chips.initial",
  topup: "chips.topup",
  grant: "chips.grant",
  buyin: "chips.buyin",
  payout: "chips.payout",
  refund: "chips.refund",
  fee: "chips.fee",
};

/** The top-up's rule as the server applies it (docs/protocol.md, chips.topup): below the floor, once a day. */
const TOPUP_TEXT: Record<Exclude<TopupAnswer["result"], "applied">, Key> = {
  already_today: "chips.alreadyToday",
  not_below_floor: "chips.notBelowFloor",
  off: "chips.topupOff",
};

/** "27 Nov, 14:30": when an entry or a game was, local time. */
export function when(at: number): string {
  return dayTime(at);
}

export class ChipsScreen implements Screen {
  readonly el: HTMLElement;
  private readonly balance: HTMLElement;
  private readonly topup: HTMLElement;
  private readonly list: HTMLElement;
  private entries: LedgerEntry[] = [];
  private next: number | null = null;
  private chips: number | null = null;
  private loading = false;
  private topupNote = "";
  /** The floor the server said (after a first top-up answer); the default until then. */
  private floor = 100;
  private error = "";

  constructor(private readonly app: App) {
    this.balance = h("div", { class: "balance-big" });
    this.topup = h("div", { class: "topup" });
    this.list = h("div", { class: "ledger" });
    this.el = h(
      "section",
      { class: "chips-screen page-screen" },
      h("div", { class: "page-head" }, h("h2", null, t("chips.title")), backButton(app)),
      h("div", { class: "card-panel chips-top" }, this.balance, this.topup),
      h("div", { class: "card-panel" }, h("h3", null, t("chips.history")), this.list),
    );
    void this.load(false);
  }

  private async load(more: boolean): Promise<void> {
    if (this.app.user?.guest) return;
    this.loading = true;
    try {
      const a = await this.app.conn.request<ChipsHistory>("chips.history", more && this.next ? { limit: 20, before: this.next } : { limit: 20 });
      this.entries = more ? [...this.entries, ...a.entries] : a.entries;
      this.next = a.next;
      if (!more) {
        this.chips = a.chips;
        this.app.wallet.set(a.chips);
      }
      this.error = "";
    } catch (e) {
      this.error = errorText(e);
    } finally {
      this.loading = false;
      this.update();
    }
  }

  private async askTopup(): Promise<void> {
    try {
      const a = await this.app.conn.request<TopupAnswer>("chips.topup");
      this.floor = a.floor;
      this.topupNote = a.result === "applied" ? t("chips.added", { n: a.amount, amount: num(a.amount) }) : t(TOPUP_TEXT[a.result]);
      this.app.wallet.set(a.chips);
      if (a.result === "applied") await this.load(false);
    } catch (e) {
      if (!(e instanceof RequestError)) throw e;
      this.topupNote = errorText(e);
    }
    this.update();
  }

  update(): void {
    if (this.app.user?.guest) {
      fill(this.balance, h("p", null, t("chips.guest")));
      fill(this.topup);
      fill(this.list);
      return;
    }
    const chips = this.app.wallet.chips ?? this.chips;
    fill(
      this.balance,
      h("span", { class: "chip-icon big", "aria-hidden": "true" }),
      h("span", { class: "amount", "data-role": "balance", "data-chips": chips ?? "" }, chips === null ? "…" : num(chips)),
      h("span", { class: "unit" }, " ", t("chips.unit", { n: chips ?? 0 })),
    );
    // Eligible: below the floor, and no top-up yet today (days in UTC, as the server counts them).
    const today = new Date().toISOString().slice(0, 10);
    const toppedToday = this.entries.some((e) => e.kind === "topup" && new Date(e.at * 1000).toISOString().slice(0, 10) === today);
    const low = chips !== null && chips < this.floor;
    fill(
      this.topup,
      low && !toppedToday && !this.topupNote
        ? h("button", { type: "button", class: "primary", id: "topup", onclick: () => void this.askTopup() }, t("chips.getTopup"))
        : low && toppedToday && !this.topupNote
          ? h("p", { class: "topup-note", "data-role": "topup-note" }, t("chips.hadTopup"))
          : h("small", { class: "hint" }, t("chips.topupRule", { n: this.floor, amount: num(this.floor) })),
      this.topupNote ? h("p", { class: "topup-note", "data-role": "topup-note" }, this.topupNote) : null,
    );
    if (this.error) {
      fill(this.list, h("p", { class: "empty" }, this.error));
      return;
    }
    if (this.entries.length === 0) {
      fill(this.list, h("p", { class: "empty" }, this.loading ? t("common.loading") : t("chips.none")));
      return;
    }
    fill(
      this.list,
      h(
        "table",
        { class: "ledger-table" },
        h(
          "thead",
          null,
          h(
            "tr",
            null,
            h("th", null, t("chips.when")),
            h("th", null, t("chips.what")),
            h("th", { class: "num" }, t("chips.chips")),
            h("th", { class: "num" }, t("chips.balance")),
            h("th", null, t("form.game")),
          ),
        ),
        h("tbody", null, this.rows()),
      ),
      this.next !== null ? h("button", { type: "button", class: "more", disabled: this.loading, onclick: () => void this.load(true) }, t("chips.older")) : null,
    );
  }

  /** The history's rows, with the balance after each entry, counted back from the current balance (entries are newest first). */
  private rows(): HTMLElement[] {
    let after = this.chips ?? 0;
    return this.entries.map((e) => {
      const row = h(
        "tr",
        { "data-kind": e.kind, "data-game": e.game ?? "" },
        h("td", { class: "when" }, when(e.at)),
        h("td", null, KIND_LABELS[e.kind] ? t(KIND_LABELS[e.kind] ?? "chips.grant") : e.kind),
        h("td", { class: `num ${e.delta > 0 ? "up" : e.delta < 0 ? "down" : ""}`, "data-delta": e.delta }, signedNum(e.delta)),
        h("td", { class: "num", "data-after": after }, num(after)),
        h(
          "td",
          null,
          e.game !== null
            ? h(
                "button",
                { type: "button", class: "link", "data-replay": e.game, onclick: () => this.app.openReplay(e.game ?? 0) },
                t("chips.game", { n: e.game }),
              )
            : "",
        ),
      );
      after -= e.delta;
      return row;
    });
  }
}
