// The Romanian texts of one's account and of safety between players: a part of ro.ts (see en_account.ts).
import type { OneFewOther, Part } from "./catalogue";
import type { account as english } from "./en_account";

export const account: Part<OneFewOther, typeof english> = {
  // --- The end of a session -------------------------------------------------------------
  "app.accountDeleted": "Contul tău a fost șters.",
  "ended.reset": "parola ta a fost refăcută cu un cod de la operator",

  // --- Download my data -------------------------------------------------------------------
  "data.title": "Descarcă datele mele",
  "data.text":
    "Un fișier (JSON) cu ce păstrează serverul despre tine: contul și jetoanele, sesiunile, prietenii și cererile, ratingurile, fiecare joc terminat, istoricul jetoanelor, jucătorii cărora le-ai ascuns mesajele sau pe care i-ai blocat, și rapoartele tale.",
  "data.button": "Descarcă datele mele",
  "data.preparing": "Se pregătește fișierul…",
  "data.done": "Salvat ca {file}.",

  // --- Delete my account ------------------------------------------------------------------
  "delete.title": "Șterge-mi contul",
  "delete.intro": "Ștergerea contului este definitivă: nu se poate anula. Când îl ștergi:",
  "delete.chips": "jetoanele tale se întorc la casă;",
  "delete.name":
    "în jocurile trecute, în rezultate și în clasamente numele tău devine „deleted player” și un număr: jocurile rămân întregi pentru ceilalți jucători și nu spun nimic despre tine;",
  "delete.gone":
    "parola, prietenii, cererile de prietenie, listele de mesaje ascunse și de jucători blocați și sesiunile se șterg, iar fiecare dispozitiv conectat cu contul tău iese din cont;",
  "delete.free": "numele {name} poate fi luat de altcineva după 30 de zile.",
  "delete.before": "Ridică-te mai întâi de la orice masă unde ai un loc. Poate vrei să-ți descarci datele înainte.",
  "delete.password": "Parola ta",
  "delete.confirm": "Ca să confirmi, scrie-ți numele de utilizator: {name}",
  "delete.button": "Șterge-mi contul definitiv",
  "delete.deleting": "Se șterge contul…",
  "delete.wrongPassword": "Aceasta nu este parola ta: contul nu a fost șters.",
  "delete.seated": "Ridică-te mai întâi de la masa {n}: un loc de acolo este încă al tău. Contul nu a fost șters.",

  // --- Muted and blocked players ---------------------------------------------------------
  "safety.listsTitle": "Mesaje ascunse și jucători blocați",
  "safety.listsHint":
    "Mesajele ascunse nu mai apar în chatul tău. Jucătorii blocați nu îți pot trimite cereri de prietenie sau invitații și nu văd o masă privată la care stai. Ascunde-i mesajele unui jucător, blochează-l sau raportează-l din profilul lui: apasă pe numele lui oriunde.",
  "safety.muted": "Cu mesajele ascunse",
  "safety.blocked": "Blocați",
  "safety.noneMuted": "Nu ai ascuns mesajele nimănui.",
  "safety.noneBlocked": "Nu ai blocat pe nimeni.",
  "safety.since": "din {date}",

  // --- A profile's Mute, Block and Report ------------------------------------------------
  "safety.mute": "Ascunde mesajele",
  "safety.unmute": "Arată mesajele",
  "safety.block": "Blochează",
  "safety.unblock": "Deblochează",
  "safety.report": "Raportează",
  "safety.muteTitle": "Ascunde-ți mesajele lui {name} din chat, la fiecare masă",
  "safety.blockTitle": "Nicio cerere de prietenie și nicio invitație de la {name}",
  "safety.reportTitle": "Spune-i operatorului site-ului despre {name}",
  "safety.isMuted": "I-ai ascuns mesajele lui {name}: nu le mai vezi în chat.",
  "safety.isBlocked": "L-ai blocat pe {name}.",
  "safety.mutedNow": "Mesajele lui {name} sunt ascunse: nu le mai vezi în chat.",
  "safety.unmutedNow": "Mesajele lui {name} se văd din nou.",
  "safety.blockedNow": "{name} este blocat.",
  "safety.unblockedNow": "{name} nu mai este blocat.",
  "safety.blockConfirm":
    "Îl blochezi pe {name}? Nu îți va mai putea trimite cereri de prietenie sau invitații și nu va vedea și nu se va putea așeza la o masă privată la care stai, iar o prietenie între voi se încheie. Îl poți debloca din setările contului.",

  // --- Friend requests and blocks ---------------------------------------------------------
  "social.youBlocked": "L-ai blocat pe {name}: deblochează-l mai întâi (din setările contului).",
  "social.blockedYou": "{name} nu primește cererile tale de prietenie.",

  // --- The report dialog -------------------------------------------------------------------
  "report.title": "Raportează-l pe {name}",
  "report.intro": "Spune-i operatorului site-ului ce s-a întâmplat: citește fiecare raport și hotărăște ce face. {name} nu află cine l-a raportat.",
  "report.reason": "Motivul",
  "report.choose": "Alege un motiv",
  "report.reasonChat": "Chat: insulte, hărțuire sau spam",
  "report.reasonCheating": "Trișat, de pildă cărți arătate partenerului",
  "report.reasonStalling": "Tragere de timp: face masa să aștepte intenționat",
  "report.reasonName": "Un nume de utilizator jignitor",
  "report.reasonOther": "Altceva",
  "report.details": "Ce s-a întâmplat (opțional)",
  "report.detailsHint": "Cel mult 1.000 de caractere.",
  "report.attach": "Atașează masa {table}: operatorul citește ultimele ei mesaje din chat odată cu raportul",
  "report.attachGame": "Atașează masa {table} și partida {game}: operatorul citește ultimele mesaje din chat ale mesei și partida odată cu raportul",
  "report.send": "Trimite raportul",
  "report.cancel": "Renunță",
  "report.thanks": "Mulțumim: operatorul se va uita la el.",
  "report.already": "L-ai raportat deja pe {name}; operatorul nu a închis încă acel raport.",
  "report.tooMany": "Ai făcut câte rapoarte sunt permise într-o zi; încearcă din nou mâine.",
  "report.tooLong": "Detaliile sunt prea lungi: scurtează-le.",

  // --- Forgot your password? ----------------------------------------------------------------
  "reset.link": "Ți-ai uitat parola?",
  "reset.title": "O parolă nouă",
  "reset.intro":
    "Cere-i operatorului site-ului un cod de resetare: ți-l dă pe o cale în care are încredere. Scrie-l aici cu o parolă nouă; apoi intri în cont, iar celelalte sesiuni ale contului se închid.",
  "reset.code": "Codul de resetare",
  "reset.codeHint": "12 litere și cifre, cum ți le-a dat operatorul: XXXX‑XXXX‑XXXX",
  "reset.newPassword": "Parola nouă",
  "reset.repeat": "Repetă parola nouă",
  "reset.submit": "Schimbă parola și intră în cont",
  "reset.back": "Înapoi la intrarea în cont",
  "reset.badCode": "Codul este greșit, folosit sau expirat: cere-i operatorului unul nou.",
  "reset.banned": "Parola ta este schimbată, dar acest cont este blocat.",

  // --- Linkuri ---------------------------------------------------------------------------
  "links.copyLink": "Copiază linkul",
  "links.copied": "Linkul a fost copiat.",
  "links.copyByHand": "Copiază linkul din acest câmp:",
  "links.fieldLabel": "Linkul, de copiat",
  "links.loginForTable": "Intră în cont, creează unul sau joacă ca vizitator ca să mergi la Masa {n}.",
  "links.loginForInvite": "Ai o invitație la Masa {n}: intră în cont, creează unul sau joacă ca vizitator ca să mergi acolo.",
  "links.loginForReplay": "Intră în cont, creează unul sau joacă ca vizitator ca să vezi reluarea partidei {n}.",
  "links.loginForProfile": "Intră în cont, creează unul sau joacă ca vizitator ca să vezi profilul lui {name}.",
  "links.loginForAccount": "Intră în cont ca să vezi setările contului tău.",
  "links.loginForEvent": "Intră în cont, creează unul sau joacă ca vizitator ca să vezi Turneul {n}.",
  "links.loginForDaily": "Intră în cont, creează unul sau joacă ca vizitator ca să joci duplicatul zilei.",
  "links.replayWithoutLogin": "Vezi reluarea fără să intri în cont",
  "links.noTable": "Această masă nu există sau nu îți este deschisă.",
  "links.inviteHelp": "Un link de invitație îi permite oricui îl are să stea la această masă.",
  "links.copyInvite": "Copiază linkul de invitație",
  "links.revoke": "Anulează linkul",
  "links.inviteCopied": "Linkul de invitație a fost copiat: oricine îl are poate sta aici.",
  "links.revoked": "Linkul este anulat: nu mai lasă pe nimeni să intre. O nouă copiere face un link nou.",

  // --- Preferences kept with the account (prefs.ts, prefs_panel.ts) ---------------
  "prefs.menu": "Preferințe",
  "prefs.more": "Toate preferințele…",
  "prefs.title": "Preferințe",
  "prefs.close": "Gata",
  "prefs.hand": "Mâna ta",
  "prefs.cardOrder": "Cărțile unei culori",
  "prefs.descending": "Cărțile mari întâi",
  "prefs.ascending": "Cărțile mici întâi",
  "prefs.alternate": "Culorile alternează roșu și negru (atuul primul oricum)",
  "prefs.sample": "Mâna ta va fi aranjată așa",
  "prefs.playing": "Jucarea unei cărți",
  "prefs.play": "O carte se joacă prin",
  "prefs.click": "Un clic sau o atingere",
  "prefs.confirm": "Confirmare: alegi cartea, apoi clic sau atingere încă o dată (sau dublu clic)",
  "prefs.autoPlay": "Joacă pentru mine singura carte permisă",
  "prefs.autoPlayHint": "Când se poate juca o singură carte, ea este jucată după o scurtă pauză.",
  "prefs.soundTitle": "Sunet",
  "prefs.look": "Aspect",
  "prefs.theme": "Culori",
  "prefs.light": "Luminos",
  "prefs.dark": "Întunecat",
  "prefs.picked": "Aleasă: clic sau atingere încă o dată ca să o joci (Escape o pune înapoi).",
};
