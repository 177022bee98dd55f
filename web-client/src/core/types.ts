// The messages of the whistd protocol (docs/protocol.md), as the client uses them.

export type Variant = "classic" | "bid" | "exact";
export type OptionValue = number | string | boolean;
export type ChatMode = "none" | "preset" | "text";

export interface User {
  id: number;
  name: string;
  guest: boolean;
}

export interface Welcome {
  version: number;
  server: string;
  user: User | null;
  session: "none" | "resumed" | "invalid";
  rules?: Rules;
}

/** One option of a variant, as the server describes it (the rules object). */
export interface RulesOption {
  name: string;
  type: "bool" | "int" | "choice";
  min?: number;
  max?: number;
  values?: { value: string; label: string }[];
  label: string;
  help: string;
}

export interface RulesVariant {
  id: Variant;
  name: string;
  blurb: string;
  players: { min: number; max: number };
  partnerships: boolean;
  options: RulesOption[];
  /** By the number of players (as a string): every option's default. */
  defaults: Record<string, Record<string, OptionValue>>;
}

/** welcome's `rules` (docs/protocol.md, "The rules object"). */
export interface Rules {
  variants: RulesVariant[];
  presets: { id: string; name: string; variant: Variant; options: Record<string, OptionValue> }[];
  table: {
    timers: number[];
    buy_ins: number[];
    chat: { value: ChatMode; label: string }[];
    kinds: string[];
    max_watchers: number;
  };
  chat: { phrases: string[]; max_chars: number };
}

export interface SessionAck {
  user: User;
  token: string;
}

/** How well a computer player plays (table.add_bot's `strength`; expert by default). */
export type Strength = "beginner" | "club" | "expert";

export const STRENGTHS: readonly Strength[] = ["beginner", "club", "expert"];

export interface SeatInfo {
  seat: number;
  name: string | null;
  user: number | null;
  /** A computer player sits here (its user is a negative number, no account). */
  computer?: boolean;
  /** A computer player's strength (absent for a person, and in a game record's seats). */
  strength?: Strength;
  connected: boolean;
  /**
   * The registered player's rating in the table's pool (its variant),
   * rounded, and whether it is provisional (shown "1512?"). Absent for a
   * free seat, a computer player, a guest, and for a moment after someone
   * sits (the `rating` event then says it).
   */
  rating?: number;
  provisional?: boolean;
}

export interface TableSettings {
  timer_bid: number;
  timer_play: number;
  chat: ChatMode;
  watching: boolean;
  suggestions: boolean;
  /** Its games change the players' ratings (docs/ratings.md); absent on tables stored before ratings. */
  rated?: boolean;
  /** join (the default), play (quick play) or compete (a chip buy-in). */
  kind?: "join" | "play" | "compete";
  /** Compete: the chips each seat pays when the game starts. */
  buy_in?: number;
  /** Before each game the players cut for partners and the first dealer (a `cut` event). */
  cut?: boolean;
  /** Undo by consent: a player may take back their last card if everyone else agrees (join tables, never rated). */
  undo?: boolean;
}

/** A table's `event` key: an event's table, or the daily duplicate's own-pace one (docs/protocol.md, "Playing a round"). */
export interface TableEventInfo {
  event: number;
  round: number;
  table: number;
  /** Deal k is board first_board + k. */
  first_board: number;
  own_pace: boolean;
}

/** A table as the lobby lists it (lobby.table) and as table acks carry it. */
export interface TableSummary {
  table: number;
  variant: Variant;
  players: number;
  options: Record<string, OptionValue>;
  settings: TableSettings;
  preset?: string;
  state: "open" | "playing" | "finished";
  creator: string;
  seats: SeatInfo[];
  watchers: number;
  game: number | null;
  scores: number[] | null;
  /** Play tables, while people wait: when computer players take the free seats (Unix seconds). */
  fill_at?: number | null;
  /** An event's table (or the daily duplicate's): which event, round and table, and its first board. */
  event?: TableEventInfo;
}

/** A `claim` and an `undo` come in `action` events and game records only: asked for with table.claim and table.undo, never table.act. */
export type ActionType = "bid" | "pass" | "discard" | "trump" | "direction" | "play" | "claim" | "undo";

export interface Action {
  seat: number;
  type: ActionType;
  level?: number;
  mode?: string;
  tricks?: number;
  cards?: string[];
  suit?: string;
  card?: string;
}

export interface Call {
  seat: number;
  pass?: boolean;
  level?: number;
  mode?: string;
  tricks?: number;
}

export interface Contract {
  declarer: number;
  level: number;
  mode: string;
}

