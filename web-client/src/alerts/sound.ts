// The table's sounds, made with the Web Audio API (no sound files): one's
// turn (a soft two-note chime), a card played (a short soft thump), a trick
// won (a brief rising sweep), someone's chat line (a light blip) and the
// clock's last seconds (a short tick). Browsers let a page make sound only
// after a gesture: the AudioContext is made at the first click or key of
// the page, not before. The volume and the on/off switch are the user's
// preferences (prefs.ts).
import { prefs } from "../prefs";

export type SoundKind = "turn" | "card" | "trick" | "chat" | "tick";

/** Each sound's notes: oscillator type, start and end frequency (Hz), start (s after now), length (s), loudness. */
type Note = [OscillatorType, number, number, number, number, number];

const SOUNDS: Record<SoundKind, Note[]> = {
  turn: [
    ["sine", 659, 659, 0, 0.35, 0.5],
    ["sine", 880, 880, 0.16, 0.45, 0.45],
  ],
  card: [["triangle", 180, 90, 0, 0.09, 0.7]],
  trick: [["sine", 420, 980, 0, 0.22, 0.3]],
  chat: [["sine", 1320, 1320, 0, 0.07, 0.25]],
  tick: [["square", 1000, 1000, 0, 0.03, 0.12]],
};

let ctx: AudioContext | null = null;

/** The AudioContext, made (or resumed) within a gesture. */
function unlock(): void {
  if (typeof AudioContext === "undefined") return;
  if (!ctx) ctx = new AudioContext();
  if (ctx.state === "suspended") void ctx.resume();
}

/** Listens for the page's first gestures, to make the AudioContext then. */
export function listenForGesture(): void {
  const once = (): void => {
    unlock();
    if (ctx) {
      window.removeEventListener("pointerdown", once, true);
      window.removeEventListener("keydown", once, true);
    }
  };
  window.addEventListener("pointerdown", once, true);
  window.addEventListener("keydown", once, true);
}

/** Plays a sound, when sound is on and a gesture has allowed it (`force`: the Test button, whatever the switch). */
export function playSound(kind: SoundKind, force = false): void {
  const p = prefs();
  if (!ctx || (!p.sound && !force) || p.volume <= 0) return;
  if (ctx.state === "suspended") void ctx.resume();
  const master = p.volume / 100;
  const now = ctx.currentTime + 0.01;
  for (const [type, f0, f1, at, len, loud] of SOUNDS[kind]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.value = f0;
    if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, now + at + len);
    // A soft attack and an exponential fade: no click at either end.
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.5 * master * loud), now + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + at);
    osc.stop(now + at + len + 0.02);
  }
}

/** Sound for the Test button: made here, in its click. */
export function testSound(): void {
  unlock();
  playSound("turn", true);
}
