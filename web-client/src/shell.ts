// What the application's services (the wallet, the social side) need of
// the application (app.ts): the connection, who is logged in, the lobby,
// the table and the screens. App implements it; the services import this,
// not App, so that App can own them without an import cycle.
import type { Connection } from "./core/net";
import type { TableSummary, User } from "./core/types";
import type { TableState } from "./table/game";

export type ScreenName = "connecting" | "account" | "lobby" | "table" | "replay" | "chips" | "results" | "friends" | "profile" | "settings" | "event" | "daily";

export interface Shell {
  readonly conn: Connection;
  user: User | null;
  screenName: ScreenName;
  lobby: Map<number, TableSummary>;
  table: TableState | null;
  show(name: ScreenName): void;
  render(): void;
  flash(text: string): void;
  enterLobby(): Promise<void>;
  toLobby(): Promise<void>;
  sit(table: number, seat: number | null): Promise<void>;
}
