// The replay viewer: a finished game step by step, every hand face up.
// The server gives every state of the game (game.replay), so the viewer
// knows no rules: it shows the state at the cursor, the action that led to
// it, and at the end of each deal the deal's summary. Reached from the
// result of a game ("Replay the game") and at #replay/<game id>.
import { saveFile } from "../account/care_data";
import type { App, Screen } from "../app";
import { copyLinkButton, CopyNote } from "../core/copy";
import { cardFace, cardText, sortHand, suitIcon, suitName, type Suit } from "../core/cards";
import { h, fill } from "../core/dom";
import { errorReason } from "../core/errors";
import { keepFocus, moveFocus } from "../core/keys";
import { computerBadge, playerName } from "../core/players";
import { bidName, hasSides, modeName, variantName, optionSummary } from "../core/rules";
import { callText, dealtText } from "../table/game";
import { makeSummary, rowName, summaryPanel, type RowName } from "../table/summary";
import { gamesText, isRubber } from "../table/rubber";
import { dealerBadge, POSITIONS } from "../table/table_felt";
import type { Action, SeatInfo, TableSummary, View } from "../core/types";
import { t } from "../i18n";

interface ReplayState {
  index: number;
  action: Action | null;
  view: View;
}

export interface ReplayData {
  game: number;
  table: number;
  seats: SeatInfo[];
  result: { scores: number[]; winners: number[] } | null;
  record: { variant: TableSummary["variant"]; options: TableSummary["options"]; players: number };
  states: ReplayState[];
}

export class ReplayScreen implements Screen {
  readonly el: HTMLElement;
  private readonly head: HTMLElement;
  private readonly body: HTMLElement;
  private data: ReplayData | null = null;
  private error = "";
  private at = 0;
  /** "Copy link" (the replay's address) and what it says, kept across redraws of the head. */
  private readonly linkNote = new CopyNote("replay-link");
  private readonly copyLink = copyLinkButton("copy-replay-link", this.linkNote, () => `#replay/${this.game}`);

  constructor(
    private readonly app: App,
    private readonly game: number,
  ) {
    this.head = h("div", { class: "table-head" });
    this.body = h("div", { class: "replay-body" });
    this.el = h("section", { class: "replay-screen", "data-game": game, tabindex: -1 }, this.head, this.body);
    this.el.addEventListener("keydown", (e) => this.key(e));
    // Asked for after the constructor's caller is done: a screen made again
    // for a new language takes the old one's game instead (adopt()).
    queueMicrotask(() => {
      if (!this.data && !this.error) void this.load();
    });
  }

  adopt(old: Screen): void {
    if (!(old instanceof ReplayScreen) || old.game !== this.game || !old.data) return;
    this.data = old.data;
    this.at = old.at;
  }

  private async load(): Promise<void> {
    try {
      this.data = await this.app.conn.request<ReplayData>("game.replay", { game: this.game });
      this.at = 0;
    } catch (e) {
      this.error = errorReason(e);
    }
    this.update();
    this.el.focus({ preventScroll: true });
  }

  /** The table as the shared helpers want it, from the record. */
  private summaryOf(d: ReplayData): TableSummary {
    return {
      table: d.table,
      variant: d.record.variant,
      players: d.record.players,
      options: d.record.options,
      settings: { timer_bid: 0, timer_play: 0, chat: "none", watching: true, suggestions: false },
      state: "finished",
      creator: "",
      seats: d.seats,
      watchers: 0,
      game: d.game,
      scores: d.result?.scores ?? null,
    };
  }

  private name(seat: number): string {
    return this.data?.seats[seat]?.name ?? t("table.seat", { n: seat + 1 });
  }

  /** Whether a computer player sat there (its user is negative in game.record). */
  private isComputer(seat: number): boolean {
    const info = this.data?.seats[seat];
    return !!info && (info.computer === true || (info.user !== null && info.user < 0));
  }

  /** A seat's name: a link to a person's profile. */
  private nameTag(seat: number): HTMLElement | string {
    return this.data?.seats[seat]?.name ? playerName(this.name(seat), this.isComputer(seat)) : this.name(seat);
  }

  /** A small badge for a computer player's seat. */
  private bot(seat: number): HTMLElement | null {
    return this.isComputer(seat) ? computerBadge() : null;
  }

