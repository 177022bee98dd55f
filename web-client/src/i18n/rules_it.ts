// The server's words for its rules, in Italian (see rules_words.ts): by
// the English text the server sends.
export const RULES_IT: Readonly<Record<string, string>> = {
  // The games.
  "Classic Whist": "Whist classico",
  "Four players in two partnerships; no bidding, the turned card or a fixed rotation names trumps.":
    "Quattro giocatori in due coppie; niente licita, la briscola è data dalla carta girata o da una rotazione fissa.",
  "Bid Whist": "Bid Whist",
  "Four players in two partnerships; one call each for the contract, a kitty, and jokers.":
    "Quattro giocatori in due coppie; una dichiarazione a testa per il contratto, un monte e i jolly.",
  "Exact-bid Whist": "Whist a dichiarazione esatta",
  "Two to six players, each for themselves; bid the exact number of tricks you will take.":
    "Da due a sei giocatori, ognuno per sé; si dichiara il numero esatto di prese che si faranno.",
  // The options.
  "Play to": "Si gioca a",
  "Points a side needs to win the game.": "I punti che servono a una coppia per vincere la partita.",
  "The game ends when a side reaches this score, or falls to minus this score.":
    "La partita finisce quando una coppia arriva a questi punti, o scende a meno questi punti.",
  Trumps: "Briscola",
  "Turn up the dealer's last card, or rotate hearts, diamonds, spades, clubs (and no trump).":
    "Si gira l'ultima carta del mazziere, oppure la briscola ruota: cuori, quadri, picche, fiori (e senza briscola).",
  "A turned card names trumps each deal; otherwise every deal is at no trump.":
    "A ogni mano una carta girata indica la briscola; altrimenti ogni mano si gioca senza briscola.",
  "Turned card": "Carta girata",
  "Rotate ♥ ♦ ♠ ♣": "A rotazione ♥ ♦ ♠ ♣",
  "Rotate ♥ ♦ ♠ ♣ NT": "A rotazione ♥ ♦ ♠ ♣ e senza briscola",
  Honours: "Onori",
  "3 or 4 trump honours (A K Q J) dealt to a side score 2 or 4; capped never wins the game.":
    "3 o 4 onori di briscola (A K Q J) serviti a una coppia valgono 2 o 4 punti; limitati, non fanno mai vincere la partita.",
  Off: "No",
  On: "Sì",
  Capped: "Limitati",
  "No honours at game point": "Niente onori a un punto dalla partita",
  "A side one point from game at the start of a deal (4 of 5, 9 of 10) cannot score honours.":
    "Una coppia a un punto dalla partita all'inizio di una mano (4 su 5, 9 su 10) non può segnare onori.",
  Rubber: "Rubber",
  "Best of three games: a game is worth 3, 2 or 1 by the losers' score, and the rubber 2 more.":
    "Al meglio di tre partite: una partita vale 3, 2 o 1 secondo il punteggio dei perdenti, e il rubber altri 2.",
  Jokers: "Jolly",
  "Jokers in the pack: they are the highest trumps (one joker is the red, big one).":
    "I jolly nel mazzo: sono le briscole più alte (con un solo jolly, è quello rosso, il grande).",
  "Lowest bid": "Dichiarazione minima",
  "The lowest level that may be bid (level L needs 6 + L tricks).": "Il livello più basso che si può dichiarare (il livello L richiede 6 + L prese).",
  "Downtown beats uptown": "Il basso batte l'alto",
  "At the same level, a downtown (low) bid beats an uptown (high) one.":
    "Allo stesso livello, una dichiarazione in basso (vincono le carte basse) batte una in alto (vincono le carte alte).",
  "Show the kitty": "Monte scoperto",
  "When the kitty is shown to everyone after the bidding.": "Quando il monte viene mostrato a tutti dopo la licita.",
  Never: "Mai",
  "After a trump bid": "Dopo una dichiarazione a briscola",
  Always: "Sempre",
  "Declarer takes the kitty": "Il dichiarante prende il monte",
  "The declarer adds the kitty to the hand and discards as many cards.": "Il dichiarante aggiunge il monte alle sue carte e ne scarta altrettante.",
  "Declarer leads": "Esce il dichiarante",
  "The declarer, not the dealer's left, leads to the first trick.": "Esce alla prima presa il dichiarante, non chi siede alla sinistra del mazziere.",
  "Double no trump": "Senza briscola doppio",
  "A no-trump contract scores double, made or set.": "Un contratto senza briscola vale doppio, riuscito o fallito.",
  "Defenders score": "Punti ai difensori",
  "The defenders score their tricks over six.": "I difensori segnano le prese oltre la sesta.",
  "Round trip": "Andata e ritorno",
  "After the largest hand, hand sizes go back down to the first.":
    "Dopo la mano più grande, il numero di carte scende di nuovo fino a quello della prima mano.",
  "First hand": "Prima mano",
  "Cards each in the first deal (default: 7, or 4 with 5 or 6 players).": "Carte a testa nella prima mano (di norma: 7, o 4 con 5 o 6 giocatori).",
  "Largest hand": "Mano più grande",
  "The largest hand; times the number of players, it may not exceed 52 (default: 13, 10 or 8).":
    "La mano più grande; moltiplicata per il numero di giocatori, non può superare 52 (di norma: 13, 10 o 8).",
  // The presets.
  "Whist 5-Point": "Whist a 5 punti",
  "Whist 7-Point Rotate Trump": "Whist a 7 punti, briscola a rotazione",
  "Whist 9-Point Honours": "Whist a 9 punti con onori",
  "Trickster Classic": "Trickster classico",
  "Short Whist Rubber": "Rubber di whist corto",
  "Long Whist Rubber": "Rubber di whist lungo",
  // The chat modes and phrases.
  Text: "Testo",
  "Preset phrases": "Frasi predefinite",
  None: "Nessuna",
  "Hello!": "Ciao!",
  "Good luck!": "Buona fortuna!",
  "Well played!": "Ben giocato!",
  "Nice hand!": "Bella mano!",
  "Thanks!": "Grazie!",
  "Sorry!": "Scusate!",
  "Oops!": "Ops!",
  "Hurry up, please.": "Più veloce, per favore.",
  "Good game!": "Bella partita!",
  "One more?": "Un'altra?",
  "Bye!": "Ciao ciao!",
};
