// The state of the table the client is at, kept up to date from the
// server's messages: the table's summary, the latest view of the game, the
// version of the last event applied, notices and chat. Events are applied
// to the view as the server describes them, so a watcher (who gets no
// table.view) and the seats who are not to act stay current; each game
// event says the phase and the seat to act after it, and a table.view from
// the server replaces the view whole.
import { cardText } from "../core/cards";
import { hasSides, MODE_LABELS } from "../core/rules";
import { makeSummary, type DealSummary } from "./summary";
import type { Call, TableEvent, TableEventMsg, TableSummary, View } from "../core/types";

export interface ChatLine {
  from: string;
  seat: number | null;
  text: string;
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
  notices: string[];
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
}

export function newTableState(summary: TableSummary, v: number, view: View | null, userId: number): TableState {
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
  };
  st.seat = view && view.seat !== null ? view.seat : summary.seats.findIndex((s) => s.user === userId);
  if (st.seat !== null && st.seat < 0) st.seat = null;
  if (summary.state === "finished" && view?.game_over) {
    st.result = { game: summary.game, scores: view.scores, winners: view.winners };
  }
  return st;
}

export function seatName(st: TableState, seat: number): string {
  return st.summary.seats[seat]?.name ?? `Seat ${seat + 1}`;
}

/** Whether a computer player sits at the seat. */
export function isComputer(st: TableState, seat: number): boolean {
  return st.summary.seats[seat]?.computer === true;
}

/** "Alice & Carol": the players of a side (0: seats 0 and 2). */
export function sideName(st: TableState, side: number): string {
  return `${seatName(st, side)} & ${seatName(st, side + 2)}`;
}

export function callText(c: Call, variant: string): string {
  if (c.pass) return "pass";
  if (variant === "exact") return `bid ${c.tricks}`;
  return `${c.level} ${MODE_LABELS[c.mode ?? ""] ?? c.mode}`;
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
    legal: [],
  };
}

const num = (x: unknown, fallback = 0): number => (typeof x === "number" ? x : fallback);

