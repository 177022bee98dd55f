// The state of the table the client is at, kept up to date from the
// server's messages: the table's summary, the latest view of the game, the
// version of the last event applied, notices and chat. Events are applied
// to the view as the server describes them, so a watcher (who gets no
// table.view) and the seats who are not to act stay current; each game
// event says the phase and the seat to act after it, and a table.view from
// the server replaces the view whole. Notices keep the facts of their
// event and are put in words when shown, in the language of that moment.
import { cardText } from "../core/cards";
import { bidName, hasSides } from "../core/rules";
import { cutText, isRubber, rubberGameOf, rubberGameText } from "./rubber";
import { makeSummary, rowName, type DealSummary, type RowName } from "./summary";
import {
  STRENGTHS,
  type Call,
  type SeatInfo,
  type ClaimState,
  type UndoState,
  type CutDraw,
  type TableEvent,
  type TableEventMsg,
  type TableSummary,
  type View,
} from "../core/types";
import { STRENGTH_WORDS } from "../core/players";
import { t } from "../i18n";
import { pendingUndo, undoEvent, undone, type PendingUndo } from "./undo_state";

/** A notice of the table's: its words, made when it is shown. */
export type Notice = () => string;

export interface ChatLine {
  from: string;
  seat: number | null;
  text: string;
  /** A preset phrase (its text is the server's English, shown in the user's language). */
  phrase?: boolean;
  /**
   * A watcher's line from during a game at a rated table: "watchers" as the
   * watchers read it then (table.watcher_chat), "after" as everyone reads it
   * once the game is over (a chat event with during_game).
   */
  aside?: "watchers" | "after";
}

export interface Result {
  game: number | null;
  scores: number[];
  winners: number[];
  /** A rated game's rating changes, once the server has stored them (the `rated` event). */
  ratings?: SeatRating[];
}

export interface SeatRating {
  seat: number;
  rating: number;
  change: number;
  provisional: boolean;
}

export interface TableState {
  id: number;
  summary: TableSummary;
  v: number;
  view: View | null;
  /** The user's seat, or null when watching. */
  seat: number | null;
  notices: Notice[];
  chat: ChatLine[];
  result: Result | null;
  rematch: Set<number>;
  /** When the seat to act began to think (for the countdown), ms. */
  turnSince: number;
  /**
   * When the seat to act's clock runs out (ms, Date.now()), as the server
   * last said (turn_ms_left); null: no clock; undefined: not said for this
   * turn (the countdown is reckoned from turnSince).
   */
  turnDeadline?: number | null;
  /** The version the view was last acted on (an action is in flight). */
  actedV: number;
  /** The summary of the last deal that ended while the user was here. */
  lastDeal: DealSummary | null;
  /** Seats of absent players the computer stands in for (since an `auto` while away). */
  standIns: Set<number>;
  /** A claim waiting for the opponents' answers: play stops until it is refused or applied. */
  claim: PendingClaim | null;
  /** An undo waiting for everyone else's answers (undo_state.ts): play stops until it is refused or applied. */
  undo: PendingUndo | null;
}

/** A claim (the `claim` event), from when it is made until one refusal or its `action`. */
export interface PendingClaim {
  seat: number;
  tricks: number;
  /** The tricks left when it was made (as many as the claimer's cards). */
  left: number;
  /** The claimer's cards, shown to all. */
  hand: string[];
  /** The opponents who accepted it so far. */
  accepted: Set<number>;
}

