// The Italian texts of one's account and of safety between players: a part of it.ts (see en_account.ts).
import type { OneOther, Part } from "./catalogue";
import type { account as english } from "./en_account";

export const account: Part<OneOther, typeof english> = {
  // --- The end of a session -------------------------------------------------------------
  "app.accountDeleted": "Il tuo account è stato eliminato.",
  "ended.reset": "la tua password è stata reimpostata con un codice dell'operatore",

  // --- Download my data -------------------------------------------------------------------
  "data.title": "Scarica i miei dati",
  "data.text":
    "Un file (JSON) con ciò che il server conserva di te: l'account e i gettoni, le sessioni, gli amici e le richieste, i punteggi, ogni partita conclusa, la storia dei gettoni, i giocatori che hai silenziato o bloccato e le tue segnalazioni.",
  "data.button": "Scarica i miei dati",
  "data.preparing": "Preparazione del file…",
  "data.done": "Salvato come {file}.",

  // --- Delete my account ------------------------------------------------------------------
  "delete.title": "Elimina il mio account",
  "delete.intro": "L'eliminazione dell'account è definitiva: non si può annullare. Quando lo elimini:",
  "delete.chips": "i tuoi gettoni tornano al banco;",
  "delete.name":
    "nelle partite passate, nei risultati e nelle classifiche il tuo nome diventa «deleted player» seguito da un numero: le partite restano intere per gli altri giocatori e non dicono nulla di te;",
  "delete.gone":
    "la password, gli amici, le richieste di amicizia, i giocatori silenziati e bloccati e le sessioni vengono cancellati, e ogni dispositivo connesso con il tuo account ne esce;",
  "delete.free": "il nome {name} potrà essere registrato da qualcun altro dopo 30 giorni.",
  "delete.before": "Lascia prima ogni tavolo dove hai un posto. Forse vuoi scaricare i tuoi dati prima.",
  "delete.password": "La tua password",
  "delete.confirm": "Per confermare, scrivi il tuo nome utente: {name}",
  "delete.button": "Elimina il mio account per sempre",
  "delete.deleting": "Eliminazione dell'account…",
  "delete.wrongPassword": "Questa non è la tua password: l'account non è stato eliminato.",
  "delete.seated": "Lascia prima il tavolo {n}: un posto lì è ancora tuo. L'account non è stato eliminato.",

  // --- Muted and blocked players ---------------------------------------------------------
  "safety.listsTitle": "Giocatori silenziati e bloccati",
  "safety.listsHint":
    "Non vedi la chat dei giocatori che hai silenziato. I giocatori bloccati non possono mandarti richieste di amicizia o inviti, né vedere un tavolo privato dove siedi. Silenzia, blocca o segnala un giocatore dal suo profilo: clicca sul suo nome ovunque.",
  "safety.muted": "Silenziati",
  "safety.blocked": "Bloccati",
  "safety.noneMuted": "Non hai silenziato nessuno.",
  "safety.noneBlocked": "Non hai bloccato nessuno.",
  "safety.since": "dal {date}",

  // --- A profile's Mute, Block and Report ------------------------------------------------
  "safety.mute": "Silenzia",
  "safety.unmute": "Togli il silenzio",
  "safety.block": "Blocca",
  "safety.unblock": "Sblocca",
  "safety.report": "Segnala",
  "safety.muteTitle": "Nascondi a te i messaggi di {name} in chat, a ogni tavolo",
  "safety.blockTitle": "Nessuna richiesta di amicizia né invito da {name}",
  "safety.reportTitle": "Segnala {name} all'operatore del sito",
  "safety.isMuted": "Hai silenziato {name}: i suoi messaggi in chat ti sono nascosti.",
  "safety.isBlocked": "Hai bloccato {name}.",
  "safety.mutedNow": "{name} è silenziato: i suoi messaggi in chat ti sono nascosti.",
  "safety.unmutedNow": "{name} non è più silenziato.",
  "safety.blockedNow": "{name} è bloccato.",
  "safety.unblockedNow": "{name} non è più bloccato.",
  "safety.blockConfirm":
    "Bloccare {name}? Non potrà mandarti richieste di amicizia né invitarti, né vedere o raggiungere un tavolo privato dove siedi, e un'amicizia tra voi finisce. Puoi sbloccarlo nelle impostazioni dell'account.",

  // --- Friend requests and blocks ---------------------------------------------------------
  "social.youBlocked": "Hai bloccato {name}: prima sbloccalo (nelle impostazioni dell'account).",
  "social.blockedYou": "{name} non accetta le tue richieste di amicizia.",

  // --- The report dialog -------------------------------------------------------------------
  "report.title": "Segnala {name}",
  "report.intro": "Racconta all'operatore del sito che cosa è successo: legge ogni segnalazione e decide che cosa fare. {name} non saprà chi l'ha segnalato.",
  "report.reason": "Motivo",
  "report.choose": "Scegli un motivo",
  "report.reasonChat": "Chat: insulti, molestie o spam",
  "report.reasonCheating": "Imbrogli, come mostrare le carte al compagno",
  "report.reasonStalling": "Perdite di tempo: fa aspettare il tavolo apposta",
  "report.reasonName": "Un nome utente offensivo",
  "report.reasonOther": "Altro",
  "report.details": "Che cosa è successo (facoltativo)",
  "report.detailsHint": "Al massimo 1.000 caratteri.",
  "report.attach": "Allega il tavolo {table}: l'operatore legge i suoi ultimi messaggi in chat insieme alla segnalazione",
  "report.attachGame":
    "Allega il tavolo {table} e la partita {game}: l'operatore legge gli ultimi messaggi in chat del tavolo e la partita insieme alla segnalazione",
  "report.send": "Invia la segnalazione",
  "report.cancel": "Annulla",
  "report.thanks": "Grazie: l'operatore la esaminerà.",
  "report.already": "Hai già segnalato {name}; l'operatore non ha ancora chiuso quella segnalazione.",
  "report.tooMany": "Hai fatto tutte le segnalazioni permesse in un giorno; riprova domani.",
  "report.tooLong": "I dettagli sono troppo lunghi: accorciali.",

  // --- Forgot your password? ----------------------------------------------------------------
  "reset.link": "Password dimenticata?",
  "reset.title": "Una nuova password",
  "reset.intro":
    "Chiedi all'operatore del sito un codice di reimpostazione: te lo dà per una via di cui si fida. Scrivilo qui con una nuova password; poi entri nell'account, e le altre sessioni dell'account vengono chiuse.",
  "reset.code": "Codice di reimpostazione",
  "reset.codeHint": "12 lettere e cifre, come te le ha date l'operatore: XXXX‑XXXX‑XXXX",
  "reset.newPassword": "Nuova password",
  "reset.repeat": "Ripeti la nuova password",
  "reset.submit": "Imposta la password ed entra",
  "reset.back": "Torna all'accesso",
  "reset.badCode": "Il codice è sbagliato, già usato o scaduto: chiedine uno nuovo all'operatore.",
  "reset.banned": "La tua password è cambiata, ma questo account è bloccato.",

  // --- Link --------------------------------------------------------------------------------
  "links.copyLink": "Copia il link",
  "links.copied": "Link copiato.",
  "links.copyByHand": "Copia il link da questo campo:",
  "links.fieldLabel": "Il link, da copiare",
  "links.loginForTable": "Accedi, registrati o gioca come ospite per andare al Tavolo {n}.",
  "links.loginForInvite": "Hai un invito al Tavolo {n}: accedi, registrati o gioca come ospite per andarci.",
  "links.loginForReplay": "Accedi, registrati o gioca come ospite per vedere il replay della partita {n}.",
  "links.loginForProfile": "Accedi, registrati o gioca come ospite per vedere il profilo di {name}.",
  "links.loginForAccount": "Accedi per vedere le impostazioni del tuo account.",
  "links.loginForEvent": "Accedi, registrati o gioca come ospite per vedere il Torneo {n}.",
  "links.loginForDaily": "Accedi, registrati o gioca come ospite per giocare il duplicato del giorno.",
  "links.replayWithoutLogin": "Guarda il replay senza accedere",
  "links.noTable": "Questo tavolo non esiste o non è aperto a te.",
  "links.inviteHelp": "Un link di invito permette a chiunque lo abbia di sedersi a questo tavolo.",
  "links.copyInvite": "Copia il link di invito",
  "links.revoke": "Revoca il link",
  "links.inviteCopied": "Link di invito copiato: chiunque lo abbia può sedersi qui.",
  "links.revoked": "Il link è revocato: non fa più entrare nessuno. Una nuova copia crea un nuovo link.",

  // --- Preferences kept with the account (prefs.ts, prefs_panel.ts) ---------------
  "prefs.menu": "Preferenze",
  "prefs.more": "Tutte le preferenze…",
  "prefs.title": "Preferenze",
  "prefs.close": "Fatto",
  "prefs.hand": "La tua mano",
  "prefs.cardOrder": "Le carte di un seme",
  "prefs.descending": "Prima le carte alte",
  "prefs.ascending": "Prima le carte basse",
  "prefs.alternate": "Semi alternati rossi e neri (la briscola sempre prima)",
  "prefs.sample": "La tua mano sarà ordinata così",
  "prefs.playing": "Giocare una carta",
  "prefs.play": "Una carta si gioca con",
  "prefs.click": "Un clic o un tocco",
  "prefs.confirm": "Conferma: scegli la carta, poi un altro clic o tocco (o doppio clic)",
  "prefs.autoPlay": "Gioca per me l'unica carta valida",
  "prefs.autoPlayHint": "Quando si può giocare una sola carta, viene giocata dopo una breve pausa.",
  "prefs.soundTitle": "Suono",
  "prefs.look": "Aspetto",
  "prefs.theme": "Colori",
  "prefs.light": "Chiaro",
  "prefs.dark": "Scuro",
  "prefs.picked": "Scelta: un altro clic o tocco per giocarla (Esc la rimette a posto).",
};
