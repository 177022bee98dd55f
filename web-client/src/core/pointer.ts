// Touch screen or keyboard and mouse: a page whose main pointer is coarse
// (a finger) and cannot hover gets touch wording ("tap a card") and no
// keyboard hints; one with a fine pointer (a mouse, a touchpad) gets both.

/** Whether the device's main pointer is a finger: `(pointer: coarse)`, or `(hover: none)` with no fine pointer at all. */
export function touchScreen(): boolean {
  if (typeof matchMedia !== "function") return false;
  if (matchMedia("(pointer: coarse)").matches) return true;
  return matchMedia("(hover: none)").matches && !matchMedia("(any-pointer: fine)").matches;
}

/** `keys` on a device with a keyboard and a fine pointer, `touch` on a touch screen. */
export function byPointer<T>(keys: T, touch: T): T {
  return touchScreen() ? touch : keys;
}