/** `waiting`: the state answer's claim and undo that wait for their answers. */
export function newTableState(
  summary: TableSummary,
  v: number,
  view: View | null,
  userId: number,
  waiting: { claim?: ClaimState; undo?: UndoState } = {},
): TableState {
  const claim = waiting.claim;
  const st: TableState = {
    id: summary.table,
    summary,
    v,
    view,
    seat: null,
    notices: [],
    chat: [],
    result: null,
    rematch: new Set(),
    turnSince: Date.now(),
    actedV: -1,
    lastDeal: null,
    standIns: new Set(),
    claim: claim ? { seat: claim.seat, tricks: claim.tricks, left: claim.hand.length, hand: claim.hand, accepted: new Set(claim.accepted) } : null,
    undo: pendingUndo(waiting.undo),
  };
  st.seat = view && view.seat !== null ? view.seat : summary.seats.findIndex((s) => s.user === userId);
  if (st.seat !== null && st.seat < 0) st.seat = null;
  if (summary.state === "finished" && view?.game_over) {
    st.result = { game: summary.game, scores: view.scores, winners: view.winners };
  }
  return st;
}

export function seatName(st: TableState, seat: number): string {
  return st.summary.seats[seat]?.name ?? t("table.seat", { n: seat + 1 });
}

/** Whether a computer player sits at the seat. */
export function isComputer(st: TableState, seat: number): boolean {
  return st.summary.seats[seat]?.computer === true;
}

/** "Alice & Carol": the players of a side (0: seats 0 and 2). */
export function sideName(st: TableState, side: number): string {
  return t("table.side", { a: seatName(st, side), b: seatName(st, side + 2) });
}

/** A call as a seat shows it: "pass", "bid 3" (exact whist), "4 downtown" (bid whist). */
export function callText(c: Call, variant: string): string {
  if (c.pass) return t("call.pass");
  if (variant === "exact") return t("call.tricks", { n: c.tricks ?? 0 });
  return bidName(c.level, c.mode);
}

function blankView(st: TableState): View {
  const n = st.summary.players;
  const k = hasSides(st.summary) ? 2 : n;
  return {
    seat: st.seat,
    phase: "waiting",
    deal: -1,
    dealer: 0,
    hand_size: 0,
    to_act: null,
    hand: [],
    hand_counts: Array(n).fill(0),
    turned: null,
    trump: null,
    downtown: false,
    tricks_won: Array(n).fill(0),
    scores: Array(k).fill(0),
    game_over: false,
    winners: [],
    kitty: null,
    contract: null,
    calls: [],
    tricks: [],
    trick: { leader: 0, cards: [] },
    results: [],
    ...(isRubber(st.summary) ? { games: [] } : {}),
    legal: [],
  };
}

const num = (x: unknown, fallback = 0): number => (typeof x === "number" ? x : fallback);

function note(st: TableState, text: Notice): void {
  st.notices.push(text);
  if (st.notices.length > 30) st.notices.splice(0, st.notices.length - 30);
}

/** Events that restart the clock of the seat to act. */
const GAME_EVENTS = new Set(["start", "deal", "action", "contract", "kitty_taken", "trump", "trick"]);

/**
 * Applies one table event. Returns false when it cannot be applied in
 * order (a version was missed): the caller then asks for table.sync.
 */
export function applyEventMsg(st: TableState, m: TableEventMsg): boolean {
  if (m.v <= st.v) return true; // already known
  if (m.v !== st.v + 1) return false;
  st.v = m.v;
  applyEvent(st, m.event);
  if (GAME_EVENTS.has(m.event.type)) {
    st.turnSince = Date.now();
    st.turnDeadline = undefined;
  }
  // A departure or a return changes the clock (an absent player's grace): reckoned again.
  if (m.event.type === "disconnected" || m.event.type === "connected") st.turnDeadline = undefined;
  return true;
}

function applyEvent(st: TableState, ev: TableEvent): void {
  if (typeof ev["phase"] === "string") applyGameEvent(st, ev);
  else applySeatEvent(st, ev);
}

/** The seat a `sit` event fills: a person's (their user id is not in the event), or a computer player's (-k: its name is "Computer k"). */
function sitting(seat: number, ev: TableEvent): SeatInfo {
  const computer = ev["computer"] === true;
  const k = Number(/\d+$/.exec(String(ev["name"]))?.[0] ?? 1);
  const strength = computer ? STRENGTHS.find((x) => x === ev["strength"]) : undefined;
  return { seat, name: String(ev["name"]), user: computer ? -k : null, computer, connected: true, ...(strength ? { strength } : {}) };
}

