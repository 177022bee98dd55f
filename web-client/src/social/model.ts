// The social side's values: friends, and the settings of table kinds,
// schedules and invitations; shared by social.ts, invites.ts and friends.ts.
import { variantName } from "../core/rules";
import type { TableSummary } from "../core/types";
import { t } from "../i18n";

export interface UserRef {
  id: number;
  name: string;
}

/** A friend as friends.list and the pushes give it: online, and the table they sit at (seat) or watch (seat null). */
export interface Friend extends UserRef {
  online: boolean;
  table: number | null;
  seat: number | null;
}

/** The settings of table kinds, schedules and invitations (docs/protocol.md, table.create). */
export interface SocialSettings {
  kind?: string;
  start_at?: number | null;
  computers_fill?: boolean;
  invite_only?: boolean;
  friends_only?: boolean;
}

export function socialSettings(t: TableSummary): SocialSettings {
  return t.settings as unknown as SocialSettings;
}

/**
 * "Table 4 (and the variant's name)". Tables are "Table N" and games "Game N"
 * everywhere, so that a table's number is never taken for its game's.
 */
export function tableName(table: TableSummary): string {
  return t("social.tableName", { n: table.table, game: variantName(table.variant) });
}
