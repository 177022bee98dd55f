// The server's errors in words. Its replies carry a code and an English
// message; a known code is said in the user's language (the catalogue's
// "error.<code>"), with what the message adds where the words need it (a
// buy-in and a balance, the operator's reason for a ban, the seconds to
// wait); an unknown code keeps the server's message. Every screen shows
// errors through these, so each code is put in words once.
import { dayAt, num } from "../i18n/format";
import { capitalize, isKey, t } from "../i18n";
import { RequestError } from "./net";

/** The words of an error reply, to go inside a sentence ("no such table"). */
export function serverReason(code: string, message: string, retryAfter?: number): string {
  const key = `error.${code}`;
  if (!isKey(key)) return message;
  let text = t(key);
  const chips = /buy-in is (\d+) chips; you have (-?\d+)/.exec(message);
  const banned = /^this account is banned: (.+)$/s.exec(message);
  if (code === "insufficient_chips" && chips)
    text = t("error.insufficient_chips_detail", { n: Number(chips[1]), buyIn: num(Number(chips[1])), balance: num(Number(chips[2])) });
  else if (code === "banned" && banned?.[1]) text = t("error.banned_reason", { reason: banned[1] });
  else if (code === "chat_muted") text = chatMuted(message) ?? text;
  if (retryAfter && retryAfter > 0) text = t("error.retry_after", { reason: text, n: retryAfter });
  return text;
}

/**
 * The operator's mute of one's chat (whistctl mute-chat): the server's
 * message says until when, in UTC ("until 2026-11-28 14:05 UTC (insults)"),
 * shown in local time with the operator's reason.
 */
function chatMuted(message: string): string | null {
  const m = /until (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d) UTC(?: \((.*)\))?\s*$/s.exec(message);
  if (!m) return null;
  const [y, mo, d, hh, mm] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const until = dayAt(Date.UTC(y, mo - 1, d, hh, mm) / 1000);
  return m[6] ? t("error.chat_muted_reason", { until, reason: m[6] }) : t("error.chat_muted_until", { until });
}

/** An error (a refusal, a lost connection, anything thrown) as words inside a sentence. */
export function errorReason(e: unknown): string {
  if (e instanceof RequestError) return serverReason(e.code, e.message, e.retryAfter);
  return e instanceof Error ? e.message : String(e);
}

/** An error as a sentence of its own: "No such table". */
export function errorText(e: unknown): string {
  return capitalize(errorReason(e));
}

/** The reasons session.ended gives (docs/protocol.md, "Your account"); another keeps the server's words. */
const ENDED: Record<string, "ended.password" | "ended.elsewhere" | "ended.reset"> = {
  "your password was changed": "ended.password",
  "you ended this session from another device": "ended.elsewhere",
  "your password was reset": "ended.reset",
};

const DELETED = "your account was deleted";

export function endedReason(reason: string | undefined): string {
  if (!reason) return t("ended.unknown");
  const key = ENDED[reason];
  return key ? t(key) : reason;
}

/** What the login screen says after session.ended: "You were logged out: …", or "Your account was deleted." */
export function endedText(reason: string | undefined): string {
  return reason === DELETED ? t("app.accountDeleted") : t("app.loggedOut", { reason: endedReason(reason) });
}