/** The notice of a `sit`: who sat down (a computer player: its strength, and the seat). */
function sitNotice(info: SeatInfo): () => string {
  const who = info.name ?? "";
  const n = info.seat + 1;
  const strength = info.strength;
  if (!info.computer) return () => t("notice.sits", { name: who });
  if (!strength) return () => t("notice.computerSits", { name: who, n });
  return () => t("notice.computerSitsStrength", { name: who, n, strength: t(STRENGTH_WORDS[strength]) });
}

/** Events about the seats, the chat and the game's start and result. */
function applySeatEvent(st: TableState, ev: TableEvent): void {
  const table = st.summary;
  const seat = num(ev["seat"], -1);
  const name = seat >= 0 ? seatName(st, seat) : "";
  switch (ev.type) {
    case "sit": {
      table.seats[seat] = sitting(seat, ev);
      if (table.state === "finished") table.state = "open";
      note(st, sitNotice(table.seats[seat]));
      return;
    }
    case "leave":
      const removed = isComputer(st, seat);
      note(st, () => (removed ? t("notice.computerRemoved", { name }) : t("notice.left", { name })));
      table.seats[seat] = { seat, name: null, user: null, connected: false };
      if (table.state === "finished") table.state = "open";
      st.rematch.delete(seat);
      return;
    case "cut":
      cutMade(st, ev);
      return;
    case "start":
      if (Array.isArray(ev["seats"])) table.seats = ev["seats"] as TableSummary["seats"];
      table.state = "playing";
      st.result = null;
      st.lastDeal = null;
      st.rematch.clear();
      st.standIns.clear();
      st.claim = null;
      st.undo = null;
      st.view = blankView(st);
      note(st, () => t("notice.begins"));
      return;
    case "connected":
      if (table.seats[seat]) table.seats[seat].connected = true;
      // The server hands the seat back: the stand-in stops.
      const stoodIn = st.standIns.delete(seat);
      note(st, () => (stoodIn ? t("notice.backStandIn", { name }) : t("notice.back", { name })));
      return;
    case "disconnected":
      if (table.seats[seat]) table.seats[seat].connected = false;
      const reason = ev["reason"];
      note(st, () => awayText(name, reason));
      return;
    case "auto":
      autoPlayed(st, seat, name);
      return;
    case "claim":
    case "claim_answer":
      (ev.type === "claim" ? claimMade : claimAnswered)(st, ev, seat, name);
      return;
    case "undo_asked":
    case "undo_answer":
      note(st, undoEvent(st, ev, seat, name));
      return;
    case "chat":
      addChat(st, ev);
      return;
    case "rematch":
      st.rematch.add(seat);
      note(st, () => t("notice.rematch", { name }));
      return;
    case "result":
      table.state = "finished";
      table.game = typeof ev["game"] === "number" ? ev["game"] : table.game;
      st.result = { game: table.game, scores: (ev["scores"] as number[]) ?? [], winners: (ev["winners"] as number[]) ?? [] };
      table.scores = st.result.scores;
      return;
    case "rated":
      if (!Array.isArray(ev["seats"])) return;
      if (st.result) st.result.ratings = ev["seats"] as SeatRating[];
      // The seats show the new ratings.
      for (const r of ev["seats"] as SeatRating[]) setRating(st, r.seat, r.rating, r.provisional);
      return;
    case "rating":
      // A registered player's rating, read a moment after they sat down.
      if (typeof ev["rating"] === "number") setRating(st, seat, ev["rating"], ev["provisional"] === true);
      return;
  }
}

function setRating(st: TableState, seat: number, rating: number, provisional: boolean): void {
  const s = st.summary.seats[seat];
  if (!s || s.name === null || s.computer) return;
  s.rating = rating;
  s.provisional = provisional;
}

/**
 * The cut for partners and the first dealer: the players move to their
 * seats after it (the user too), and everyone is told the cards drawn.
 */
