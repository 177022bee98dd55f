// The events' messages as the client reads them (docs/protocol.md, "Events"
// and "The daily duplicate"): event.list's summaries, the event's view,
// the event.update and event.table pushes, and the daily's view.
import type { OptionValue, Variant } from "./types";

export type EventKind = "mitchell" | "howell" | "drive";
export type EventState = "open" | "running" | "finished" | "cancelled";
export type EventScoring = "matchpoints" | "total";
/** Who may enter: anyone, the director's friends, or the players the director invited. */
export type EventEntry = "open" | "friends" | "invited";

/** A player in an event: an account, or a computer player (`account` null). */
export interface EventPlayer {
  account: number | null;
  name: string;
}

/** The view's first keys: event.list's items (with `entries` a count) and event.update's. */
export interface EventSummary {
  event: number;
  name: string;
  kind: EventKind;
  /** The boards' game (servers that have it; absent: classic). */
  variant?: Variant;
  state: EventState;
  director: string;
  /** The variant's options, by name. */
  options: Record<string, OptionValue>;
  scoring: EventScoring;
  /** The movement's rounds once started; before, the rounds asked for (0: the most the movement allows). */
  rounds: number;
  /** 0 before the start. */
  round: number;
  boards_per_round: number;
  round_seconds: number;
  /** When the round's clock runs out (Unix seconds); null before the start. While paused, not counting down. */
  round_ends: number | null;
  paused: boolean;
  /** When it starts by itself; null: when its director starts it. */
  start_at: number | null;
  fee: number;
  entries: number | EntryLine[];
  /** Who may enter (servers that have it). */
  entry?: EventEntry;
}

/** event.update: the summary, with a line for people (the server's English; "" for none). */
export interface EventUpdate extends EventSummary {
  notice: string;
}

/** An entry: a pair (or half of one waiting for the partner named), or a single. */
export interface EntryLine {
  player: EventPlayer;
  partner: EventPlayer | null;
  /** Entered alone, to be paired at the start. */
  single: boolean;
}

export interface EventPair {
  pair: number;
  /** A Mitchell's: pair numbers are per direction. */
  direction: "ns" | "ew" | null;
  players: EventPlayer[];
}

export interface DrivePlayer {
  player: number;
  name: string;
  account: number | null;
}

/** One of this round's tables. */
export interface EventTable {
  table: number;
  /** The table to sit at (table.sit without a seat). */
  table_id: number | null;
  ns: number;
  ew: number;
  /** A drive's player numbers at north, east, south, west. */
  players: number[];
  /** The players seated, north, east, south, west. */
  seats: EventPlayer[];
  boards: number[];
  done: number[];
}

/** A pairs event's standing. */
export interface PairStanding {
  pair: number;
  score: number;
  /** Matchpoints only. */
  percent?: number | null;
  rank: number;
}

export interface DriveStanding {
  player: number;
  name: string;
  score: number;
  boards: number;
  rank: number;
}

export type Standings = { pairs: PairStanding[] } | { ns: PairStanding[]; ew: PairStanding[] } | DriveStanding[];

/** A table's result on a board: its pairs (or the daily's entrant; a drive's players), points and matchpoints. */
export interface TravellerLine {
  /** Pairs events: the pairs (the daily: the entrant at N/S); absent in a drive's. */
  ns?: number;
  ew?: number;
  /** A drive's: the player numbers at north, east, south, west, and whether the board was played to its end. */
  players?: number[];
  played?: boolean;
  ns_score?: number;
  ew_score?: number;
  /** A board not finished in time: N/S's percentage. */
  adjusted?: number;
  /** Matchpoints (or points under total scoring); not in a drive's. */
  ns_points?: number;
  ew_points?: number;
  /** How it was played: each side's tricks, N/S first (bid whist: the book to the declarers); null where none was kept. */
  tricks?: [number, number] | null;
  /** Bid whist: the contract, its declarer's seat (0 North ... 3 West) and the trump named (null at no trump). */
  contract?: { declarer: number; level: number; mode: string; trump: string | null } | null;
  /** The table's game (its replay), where the server gives it. */
  game?: number | null;
}

export interface Traveller {
  board: number;
  /** The matchpoint top (pairs events). */
  top?: number;
  lines: TravellerLine[];
}

/** event.results' line: a traveller's line with its round, table, and the game and deal that played it. */
export interface ResultLine extends TravellerLine {
  round: number;
  table: number;
  deal: number | null;
}

/** A board of event.results: its dealer, trump (null in bid whist: each table's bidding named its own), hands (with the kitty in bid whist). */
export interface ResultBoard {
  board: number;
  dealer?: number;
  trump?: string | null;
  deal?: { hands: string[][]; kitty?: string[]; turned?: string; [key: string]: unknown };
  top?: number;
  results: ResultLine[];
}

/** event.results: a finished event's results as one document (docs/events.md, "Results"). */
export interface EventResults {
  event: number;
  name: string;
  variant?: Variant;
  boards: ResultBoard[];
  [key: string]: unknown;
}

/** event.get's answer (and event.create's, enter's, withdraw's, direct's). */
export interface EventView extends EventSummary {
  entries: EntryLine[];
  pairs?: EventPair[];
  players?: DrivePlayer[];
  tables: EventTable[];
  standings: Standings | null;
  travellers: Traveller[] | null;
  /** The director's view of an event for invited players: their names. */
  invited?: string[];
}

export interface EventListAnswer {
  events: EventSummary[];
  past: EventSummary[];
}

/** The push event.table: the user's table in a round. */
export interface EventTablePush {
  event: number;
  round: number;
  table: number;
  table_id: number;
}

/** The daily duplicate's ranking line. */
export interface DailyRank {
  entrant: number;
  name: string;
  score: number;
  percent?: number | null;
  rank: number;
  boards: number;
}

/** daily.get's and daily.play's answer. */
export interface DailyView {
  daily: number;
  name: string;
  options: Record<string, OptionValue>;
  scoring: EventScoring;
  boards: number;
  opens: number;
  closes: number;
  entrants: number;
  open: boolean;
  entered: boolean;
  played: { board: number; ns: number; ew: number }[];
  /** 0: every board played. */
  next_board: number;
  table_id: number | null;
  ranking: DailyRank[] | null;
  travellers: Traveller[] | null;
}
