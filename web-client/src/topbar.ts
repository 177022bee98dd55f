// The top bar, on every screen: the name of the game (the way to the
// lobby), the connection's state, Friends, the chips and My games, one's
// name (one's profile), Preferences (prefs_panel.ts) and Log out; and the sound and alerts (the speaker)
// and the choice of language, which are there before any login too. The links are drawn again at each render;
// the language's select stays (drawn again, an open select would close).
// The bar is one row at any width: on a phone My games, one's name and Log
// out are in a menu (the ☰ button, with Preferences), the rest stays in the bar.
import { alertsMenu } from "./alerts/menu";
import { h, fill } from "./core/dom";
import { langSwitch } from "./core/lang_switch";
import type { Status } from "./core/net";
import { profileHash } from "./core/players";
import type { User } from "./core/types";
import { lang, setLang, t } from "./i18n";
import { openPrefsPanel } from "./prefs_panel";
import { saveLang } from "./saved";

/** What the top bar needs of the app. */
export interface TopBarHost {
  readonly user: User | null;
  readonly status: Status;
  readonly social: { navButton(): HTMLElement | null };
  readonly wallet: { header(): HTMLElement[] };
  toLobby(): Promise<void>;
  logout(): Promise<void>;
}

export class TopBar {
  readonly el: HTMLElement;
  private readonly nav: HTMLElement;
  private readonly langSelect: HTMLSelectElement;
  /** The phone's menu (My games, one's name, Log out); on wider screens its items are in the bar. */
  private readonly menu: HTMLElement;
  private readonly menuButton: HTMLButtonElement;

  constructor(private readonly app: TopBarHost) {
    this.nav = h("div", { class: "topbar-nav" });
    this.langSelect = langSwitch((l) => {
      saveLang(l);
      setLang(l);
    });
    this.menu = h("div", { class: "topbar-menu", id: "topbar-menu", onclick: () => this.openMenu(false) });
    this.menuButton = h(
      "button",
      { type: "button", class: "menu-toggle", id: "menu-toggle", "aria-expanded": "false", "aria-controls": "topbar-menu", onclick: () => this.openMenu(null) },
      "☰",
    );
    this.el = h("header", { class: "topbar" }, this.nav, alertsMenu(), this.langSelect, this.menuButton);
    // A click elsewhere or Escape closes the menu.
    document.addEventListener("click", (e) => {
      if (!this.el.contains(e.target as Node)) this.openMenu(false);
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.el.classList.contains("menu-open")) {
        this.openMenu(false);
        this.menuButton.focus();
      }
    });
  }

  /** Opens (true) or closes (false) the phone's menu, or toggles it (null). */
  private openMenu(open: boolean | null): void {
    const now = open ?? !this.el.classList.contains("menu-open");
    this.el.classList.toggle("menu-open", now);
    this.menuButton.setAttribute("aria-expanded", String(now));
  }

  render(): void {
    const u = this.app.user;
    const status = this.app.status;
    this.langSelect.value = lang();
    this.menuButton.setAttribute("aria-label", t("app.menu"));
    this.menuButton.title = t("app.menu");
    this.menuButton.hidden = !u;
    // The keyboard stays on the bar's item it was on (Preferences, back from its panel) across redraws.
    const active = document.activeElement;
    const id = active && active.id && this.el.contains(active) ? active.id : null;
    this.draw(u, status);
    if (id && !active?.isConnected) document.getElementById(id)?.focus({ preventScroll: true });
  }

  private draw(u: User | null, status: Status): void {
    const wallet = this.app.wallet.header();
    fill(
      this.menu,
      wallet.filter((e) => e.id !== "chips-badge"),
      u
        ? [
            h(
              "a",
              { class: "me", href: profileHash(u.name), title: u.guest ? t("app.meGuestTitle") : t("app.meTitle") },
              u.name,
              u.guest ? h("small", null, t("app.guestTag")) : null,
            ),
            h(
              "button",
              { class: "link", type: "button", id: "prefs-open", onclick: (e) => openPrefsPanel(e.currentTarget as HTMLElement, this.menuButton) },
              t("prefs.menu"),
            ),
            h("button", { class: "link", type: "button", id: "logout", onclick: () => void this.app.logout() }, t("app.logout")),
          ]
        : null,
    );
    fill(
      this.nav,
      h("a", { class: "brand", href: "#", onclick: (e) => (e.preventDefault(), u && this.app.toLobby()) }, t("app.brand")),
      status !== "online"
        ? h("span", { class: "conn-state", "data-conn": status }, status === "connecting" ? t("app.connecting") : t("app.reconnecting"))
        : null,
      h("span", { class: "spacer" }),
      this.app.social.navButton(),
      wallet.filter((e) => e.id === "chips-badge"),
      u ? this.menu : null,
    );
  }
}