function cutMade(st: TableState, ev: TableEvent): void {
  const draws = Array.isArray(ev["draws"]) ? (ev["draws"] as CutDraw[]) : [];
  if (Array.isArray(ev["seats"])) st.summary.seats = ev["seats"] as TableSummary["seats"];
  const moved = draws.find((d) => d.from === st.seat);
  if (st.seat !== null && moved) {
    st.seat = moved.seat;
    if (st.view) st.view.seat = moved.seat;
  }
  const dealer = num(ev["dealer"]);
  const names = st.summary.seats.map((_, i) => seatName(st, i));
  const sides = hasSides(st.summary);
  note(st, () => cutText(draws, dealer, sides, (seat) => names[seat] ?? ""));
}

/** Also a player in the lobby, or idle at their turn: away all the same. */
function awayText(name: string, reason: unknown): string {
  if (reason === "lobby") return t("notice.awayLobby", { name });
  if (reason === "idle") return t("notice.awayIdle", { name });
  return t("notice.disconnected", { name });
}

function autoPlayed(st: TableState, seat: number, name: string): void {
  const s = st.summary.seats[seat];
  if (s && !s.connected) {
    // An absent player: from now on the computer plays each of their turns, until they are back.
    if (!st.standIns.has(seat)) note(st, () => t("notice.standIn", { name }));
    st.standIns.add(seat);
  } else {
    note(st, () => t("notice.timedOut", { name }));
  }
}

/** A claim is made: play and the clocks stop until the opponents answer. */
function claimMade(st: TableState, ev: TableEvent, seat: number, name: string): void {
  const hand = Array.isArray(ev["hand"]) ? (ev["hand"] as string[]) : [];
  const tricks = num(ev["tricks"]);
  const left = hand.length || (st.view?.hand_counts[seat] ?? 0);
  st.claim = { seat, tricks, left, hand, accepted: new Set() };
  st.turnDeadline = null;
  note(st, () => t("claim.banner", { name, n: tricks, left }));
}

/** An opponent's answer: a refusal ends the claim (the claimer leads, the clock from the start). */
function claimAnswered(st: TableState, ev: TableEvent, seat: number, name: string): void {
  if (!st.claim) return;
  if (ev["accept"] === true) {
    st.claim.accepted.add(seat);
    note(st, () => t("notice.claimAccepts", { name }));
    return;
  }
  st.claim = null;
  st.turnSince = Date.now();
  st.turnDeadline = undefined;
  const timeout = ev["timeout"] === true;
  note(st, () => (timeout ? t("notice.claimTimedOut", { name }) : t("notice.claimRejected", { name })));
}

/** The claim applied (both opponents accepted): the claimer's side takes the tricks claimed of those left. */
function claimApplied(st: TableState, v: View, a: ActionFields): void {
  const left = st.claim?.seat === a.seat ? st.claim.left : (v.hand_counts[a.seat] ?? 0);
  st.claim = null;
  const side = hasSides(st.summary) ? sideName(st, a.seat % 2) : seatName(st, a.seat);
  const n = a.tricks ?? 0;
  note(st, () => t("notice.claimApplied", { side, n, left }));
}

function addChat(st: TableState, ev: TableEvent): void {
  const line: ChatLine = {
    from: String(ev["from"] ?? "?"),
    seat: typeof ev["seat"] === "number" ? ev["seat"] : null,
    text: String(ev["text"] ?? ""),
  };
  if (typeof ev["phrase"] === "number") line.phrase = true;
  if (ev["during_game"] === true) {
    // A watcher who read it during the game has it already.
    const seen = st.chat.findIndex((c) => c.aside === "watchers" && c.from === line.from && c.text === line.text);
    if (seen >= 0) {
      st.chat.splice(seen, 1);
      return pushChat(st, { ...line, aside: "after" });
    }
    line.aside = "after";
  }
  pushChat(st, line);
}