export interface PlayedTrick {
  leader: number;
  winner: number;
  cards: string[];
}

export interface HandResult {
  tricks: number[];
  score: number[];
  /** Classic whist: the points of `score` that honours gave, per side. */
  honours?: number[];
  /** A classic rubber: the game of the rubber the deal belongs to (from 0). */
  game?: number;
}

/** A finished game of a classic rubber (the view's `games`, a `rubber_game` event). */
export interface RubberGame {
  /** The side that won it (0: seats 0 and 2). */
  winner: number;
  /** Both sides' points when it ended. */
  score: number[];
  /** 3 a treble, 2 a double, 1 a single. */
  value: number;
  deals: number;
}

/** One player's card in a `cut` event: the seat before the cut, and after it. */
export interface CutDraw {
  card: string;
  from: number;
  seat: number;
}

export type Phase = "waiting" | "bidding" | "discard" | "choose" | "play" | "over";

/** A seat's or a watcher's view of the game (table.view, and in acks). */
export interface View {
  seat: number | null;
  phase: Phase;
  deal: number;
  dealer: number;
  hand_size: number;
  to_act: number | null;
  hand: string[];
  hand_counts: number[];
  turned: string | null;
  trump: string | null;
  downtown: boolean;
  tricks_won: number[];
  scores: number[];
  game_over: boolean;
  winners: number[];
  kitty?: string[] | null;
  discards?: string[];
  contract?: Contract | null;
  calls: Call[];
  tricks: PlayedTrick[];
  trick: { leader: number; cards: string[] };
  results: HandResult[];
  /** Classic with `rubber`: the rubber's finished games (`scores` are then the game in progress's). */
  games?: RubberGame[];
  legal: Action[];
  discard?: number;
  /** game.replay only: every seat's cards. */
  hands?: string[][];
}

/** The ack of table.create, table.sit, table.watch, and table.sync when it sends the whole state. */
export interface TableState {
  table: TableSummary;
  v: number;
  view: View | null;
  /** The milliseconds the seat to act has left, or null when it has no clock. */
  turn_ms_left?: number | null;
  /** A claim waiting for its answers (absent when none). */
  claim?: ClaimState;
  /** An undo waiting for its answers (absent when none). */
  undo?: UndoState;
}

/** An undo waiting, in a state answer: the seat asking, the card it takes back, the seats that agreed. */
export interface UndoState {
  seat: number;
  card: string;
  accepted: number[];
}

/** A claim waiting, in a state answer: the claimer, the tricks claimed, their cards, the opponents who accepted. */
export interface ClaimState {
  seat: number;
  tricks: number;
  hand: string[];
  accepted: number[];
}

/** The ack of table.sync when it sends the missed events. */
export interface TableSyncEvents {
  table: number;
  v: number;
  events: TableEventMsg[];
  view?: View | null;
  turn_ms_left?: number | null;
}

export interface TableEventMsg {
  table: number;
  v: number;
  event: TableEvent;
}

/** The event `claim`: the seat to lead claims `tricks` of the tricks left; its cards, shown to all. */
export interface ClaimEvent {
  type: "claim";
  seat: number;
  tricks: number;
  hand: string[];
}

/** The event `claim_answer`: an opponent accepts or refuses a claim (`timeout`: by not answering in time). */
export interface ClaimAnswerEvent {
  type: "claim_answer";
  seat: number;
  accept: boolean;
  timeout?: boolean;
}

// Events are read field by field; unknown ones are ignored.
export interface TableEvent {
  type: string;
  [key: string]: unknown;
}

export interface Envelope {
  t: string;
  d?: unknown;
  id?: string | number;
}

export interface ServerError {
  code: string;
  message: string;
  /** rate_limited, too_many_attempts, chat_too_fast, chat_repeated: the seconds to wait. */
  retry_after?: number;
}

// --- Your account (docs/protocol.md, "Your account") ----------------------

/** account.password's ack: how many other sessions were ended. */
export interface PasswordAnswer {
  ended: number;
}

/** One live session of the account, from account.sessions. */
export interface AccountSession {
  id: string;
  /** What the server made of the browser ("Firefox on Linux"); "" for an old session. */
  device: string;
  /** Unix seconds. */
  created_at: number;
  last_used_at: number;
  /** This connection's own session. */
  current: boolean;
}

/** account.sessions' ack, the most recently used first. */
export interface SessionsAnswer {
  sessions: AccountSession[];
}

/** The push session.ended: this connection's session was ended; a close follows. */
export interface SessionEnded {
  reason: string;
}
