// Keyboard helpers: arrows between a row of controls, and keeping the focus
// on the same control when a part of the screen is drawn again.

/**
 * Moves the focus among `items` for an arrow key (left/up back, right/down
 * on, wrapping; Home and End). Returns whether the key was one of those.
 */
export function moveFocus(e: KeyboardEvent, items: HTMLElement[]): boolean {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (items.length === 0) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (e.key in steps) next = at < 0 ? 0 : (at + (steps[e.key] ?? 0) + items.length) % items.length;
  else if (e.key === "Home") next = 0;
  else if (e.key === "End") next = items.length - 1;
  else return false;
  e.preventDefault();
  for (const [i, el] of items.entries()) el.tabIndex = i === next ? 0 : -1;
  items[next]?.focus();
  return true;
}

// The attributes that name a control across redraws.
const KEYS = [
  "data-key",
  "data-card",
  "data-bid",
  "data-trump",
  "data-direction",
  "data-step",
  "data-watch",
  "data-return",
  "data-replay",
  "data-player",
  "id",
];

function keyOf(el: Element): [string, string] | null {
  for (const k of KEYS) {
    const v = el.getAttribute(k);
    if (v) return [k, v];
  }
  return null;
}

/** Runs `draw`, which redraws `container`, and gives the focus back to the same control. */
export function keepFocus(container: HTMLElement, draw: () => void): void {
  const active = document.activeElement;
  const key = active && container.contains(active) ? keyOf(active) : null;
  const hadFocus = active !== null && container.contains(active);
  draw();
  if (!hadFocus) return;
  const again = key ? container.querySelector<HTMLElement>(`[${key[0]}="${CSS.escape(key[1])}"]`) : null;
  const target = again ?? container.querySelector<HTMLElement>('[tabindex="0"], button:not([disabled])');
  if (target) {
    if (target.getAttribute("role") === "button") {
      for (const el of container.querySelectorAll<HTMLElement>('[role="button"]')) el.tabIndex = -1;
      target.tabIndex = 0;
    }
    target.focus({ preventScroll: true });
  }
}