/** A watcher's line at a rated table during the game, for the watchers (table.watcher_chat). */
export function addWatcherChat(st: TableState, d: { from?: unknown; text?: unknown; phrase?: unknown }): void {
  const line: ChatLine = { from: String(d.from ?? "?"), seat: null, text: String(d.text ?? ""), aside: "watchers" };
  if (typeof d.phrase === "number") line.phrase = true;
  pushChat(st, line);
}

function pushChat(st: TableState, line: ChatLine): void {
  st.chat.push(line);
  if (st.chat.length > 100) st.chat.splice(0, st.chat.length - 100);
}

/**
 * A game event: what it changes in the view, then the phase and the seat
 * to act as the server says they are after it (docs/protocol.md, Table
 * events); the client does not work them out from the rules.
 */
function applyGameEvent(st: TableState, ev: TableEvent): void {
  if (!st.view) st.view = blankView(st);
  const v = st.view;
  v.legal = [];
  delete v.discard;
  switch (ev.type) {
    case "deal":
      newDeal(st, v, ev);
      break;
    case "trump":
      v.trump = typeof ev["trump"] === "string" ? ev["trump"] : null;
      v.downtown = ev["downtown"] === true;
      break;
    case "action":
      applyAction(st, v, ev["action"] as ActionFields);
      break;
    case "contract": {
      const c = { declarer: num(ev["declarer"]), level: num(ev["level"]), mode: String(ev["mode"]) };
      v.contract = c;
      const name = seatName(st, c.declarer);
      note(st, () => t("notice.declares", { name, bid: bidName(c.level, c.mode) }));
      break;
    }
    case "kitty":
      v.kitty = Array.isArray(ev["cards"]) ? (ev["cards"] as string[]) : null;
      break;
    case "kitty_taken": {
      const seat = num(ev["seat"]);
      v.hand_counts[seat] = (v.hand_counts[seat] ?? 0) + num(ev["count"]);
      break;
    }
    case "trick": {
      const winner = num(ev["winner"]);
      v.tricks.push({ leader: v.trick.leader, winner, cards: v.trick.cards });
      v.tricks_won[winner] = (v.tricks_won[winner] ?? 0) + 1;
      v.trick = { leader: winner, cards: [] };
      break;
    }
    case "deal_end":
      dealEnded(st, v, ev);
      break;
    case "rubber_game":
      rubberGameWon(st, v, ev);
      break;
    case "game_over":
      v.scores = (ev["scores"] as number[]) ?? v.scores;
      v.winners = (ev["winners"] as number[]) ?? [];
      v.game_over = true;
      break;
  }
  v.phase = String(ev["phase"]) as View["phase"];
  v.to_act = typeof ev["to_act"] === "number" ? ev["to_act"] : null;
  // Whoever is to play to an empty trick leads it.
  if (v.phase === "play" && v.trick.cards.length === 0 && v.to_act !== null) v.trick.leader = v.to_act;
}

interface ActionFields {
  seat: number;
  type: string;
  card?: string;
  level?: number;
  mode?: string;
  tricks?: number;
}

function newDeal(st: TableState, v: View, ev: TableEvent): void {
  const n = st.summary.players;
  v.deal = num(ev["deal"]);
  v.dealer = num(ev["dealer"]);
  v.hand_size = num(ev["hand_size"]);
  v.hand_counts = Array(n).fill(v.hand_size);
  v.turned = typeof ev["turned"] === "string" ? ev["turned"] : null;
  v.trump = null;
  v.downtown = false;
  v.calls = [];
  v.tricks = [];
  v.tricks_won = Array(n).fill(0);
  v.trick = { leader: 0, cards: [] };
  v.contract = null;
  v.kitty = null;
  delete v.discards;
  st.claim = null;
  if (st.seat === null) v.hand = [];
  const deal = v.deal + 1;
  const dealer = seatName(st, v.dealer);
  const turned = v.turned;
  note(st, () => dealtText(deal, dealer, turned));
}

