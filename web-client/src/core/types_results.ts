// The chips and results messages of the whistd protocol (docs/protocol.md,
// "Chips" and "Results"), as the chips and results screens use them.
import type { Variant } from "./types";

export type LedgerKind = "initial" | "topup" | "grant" | "buyin" | "payout" | "refund" | "fee";

export interface LedgerEntry {
  id: number;
  delta: number;
  kind: LedgerKind;
  game: number | null;
  at: number;
  batch: string;
}

/** The ack of chips.history. */
export interface ChipsHistory {
  chips: number;
  entries: LedgerEntry[];
  next: number | null;
}

/** The ack of chips.topup. */
export interface TopupAnswer {
  result: "applied" | "already_today" | "not_below_floor" | "off";
  amount: number;
  chips: number;
  floor: number;
  day: string;
}

export interface GamePlayer {
  seat: number;
  user: number | null;
  name: string;
  side: number;
  won: boolean;
  score: number;
  chips: number;
}

export interface PastGame {
  game: number;
  table: number;
  variant: Variant;
  finished_at: number;
  seat: number;
  side: number;
  won: boolean;
  score: number;
  chips: number;
  players: GamePlayer[];
}

/** The ack of results.games. */
export interface GamesAnswer {
  user: { id: number; name: string };
  games: PastGame[];
  next: number | null;
}

/** The ack of results.stats. */
export interface StatsAnswer {
  user: { id: number; name: string };
  variants: { variant: Variant; games: number; wins: number; losses: number }[];
}

export interface LeaderRow {
  rank: number;
  id: number;
  name: string;
  games: number;
  wins: number;
  losses: number;
  win_rate: number;
}

/** The ack of results.leaderboard. */
export interface LeaderboardAnswer {
  variant: Variant;
  min_games: number;
  players: LeaderRow[];
}
