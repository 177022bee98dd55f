// The parts of an event's page: its facts (director, movement, scoring,
// the boards' game and rules, rounds, clock, start, fee, who may enter), the
// entries (before the start) or the pairs and players, this round's tables
// with the user's, and the standings (a Mitchell's two lists, N/S and E/W,
// a Howell's one, a drive's players), with the user's line marked.
import { h } from "../core/dom";
import { playerLink } from "../core/players";
import type { DriveStanding, EventPlayer, EventTable, EventView, PairStanding, Standings, TravellerLine } from "../core/types_events";
import { t } from "../i18n";
import { fullDateTime } from "../i18n/format";
import { feeText, startOf } from "./event_list";
import type { TravellerNames } from "./travellers";
import { boardRules, entryName, gameName, kindName, pairLabel, pairPlayers, percentText, playerWord, score, scoringName } from "./words";

/** A player's name: a link to the profile (a computer player's plain word). */
export function who(p: EventPlayer): HTMLElement | string {
  return p.account === null ? h("span", { class: "computer-name" }, playerWord(p)) : playerLink(p.name);
}

/** "Ann & Bob", each a link. */
export function both(players: EventPlayer[]): (HTMLElement | string)[] {
  return players.flatMap((p, i) => (i === 0 ? [who(p)] : [" & ", who(p)]));
}

function fact(label: string, value: (HTMLElement | string | null)[] | HTMLElement | string, role?: string): HTMLElement[] {
  return [h("dt", null, label), h("dd", role ? { "data-role": role } : null, value)];
}

/** The event's facts, as a definition list. */
export function factsPanel(v: EventView): HTMLElement {
  const minutes = Math.round(v.round_seconds / 60);
  return h(
    "section",
    { class: "card-panel event-facts", "data-role": "event-facts" },
    h("h2", null, t("events.about")),
    h(
      "dl",
      { class: "facts" },
      fact(t("events.director"), playerLink(v.director), "director"),
      fact(t("events.kind"), kindName(v.kind)),
      v.kind !== "drive" ? fact(t("events.scoring"), scoringName(v.scoring)) : null,
      fact(t("events.game"), gameName(v), "game"),
      fact(t("events.rulesLabel"), boardRules(v, { all: true }), "rules"),
      fact(t("events.rounds"), v.rounds > 0 ? String(v.rounds) : t("events.roundsMost")),
      fact(t("events.boardsPerRound"), t("events.boardsRound", { n: v.boards_per_round, minutes })),
      v.state === "open" ? fact(t("events.start"), startOf(v)) : null,
      fact(t("events.fee"), feeText(v.fee), "fee"),
      v.entry ? fact(t("events.whoEnters"), entryName(v.entry), "entry") : null,
    ),
  );
}

/** Who has entered (before the start), or the pairs or players with their numbers (after). */
export function entriesPanel(v: EventView, me: number | null): HTMLElement {
  const mine = (ps: EventPlayer[]): string => (ps.some((p) => p.account !== null && p.account === me) ? "me" : "");
  let body: HTMLElement;
  if (v.state === "open" || (!v.pairs?.length && !v.players?.length)) {
    body = h(
      "ol",
      { class: "entry-list" },
      v.entries.map((e) =>
        h(
          "li",
          { class: mine([e.player, ...(e.partner ? [e.partner] : [])]) },
          who(e.player),
          e.partner ? [" & ", who(e.partner)] : null,
          !e.partner && v.kind !== "drive" ? h("small", { class: "hint" }, " ", e.single ? t("events.askingPartner") : t("events.waitingPartner")) : null,
        ),
      ),
    );
  } else if (v.kind === "drive") {
    body = h(
      "ol",
      { class: "entry-list numbered" },
      (v.players ?? []).map((p) => h("li", { class: mine([p]), value: p.player }, who(p))),
    );
  } else {
    body = h(
      "ul",
      { class: "entry-list pairs" },
      (v.pairs ?? []).map((p) => h("li", { class: mine(p.players) }, h("b", null, pairLabel(v, p.pair, p.direction), " "), both(p.players))),
    );
  }
  return h(
    "section",
    { class: "card-panel event-entries", "data-role": "event-entries" },
    h(
      "h2",
      null,
      v.kind === "drive" || v.state === "open" ? t("events.entriesTitle") : t("events.pairsTitle"),
      h("small", { class: "count" }, ` ${v.entries.length}`),
    ),
    v.entries.length === 0 ? h("p", { class: "empty" }, t("events.noEntries")) : body,
  );
}