function applyAction(st: TableState, v: View, a: ActionFields): void {
  const s = a.seat;
  if (a.type === "play" && a.card) {
    if (s === st.seat) v.hand = v.hand.filter((c) => c !== a.card);
    v.hand_counts[s] = Math.max(0, (v.hand_counts[s] ?? 1) - 1);
    if (v.trick.cards.length === 0) v.trick.leader = s;
    v.trick.cards.push(a.card);
  } else if (a.type === "bid" || a.type === "pass") {
    const c: Call = { seat: s };
    if (a.type === "pass") c.pass = true;
    else if (st.summary.variant === "exact") c.tricks = a.tricks ?? 0;
    else {
      c.level = a.level ?? 0;
      c.mode = a.mode ?? "";
    }
    v.calls.push(c);
  } else if (a.type === "discard") {
    v.hand_counts[s] = v.hand_size;
  } else if (a.type === "claim") {
    claimApplied(st, v, a);
  } else if (a.type === "undo") {
    note(st, undone(st, v, a, seatName(st, s)));
  }
}

function dealEnded(st: TableState, v: View, ev: TableEvent): void {
  const score = (ev["score"] as number[]) ?? [];
  const tricks = (ev["tricks"] as number[]) ?? [];
  const honours = Array.isArray(ev["honours"]) ? (ev["honours"] as number[]) : null;
  v.results.push({ tricks, score, ...(honours ? { honours } : {}), ...(typeof ev["game"] === "number" ? { game: ev["game"] } : {}) });
  v.scores = v.scores.map((x, i) => x + (score[i] ?? 0));
  st.lastDeal = makeSummary(st.summary, rowNames(st), v, tricks, score, honours, (s) => seatName(st, s));
  const names = rowNames(st);
  note(st, () => dealEndText(hasSides(st.summary), names, tricks, score));
}

/** A game of the rubber is won: kept with the view's games, and the scores start from love again (but after the deciding game). */
function rubberGameWon(st: TableState, v: View, ev: TableEvent): void {
  const g = rubberGameOf(ev);
  if (!g) return;
  const game = num(ev["game"], (v.games ?? []).length);
  v.games = [...(v.games ?? []).slice(0, game), g];
  if (v.phase !== "over" && String(ev["phase"]) !== "over") v.scores = v.scores.map(() => 0);
  const names = sideName(st, g.winner);
  note(st, () => rubberGameText(game, names, g));
}

/** "Deal 3: Ann deals. The turned card is 10♠." (the table's notice, and the replay's caption). */
export function dealtText(deal: number, dealer: string, turned: string | null): string {
  const dealt = t("notice.deals", { n: deal, name: dealer });
  return turned ? `${dealt} ${t("notice.turned", { card: cardText(turned) })}` : dealt;
}

/** The rows of a deal's summary: the two sides (their players' names, put together when shown), or every player. */
export function rowNames(st: TableState): RowName[] {
  return hasSides(st.summary) ? [0, 1].map((side) => [seatName(st, side), seatName(st, side + 2)] as const) : st.summary.seats.map((_, i) => seatName(st, i));
}

function signed(x: number): string {
  return x > 0 ? `+${x}` : String(x);
}

/** "Deal over: Ann & Cid 7 tricks (+1), Bob & Dan 6 tricks (0)." (sides), or each player's tricks. */
function dealEndText(sides: boolean, names: RowName[], tricks: number[], score: number[]): string {
  const parts = names.map((name, i) =>
    t(sides ? "notice.sideTricks" : "notice.playerTricks", { name: rowName(name), n: tricks[i] ?? 0, score: signed(score[i] ?? 0) }),
  );
  return t("notice.dealOver", { parts: parts.join(", ") });
}

/** Notes the server's clock of the seat to act (turn_ms_left; absent from older servers: unknown). */
export function setClock(st: TableState, msLeft: number | null | undefined): void {
  if (msLeft === undefined) return;
  st.turnDeadline = msLeft === null ? null : Date.now() + msLeft;
}
