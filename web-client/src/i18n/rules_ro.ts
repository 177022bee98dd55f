// The server's words for its rules, in Romanian (see rules_words.ts): by
// the English text the server sends. Exact-bid whist is what Romanians
// simply call whist.
export const RULES_RO: Readonly<Record<string, string>> = {
  // The games.
  "Classic Whist": "Whist clasic",
  "Four players in two partnerships; no bidding, the turned card or a fixed rotation names trumps.":
    "Patru jucători în două echipe; fără licitație, atuul e dat de cartea întoarsă sau de o rotație fixă.",
  "Bid Whist": "Bid Whist",
  "Four players in two partnerships; one call each for the contract, a kitty, and jokers.":
    "Patru jucători în două echipe; câte o licitație fiecare pentru contract, un talon și jokeri.",
  "Exact-bid Whist": "Whist",
  "Two to six players, each for themselves; bid the exact number of tricks you will take.":
    "Doi până la șase jucători, fiecare pentru el; licitezi exact câte levate vei face.",
  // The options.
  "Play to": "Se joacă până la",
  "Points a side needs to win the game.": "Punctele de care are nevoie o echipă ca să câștige jocul.",
  "The game ends when a side reaches this score, or falls to minus this score.":
    "Jocul se termină când o echipă ajunge la acest scor sau coboară la minus acest scor.",
  Trumps: "Atu",
  "Turn up the dealer's last card, or rotate hearts, diamonds, spades, clubs (and no trump).":
    "Se întoarce ultima carte a împărțitorului, sau atuul se rotește: cupă, caro, pică, treflă (și fără atu).",
  "A turned card names trumps each deal; otherwise every deal is at no trump.":
    "La fiecare mână, o carte întoarsă dă atuul; altfel toate mâinile se joacă fără atu.",
  "Turned card": "Cartea întoarsă",
  "Rotate ♥ ♦ ♠ ♣": "Rotație ♥ ♦ ♠ ♣",
  "Rotate ♥ ♦ ♠ ♣ NT": "Rotație ♥ ♦ ♠ ♣ și fără atu",
  Honours: "Onoruri",
  "3 or 4 trump honours (A K Q J) dealt to a side score 2 or 4; capped never wins the game.":
    "3 sau 4 onoruri la atu (A K Q J) primite de o echipă aduc 2 sau 4 puncte; limitate, nu aduc niciodată câștigarea jocului.",
  Off: "Nu",
  On: "Da",
  Capped: "Limitate",
  "No honours at game point": "Fără onoruri la un punct de joc",
  "A side one point from game at the start of a deal (4 of 5, 9 of 10) cannot score honours.":
    "O echipă căreia îi lipsește un punct până la joc la începutul unei mâini (4 din 5, 9 din 10) nu poate puncta onoruri.",
  Rubber: "Rober",
  "Best of three games: a game is worth 3, 2 or 1 by the losers' score, and the rubber 2 more.":
    "Cel mai bun din trei jocuri: un joc valorează 3, 2 sau 1 după scorul celor care pierd, iar roberul încă 2.",
  Jokers: "Jokeri",
  "Jokers in the pack: they are the highest trumps (one joker is the red, big one).":
    "Jokerii din pachet: sunt cele mai mari atuuri (cu un singur joker, acesta e cel roșu, cel mare).",
  "Lowest bid": "Licitația minimă",
  "The lowest level that may be bid (level L needs 6 + L tricks).": "Cel mai mic nivel care se poate licita (nivelul L cere 6 + L levate).",
  "Downtown beats uptown": "Jos bate sus",
  "At the same level, a downtown (low) bid beats an uptown (high) one.":
    "La același nivel, o licitație în jos (câștigă cărțile mici) bate una în sus (câștigă cărțile mari).",
  "Show the kitty": "Talonul la vedere",
  "When the kitty is shown to everyone after the bidding.": "Când li se arată tuturor talonul, după licitație.",
  Never: "Niciodată",
  "After a trump bid": "După o licitație cu atu",
  Always: "Întotdeauna",
  "Declarer takes the kitty": "Declarantul ia talonul",
  "The declarer adds the kitty to the hand and discards as many cards.": "Declarantul ia talonul în mână și aruncă tot atâtea cărți.",
  "Declarer leads": "Declarantul deschide",
  "The declarer, not the dealer's left, leads to the first trick.": "Declarantul, nu jucătorul din stânga împărțitorului, deschide prima levată.",
  "Double no trump": "Fără atu dublu",
  "A no-trump contract scores double, made or set.": "Un contract fără atu se punctează dublu, realizat sau căzut.",
  "Defenders score": "Apărătorii punctează",
  "The defenders score their tricks over six.": "Apărătorii primesc puncte pentru levatele de peste șase.",
  "Round trip": "Dus-întors",
  "After the largest hand, hand sizes go back down to the first.": "După mâna cea mai mare, numărul de cărți scade înapoi până la cel de la prima mână.",
  "First hand": "Prima mână",
  "Cards each in the first deal (default: 7, or 4 with 5 or 6 players).": "Cărți pentru fiecare la prima mână (implicit: 7, sau 4 la 5 sau 6 jucători).",
  "Largest hand": "Mâna cea mai mare",
  "The largest hand; times the number of players, it may not exceed 52 (default: 13, 10 or 8).":
    "Cea mai mare mână; înmulțită cu numărul de jucători, nu poate depăși 52 (implicit: 13, 10 sau 8).",
  // The presets.
  "Whist 5-Point": "Whist la 5 puncte",
  "Whist 7-Point Rotate Trump": "Whist la 7 puncte, atu prin rotație",
  "Whist 9-Point Honours": "Whist la 9 puncte cu onoruri",
  "Trickster Classic": "Trickster clasic",
  "Short Whist Rubber": "Rober de whist scurt",
  "Long Whist Rubber": "Rober de whist lung",
  // The chat modes and phrases.
  Text: "Text",
  "Preset phrases": "Fraze gata făcute",
  None: "Deloc",
  "Hello!": "Salut!",
  "Good luck!": "Baftă!",
  "Well played!": "Bine jucat!",
  "Nice hand!": "Ce mână frumoasă!",
  "Thanks!": "Mulțumesc!",
  "Sorry!": "Scuze!",
  "Oops!": "Hopa!",
  "Hurry up, please.": "Mai repede, vă rog.",
  "Good game!": "Joc frumos!",
  "One more?": "Încă una?",
  "Bye!": "Pa!",
};
