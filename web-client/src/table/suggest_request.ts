// table.suggest: what the computer would do in the user's place at their
// table. The answer is only shown (table_suggest.ts highlights it):
// nothing is played. A refusal is shown ("No suggestion: …") and gives null.
import { errorReason } from "../core/errors";
import { RequestError, type Connection } from "../core/net";
import type { Action } from "../core/types";
import { t } from "../i18n";
import type { TableState } from "./game";

export interface SuggestHost {
  readonly conn: Connection;
  readonly table: TableState | null;
  fail(e: unknown): void;
}

export async function askSuggestion(app: SuggestHost): Promise<{ action: Action; v: number } | null> {
  const st = app.table;
  if (!st) return null;
  try {
    return await app.conn.request<{ action: Action; v: number }>("table.suggest", { table: st.id });
  } catch (e) {
    app.fail(e instanceof RequestError ? new Error(t("app.noSuggestion", { reason: errorReason(e) })) : e);
    return null;
  }
}
