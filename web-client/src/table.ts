// The table: the seats around it with names and who is to act, the user's
// hand sorted by suit (the others face down), trumps, the turned card or
// the contract, the bidding and choice controls (only legal calls), the
// trick in play and the last one, tricks and scores, notices, chat, the
// result and the rematch.
import type { App, Screen } from "./app";
import {
  cardBack,
  cardFace,
  cardText,
  SUIT_NAMES,
  suitIcon,
  suitOf,
  sortHand,
  type Suit,
} from "./cards";
import { h, fill } from "./dom";
import { callText, isComputer, seatName, sideName, winnersText, type TableState } from "./game";
import { keepFocus, moveFocus } from "./keys";
import { waitingText } from "./schedule";
import { summaryPanel } from "./summary";
import { CHAT_PHRASES, hasSides, MODE_LABELS, VARIANT_NAMES, optionSummary } from "./rules";
import type { Action, View } from "./types";

// Where each seat sits, from the user's seat (bottom) going to the left.
const POSITIONS: Record<number, string[]> = {
  2: ["b", "t"],
  3: ["b", "l", "r"],
  4: ["b", "l", "t", "r"],
  5: ["b", "l", "tl", "tr", "r"],
  6: ["b", "l", "tl", "t", "tr", "r"],
};

const PHASE_VERBS: Record<string, string> = {
  bidding: "to bid",
  discard: "discarding",
  choose: "choosing",
  play: "to play",
};

const GRACE_SECONDS = 60; // the server's wait for an absent player when timers are off

export class TableScreen implements Screen {
  readonly el: HTMLElement;
  private readonly head: HTMLElement;
  private readonly status: HTMLElement;
  private readonly felt: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly controls: HTMLElement;
  private readonly handArea: HTMLElement;
  private readonly notices: HTMLElement;
  private readonly chat: ChatBox;
  private readonly ticker: number;
  private showLast = false;
  private selected = new Set<string>();
  private selectKey = "";
  private trickCount = -1;
  /** The deal whose summary the user closed. */
  private closedSummary = -1;
  /** A card being dragged to the table. */
  private drag: { card: string; el: HTMLElement; ghost: HTMLElement | null; x0: number; y0: number; id: number } | null = null;
  private justDragged = false;
  /** Whether it was the user's turn to play at the last render (to focus the hand when it becomes so). */
  private wasMyTurn = false;
  private readonly listeners: [string, (e: Event) => void][] = [];
  /** The server's suggestion for the user's current turn (turnKey says which turn), shown until they act. */
  private suggestion: { key: string; action: Action } | null = null;
  private suggesting = false;

  constructor(private readonly app: App) {
    this.head = h("div", { class: "table-head" });
    this.status = h("div", { class: "status-bar" });
    this.felt = h("div", { class: "felt" });
    this.summary = h("div", { class: "summary-area" });
    this.controls = h("div", { class: "controls", "aria-live": "polite" });
    this.handArea = h("div", { class: "hand-area" });
    this.notices = h("ul", { class: "notices", "aria-live": "polite" });
    this.chat = new ChatBox(app);
    this.el = h(
      "section",
      { class: "table-screen" },
      this.head,
      h("div", { class: "table-layout" }, h("div", { class: "play-area" }, this.status, this.felt, this.controls, this.handArea), h("aside", { class: "side" }, this.summary, this.notices, this.chat.el)),
    );
    this.ticker = window.setInterval(() => this.tick(), 500);
    this.listen("pointermove", (e) => this.dragMove(e as PointerEvent));
    this.listen("pointerup", (e) => this.dragEnd(e as PointerEvent, true));
    this.listen("pointercancel", (e) => this.dragEnd(e as PointerEvent, false));
    this.listen("keydown", (e) => this.globalKey(e as KeyboardEvent));
  }

  private listen(type: string, f: (e: Event) => void): void {
    window.addEventListener(type, f);
    this.listeners.push([type, f]);
  }

  dispose(): void {
    window.clearInterval(this.ticker);
    for (const [type, f] of this.listeners) window.removeEventListener(type, f);
    this.drag?.ghost?.remove();
  }

