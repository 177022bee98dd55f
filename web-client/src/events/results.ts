// A finished event's results as one document (event.results, docs/events.md
// "Results"): the game that played each table's line (the travellers'
// replays), and the document itself to keep (Download the results, a JSON
// file). A server without event.results, or an event not over, gives none.
import type { App } from "../app";
import { saveFile } from "../account/care_data";
import type { EventResults, Traveller, TravellerLine } from "../core/types_events";

/** event.results, or null (not over, not known to this server, offline). */
export async function fetchResults(app: App, event: number): Promise<EventResults | null> {
  try {
    return await app.conn.request<EventResults>("event.results", { event });
  } catch {
    return null;
  }
}

/** A line's key on its board: its pairs, or a drive's players. */
function lineKey(board: number, l: TravellerLine): string {
  return l.players ? `${board}/${l.players.join(",")}` : `${board}/${l.ns ?? ""}/${l.ew ?? ""}`;
}

/** The travellers with each line's game, where the view does not give it and the results do. */
export function withGames(travellers: Traveller[], results: EventResults | null): Traveller[] {
  if (!results) return travellers;
  const games = new Map<string, number>();
  for (const b of results.boards ?? []) for (const r of b.results ?? []) if (typeof r.game === "number") games.set(lineKey(b.board, r), r.game);
  return travellers.map((tr) => ({
    ...tr,
    lines: tr.lines.map((l) => (typeof l.game === "number" ? l : { ...l, game: games.get(lineKey(tr.board, l)) ?? null })),
  }));
}

/** "whistd-event-4-friday-drive.json". */
export function resultsFileName(r: { event: number; name: string }): string {
  const slug = r.name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `whistd-event-${r.event}${slug ? `-${slug}` : ""}.json`;
}

/** Saves the results document as a file of the browser's downloads; its name. */
export function saveResults(r: EventResults): string {
  const file = resultsFileName(r);
  saveFile(file, JSON.stringify(r, null, 2) + "\n");
  return file;
}