/** A table's sides: N/S and E/W (from the seats, north, east, south, west). */
function tableSides(v: EventView, x: EventTable): HTMLElement[] {
  const s = x.seats;
  const side = (label: string, players: EventPlayer[], pair: number | null): HTMLElement =>
    h("span", { class: "round-side" }, h("b", null, label, " "), both(players), pair ? h("small", { class: "hint" }, ` (${pairLabel(v, pair, null)})`) : null);
  const pairs = v.kind !== "drive";
  return [
    side(
      t("events.colNs"),
      [s[0], s[2]].filter((p): p is EventPlayer => !!p),
      pairs ? x.ns : null,
    ),
    side(
      t("events.colEw"),
      [s[1], s[3]].filter((p): p is EventPlayer => !!p),
      pairs ? x.ew : null,
    ),
  ];
}

/** This round's tables, the user's first and marked (its button is in the user's part). */
export function roundTables(v: EventView, me: number | null): HTMLElement {
  const isMine = (x: EventTable): boolean => x.seats.some((p) => p.account !== null && p.account === me);
  const tables = [...v.tables].sort((a, b) => Number(isMine(b)) - Number(isMine(a)) || a.table - b.table);
  return h(
    "ul",
    { class: "round-tables", "data-role": "round-tables" },
    tables.map((x) => {
      const over = x.done.length >= x.boards.length;
      return h(
        "li",
        { class: `round-table${isMine(x) ? " me" : ""}${over ? " over" : ""}`, "data-table": x.table },
        h(
          "div",
          { class: "round-table-head" },
          h("b", null, t("events.tableN", { n: x.table })),
          h("span", { class: "hint" }, t("events.boardsList", { boards: x.boards.join(", ") })),
          h(
            "span",
            { class: `badge ${over ? "state-finished" : "state-playing"}` },
            over ? t("events.tableDone") : t("events.played", { n: x.done.length, boards: x.boards.length }),
          ),
        ),
        h("div", { class: "round-table-sides" }, tableSides(v, x)),
      );
    }),
  );
}

function pairRows(v: EventView, list: PairStanding[], dir: "ns" | "ew" | null, me: number | null, matchpoints: boolean): HTMLElement[] {
  return [...list]
    .sort((a, b) => a.rank - b.rank || a.pair - b.pair)
    .map((s) => {
      const players = pairPlayers(v, s.pair, dir);
      return h(
        "tr",
        { class: players.some((p) => p.account !== null && p.account === me) ? "me" : "", "data-pair": s.pair },
        h("td", { class: "num rank" }, String(s.rank)),
        h("td", { class: "num" }, String(s.pair)),
        h("td", { class: "who" }, both(players)),
        h("td", { class: "num" }, score(s.score)),
        matchpoints ? h("td", { class: "num" }, percentText(s.percent)) : null,
      );
    });
}

function pairTable(v: EventView, list: PairStanding[], dir: "ns" | "ew" | null, me: number | null, caption: string | null): HTMLElement {
  const mp = v.scoring === "matchpoints";
  return h(
    "table",
    { class: "standings-table", "data-direction": dir ?? "all" },
    caption ? h("caption", null, caption) : null,
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        h("th", { class: "num" }, t("events.colRank")),
        h("th", { class: "num" }, t("events.colPair")),
        h("th", null, t("events.colPlayers")),
        h("th", { class: "num" }, mp ? t("events.colMp") : t("events.colTotal")),
        mp ? h("th", { class: "num" }, t("events.colPercent")) : null,
      ),
    ),
    h("tbody", null, pairRows(v, list, dir, me, mp)),
  );
}

