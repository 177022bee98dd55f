// The table: the seats around it with names and who is to act, the user's
// hand sorted by suit (the others face down), trumps, the turned card or
// the contract, the bidding and choice controls (only legal calls), the
// trick in play and the last one, tricks and scores, the deal's tricks and
// the score sheet to look back on, notices, chat, the result and the rematch.
import type { App, Screen } from "../app";
import { leaveTable, observe } from "../alerts/alerts";
import { kindBadge } from "../lobby/compete";
import { copyLinkButton, CopyNote } from "../core/copy";
import { h, fill } from "../core/dom";
import { isComputer, seatName, type TableState } from "./game";
import { keepFocus } from "../core/keys";
import { byPointer } from "../core/pointer";
import { tableHash } from "../links";
import { summaryPanel } from "./summary";
import { optionSummary, variantName } from "../core/rules";
import type { TableEventInfo, View } from "../core/types";
import { boardRules } from "../events/words";
import { biddingControls, bidKey, chooseControls } from "./table_bidding";
import { ChatBox } from "./table_chat";
import { claimBanner, ClaimForm } from "./claims";
import { askUndo, undoBadge, undoBanner, undoButton, undoOffered } from "./undo";
import { showCountdowns } from "./table_countdown";
import { addBotControl } from "./table_bots";
import { renderFelt } from "./table_felt";
import { HandView } from "./table_hand";
import { Motion } from "./table_motion";
import { resultPanel } from "./table_result";
import { Review } from "./table_review";
import { statusItems } from "./table_status";
import { Suggestions } from "./table_suggest";
import { t, type Key } from "../i18n";
import { prefs } from "../prefs";

export class TableScreen implements Screen {
  readonly el: HTMLElement;
  private readonly head: HTMLElement;
  private readonly status: HTMLElement;
  private readonly felt: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly controls: HTMLElement;
  private readonly handArea: HTMLElement;
  private readonly notices: HTMLElement;
  /** The side column (on a phone a row of buttons at the bottom, its panels drawers over the table). */
  private readonly side: HTMLElement;
  private readonly sideToggle: HTMLButtonElement;
  /** The chat's length when the drawer was last open: more is marked new. */
  private sideSeen: number | null = null;
  /** Where a single column (a phone) puts the deal's summary: over the felt, not in the drawer. */
  private readonly narrow = matchMedia("(max-width: 900px)");
  private readonly placeSummary: () => void;
  private readonly chat: ChatBox;
  private readonly ticker: number;
  private showLast = false;
  private selectKey = "";
  private trickCount = -1;
  /** The deal whose summary the user closed. */
  private closedSummary = -1;
  private readonly hand: HandView;
  /** The cards dealt, played and swept, animated across redraws. */
  private readonly motion: Motion;
  private readonly suggestions: Suggestions;
  /** The Claim… button and its form, at the user's lead of a fresh trick. */
  private readonly claimForm: ClaimForm;
  /** The deal's tricks and the game's score sheet, at the top of the side column. */
  private readonly review: Review;
  /** The user's turn that was given the keyboard (turnKey), so that it is given once per turn. */
  private focusedTurn = "";
  private readonly listeners: [string, (e: Event) => void][] = [];
  /** "Copy link" (the table's address, #table/<id>) and what it says, kept across redraws of the head. */
  private readonly linkNote = new CopyNote("table-link");
  private readonly copyLink = copyLinkButton("copy-table-link", this.linkNote, () => tableHash(this.app.table?.id ?? 0));