  private rowNames(table: TableSummary): RowName[] {
    return hasSides(table) ? [0, 1].map((s) => [this.name(s), this.name(s + 2)] as const) : table.seats.map((_, i) => this.name(i));
  }

  private go(to: number): void {
    const n = this.data?.states.length ?? 0;
    this.at = Math.max(0, Math.min(n - 1, to));
    this.update();
  }

  /** The first state of the deal before (-1) or after (+1) the cursor's. */
  private dealStep(dir: number): void {
    const states = this.data?.states ?? [];
    const starts = states.map((s, k) => (s.action === null ? k : -1)).filter((k) => k >= 0);
    if (dir > 0) this.go(starts.find((k) => k > this.at) ?? states.length - 1);
    else this.go(starts.filter((k) => k < this.at).pop() ?? 0);
  }

  private key(e: KeyboardEvent): void {
    const target = e.target as HTMLElement;
    if (target.tagName === "INPUT" && target.getAttribute("type") !== "range") return;
    const steps: Record<string, () => void> = {
      ArrowRight: () => this.go(this.at + 1),
      ArrowLeft: () => this.go(this.at - 1),
      Home: () => this.go(0),
      End: () => this.go(Number.MAX_SAFE_INTEGER),
      PageDown: () => this.dealStep(1),
      PageUp: () => this.dealStep(-1),
    };
    const f = steps[e.key];
    if (!f || target.getAttribute("type") === "range") return;
    e.preventDefault();
    f();
  }

  update(): void {
    const d = this.data;
    fill(
      this.head,
      h(
        "div",
        { class: "title" },
        h("h2", null, t("replay.title"), d ? h("small", null, " ", t("replay.of", { n: d.game, game: variantName(d.record.variant) })) : null),
        d ? h("p", { class: "opts" }, optionSummary(this.summaryOf(d))) : null,
      ),
      h(
        "div",
        { class: "head-actions" },
        this.copyLink,
        d
          ? h(
              "button",
              {
                type: "button",
                class: "small",
                id: "download-record",
                title: t("replay.downloadHelp"),
                onclick: () => saveFile(`whistd-game-${d.game}.json`, JSON.stringify(d.record, null, 2) + "\n"),
              },
              t("replay.download"),
            )
          : null,
        h("button", { type: "button", class: "leave", onclick: () => this.app.closeReplay() }, t("replay.close")),
        this.linkNote.el,
      ),
    );
    if (!d) {
      fill(
        this.body,
        h("p", { class: this.error ? "form-error" : "center-note" }, this.error ? t("replay.none", { reason: this.error }) : t("replay.loading")),
      );
      return;
    }
    const st = d.states[this.at];
    if (!st) return;
    const table = this.summaryOf(d);
    const v = st.view;
    this.el.dataset["step"] = String(this.at);
    this.el.dataset["steps"] = String(d.states.length);
    this.el.dataset["deal"] = String(v.deal);
    keepFocus(this.body, () =>
      fill(
        this.body,
        h("div", { class: "replay-bar" }, this.controls(d), h("p", { class: "replay-caption", "data-role": "caption" }, this.caption(table, st))),
        this.status(table, v),
        this.dealEnd(table, d, st),
        this.felt(table, v, st.action),
      ),
    );
  }

  private controls(d: ReplayData): HTMLElement {
    const last = d.states.length - 1;
    const btn = (label: string, title: string, role: string, f: () => void, disabled: boolean): HTMLElement =>
      h("button", { type: "button", "data-step": role, title, "aria-label": title, disabled, onclick: f }, label);
    const slider = h("input", {
      type: "range",
      min: 0,
      max: last,
      value: this.at,
      "aria-label": t("replay.step"),
      "data-step": "slider",
    }) as HTMLInputElement;
    slider.addEventListener("input", () => this.go(Number(slider.value)));
    const bar = h(
      "div",
      { class: "replay-controls", role: "toolbar", "aria-label": t("replay.steps") },
      btn("|◀", t("replay.first"), "first", () => this.go(0), this.at === 0),
      btn(t("replay.prevDeal"), t("replay.prevDealTitle"), "prev-deal", () => this.dealStep(-1), this.at === 0),
      btn("◀", t("replay.prev"), "prev", () => this.go(this.at - 1), this.at === 0),
      h("span", { class: "replay-pos" }, `${this.at} / ${last}`),
      btn("▶", t("replay.next"), "next", () => this.go(this.at + 1), this.at === last),
      btn(t("replay.nextDeal"), t("replay.nextDealTitle"), "next-deal", () => this.dealStep(1), this.at === last),
      btn("▶|", t("replay.last"), "last", () => this.go(last), this.at === last),
      slider,
    );
    bar.addEventListener("keydown", (e) => {
      if ((e.target as HTMLElement).tagName === "BUTTON" && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
        moveFocus(e, [...bar.querySelectorAll<HTMLElement>("button:not([disabled])")]);
      }
    });
    return bar;
  }