  /** Keys anywhere on the table (outside text fields): L shows the last trick. */
  private globalKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.key === "s" || e.key === "S") && this.canSuggest()) {
      e.preventDefault();
      void this.askSuggestion();
      return;
    }
    if (e.key === "l" || e.key === "L") {
      const v = this.app.table?.view;
      if (v && v.phase === "play" && v.tricks.length > 0 && v.trick.cards.length > 0) {
        this.showLast = !this.showLast;
        this.update();
      }
    }
  }

  update(): void {
    const st = this.app.table;
    if (!st) return;
    const v = st.view;
    this.el.dataset["table"] = String(st.id);
    this.el.dataset["v"] = String(st.v);
    this.el.dataset["seat"] = st.seat === null ? "" : String(st.seat);
    this.el.dataset["phase"] = v ? v.phase : "waiting";
    this.el.dataset["state"] = st.summary.state;
    // A new deal or phase clears the discard selection.
    const key = v ? `${v.deal}/${v.phase}` : "";
    if (key !== this.selectKey) {
      this.selectKey = key;
      this.selected.clear();
      this.showLast = false;
    }
    // A new trick hides the last one again.
    if (v && v.tricks.length !== this.trickCount) {
      this.trickCount = v.tricks.length;
      this.showLast = false;
    }
    this.renderHead(st);
    this.renderStatus(st, v);
    this.renderSummary(st, v);
    this.renderFelt(st, v);
    keepFocus(this.controls, () => this.renderControls(st, v));
    keepFocus(this.handArea, () => this.renderHand(st, v));
    // When it becomes the user's turn to play, the keyboard is in the hand
    // (unless they are typing elsewhere).
    const myTurn = !!v && v.phase === "play" && v.to_act === st.seat && st.actedV !== st.v && !v.game_over;
    if (myTurn && !this.wasMyTurn && (document.activeElement === document.body || document.activeElement === null)) {
      this.handArea.querySelector<HTMLElement>(".card.playable")?.focus({ preventScroll: true });
    }
    this.wasMyTurn = myTurn;
    this.tick(); // the countdowns just drawn, at once
    fill(
      this.notices,
      st.notices
        .slice(-4)
        .reverse()
        .map((n, i) => h("li", { class: i === 0 ? "latest" : "" }, n)),
    );
    this.chat.update(st);
  }

  /**
   * The last deal's summary, from its end until the user closes it or the
   * next deal's first trick is over (and with the game's result).
   */
  private renderSummary(st: TableState, v: View | null): void {
    const s = st.lastDeal;
    const stale = !s || !v || s.deal === this.closedSummary || (v.deal > s.deal && v.tricks.length > 0 && !v.game_over);
    if (stale) {
      fill(this.summary);
      return;
    }
    const shown = this.summary.firstElementChild as HTMLElement | null;
    if (shown && shown.dataset["deal"] === String(s.deal) && shown.dataset["total"] === String(s.totals.join())) return;
    const panel = summaryPanel(s, () => {
      this.closedSummary = s.deal;
      this.update();
    });
    panel.dataset["total"] = s.totals.join();
    fill(this.summary, panel);
  }

  private renderHead(st: TableState): void {
    const t = st.summary;
    const seated = st.seat !== null;
    const leaveLabel = !seated ? "Stop watching" : t.state === "playing" ? "Lobby (seat kept)" : "Leave table";
    fill(
      this.head,
      h(
        "div",
        { class: "title" },
        h("h2", null, VARIANT_NAMES[t.variant], h("small", null, ` #${t.table}`)),
        h("p", { class: "opts" }, optionSummary(t), seated ? null : h("span", { class: "badge" }, "watching")),
      ),
      h("button", { type: "button", class: "leave", onclick: () => void this.app.toLobby() }, leaveLabel),
    );
  }

  private isCreator(st: TableState): boolean {
    return st.seat !== null && this.app.user?.name === st.summary.creator;
  }

  /** The creator's button on a seat before a game: add a computer player to a free seat, or remove one. */
  private seatManage(st: TableState, i: number): HTMLElement | null {
    if (!this.isCreator(st) || st.summary.state === "playing") return null;
    const info = st.summary.seats[i];
    if (!info || info.name === null) {
      return h("button", { type: "button", class: "small add-bot", "data-add-bot": i, "data-key": `add-bot-${i}`, onclick: () => void this.app.addBot(i) }, "Add computer");
    }
    if (isComputer(st, i)) {
      return h("button", { type: "button", class: "small link remove-bot", "data-remove-bot": i, "data-key": `remove-bot-${i}`, onclick: () => void this.app.removeBot(i) }, "Remove");
    }
    return null;
  }

  // --- Suggestions -----------------------------------------------------------

  /** Names the user's current turn: a suggestion holds for this turn only. */
  private turnKey(v: View): string {
    return `${v.deal}/${v.phase}/${v.calls.length}/${v.tricks.length}/${v.trick.cards.length}`;
  }

  private canSuggest(): boolean {
    const st = this.app.table;
    const v = st?.view;
    if (!st || !v || st.seat === null || !st.summary.settings.suggestions) return false;
    if (v.to_act !== st.seat || st.actedV === st.v || v.game_over) return false;
    // A discard's choices are the hand (the view says how many); the other phases list their legal actions.
    return v.phase === "discard" ? !!v.discard : v.legal.length > 0 && ["bidding", "choose", "play"].includes(v.phase);
  }

  /** The suggestion for this turn, if there is one. */
  private current(v: View | null): Action | null {
    return v && this.suggestion && this.suggestion.key === this.turnKey(v) ? this.suggestion.action : null;
  }

  /** Asks the server for a suggestion, then highlights it (a discard's cards are chosen), without acting. */
  private async askSuggestion(): Promise<void> {
    const st = this.app.table;
    if (!st?.view || this.suggesting) return;
    const key = this.turnKey(st.view);
    this.suggesting = true;
    this.update();
    const got = await this.app.suggest();
    this.suggesting = false;
    const v = this.app.table?.view;
    if (got && v && this.turnKey(v) === key) {
      this.suggestion = { key, action: got.action };
      if (got.action.type === "discard" && got.action.cards) this.selected = new Set(got.action.cards);
    }
    this.update();
    this.el.querySelector<HTMLElement>(".suggested")?.focus({ preventScroll: true });
  }

  /** The suggestion in words. */
  private suggestionText(st: TableState, a: Action): string {
    switch (a.type) {
      case "play":
        return `play ${cardText(a.card ?? "")}`;
      case "pass":
        return "pass";
      case "bid":
        return st.summary.variant === "exact" ? `bid ${a.tricks ?? 0}` : `bid ${a.level ?? 0} ${MODE_LABELS[a.mode ?? ""] ?? a.mode}`;
      case "discard":
        return `discard ${(a.cards ?? []).map(cardText).join(" ")}`;
      case "trump":
        return `${SUIT_NAMES[(a.suit ?? "S") as Suit]} as trumps`;
      case "direction":
        return a.mode === "downtown" ? "downtown" : "uptown";
    }
  }

  /** The Suggest button and the suggestion, where the table allows them. */
  private suggestRow(st: TableState, v: View): HTMLElement | null {
    if (!st.summary.settings.suggestions || !this.canSuggest()) return null;
    const a = this.current(v);
    return h(
      "div",
      { class: "suggest-row", "data-role": "suggest" },
      h(
        "button",
        { type: "button", class: "suggest", id: "suggest", disabled: this.suggesting, title: "Ask the computer what it would do here (key S); nothing is played", onclick: () => void this.askSuggestion() },
        this.suggesting ? "Thinking…" : "Suggest",
      ),
      a ? h("span", { class: "suggestion", "data-role": "suggestion" }, "Suggested: ", h("b", null, this.suggestionText(st, a)), " (highlighted)") : h("small", { class: "hint" }, "Key S"),
    );
  }

  /** Marks the buttons of a bidding or choice prompt that match the suggestion. */
  private markSuggested(panel: HTMLElement, v: View): void {
    const a = this.current(v);
    if (!a) return;
    let sel = "";
    if (a.type === "pass") sel = 'button[data-bid="pass"]';
    else if (a.type === "bid") sel = `button[data-bid="${a.tricks !== undefined ? String(a.tricks) : `${a.level ?? 0}${a.mode ?? ""}`}"]`;
    else if (a.type === "trump") sel = `button[data-trump="${a.suit ?? ""}"]`;
    else if (a.type === "direction") sel = `button[data-direction="${a.mode ?? ""}"]`;
    if (sel) panel.querySelector(sel)?.classList.add("suggested");
  }

  private renderStatus(st: TableState, v: View | null): void {
    const t = st.summary;
    if (!v || v.deal < 0) {
      const free = t.seats.filter((s) => s.name === null).length;
      const creator = this.isCreator(st);
      fill(
        this.status,
        h(
          "div",
          { class: "chip wide" },
          t.state === "open" ? waitingText(t, free) : "Waiting for the game.",
          creator && free > 0 ? h("small", { class: "hint" }, " You may fill a seat with a computer player: “Add computer”.") : null,
        ),
      );
      return;
    }
    const items: HTMLElement[] = [];
    items.push(h("div", { class: "chip" }, h("span", { class: "k" }, "Deal"), ` ${v.deal + 1}`, t.variant === "exact" ? ` · ${v.hand_size} cards` : null));
    items.push(h("div", { class: "chip", "data-role": "trump" }, h("span", { class: "k" }, "Trumps"), " ", trumpLabel(v)));
    if (v.turned) {
      items.push(
        h(
          "div",
          { class: "chip turned", title: t.variant === "classic" ? "the dealer's last card, turned up: it names trumps and stays in the dealer's hand" : "the turned card: it names trumps" },
          h("span", { class: "k" }, "Turned"),
          cardFace(v.turned, "tiny"),
        ),
      );
    }
    if (v.contract) {
      const c = v.contract;
      items.push(
        h(
          "div",
          { class: "chip contract" },
          h("span", { class: "k" }, "Contract"),
          ` ${seatName(st, c.declarer)}: ${c.level} ${MODE_LABELS[c.mode] ?? c.mode} (needs ${6 + c.level})`,
        ),
      );
    }
    if (v.kitty && v.kitty.length) {
      items.push(h("div", { class: "chip kitty" }, h("span", { class: "k" }, "Kitty"), v.kitty.map((c) => cardFace(c, "tiny"))));
    }
    items.push(this.scoreChip(st, v));
    fill(this.status, items);
  }

  private scoreChip(st: TableState, v: View): HTMLElement {
    const t = st.summary;
    const target = t.variant === "exact" ? "" : `to ${t.options["play_to"]}`;
    if (hasSides(t)) {
      const tricks = [0, 1].map((side) => (v.tricks_won[side] ?? 0) + (v.tricks_won[side + 2] ?? 0));
      if (t.variant === "bid" && v.contract && v.phase === "play") {
        const side = v.contract.declarer % 2;
        tricks[side] = (tricks[side] ?? 0) + 1; // the book
      }
      return h(
        "div",
        { class: "chip score", "data-role": "score" },
        h("span", { class: "k" }, `Score ${target}`),
        h(
          "span",
          { class: "sides" },
          [0, 1].map((side) =>
            h(
              "span",
              { class: `side side-${side}` },
              h("b", null, String(v.scores[side] ?? 0)),
              h("span", { class: "names" }, sideName(st, side)),
              v.phase === "play" ? h("small", null, `${tricks[side]} trick${tricks[side] === 1 ? "" : "s"}`) : null,
            ),
          ),
        ),
      );
    }
    return h(
      "div",
      { class: "chip score", "data-role": "score" },
      h("span", { class: "k" }, "Score"),
      h(
        "span",
        { class: "sides" },
        v.scores.map((sc, i) => h("span", { class: "side" }, h("b", null, String(sc)), h("span", { class: "names" }, seatName(st, i)))),
      ),
    );
  }

  private renderFelt(st: TableState, v: View | null): void {
    const t = st.summary;
    const n = t.players;
    const base = st.seat ?? 0;
    const pos = POSITIONS[n] ?? POSITIONS[4]!;
    const seats: HTMLElement[] = [];
    for (let i = 0; i < n; i++) {
      const rel = (i - base + n) % n;
      seats.push(this.seatBox(st, v, i, pos[rel] ?? "b"));
    }
    fill(this.felt, seats, h("div", { class: "center" }, this.center(st, v, pos, base)));
    this.felt.dataset["players"] = String(n);
  }

  private seatBox(st: TableState, v: View | null, i: number, where: string): HTMLElement {
    const t = st.summary;
    const info = t.seats[i];
    const me = i === st.seat;
    const toAct = v && !v.game_over && v.to_act === i;
    const away = info && info.name !== null && !info.connected;
    const computer = isComputer(st, i);
    const standIn = st.standIns.has(i) && away;
    const badges: HTMLElement[] = [];
    if (v && v.deal >= 0 && v.dealer === i) badges.push(h("span", { class: "badge dealer", title: "dealer" }, "D"));
    if (v?.contract && v.contract.declarer === i) badges.push(h("span", { class: "badge declarer", title: "declarer" }, "declarer"));
    if (computer) badges.push(h("span", { class: "badge computer", title: "a computer player" }, "computer"));
    if (away) badges.push(h("span", { class: "badge away" }, "away"));
    if (standIn) badges.push(h("span", { class: "badge computer stand-in", title: "the computer plays for this absent player until they are back" }, "computer plays"));
    if (st.rematch.has(i) && t.state === "finished") badges.push(h("span", { class: "badge" }, "rematch"));
    const line: (HTMLElement | string)[] = [];
    if (v && v.deal >= 0) {
      const call = [...v.calls].reverse().find((c) => c.seat === i);
      if (call) line.push(h("span", { class: "call" }, callText(call, t.variant)));
      if (v.phase === "play" || v.phase === "over") {
        const won = v.tricks_won[i] ?? 0;
        line.push(h("span", { class: "won" }, `${won} trick${won === 1 ? "" : "s"}`));
      }
    }
    if (toAct) line.push(h("span", { class: "acting" }, PHASE_VERBS[v.phase] ?? "to act", h("span", { class: "countdown" })));
    const count = v && v.deal >= 0 ? (v.hand_counts[i] ?? 0) : 0;
    const showBacks = !me || st.seat === null;
    return h(
      "div",
      {
        class: `seat pos-${where}${me ? " me" : ""}${toAct ? " to-act" : ""}${away ? " away" : ""}${info?.name ? "" : " empty"}${computer ? " computer" : ""}`,
        "data-seat": i,
        "data-computer": computer ? "true" : null,
        "data-to-act": toAct ? "true" : null,
      },
      h(
        "div",
        { class: "seat-head" },
        h("span", { class: "seat-name" }, info?.name ?? "empty seat", me ? h("small", null, " (you)") : null),
        badges,
      ),
      this.seatManage(st, i),
      line.length ? h("div", { class: "seat-line" }, line) : null,
      showBacks && count > 0
        ? h(
            "div",
            { class: "fan", title: `${count} card${count === 1 ? "" : "s"}`, "data-count": count },
            Array.from({ length: Math.min(count, 13) }, () => cardBack("mini")),
            h("span", { class: "count" }, String(count)),
          )
        : null,
    );
  }

  private center(st: TableState, v: View | null, pos: string[], base: number): HTMLElement[] {
    const t = st.summary;
    const n = t.players;
    if (!v || v.deal < 0) return [h("p", { class: "center-note" }, t.state === "open" ? "Waiting for players" : "")];
    let cards = v.trick.cards;
    let leader = v.trick.leader;
    let caption: string | null = null;
    let done = false;
    const last = v.tricks[v.tricks.length - 1];
    if (this.showLast && last && v.trick.cards.length > 0) {
      cards = last.cards;
      leader = last.leader;
      caption = `Last trick: ${seatName(st, last.winner)} took it`;
      done = true;
    } else if (cards.length === 0 && last && (v.phase === "play" || v.phase === "over" || v.to_act === null)) {
      cards = last.cards;
      leader = last.leader;
      caption = `${seatName(st, last.winner)} took the trick`;
      done = true;
    }
    const out: HTMLElement[] = [];
    if (v.phase === "bidding" || v.phase === "discard" || v.phase === "choose") {
      out.push(h("p", { class: "center-note" }, v.phase === "bidding" ? "Bidding" : v.phase === "discard" ? "The declarer takes the kitty" : "The declarer chooses"));
    }
    const trick = h(
      "div",
      { class: `trick${done ? " done" : ""}`, "data-role": done ? "last-trick" : "trick" },
      cards.map((c, k) => {
        const seat = (leader + k) % n;
        const winner = done && last && last.winner === seat && caption !== null;
        return h("div", { class: `slot pos-${pos[(seat - base + n) % n] ?? "b"}${winner ? " winner" : ""}`, "data-seat": seat }, cardFace(c, "trick-card"));
      }),
    );
    out.push(trick);
    if (caption) out.push(h("p", { class: "trick-caption" }, caption));
    if (v.phase === "play" && v.tricks.length > 0 && v.trick.cards.length > 0) {
      out.push(
        h(
          "button",
          { type: "button", class: "link last-trick-toggle", onclick: () => ((this.showLast = !this.showLast), this.update()) },
          this.showLast ? "Back to this trick" : "Last trick",
        ),
      );
    }
    return out;
  }

  private renderControls(st: TableState, v: View | null): void {
    const t = st.summary;
    const mine = st.seat;
    const ready = v !== null && mine !== null && v.to_act === mine && st.actedV !== st.v && !v.game_over;
    if (st.result || v?.game_over) {
      fill(this.controls, this.resultPanel(st, v));
      return;
    }
    if (!v || v.deal < 0) {
      fill(this.controls);
      return;
    }
    if (ready && v.phase === "bidding" && v.legal.length) {
      const panel = this.biddingControls(st, v);
      panel.addEventListener("keydown", (e) => this.bidKey(e, panel));
      this.markSuggested(panel, v);
      fill(this.controls, panel, this.suggestRow(st, v));
      this.focusFirst(panel);
      return;
    }
    if (ready && v.phase === "discard" && v.discard) {
      const k = v.discard;
      const chosen = this.selected.size;
      fill(
        this.controls,
        h(
          "div",
          { class: "prompt action-prompt", "data-role": "discard" },
          h("p", null, `You took the kitty. Choose ${k} cards to discard (they count as your side's first trick). ${chosen} chosen.`, h("span", { class: "countdown" })),
          h(
            "button",
            {
              type: "button",
              class: "primary",
              id: "discard",
              disabled: chosen !== k,
              onclick: () => void this.app.act({ type: "discard", cards: [...this.selected] }),
            },
            `Discard ${k} cards`,
          ),
        ),
        this.suggestRow(st, v),
      );
      return;
    }
    if (ready && v.phase === "choose" && v.legal.length) {
      const panel = this.chooseControls(v);
      panel.addEventListener("keydown", (e) => this.bidKey(e, panel));
      this.markSuggested(panel, v);
      fill(this.controls, panel, this.suggestRow(st, v));
      this.focusFirst(panel);
      return;
    }
    if (ready && v.phase === "play") {
      const leading = v.trick.cards.length === 0;
      fill(
        this.controls,
        h(
          "p",
          { class: "prompt your-turn" },
          leading ? "Your lead: " : "Your turn: ",
          "click a card or drag it to the table.",
          h("span", { class: "countdown" }),
          h("small", { class: "keys-hint" }, `Keys: ← → choose a card, Enter plays it, L shows the last trick${t.settings.suggestions ? ", S suggests a card" : ""}.`),
        ),
        this.suggestRow(st, v),
      );
      return;
    }
    if (v.to_act !== null && v.to_act !== undefined) {
      const who = v.to_act === mine ? "you" : seatName(st, v.to_act);
      const what = v.phase === "bidding" ? "bid" : v.phase === "discard" ? "discard" : v.phase === "choose" ? (v.contract?.mode === "notrump" ? "choose the direction" : "choose trumps") : "play";
      fill(this.controls, h("p", { class: "prompt waiting" }, v.to_act === mine ? "Sending…" : `Waiting for ${who} to ${what}.`));
      return;
    }
    fill(this.controls, h("p", { class: "prompt waiting" }, t.state === "playing" ? "…" : ""));
  }

  /** A new prompt takes the keyboard, unless the user is busy elsewhere. */
  private focusFirst(panel: HTMLElement): void {
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    panel.querySelector<HTMLElement>("button:not([disabled])")?.focus({ preventScroll: true });
  }

  /**
   * Keys in the bidding and choice prompts: arrows move between the
   * buttons, Enter or Space presses one (as for any button), a digit bids
   * that many tricks (exact whist), P passes.
   */
  private bidKey(e: KeyboardEvent, panel: HTMLElement): void {
    const buttons = [...panel.querySelectorAll<HTMLButtonElement>("button:not([disabled])")];
    if (moveFocus(e, buttons)) return;
    if (/^[0-9]$/.test(e.key)) {
      panel.querySelector<HTMLButtonElement>(`button[data-bid="${e.key}"]`)?.click();
    } else if (e.key === "p" || e.key === "P") {
      panel.querySelector<HTMLButtonElement>('button[data-bid="pass"]')?.click();
    }
  }

  private biddingControls(st: TableState, v: View): HTMLElement {
    const t = st.summary;
    const legal = v.legal;
    const act = (a: Action): void => {
      const { seat: _seat, ...rest } = a;
      void this.app.act(rest);
    };
    if (t.variant === "exact") {
      const bids = legal.filter((a) => a.type === "bid").map((a) => a.tricks ?? 0);
      const barred = Array.from({ length: v.hand_size + 1 }, (_, i) => i).filter((i) => !bids.includes(i));
      return h(
        "div",
        { class: "prompt action-prompt", "data-role": "bidding" },
        h("p", null, `How many tricks will you take, exactly? (${v.hand_size} cards)`, h("span", { class: "countdown" })),
        h(
          "div",
          { class: "bid-buttons" },
          legal.map((a) => h("button", { type: "button", class: "bid", "data-bid": a.tricks ?? 0, onclick: () => act(a) }, String(a.tricks ?? 0))),
        ),
        barred.length ? h("small", { class: "hint" }, `As dealer you may not bid ${barred.join(", ")}: the bids may not add up to ${v.hand_size} (hook rule).`) : null,
        h("small", { class: "hint keys-hint" }, "Keys: type the number, or arrows and Enter."),
      );
    }
    const pass = legal.find((a) => a.type === "pass");
    const bids = legal.filter((a) => a.type === "bid");
    const levels = [...new Set(bids.map((a) => a.level ?? 0))].sort((a, b) => a - b);
    const modes = ["uptown", "downtown", "notrump"];
    return h(
      "div",
      { class: "prompt action-prompt", "data-role": "bidding" },
      h("p", null, pass ? "Your call: bid or pass (one call each)." : "Everyone else passed: as dealer you must bid.", h("span", { class: "countdown" })),
      h(
        "div",
        { class: "bid-grid" },
        levels.map((level) =>
          h(
            "div",
            { class: "bid-row" },
            h("span", { class: "bid-level" }, `${level}`, h("small", null, ` (${6 + level})`)),
            modes.map((mode) => {
              const a = bids.find((b) => b.level === level && b.mode === mode);
              return a
                ? h("button", { type: "button", class: `bid mode-${mode}`, "data-bid": `${level}${mode}`, onclick: () => act(a) }, MODE_LABELS[mode] ?? mode)
                : h("span", { class: "bid-gap" });
            }),
          ),
        ),
      ),
      pass ? h("button", { type: "button", class: "bid pass", "data-bid": "pass", onclick: () => act(pass) }, "Pass") : null,
      h("small", { class: "hint" }, "Level L needs 6 + L tricks, the book included. Uptown: high cards win; downtown: low cards win (the ace stays high). Keys: arrows, Enter, P to pass."),
    );
  }

  private chooseControls(v: View): HTMLElement {
    const act = (a: Action): void => {
      const { seat: _seat, ...rest } = a;
      void this.app.act(rest);
    };
    const trumps = v.legal.filter((a) => a.type === "trump");
    if (trumps.length) {
      return h(
        "div",
        { class: "prompt action-prompt", "data-role": "choose" },
        h("p", null, "Name the trump suit.", h("span", { class: "countdown" })),
        h(
          "div",
          { class: "bid-buttons" },
          trumps.map((a) => {
            const st = (a.suit ?? "S") as Suit;
            return h("button", { type: "button", class: `bid suit-btn suit-${st}`, "data-trump": st, onclick: () => act(a) }, suitIcon(st), ` ${SUIT_NAMES[st]}`);
          }),
        ),
      );
    }
    return h(
      "div",
      { class: "prompt action-prompt", "data-role": "choose" },
      h("p", null, "No trump: choose the direction.", h("span", { class: "countdown" })),
      h(
        "div",
        { class: "bid-buttons" },
        v.legal
          .filter((a) => a.type === "direction")
          .map((a) =>
            h(
              "button",
              { type: "button", class: "bid", "data-direction": a.mode ?? "", onclick: () => act(a) },
              a.mode === "downtown" ? "Downtown (low cards win)" : "Uptown (high cards win)",
            ),
          ),
      ),
    );
  }

  private resultPanel(st: TableState, v: View | null): HTMLElement {
    const t = st.summary;
    const scores = st.result?.scores ?? v?.scores ?? [];
    const winners = st.result?.winners ?? v?.winners ?? [];
    const sides = hasSides(t);
    const heads = sides ? [0, 1].map((s) => sideName(st, s)) : t.seats.map((_, i) => seatName(st, i));
    const results = v?.results ?? [];
    const seated = st.seat !== null;
    // Computer players agree to every rematch: only the people are waited for.
    const waiting = t.seats.filter((s) => !st.rematch.has(s.seat) && !s.computer).map((s) => s.name ?? `seat ${s.seat + 1}`);
    return h(
      "div",
      { class: "result", "data-role": "result" },
      h(
        "h3",
        null,
        sides
          ? `Game over: ${winnersText(st, winners)}, ${[...scores].sort((a, b) => b - a).join(" to ")}.`
          : `Game over: ${winnersText(st, winners)} with ${scores[winners[0] ?? 0] ?? 0} points.`,
      ),
      h(
        "table",
        { class: "deals" },
        h("thead", null, h("tr", null, h("th", null, "Deal"), heads.map((x) => h("th", null, x)))),
        h(
          "tbody",
          null,
          results.map((r, i) => h("tr", null, h("td", null, String(i + 1)), r.score.map((sc, j) => h("td", null, `${sc > 0 ? "+" : ""}${sc}`, h("small", null, ` (${r.tricks[j] ?? 0})`))))),
          h("tr", { class: "total" }, h("td", null, "Total"), scores.map((sc) => h("td", null, String(sc)))),
        ),
      ),
      h("small", { class: "hint" }, "Points per deal, with the tricks taken in brackets."),
      h(
        "div",
        { class: "result-actions" },
        seated && st.seat !== null && !st.rematch.has(st.seat) && t.state === "finished"
          ? h("button", { type: "button", class: "primary", id: "rematch", onclick: () => void this.app.rematch() }, "Rematch")
          : null,
        seated && st.seat !== null && st.rematch.has(st.seat) ? h("span", null, `Waiting for ${waiting.join(", ")} to agree…`) : null,
        st.result?.game != null && t.state === "finished"
          ? h("button", { type: "button", id: "replay", onclick: () => this.app.openReplay(st.result?.game ?? 0) }, "Replay the game")
          : null,
        h("button", { type: "button", onclick: () => void this.app.toLobby() }, seated ? "Leave the table" : "Back to the lobby"),
      ),
    );
  }

  private renderHand(st: TableState, v: View | null): void {
    if (st.seat === null || !v || v.deal < 0 || v.hand.length === 0) {
      fill(this.handArea);
      this.handArea.hidden = st.seat === null;
      return;
    }
    this.handArea.hidden = false;
    const ready = v.to_act === st.seat && st.actedV !== st.v && !v.game_over;
    const discarding = ready && v.phase === "discard" && !!v.discard;
    const playable = new Set(ready && v.phase === "play" ? v.legal.filter((a) => a.type === "play").map((a) => a.card ?? "") : []);
    const kitty = new Set(discarding ? (v.kitty ?? []) : []);
    const cards = sortHand(v.hand, v.trump && v.trump !== "NT" ? v.trump : null);
    const lead = v.trick.cards[0];
    const hint = this.current(v);
    const hinted = new Set(hint?.type === "play" ? [hint.card ?? ""] : hint?.type === "discard" ? (hint.cards ?? []) : []);
    const els = cards.map((c) => {
      let cls = hinted.has(c) ? "hand-card suggested" : "hand-card";
      let title = "";
      if (discarding) {
        cls += " selectable";
        if (this.selected.has(c)) cls += " selected";
        if (kitty.has(c)) cls += " from-kitty";
      } else if (ready && v.phase === "play") {
        if (playable.has(c)) cls += " playable";
        else {
          cls += " illegal";
          title = this.whyNot(v, c, lead);
        }
      }
      const el = cardFace(c, cls);
      if (title) {
        el.title = title;
        // No hover on a touch screen: a tap on a dimmed card says why.
        el.addEventListener("click", () => this.app.flash(title));
      }
      if (discarding) {
        el.setAttribute("role", "button");
        el.setAttribute("aria-pressed", this.selected.has(c) ? "true" : "false");
        el.tabIndex = -1;
        const toggle = (): void => {
          if (this.selected.has(c)) this.selected.delete(c);
          else if (this.selected.size < (v.discard ?? 0)) this.selected.add(c);
          this.update();
        };
        el.addEventListener("click", toggle);
        el.addEventListener("keydown", (e) => this.cardKey(e, toggle));
      } else if (playable.has(c)) {
        el.setAttribute("role", "button");
        el.tabIndex = -1;
        const play = (): void => void this.app.act({ type: "play", card: c });
        el.addEventListener("click", () => {
          if (!this.justDragged) play();
        });
        el.addEventListener("keydown", (e) => this.cardKey(e, play));
        el.addEventListener("pointerdown", (e) => this.dragStart(e, c, el));
      }
      return el;
    });
    // One card of the hand is in the tab order; the arrows move between them.
    const active = els.filter((e) => e.getAttribute("role") === "button");
    if (active[0]) active[0].tabIndex = 0;
    fill(
      this.handArea,
      h(
        "div",
        {
          class: "hand",
          "data-hand": "",
          "data-count": cards.length,
          style: `--n:${cards.length}`,
          role: active.length ? "group" : null,
          "aria-label": active.length ? (discarding ? "your hand: choose the cards to discard" : "your hand: choose a card to play") : null,
        },
        els,
      ),
    );
  }

  /** Keys on a card of the hand: arrows to the next one, Enter or Space to play or choose it. */
  private cardKey(e: KeyboardEvent, press: () => void): void {
    const cards = [...this.handArea.querySelectorAll<HTMLElement>('.card[role="button"]')];
    if (moveFocus(e, cards)) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      press();
    }
  }

  // --- Dragging a card to the table (mouse, pen or touch) -----------------

  private dragStart(e: PointerEvent, card: string, el: HTMLElement): void {
    if (e.button !== 0 || this.drag) return;
    this.drag = { card, el, ghost: null, x0: e.clientX, y0: e.clientY, id: e.pointerId };
  }

  private overTable(x: number, y: number): boolean {
    const r = this.felt.getBoundingClientRect();
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  }

  private dragMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 8) return;
      const r = d.el.getBoundingClientRect();
      const ghost = d.el.cloneNode(true) as HTMLElement;
      ghost.classList.add("drag-ghost");
      ghost.removeAttribute("tabindex");
      ghost.removeAttribute("data-card");
      ghost.setAttribute("aria-hidden", "true");
      ghost.style.width = `${r.width}px`;
      ghost.style.height = `${r.height}px`;
      ghost.dataset["w"] = String(r.width);
      ghost.dataset["h"] = String(r.height);
      d.ghost = ghost;
      d.el.classList.add("dragging");
    }
    const w = Number(d.ghost.dataset["w"]);
    const h2 = Number(d.ghost.dataset["h"]);
    d.ghost.style.transform = `translate(${e.clientX - w / 2}px, ${e.clientY - h2 / 2}px)`;
    if (!d.ghost.isConnected) document.body.append(d.ghost); // placed before it is shown
    this.felt.classList.toggle("drop-target", this.overTable(e.clientX, e.clientY));
    e.preventDefault();
  }

  private dragEnd(e: PointerEvent, drop: boolean): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.drag = null;
    if (!d.ghost) return; // a click, not a drag
    d.ghost.remove();
    d.el.classList.remove("dragging");
    this.felt.classList.remove("drop-target");
    // The click that follows the drag's release is not a play.
    this.justDragged = true;
    window.setTimeout(() => (this.justDragged = false), 0);
    if (drop && this.overTable(e.clientX, e.clientY)) void this.app.act({ type: "play", card: d.card });
  }

  private whyNot(v: View, card: string, lead: string | undefined): string {
    const leadSuit = lead ? suitOf(lead) : null;
    const suit = suitOf(card);
    if (leadSuit && suit !== leadSuit && v.hand.some((c) => suitOf(c) === leadSuit)) {
      return `You must follow suit: you hold ${SUIT_NAMES[leadSuit]}.`;
    }
    if (v.trump && v.trump !== "NT" && suit !== v.trump && this.app.table?.summary.variant === "exact") {
      return "You cannot follow suit, so you must play a trump.";
    }
    if (!suit && leadSuit) return "A joker may not be played while you can follow suit.";
    return "You may not play this card now.";
  }

  /** Updates the countdown of the seat to act. */
  private tick(): void {
    const st = this.app.table;
    const v = st?.view;
    const els = [...this.el.querySelectorAll(".seat.to-act .countdown, .prompt .countdown")];
    if (!st || !v || els.length === 0 || v.to_act === null) return;
    const s = st.summary.settings;
    let limit = v.phase === "play" ? s.timer_play : s.timer_bid;
    const info = st.summary.seats[v.to_act];
    // An absent player has a grace period; once the computer stands in, it plays at once.
    if (limit === 0 && info && !info.connected && !st.standIns.has(v.to_act)) limit = GRACE_SECONDS;
    const left = Math.max(0, Math.ceil(limit - (Date.now() - st.turnSince) / 1000));
    for (const el of els) {
      el.textContent = limit === 0 ? "" : ` · ${left} s`;
      el.classList.toggle("urgent", limit !== 0 && left <= 5);
    }
  }
}