function note(st: TableState, text: string): void {
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

/** Events about the seats, the chat and the game's start and result. */
function applySeatEvent(st: TableState, ev: TableEvent): void {
  const t = st.summary;
  const seat = num(ev["seat"], -1);
  const name = seat >= 0 ? seatName(st, seat) : "";
  switch (ev.type) {
    case "sit": {
      const computer = ev["computer"] === true;
      // A person's user id is not in the event; a computer player's is -k (its name is "Computer k").
      const k = Number(/\d+$/.exec(String(ev["name"]))?.[0] ?? 1);
      t.seats[seat] = { seat, name: String(ev["name"]), user: computer ? -k : null, computer, connected: true };
      if (t.state === "finished") t.state = "open";
      note(st, computer ? `${String(ev["name"])}, a computer player, takes seat ${seat + 1}.` : `${String(ev["name"])} sat down.`);
      return;
    }
    case "leave":
      note(st, isComputer(st, seat) ? `${name}, a computer player, was removed.` : `${name} left the table.`);
      t.seats[seat] = { seat, name: null, user: null, connected: false };
      if (t.state === "finished") t.state = "open";
      st.rematch.delete(seat);
      return;
    case "start":
      if (Array.isArray(ev["seats"])) t.seats = ev["seats"] as TableSummary["seats"];
      t.state = "playing";
      st.result = null;
      st.lastDeal = null;
      st.rematch.clear();
      st.standIns.clear();
      st.view = blankView(st);
      note(st, "The game begins.");
      return;
    case "connected":
      if (t.seats[seat]) t.seats[seat].connected = true;
      // The server hands the seat back: the stand-in stops.
      note(st, st.standIns.delete(seat) ? `${name} is back and plays again; the computer no longer stands in.` : `${name} is back.`);
      return;
    case "disconnected":
      if (t.seats[seat]) t.seats[seat].connected = false;
      note(st, awayText(name, ev["reason"]));
      return;
    case "auto":
      autoPlayed(st, seat, name);
      return;
    case "chat":
      addChat(st, ev);
      return;
    case "rematch":
      st.rematch.add(seat);
      note(st, `${name} wants a rematch.`);
      return;
    case "result":
      t.state = "finished";
      t.game = typeof ev["game"] === "number" ? ev["game"] : t.game;
      st.result = { game: t.game, scores: (ev["scores"] as number[]) ?? [], winners: (ev["winners"] as number[]) ?? [] };
      t.scores = st.result.scores;
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

/** Also a player in the lobby, or idle at their turn: away all the same. */
function awayText(name: string, reason: unknown): string {
  if (reason === "lobby") return `${name} went to the lobby; their seat is kept.`;
  if (reason === "idle") return `${name} has not played for a while: away, their seat is kept.`;
  return `${name} was disconnected; their seat is kept.`;
}

function autoPlayed(st: TableState, seat: number, name: string): void {
  const s = st.summary.seats[seat];
  if (s && !s.connected) {
    // An absent player: from now on the computer plays each of their turns, until they are back.
    if (!st.standIns.has(seat)) note(st, `${name} is away: a computer player stands in for them until they are back.`);
    st.standIns.add(seat);
  } else {
    note(st, `${name} did not act in time: the server acted for them.`);
  }
}

function addChat(st: TableState, ev: TableEvent): void {
  const line: ChatLine = {
    from: String(ev["from"] ?? "?"),
    seat: typeof ev["seat"] === "number" ? ev["seat"] : null,
    text: String(ev["text"] ?? ""),
  };
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
export function addWatcherChat(st: TableState, d: { from?: unknown; text?: unknown }): void {
  pushChat(st, { from: String(d.from ?? "?"), seat: null, text: String(d.text ?? ""), aside: "watchers" });
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
      note(st, `${seatName(st, c.declarer)} declares ${c.level} ${MODE_LABELS[c.mode] ?? c.mode}.`);
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
  if (st.seat === null) v.hand = [];
  note(st, `Deal ${v.deal + 1}: ${seatName(st, v.dealer)} deals.` + (v.turned ? ` The turned card is ${cardText(v.turned)}.` : ""));
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
  }
}

function dealEnded(st: TableState, v: View, ev: TableEvent): void {
  const score = (ev["score"] as number[]) ?? [];
  const tricks = (ev["tricks"] as number[]) ?? [];
  const honours = Array.isArray(ev["honours"]) ? (ev["honours"] as number[]) : null;
  v.results.push(honours ? { tricks, score, honours } : { tricks, score });
  v.scores = v.scores.map((x, i) => x + (score[i] ?? 0));
  st.lastDeal = makeSummary(st.summary, rowNames(st), v, tricks, score, honours, (s) => seatName(st, s));
  note(st, dealEndText(st, tricks, score));
}

/** The rows of a deal's summary: the two sides, or every player. */
export function rowNames(st: TableState): string[] {
  return hasSides(st.summary) ? [0, 1].map((side) => sideName(st, side)) : st.summary.seats.map((_, i) => seatName(st, i));
}

function signed(x: number): string {
  return x > 0 ? `+${x}` : String(x);
}

export function dealEndText(st: TableState, tricks: number[], score: number[]): string {
  if (hasSides(st.summary)) {
    const parts = [0, 1].map((side) => `${sideName(st, side)} ${tricks[side] ?? 0} tricks (${signed(score[side] ?? 0)})`);
    return `Deal over: ${parts.join(", ")}.`;
  }
  const parts = tricks.map((tr, i) => `${seatName(st, i)} ${tr} (${signed(score[i] ?? 0)})`);
  return `Deal over: ${parts.join(", ")}.`;
}

/** The winners of the game, in words. */
export function winnersText(st: TableState, winners: number[]): string {
  if (hasSides(st.summary)) {
    const side = winners[0];
    return side === undefined ? "Nobody wins" : `${sideName(st, side)} win`;
  }
  const names = winners.map((w) => seatName(st, w));
  if (names.length === 0) return "Nobody wins";
  if (names.length === 1) return `${names[0]} wins`;
  return `${names.join(" and ")} share the win`;
}

/** Notes the server's clock of the seat to act (turn_ms_left; absent from older servers: unknown). */
export function setClock(st: TableState, msLeft: number | null | undefined): void {
  if (msLeft === undefined) return;
  st.turnDeadline = msLeft === null ? null : Date.now() + msLeft;
}