  constructor(private readonly app: App) {
    this.head = h("div", { class: "table-head" });
    this.status = h("div", { class: "status-bar" });
    this.felt = h("div", { class: "felt" });
    this.summary = h("div", { class: "summary-area" });
    this.controls = h("div", { class: "controls", "aria-live": "polite" });
    this.handArea = h("div", { class: "hand-area" });
    this.notices = h("ul", { class: "notices", "aria-live": "polite" });
    this.chat = new ChatBox(app);
    this.hand = new HandView(app, this.handArea, this.felt, () => this.update());
    this.motion = new Motion(this.felt, this.handArea);
    this.review = new Review(() => this.turnTarget());
    this.sideToggle = h(
      "button",
      {
        type: "button",
        class: "side-toggle",
        id: "side-toggle",
        "aria-expanded": "false",
        "aria-controls": "table-drawer",
        onclick: () => this.openSide(null),
      },
      t("table.sideToggle"),
    );
    const drawer = h("div", { class: "side-drawer", id: "table-drawer" }, this.summary, this.notices, this.chat.el);
    this.side = h("aside", { class: "side" }, this.review.el, this.sideToggle, drawer);
    const feltBox = h("div", { class: "felt-box" }, this.felt);
    this.placeSummary = () => (this.narrow.matches ? feltBox.append(this.summary) : drawer.prepend(this.summary));
    this.narrow.addEventListener("change", this.placeSummary);
    this.placeSummary();
    this.claimForm = new ClaimForm(app, () => this.update());
    this.el = h(
      "section",
      { class: "table-screen" },
      this.head,
      h("div", { class: "table-layout" }, h("div", { class: "play-area" }, this.status, feltBox, this.handArea, this.controls), this.side),
    );
    this.suggestions = new Suggestions(
      app,
      this.el,
      () => this.update(),
      (cards) => (this.hand.selected = new Set(cards)),
    );
    this.ticker = window.setInterval(() => showCountdowns(this.el, this.app.table), 500);
    this.listen("pointermove", (e) => this.hand.dragMove(e as PointerEvent));
    this.listen("pointerup", (e) => this.hand.dragEnd(e as PointerEvent, true));
    this.listen("pointercancel", (e) => this.hand.dragEnd(e as PointerEvent, false));
    this.listen("keydown", (e) => this.globalKey(e as KeyboardEvent));
  }

  private listen(type: string, f: (e: Event) => void): void {
    window.addEventListener(type, f);
    this.listeners.push([type, f]);
  }

  dispose(): void {
    window.clearInterval(this.ticker);
    this.narrow.removeEventListener("change", this.placeSummary);
    for (const [type, f] of this.listeners) window.removeEventListener(type, f);
    this.hand.dispose();
    this.motion.dispose();
    leaveTable();
  }