  /** What happened at this step, in words. */
  private caption(table: TableSummary, st: ReplayState): string {
    const v = st.view;
    const a = st.action;
    if (!a) return dealtText(v.deal + 1, this.name(v.dealer), v.turned);
    const name = this.name(a.seat);
    let text: string;
    switch (a.type) {
      case "play":
        text = t("replay.plays", { name, card: cardText(a.card ?? "") });
        break;
      case "pass":
        text = t("replay.passes", { name });
        break;
      case "bid":
        text = t("replay.bids", { name, bid: table.variant === "exact" ? String(a.tricks ?? 0) : bidName(a.level, a.mode) });
        break;
      case "discard":
        text = t("replay.discards", { name, cards: (a.cards ?? []).map(cardText).join(" ") });
        break;
      case "trump":
        text = t("replay.namesTrumps", { name, suit: suitName((a.suit ?? "S") as Suit) });
        break;
      case "direction":
        text = t("replay.direction", { name, mode: modeName(a.mode === "downtown" ? "downtown" : "uptown") });
        break;
      case "claim":
        text = t("replay.claims", { name, n: a.tricks ?? 0 });
        break;
      case "undo": // undo by consent: the card back in its player's hand
        text = t("replay.undoes", { name, card: cardText(a.card ?? "") });
        break;
      default:
        text = t("replay.acts", { name });
    }
    const last = v.tricks[v.tricks.length - 1];
    if (a.type === "play" && v.trick.cards.length === 0 && last) text += ` ${t("replay.takesTrick", { name: this.name(last.winner) })}`;
    if (v.game_over) text += ` ${t("replay.over")}`;
    return text;
  }

  private status(table: TableSummary, v: View): HTMLElement {
    const items: (HTMLElement | null)[] = [h("div", { class: "chip" }, h("span", { class: "k" }, t("status.deal")), ` ${v.deal + 1}`)];
    let trump: (Node | string)[] = ["—"];
    if (v.trump === "NT") trump = [h("b", null, v.downtown ? t("status.noTrumpDirection", { mode: modeName("downtown") }) : t("status.noTrump"))];
    else if (v.trump)
      trump = [
        suitIcon(v.trump as Suit, `suit big suit-${v.trump}`),
        h("b", null, ` ${suitName(v.trump as Suit)}`),
        v.downtown ? ` ${t("status.downtown")}` : "",
      ];
    items.push(h("div", { class: "chip" }, h("span", { class: "k" }, t("status.trumps")), " ", trump));
    if (v.turned) items.push(h("div", { class: "chip turned" }, h("span", { class: "k" }, t("status.turned")), cardFace(v.turned, "tiny")));
    if (v.contract) {
      const c = v.contract;
      items.push(
        h(
          "div",
          { class: "chip" },
          h("span", { class: "k" }, t("status.contract")),
          " ",
          t("replay.contract", { name: this.name(c.declarer), bid: bidName(c.level, c.mode), n: 6 + c.level }),
        ),
      );
    }
    if (v.kitty && v.kitty.length)
      items.push(
        h(
          "div",
          { class: "chip kitty" },
          h("span", { class: "k" }, t("status.kitty")),
          v.kitty.map((c) => cardFace(c, "tiny")),
        ),
      );
    if (v.discards && v.discards.length)
      items.push(
        h(
          "div",
          { class: "chip kitty" },
          h("span", { class: "k" }, t("replay.discardsChip")),
          v.discards.map((c) => cardFace(c, "tiny")),
        ),
      );
    const names = this.rowNames(table);
    items.push(
      h(
        "div",
        { class: "chip score", "data-role": "score" },
        h(
          "span",
          { class: "k" },
          table.variant === "exact" ? t("status.score") : t("status.scoreTo", { n: String(table.options["play_to"]) }),
          isRubber(table) ? [" · ", h("span", { "data-role": "games", title: t("status.gamesTitle") }, gamesText(v.games ?? []))] : null,
        ),
        h(
          "span",
          { class: "sides" },
          v.scores.map((sc, i) => h("span", { class: "side" }, h("b", null, String(sc)), h("span", { class: "names" }, rowName(names[i])))),
        ),
      ),
    );
    return h("div", { class: "status-bar" }, items);
  }