function driveTable(list: DriveStanding[], me: string | null): HTMLElement {
  return h(
    "table",
    { class: "standings-table", "data-direction": "all" },
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        h("th", { class: "num" }, t("events.colRank")),
        h("th", null, t("events.colPlayer")),
        h("th", { class: "num" }, t("events.colBoards")),
        h("th", { class: "num" }, t("events.colTotal")),
      ),
    ),
    h(
      "tbody",
      null,
      [...list]
        .sort((a, b) => a.rank - b.rank || a.player - b.player)
        .map((s) =>
          h(
            "tr",
            { class: s.name === me ? "me" : "", "data-player": s.player },
            h("td", { class: "num rank" }, String(s.rank)),
            h("td", { class: "who" }, playerLink(s.name)),
            h("td", { class: "num" }, String(s.boards)),
            h("td", { class: "num" }, score(s.score)),
          ),
        ),
    ),
  );
}

/** The user's place in the standings (their direction's in a Mitchell), and out of how many; null when not in them. */
export function myPlace(v: EventView, me: { id: number; name: string } | null): { rank: number; n: number } | null {
  const s = v.standings;
  if (!me || !hasStandings(s)) return null;
  if (Array.isArray(s)) {
    const line = s.find((x) => x.name === me.name);
    return line ? { rank: line.rank, n: s.length } : null;
  }
  const mine = (v.pairs ?? []).find((p) => p.players.some((x) => x.account === me.id));
  if (!mine) return null;
  const list = "pairs" in s ? s.pairs : mine.direction === "ew" ? s.ew : s.ns;
  const line = list.find((x) => x.pair === mine.pair);
  return line ? { rank: line.rank, n: list.length } : null;
}

/** Whether the standings have a line yet. */
export function hasStandings(s: Standings | null): s is Standings {
  if (!s) return false;
  if (Array.isArray(s)) return s.length > 0;
  return "pairs" in s ? s.pairs.length > 0 : s.ns.length + s.ew.length > 0;
}

/** The standings: final, or after the rounds played so far. */
export function standingsPanel(v: EventView, me: { id: number; name: string } | null): HTMLElement | null {
  const s = v.standings;
  if (!hasStandings(s)) return null;
  const title = v.state === "finished" ? t("events.finalStandings") : t("events.standingsAfter", { n: Math.max(v.round - 1, 0) });
  const id = me?.id ?? null;
  let tables: HTMLElement[];
  if (Array.isArray(s)) tables = [driveTable(s, me?.name ?? null)];
  else if ("pairs" in s) tables = [pairTable(v, s.pairs, null, id, null)];
  else tables = [pairTable(v, s.ns, "ns", id, t("events.directionNs")), pairTable(v, s.ew, "ew", id, t("events.directionEw"))];
  return h(
    "section",
    { class: "card-panel standings", "data-role": "standings" },
    h("h2", null, title),
    v.state === "running" ? h("p", { class: "hint" }, t("events.standingsHelp")) : null,
    h("div", { class: "standings-tables" }, tables),
    h("p", { class: "hint print-only" }, fullDateTime(Date.now() / 1000)),
  );
}

/** Names for a pairs event's travellers: each side's pair number and players. */
export function pairNames(v: EventView, me: number | null): TravellerNames {
  const side = (n: number, dir: "ns" | "ew"): (HTMLElement | string)[] => [h("b", null, String(n)), " ", ...both(pairPlayers(v, n, dir))];
  const mine = (n: number, dir: "ns" | "ew"): boolean => pairPlayers(v, n, dir).some((p) => p.account !== null && p.account === me);
  return {
    ns: (l: TravellerLine) => side(l.ns ?? 0, "ns"),
    ew: (l: TravellerLine) => side(l.ew ?? 0, "ew"),
    mine: (l: TravellerLine) => mine(l.ns ?? 0, "ns") || mine(l.ew ?? 0, "ew"),
  };
}

/** Names for a drive's travellers: the players at north and south, east and west (by their numbers). */
export function driveNames(v: EventView, me: number | null): TravellerNames {
  const player = (n: number | undefined): EventPlayer => {
    const p = (v.players ?? []).find((x) => x.player === n);
    return p ? { account: p.account, name: p.name } : { account: null, name: "" };
  };
  const pair = (l: TravellerLine, a: number, b: number): (HTMLElement | string)[] => both([player(l.players?.[a]), player(l.players?.[b])]);
  return {
    ns: (l: TravellerLine) => pair(l, 0, 2),
    ew: (l: TravellerLine) => pair(l, 1, 3),
    mine: (l: TravellerLine) => (l.players ?? []).some((n) => me !== null && player(n).account === me),
  };
}
