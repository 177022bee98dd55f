// The user's chips as the header shows them: the balance, kept live (read
// again after a buy-in, a payout, a refund or a top-up), and the links to
// the chips and results screens. Guests have no chips: only the results.
import type { Shell } from "../shell";
import { h } from "../core/dom";
import { RequestError } from "../core/net";
import { num } from "../i18n/format";
import { t } from "../i18n";

/** Table events after which the balance may have changed. */
const CHIP_EVENTS = new Set(["start", "result", "buy_in_refused", "start_failed", "cancelled"]);

export class Wallet {
  /** The balance, or null before it is known (and for a guest). */
  chips: number | null = null;
  private asking = false;
  private again = false;

  constructor(private readonly app: Shell) {}

  /** Whether a table event may have moved chips (a compete table's buy-in, payout or refund). */
  static moves(eventType: string): boolean {
    return CHIP_EVENTS.has(eventType);
  }

  /** Reads the balance again (at most one request at a time); redraws the header. */
  async refresh(): Promise<void> {
    const u = this.app.user;
    if (!u || u.guest) {
      this.chips = null;
      return;
    }
    if (this.asking) {
      this.again = true;
      return;
    }
    this.asking = true;
    try {
      const a = await this.app.conn.request<{ chips: number }>("chips.balance");
      this.chips = a.chips;
    } catch (e) {
      if (!(e instanceof RequestError)) throw e;
    } finally {
      this.asking = false;
    }
    this.app.render();
    if (this.again) {
      this.again = false;
      await this.refresh();
    }
  }

  /** Sets the balance from an answer that carries it (chips.history, chips.topup). */
  set(chips: number): void {
    this.chips = chips;
    this.app.render();
  }

  /** The header's part: the balance (a link to the chips screen) and "My games". */
  header(): HTMLElement[] {
    const u = this.app.user;
    if (!u) return [];
    const out: HTMLElement[] = [];
    const here = this.app.screenName;
    if (!u.guest) {
      out.push(
        h(
          "button",
          {
            type: "button",
            class: `chips-badge${here === "chips" ? " current" : ""}`,
            id: "chips-badge",
            title: t("chips.badgeTitle"),
            onclick: () => this.app.show("chips"),
          },
          h("span", { class: "chip-icon", "aria-hidden": "true" }),
          h("span", { class: "amount", "data-chips": this.chips ?? "" }, this.chips === null ? "…" : num(this.chips)),
          h("span", { class: "sr-only" }, " ", t("chips.unit", { n: this.chips ?? 0 })),
        ),
      );
    }
    out.push(
      h(
        "button",
        {
          type: "button",
          class: `link nav${here === "results" ? " current" : ""}`,
          id: "nav-results",
          onclick: () => this.app.show("results"),
        },
        t("chips.myGames"),
      ),
    );
    return out;
  }
}

/** The way back from the chips and results screens: to the user's table, or the lobby. */
export function backButton(app: Shell): HTMLElement {
  const back = (): void => {
    if (app.table) app.show("table");
    else void app.enterLobby();
  };
  return h("button", { type: "button", class: "leave", id: "back", onclick: back }, app.table ? t("common.backToTable") : t("common.lobby"));
}
