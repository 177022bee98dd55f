// The chips, results, ratings and profile messages of the whistd protocol
// (docs/protocol.md, "Chips", "Results" and "Ratings and profiles"), as the
// chips, results and profile screens use them.
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

/** What a rated game did to a player's rating: the new rating (rounded), its change, and the provisional mark. */
export interface RatingChange {
  rating: number;
  change: number;
  provisional: boolean;
}

export interface GamePlayer {
  seat: number;
  user: number | null;
  name: string;
  side: number;
  won: boolean;
  score: number;
  chips: number;
  /** A rated game's change to this player's rating; null (or absent, from an older server) otherwise. */
  rating?: RatingChange | null;
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
  /** The player hides their games from the asker (games is then empty). */
  hidden?: boolean;
}

/** Games, wins and losses in a variant (results.stats, profile.get). */
export interface VariantStats {
  variant: Variant;
  games: number;
  wins: number;
  losses: number;
}

/** The ack of results.stats. */
export interface StatsAnswer {
  user: { id: number; name: string };
  variants: VariantStats[];
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

// --- Ratings and profiles ---------------------------------------------------

/** A rating pool: a variant's games, or events. */
export type Pool = Variant | "events";

export interface RatingLeader {
  rank: number;
  id: number;
  name: string;
  rating: number;
  deviation: number;
  games: number;
}

/** The ack of ratings.leaderboard. */
export interface RatingLeaderboardAnswer {
  pool: Pool;
  players: RatingLeader[];
}

/** The rating after one rated game. */
export interface RatingPoint {
  game: number;
  at: number;
  rating: number;
}

/** A player's rating in a pool (profile.get): rounded, with its last rated games' history, oldest first. */
export interface PoolRating {
  pool: Pool;
  rating: number;
  deviation: number;
  provisional: boolean;
  games: number;
  history: RatingPoint[];
}

/** What a player is to the asker. */
export type Relation = "self" | "friend" | "outgoing" | "incoming" | "none";

/** The ack of profile.get. */
export interface ProfileAnswer {
  user: { id: number; name: string };
  guest: boolean;
  member_since: number;
  relation: Relation;
  /** For oneself and one's friends: connected now or not; null for everyone else. */
  online: boolean | null;
  hide_games: boolean;
  ratings: PoolRating[];
  variants: VariantStats[];
  /** The last finished games, newest first; null when they are hidden from the asker. */
  games: PastGame[] | null;
}

/** The ack of profile.set. */
export interface ProfileSetAnswer {
  hide_games: boolean;
}
