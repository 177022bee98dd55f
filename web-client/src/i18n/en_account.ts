// The English texts of one's account and of safety between players: a part
// of en.ts (see there). The data download and the account's deletion
// (account/care_data.ts), the muted and blocked players
// (account/care_safety.ts), the login's "Forgot your password?"
// (account/reset.ts), and a profile's Mute, Block and Report
// (profile/safety_actions.ts, profile/report.ts).
export const account = {
  // --- The end of a session (app.ts, core/errors.ts) ------------------------------------
  "app.accountDeleted": "Your account was deleted.",
  "ended.reset": "your password was reset with a code from the operator",

  // --- Download my data (account/care_data.ts) ------------------------------------------
  "data.title": "Download my data",
  "data.text":
    "A file (JSON) with what the server keeps about you: your account and chips, your sessions, friends and requests, ratings, every game you finished, your chips' history, the players you muted or blocked, and your reports.",
  "data.button": "Download my data",
  "data.preparing": "Preparing the file…",
  "data.done": "Saved as {file}.",

  // --- Delete my account (account/care_data.ts) -----------------------------------------
  "delete.title": "Delete my account",
  "delete.intro": "Deleting your account is for good: it cannot be undone. When you delete it:",
  "delete.chips": "your chips go back to the house;",
  "delete.name":
    "in past games, results and leaderboards your name becomes “deleted player” and a number: the games stay whole for the other players, and say nothing of you;",
  "delete.gone":
    "your password, friends, friend requests, muted and blocked players and sessions are deleted, and every device logged in as you is logged out;",
  "delete.free": "the name {name} can be registered by someone else after 30 days.",
  "delete.before": "Leave any table where you hold a seat first. You may want to download your data before.",
  "delete.password": "Your password",
  "delete.confirm": "To confirm, type your username: {name}",
  "delete.button": "Delete my account for good",
  "delete.deleting": "Deleting the account…",
  "delete.wrongPassword": "That is not your password: the account was not deleted.",
  "delete.seated": "Leave table {n} first: a seat there is still yours. The account was not deleted.",

  // --- Muted and blocked players (account/care_safety.ts) -------------------------------
  "safety.listsTitle": "Muted and blocked players",
  "safety.listsHint":
    "You do not see the chat of players you muted. Players you blocked cannot send you friend requests or invitations, nor see a private table where you sit. Mute, block or report a player from their profile: click their name anywhere.",
  "safety.muted": "Muted",
  "safety.blocked": "Blocked",
  "safety.noneMuted": "You have muted nobody.",
  "safety.noneBlocked": "You have blocked nobody.",
  "safety.since": "since {date}",

  // --- A profile's Mute, Block and Report (profile/safety_actions.ts) -------------------
  "safety.mute": "Mute",
  "safety.unmute": "Unmute",
  "safety.block": "Block",
  "safety.unblock": "Unblock",
  "safety.report": "Report",
  "safety.muteTitle": "Hide {name}'s chat lines from you, at every table",
  "safety.blockTitle": "No friend requests or invitations from {name}",
  "safety.reportTitle": "Tell the site's operator about {name}",
  "safety.isMuted": "You muted {name}: their chat lines are hidden from you.",
  "safety.isBlocked": "You blocked {name}.",
  "safety.mutedNow": "{name} is muted: their chat lines are hidden from you.",
  "safety.unmutedNow": "{name} is no longer muted.",
  "safety.blockedNow": "{name} is blocked.",
  "safety.unblockedNow": "{name} is no longer blocked.",
  "safety.blockConfirm":
    "Block {name}? They will not be able to send you friend requests or invite you, nor see or join a private table where you sit, and a friendship between you ends. You can unblock them in your account settings.",

  // --- Friend requests and blocks (social/social.ts) -------------------------------------
  "social.youBlocked": "You blocked {name}: unblock them first (in your account settings).",
  "social.blockedYou": "{name} does not take your friend requests.",

  // --- The report dialog (profile/report.ts) ---------------------------------------------
  "report.title": "Report {name}",
  "report.intro": "Tell the site's operator what happened: they read every report and decide what to do. {name} is not told who reported them.",
  "report.reason": "Reason",
  "report.choose": "Choose a reason",
  "report.reasonChat": "Chat: insults, harassment or spam",
  "report.reasonCheating": "Cheating, such as sharing cards with a partner",
  "report.reasonStalling": "Stalling: making the table wait on purpose",
  "report.reasonName": "An offensive username",
  "report.reasonOther": "Something else",
  "report.details": "What happened (optional)",
  "report.detailsHint": "At most 1,000 characters.",
  "report.attach": "Attach table {table}: the operator reads its latest chat lines with the report",
  "report.attachGame": "Attach table {table} and game {game}: the operator reads the table's latest chat lines and the game with the report",
  "report.send": "Send the report",
  "report.cancel": "Cancel",
  "report.thanks": "Thank you: the operator will look at it.",
  "report.already": "You reported {name} already; the operator has not closed that report yet.",
  "report.tooMany": "You have made as many reports as a day allows; try again tomorrow.",
  "report.tooLong": "The details are too long: make them shorter.",

  // --- Forgot your password? (account/reset.ts) ------------------------------------------
  "reset.link": "Forgot your password?",
  "reset.title": "A new password",
  "reset.intro":
    "Ask the site's operator for a reset code: they give it to you by a way they trust. Enter it here with a new password; then you are logged in, and your account's other sessions are logged out.",
  "reset.code": "Reset code",
  "reset.codeHint": "12 letters and digits, as the operator gave them: XXXX‑XXXX‑XXXX",
  "reset.newPassword": "New password",
  "reset.repeat": "Repeat the new password",
  "reset.submit": "Set the password and log in",
  "reset.back": "Back to log in",
  "reset.badCode": "That code is wrong, used or expired: ask the operator for a new one.",
  "reset.banned": "Your password is changed, but this account is banned.",

  // --- Links: a table's, a replay's and an invite link (links.ts, core/copy.ts, social/invite_link.ts) ---
  "links.copyLink": "Copy link",
  "links.copied": "Link copied.",
  "links.copyByHand": "Copy the link from this field:",
  "links.fieldLabel": "The link, to copy",
  "links.loginForTable": "Log in, register or play as a guest to go to Table {n}.",
  "links.loginForInvite": "You have an invitation to Table {n}: log in, register or play as a guest to go there.",
  "links.loginForReplay": "Log in, register or play as a guest to see the replay of Game {n}.",
  "links.loginForProfile": "Log in, register or play as a guest to see {name}'s profile.",
  "links.loginForAccount": "Log in to see your account settings.",
  "links.loginForEvent": "Log in, register or play as a guest to see Event {n}.",
  "links.loginForDaily": "Log in, register or play as a guest to play the daily duplicate.",
  "links.replayWithoutLogin": "Watch the replay without logging in",
  "links.noTable": "This table does not exist or is not open to you.",
  "links.inviteHelp": "An invite link lets whoever has it sit at this table.",
  "links.copyInvite": "Copy invite link",
  "links.revoke": "Revoke link",
  "links.inviteCopied": "Invite link copied: whoever has it can sit here.",
  "links.revoked": "The link is revoked: it lets nobody in any more. A new copy makes a new link.",

  // --- Preferences kept with the account (prefs.ts, prefs_panel.ts) ---------------
  "prefs.menu": "Preferences",
  "prefs.more": "All preferences…",
  "prefs.title": "Preferences",
  "prefs.close": "Done",
  "prefs.hand": "Your hand",
  "prefs.cardOrder": "Cards within a suit",
  "prefs.descending": "High cards first",
  "prefs.ascending": "Low cards first",
  "prefs.alternate": "Suits alternate red and black (trumps first either way)",
  "prefs.sample": "Your hand will be sorted like this",
  "prefs.playing": "Playing a card",
  "prefs.play": "A card is played by",
  "prefs.click": "One click or tap",
  "prefs.confirm": "Confirming: pick the card, then click or tap it again (or double-click)",
  "prefs.autoPlay": "Play my only legal card for me",
  "prefs.autoPlayHint": "When just one card can be played, it is played after a short pause.",
  "prefs.soundTitle": "Sound",
  "prefs.look": "Look",
  "prefs.theme": "Colours",
  "prefs.light": "Light",
  "prefs.dark": "Dark",
  "prefs.picked": "Picked: click or tap it again to play it (Escape puts it back).",
};