  /** At the last card of a deal: its summary. */
  private dealEnd(table: TableSummary, d: ReplayData, st: ReplayState): HTMLElement | null {
    const prev = d.states[this.at - 1];
    const v = st.view;
    if (!prev || v.results.length <= prev.view.results.length) return null;
    const r = v.results[v.results.length - 1];
    if (!r) return null;
    const s = makeSummary(table, this.rowNames(table), v, r.tricks, r.score, r.honours ?? null, (seat) => this.name(seat));
    return summaryPanel(s, null);
  }

  private felt(table: TableSummary, v: View, a: Action | null): HTMLElement {
    const n = table.players;
    // An undo's card, back in its player's hand, marked.
    const back = a?.type === "undo" ? a.card : undefined;
    const face = (c: string): HTMLElement => {
      const el = cardFace(c, "tiny");
      if (c === back) el.classList.add("taken-back");
      return el;
    };
    const pos = POSITIONS[n] ?? POSITIONS[4]!;
    const hands = v.hands ?? [];
    const seats = Array.from({ length: n }, (_, i) => {
      const toAct = v.to_act === i && !v.game_over;
      const call = [...v.calls].reverse().find((c) => c.seat === i);
      const bid = call ? callText(call, table.variant) : null;
      return h(
        "div",
        { class: `replay-seat${toAct ? " to-act" : ""}`, "data-seat": i },
        h(
          "div",
          { class: "seat-head" },
          h("span", { class: "seat-name" }, this.nameTag(i)),
          this.bot(i),
          v.dealer === i ? dealerBadge() : null,
          v.contract?.declarer === i ? h("span", { class: "badge declarer" }, t("felt.declarer")) : null,
          bid ? h("span", { class: "call" }, bid) : null,
          h("span", { class: "won" }, tricksText(v.tricks_won[i] ?? 0)),
        ),
        h(
          "div",
          { class: "open-hand", "data-hand-of": i, "data-count": (hands[i] ?? []).length },
          sortHand(hands[i] ?? [], v.trump && v.trump !== "NT" ? v.trump : null).map(face),
        ),
      );
    });
    let cards = v.trick.cards;
    let leader = v.trick.leader;
    let done = false;
    const last = v.tricks[v.tricks.length - 1];
    if (cards.length === 0 && last) {
      cards = last.cards;
      leader = last.leader;
      done = true;
    }
    const trick = h(
      "div",
      { class: `trick${done ? " done" : ""}`, "data-role": "trick" },
      cards.map((c, k) => {
        const seat = (leader + k) % n;
        const winner = done && last?.winner === seat;
        return h("div", { class: `slot pos-${pos[seat] ?? "b"}${winner ? " winner" : ""}`, "data-seat": seat }, cardFace(c, "trick-card"));
      }),
    );
    // Who sits where around the trick: a name tag for each seat.
    const tags = Array.from({ length: n }, (_, i) =>
      h(
        "div",
        { class: `seat pos-${pos[i] ?? "b"}${v.to_act === i && !v.game_over ? " to-act" : ""}`, "data-seat": i },
        h("div", { class: "seat-head" }, h("span", { class: "seat-name" }, this.nameTag(i)), this.bot(i)),
        h("div", { class: "seat-line" }, h("span", { class: "won" }, tricksText(v.tricks_won[i] ?? 0))),
      ),
    );
    return h(
      "div",
      { class: "replay-table" },
      h("div", { class: "felt replay-felt" }, tags, h("div", { class: "center" }, trick)),
      h("div", { class: "replay-hands" }, seats),
    );
  }
}

const tricksText = (n: number): string => t("status.tricks", { n });
