// The chips screen: the balance, the daily top-up when the balance is low,
// and the history of the ledger (what moved the chips, by how much, the
// balance after, and the game, which opens in the replay viewer).
import type { App, Screen } from "../app";
import { h, fill } from "../core/dom";
import { RequestError } from "../core/net";
import { backButton } from "./wallet";
import type { ChipsHistory, LedgerEntry, TopupAnswer } from "../core/types_results";

const KIND_LABELS: Record<string, string> = {
  initial: "First chips",
  topup: "Daily top-up",
  grant: "Granted",
  buyin: "Buy-in",
  payout: "Winnings",
  refund: "Refund",
  fee: "House fee",
};

/** The top-up's rule as the server applies it (docs/protocol.md, chips.topup): below the floor, once a day. */
const TOPUP_TEXT: Record<TopupAnswer["result"], string> = {
  applied: "",
  already_today: "You had today's top-up already; come back tomorrow (UTC).",
  not_below_floor: "The daily top-up is for balances below the floor.",
  off: "There is no daily top-up on this server.",
};

export function when(at: number): string {
  return new Date(at * 1000).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
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
      h("div", { class: "page-head" }, h("h2", null, "Your chips"), backButton(app)),
      h("div", { class: "card-panel chips-top" }, this.balance, this.topup),
      h("div", { class: "card-panel" }, h("h3", null, "History"), this.list),
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
      this.error = e instanceof Error ? e.message : String(e);
    } finally {
      this.loading = false;
      this.update();
    }
  }

  private async askTopup(): Promise<void> {
    try {
      const a = await this.app.conn.request<TopupAnswer>("chips.topup");
      this.floor = a.floor;
      this.topupNote = a.result === "applied" ? `${a.amount} chips added.` : TOPUP_TEXT[a.result];
      this.app.wallet.set(a.chips);
      if (a.result === "applied") await this.load(false);
    } catch (e) {
      if (!(e instanceof RequestError)) throw e;
      this.topupNote = e.message;
    }
    this.update();
  }

  update(): void {
    if (this.app.user?.guest) {
      fill(this.balance, h("p", null, "Guests have no chips. Register an account to get your first 1000 chips and play Compete tables."));
      fill(this.topup);
      fill(this.list);
      return;
    }
    const chips = this.app.wallet.chips ?? this.chips;
    fill(
      this.balance,
      h("span", { class: "chip-icon big", "aria-hidden": "true" }),
      h("span", { class: "amount", "data-role": "balance", "data-chips": chips ?? "" }, chips === null ? "…" : chips.toLocaleString("en")),
      h("span", { class: "unit" }, " chips"),
    );
    // Eligible: below the floor, and no top-up yet today (days in UTC, as the server counts them).
    const today = new Date().toISOString().slice(0, 10);
    const toppedToday = this.entries.some((e) => e.kind === "topup" && new Date(e.at * 1000).toISOString().slice(0, 10) === today);
    const low = chips !== null && chips < this.floor;
    fill(
      this.topup,
      low && !toppedToday && !this.topupNote
        ? h("button", { type: "button", class: "primary", id: "topup", onclick: () => void this.askTopup() }, "Get today's top-up")
        : low && toppedToday && !this.topupNote
          ? h("p", { class: "topup-note", "data-role": "topup-note" }, "You had today's top-up; the next one tomorrow (UTC).")
          : h("small", { class: "hint" }, `Below ${this.floor} chips you may take a daily top-up (once a day, also given when you log in).`),
      this.topupNote ? h("p", { class: "topup-note", "data-role": "topup-note" }, this.topupNote) : null,
    );
    if (this.error) {
      fill(this.list, h("p", { class: "empty" }, this.error));
      return;
    }
    if (this.entries.length === 0) {
      fill(this.list, h("p", { class: "empty" }, this.loading ? "Loading…" : "No chips have moved yet."));
      return;
    }
    // The balance after each entry, counted back from the current balance (entries are newest first).
    let after = this.chips ?? 0;
    const rows = this.entries.map((e) => {
      const row = h(
        "tr",
        { "data-kind": e.kind, "data-game": e.game ?? "" },
        h("td", { class: "when" }, when(e.at)),
        h("td", null, KIND_LABELS[e.kind] ?? e.kind),
        h("td", { class: `num ${e.delta > 0 ? "up" : e.delta < 0 ? "down" : ""}`, "data-delta": e.delta }, `${e.delta > 0 ? "+" : ""}${e.delta}`),
        h("td", { class: "num", "data-after": after }, String(after)),
        h(
          "td",
          null,
          e.game !== null
            ? h("button", { type: "button", class: "link", "data-replay": e.game, onclick: () => this.app.openReplay(e.game ?? 0) }, `Game ${e.game}`)
            : "",
        ),
      );
      after -= e.delta;
      return row;
    });
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
            h("th", null, "When"),
            h("th", null, "What"),
            h("th", { class: "num" }, "Chips"),
            h("th", { class: "num" }, "Balance"),
            h("th", null, "Game"),
          ),
        ),
        h("tbody", null, rows),
      ),
      this.next !== null ? h("button", { type: "button", class: "more", disabled: this.loading, onclick: () => void this.load(true) }, "Older entries") : null,
    );
  }
}