  /** Keys anywhere on the table (outside text fields): L shows the last trick, T the deal's tricks, Escape closes them, U asks for an undo. */
  private globalKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape" && this.side.classList.contains("open")) {
      e.preventDefault();
      this.openSide(false);
      this.sideToggle.focus({ preventScroll: true });
      return;
    }
    if (e.key === "Escape" && this.review.isOpen()) {
      e.preventDefault();
      this.review.close();
      return;
    }
    if ((e.key === "t" || e.key === "T") && this.review.available()) {
      e.preventDefault();
      this.review.toggle("tricks");
      return;
    }
    // At the user's turn, an arrow key pressed with the focus nowhere (after
    // a click beside the controls) brings it back to the hand or the prompt.
    if ((target === null || target === document.body) && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(e.key)) {
      const el = this.turnTarget();
      if (el) {
        e.preventDefault();
        el.focus({ preventScroll: true });
        return;
      }
    }
    if ((e.key === "u" || e.key === "U") && this.app.table && undoOffered(this.app.table, this.app.table.view)) {
      e.preventDefault();
      askUndo(this.app);
      return;
    }
    if ((e.key === "s" || e.key === "S") && this.suggestions.canSuggest()) {
      e.preventDefault();
      void this.suggestions.ask();
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
      this.hand.selected.clear();
      this.showLast = false;
    }
    // A new trick hides the last one again.
    if (v && v.tricks.length !== this.trickCount) {
      this.trickCount = v.tricks.length;
      this.showLast = false;
    }
    this.renderHead(st);
    fill(this.status, statusItems(st, v, this.isCreator(st)));
    this.renderSummary(st, v);
    this.review.update(st);
    this.motion.before();
    // The seats' names are links (profiles): the keyboard stays on one across redraws.
    keepFocus(this.felt, () =>
      renderFelt(this.felt, st, v, {
        showLast: this.showLast,
        toggleLast: () => ((this.showLast = !this.showLast), this.update()),
        seatManage: (i) => this.seatManage(st, i),
      }),
    );
    keepFocus(this.controls, () => this.renderControls(st, v));
    keepFocus(this.handArea, () => this.hand.render(st, v, this.suggestions.current(v)));
    this.motion.after(st);
    if (st.undo) this.focusedTurn = ""; // after an undo, the user's turn again (the same turn's key) takes the keyboard again
    this.focusTurn(st, v);
    observe(st, this.turnKey(st, v), this.app.user?.name ?? null, (name) => this.app.safety.isMuted(name)); // sounds, the tab's title, a notification
    showCountdowns(this.el, st); // the countdowns just drawn, at once
    fill(
      this.notices,
      st.notices
        .slice(-4)
        .reverse()
        .map((n, i) => h("li", { class: i === 0 ? "latest" : "" }, n())),
    );
    this.chat.update(st);
    this.markSide(st);
  }

  /** Opens (true) or closes (false) the phone's drawer of the notices and the chat, or toggles it (null). */
  private openSide(open: boolean | null): void {
    const now = open ?? !this.side.classList.contains("open");
    if (now) this.review.close();
    this.side.classList.toggle("open", now);
    this.sideToggle.setAttribute("aria-expanded", String(now));
    if (this.app.table) this.markSide(this.app.table);
  }

  /** The drawer's button marked when the chat has a line the drawer did not show open. */
  private markSide(st: TableState): void {
    if (this.sideSeen === null || this.side.classList.contains("open")) this.sideSeen = st.chat.length;
    const fresh = st.chat.length > this.sideSeen;
    this.sideToggle.classList.toggle("new", fresh);
    this.sideToggle.setAttribute("aria-label", fresh ? t("table.sideNew") : t("table.sideToggle"));
  }

  /**
   * Names the user's turn when it offers something to do now ("" when it
   * does not): a call, the discard, the trump or direction, or a card.
   */
  private turnKey(st: TableState, v: View | null): string {
    if (!v || st.seat === null || v.to_act !== st.seat || st.actedV === st.v || v.game_over || st.claim || st.undo) return "";
    // A trick just completed (its winner to lead, the trick's own event not
    // yet applied) is no turn yet: the turn starts with the next trick.
    if (v.phase === "play" && v.trick.cards.length >= v.hand_counts.length) return "";
    const offered = v.phase === "discard" ? !!v.discard : v.legal.length > 0;
    return offered ? `${st.id}/${v.deal}/${v.phase}/${v.calls.length}/${v.tricks.length}/${v.trick.cards.length}` : "";
  }

  /** What takes the keyboard at the user's turn: the hand's card in the tab order (the suggested one), or the prompt's first (or suggested) button. */
  private turnTarget(): HTMLElement | null {
    const st = this.app.table;
    const v = st?.view ?? null;
    if (!st || !this.turnKey(st, v) || !v) return null;
    if (v.phase === "play" || v.phase === "discard") {
      return (
        this.handArea.querySelector<HTMLElement>('.card[role="button"].suggested') ??
        this.handArea.querySelector<HTMLElement>('.card[role="button"][tabindex="0"]')
      );
    }
    const panel = this.controls.querySelector<HTMLElement>('[data-role="bidding"], [data-role="choose"]');
    return panel?.querySelector<HTMLElement>("button.suggested:not([disabled])") ?? panel?.querySelector<HTMLElement>("button:not([disabled])") ?? null;
  }

  /**
   * At each turn of the user's, once its controls are drawn, the keyboard
   * goes to them (the hand, or the prompt's buttons), wherever it was,
   * unless the user is typing (chat): the arrows and Enter act at once.
   * Decided on what is drawn, not on whose turn the events say it is: the
   * view that offers the actions may come after them.
   */
  private focusTurn(st: TableState, v: View | null): void {
    const turn = this.turnKey(st, v);
    if (!turn || turn === this.focusedTurn) return;
    const target = this.turnTarget();
    if (!target) return; // not drawn yet: at the next render
    this.focusedTurn = turn;
    const active = document.activeElement as HTMLElement | null;
    const typing = active !== null && (active.tagName === "INPUT" || active.tagName === "TEXTAREA" || active.tagName === "SELECT" || active.isContentEditable);
    if (typing) return;
    // The turn in sight, above the tricks or the score sheet (on a phone, they are under it).
    if (this.review.isOpen()) {
      this.handArea.scrollIntoView({ block: "nearest" });
      this.controls.scrollIntoView({ block: "nearest" });
    }
    const group = v?.phase === "play" || v?.phase === "discard" ? this.handArea : this.controls;
    if (active && group.contains(active) && active.matches('.card[role="button"], button:not([disabled])') && !active.matches("#suggest, #discard")) return;
    target.focus({ preventScroll: true });
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
    const table = st.summary;
    if (table.event) return this.renderEventHead(st, table.event);
    const seated = st.seat !== null;
    const leaveLabel = !seated ? t("table.stopWatching") : table.state === "playing" ? t("table.lobbySeatKept") : t("table.leave");
    fill(
      this.head,
      h(
        "div",
        { class: "title" },
        h("h2", null, variantName(table.variant), h("small", { "data-role": "table-number" }, " · ", t("lobby.tableNumber", { n: table.table }))),
        h(
          "p",
          { class: "opts" },
          optionSummary(table),
          kindBadge(table),
          undoBadge(table),
          seated ? null : h("span", { class: "badge" }, t("table.watchingBadge")),
        ),
      ),
      h(
        "div",
        { class: "head-actions" },
        this.copyLink,
        h("button", { type: "button", class: "leave", onclick: () => void this.app.toLobby() }, leaveLabel),
        this.linkNote.el,
      ),
    );
  }

  /**
   * An event's table (or the daily duplicate's): the event, the round and
   * the table, the boards' rules; the way to the event's page (the seat is
   * kept). No Copy link: nobody else may come to it.
   */
  private renderEventHead(st: TableState, info: TableEventInfo): void {
    const name = info.own_pace ? t("daily.title") : (this.app.events.nameOf(info.event) ?? t("events.eventNumber", { n: info.event }));
    const boards = Number(st.summary.options["boards"] ?? 0);
    const where = info.own_pace
      ? t("events.boardsCount", { n: boards })
      : t("events.roundTable", { round: info.round, table: info.table, first: info.first_board, last: info.first_board + Math.max(boards, 1) - 1 });
    fill(
      this.head,
      h(
        "div",
        { class: "title" },
        h("h2", { "data-role": "event-table-title" }, name, h("small", null, " · ", where)),
        h(
          "p",
          { class: "opts" },
          boardRules(st.summary, { game: true }),
          h("span", { class: "badge event-kind" }, info.own_pace ? t("daily.badge") : t("events.badge")),
        ),
      ),
      h(
        "div",
        { class: "head-actions" },
        h(
          "button",
          { type: "button", class: "leave", id: "to-event-page", onclick: () => this.app.events.toEventPage() },
          info.own_pace ? t("daily.page") : t("events.eventPage"),
        ),
      ),
    );
  }

  private isCreator(st: TableState): boolean {
    return st.seat !== null && this.app.user?.name === st.summary.creator;
  }

  /**
   * A seat's button before a game: a watcher's Sit here on a free seat
   * (one who came by the table's address watches first); the creator's
   * Add computer on a free seat, or Remove on a computer player's.
   */
  private seatManage(st: TableState, i: number): HTMLElement | null {
    const info = st.summary.seats[i];
    if (st.seat === null && st.summary.state !== "playing" && (!info || info.name === null)) {
      return h(
        "button",
        { type: "button", class: "small sit", "data-sit": i, "data-key": `sit-${i}`, onclick: () => void this.app.sit(st.id, i) },
        t("lobby.sitHere"),
      );
    }
    if (!this.isCreator(st) || st.summary.state === "playing") return null;
    if (!info || info.name === null) return addBotControl(i, (strength) => void this.app.tableRequest("table.add_bot", { seat: i, strength }));
    if (isComputer(st, i)) {
      return h(
        "button",
        {
          type: "button",
          class: "small link remove-bot",
          "data-remove-bot": i,
          "data-key": `remove-bot-${i}`,
          onclick: () => void this.app.tableRequest("table.remove_bot", { seat: i }),
        },
        t("common.remove"),
      );
    }
    return null;
  }

  /** A prompt of the user's turn, with the Suggest button beside it (where the table allows suggestions). */
  private turnBar(prompt: HTMLElement, suggest: HTMLElement | null, claim: HTMLElement | null = null, undo: HTMLElement | null = null): HTMLElement {
    return h("div", { class: "turn-bar" }, prompt, suggest, claim, undo);
  }

  /** The bid whist declarer's prompt: choose `k` cards to discard. */
  private discardPrompt(k: number): HTMLElement {
    const chosen = this.hand.selected.size;
    return h(
      "div",
      { class: "prompt action-prompt", "data-role": "discard" },
      h("p", null, t("table.discardPrompt", { n: k, chosen }), h("span", { class: "countdown" })),
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "discard",
          disabled: chosen !== k,
          onclick: () => void this.app.act({ type: "discard", cards: [...this.hand.selected] }),
        },
        t("table.discard", { n: k }),
      ),
    );
  }

  /** The prompt under the hand: the user's turn, whom the table waits for, or the result. */
  private renderControls(st: TableState, v: View | null): void {
    const table = st.summary;
    const mine = st.seat;
    // While a claim or an undo waits, play stops: its banner instead of the turn's prompt.
    const ready = v !== null && mine !== null && v.to_act === mine && st.actedV !== st.v && !v.game_over && !st.claim && !st.undo;
    if (st.result || v?.game_over) {
      fill(this.controls, resultPanel(this.app, st, v));
      return;
    }
    if (!v || v.deal < 0) {
      fill(this.controls);
      return;
    }
    if (st.claim || st.undo) {
      fill(this.controls, st.claim ? claimBanner(this.app, st, v) : undoBanner(this.app, st));
      return;
    }
    if (ready && v.phase === "bidding" && v.legal.length) {
      const panel = biddingControls(this.app, st, v);
      panel.addEventListener("keydown", (e) => bidKey(e, panel));
      this.suggestions.mark(panel, v);
      fill(this.controls, this.turnBar(panel, this.suggestions.row(st, v)));
      return;
    }
    if (ready && v.phase === "discard" && v.discard) {
      fill(this.controls, this.turnBar(this.discardPrompt(v.discard), this.suggestions.row(st, v)));
      return;
    }
    if (ready && v.phase === "choose" && v.legal.length) {
      const panel = chooseControls(this.app, v);
      panel.addEventListener("keydown", (e) => bidKey(e, panel));
      this.suggestions.mark(panel, v);
      fill(this.controls, this.turnBar(panel, this.suggestions.row(st, v)));
      return;
    }
    if (ready && v.phase === "play") {
      const bar = this.turnBar(
        playPrompt(v, table.settings.suggestions),
        this.suggestions.row(st, v),
        this.claimForm.button(st, v),
        undoButton(this.app, st, v),
      );
      fill(this.controls, bar, this.claimForm.form(st, v));
      return;
    }
    if (v.to_act !== null && v.to_act !== undefined) {
      const what: Key =
        v.phase === "bidding"
          ? "table.waitingBid"
          : v.phase === "discard"
            ? "table.waitingDiscard"
            : v.phase === "choose"
              ? v.contract?.mode === "notrump"
                ? "table.waitingDirection"
                : "table.waitingTrumps"
              : "table.waitingPlay";
      const waiting = h("p", { class: "prompt waiting" }, v.to_act === mine ? t("table.sending") : t(what, { name: seatName(st, v.to_act) }));
      fill(this.controls, waiting, undoButton(this.app, st, v)); // the user's card just played: Undo (where allowed)
      return;
    }
    fill(this.controls, h("p", { class: "prompt waiting" }, table.state === "playing" ? "…" : ""));
  }
}

/** The user's turn to play a card. */
function playPrompt(v: View, suggestions: boolean): HTMLElement {
  return h(
    "p",
    { class: "prompt your-turn" },
    prefs().play === "confirm" // pick, then play (prefs.ts)
      ? v.trick.cards.length === 0
        ? t(byPointer("table.yourLeadConfirm", "table.yourLeadConfirmTouch"))
        : t(byPointer("table.yourTurnConfirm", "table.yourTurnConfirmTouch"))
      : v.trick.cards.length === 0
        ? t(byPointer("table.yourLead", "table.yourLeadTouch"))
        : t(byPointer("table.yourTurn", "table.yourTurnTouch")),
    h("span", { class: "countdown" }),
    // The keys on a device with a keyboard; none on a touch screen.
    byPointer(h("small", { class: "keys-hint" }, suggestions ? t("table.playKeysSuggest") : t("table.playKeys")), null),
  );
}