function trumpLabel(v: View): (Element | string)[] {
  if (v.trump === null) return [v.phase === "bidding" || v.phase === "discard" || v.phase === "choose" ? "to be named" : "—"];
  if (v.trump === "NT") return [h("b", null, `No trump${v.contract || v.downtown ? (v.downtown ? ", downtown" : ", uptown") : ""}`)];
  const st = v.trump as Suit;
  return [suitIcon(st, `suit big suit-${st}`), h("b", null, ` ${SUIT_NAMES[st]}`), v.downtown ? " (downtown)" : ""];
}

/** The chat: a log and, in the table's mode, a text box or preset phrases. */
class ChatBox {
  readonly el: HTMLElement;
  private readonly log: HTMLElement;
  private readonly form: HTMLElement;
  private shown = -1;
  private mode = "";

  constructor(private readonly app: App) {
    this.log = h("ol", { class: "chat-log", "aria-live": "polite" });
    this.form = h("div", { class: "chat-form" });
    this.el = h("section", { class: "chat" }, h("h3", null, "Chat"), this.log, this.form);
  }

  update(st: TableState): void {
    const t = st.summary;
    // The table's chat mode holds during a game; before and after it, text.
    const mode = t.state === "playing" ? t.settings.chat : "text";
    if (mode !== this.mode) {
      this.mode = mode;
      this.buildForm(mode);
      // No chat box at all while a no-chat game is on: only the line that says so.
      this.log.hidden = mode === "none";
      this.el.classList.toggle("off", mode === "none");
    }
    if (st.chat.length !== this.shown) {
      this.shown = st.chat.length;
      fill(
        this.log,
        st.chat.length === 0
          ? h("li", { class: "empty" }, mode === "none" ? "Chat is off during the game." : "No messages yet.")
          : st.chat.map((c) => h("li", null, h("b", null, c.from), c.seat === null ? h("small", null, " (watching)") : null, ": ", c.text)),
      );
      this.log.scrollTop = this.log.scrollHeight;
    }
  }

  private buildForm(mode: string): void {
    if (mode === "none") {
      fill(this.form, h("small", { class: "hint" }, "This table has no chat during the game."));
      return;
    }
    const phrases = h(
      "select",
      { name: "phrase", "aria-label": "a phrase" },
      h("option", { value: "" }, "Say…"),
      CHAT_PHRASES.map((p, i) => h("option", { value: String(i) }, p)),
    );
    phrases.addEventListener("change", () => {
      if (phrases.value === "") return;
      const phrase = Number(phrases.value);
      phrases.value = "";
      void this.app.chat({ phrase });
    });
    if (mode === "preset") {
      fill(this.form, phrases, h("small", { class: "hint" }, "Preset phrases only during the game."));
      return;
    }
    const input = h("input", { name: "text", maxlength: 200, placeholder: "Write a message", autocomplete: "off", "aria-label": "message" });
    const form = h(
      "form",
      {
        class: "chat-text",
        onsubmit: (e) => {
          e.preventDefault();
          const text = input.value.trim();
          if (!text) return;
          void this.app.chat({ text }).then((ok) => {
            if (ok) input.value = "";
          });
        },
      },
      input,
      h("button", { type: "submit" }, "Send"),
    );
    fill(this.form, form, phrases);
  }
}

