// The top bar, on every screen: the name of the game (the way to the
// lobby), the connection's state, Friends, the chips and My games, one's
// name (one's profile) and Log out; and the sound and alerts (the speaker)
// and the choice of language, which are there before any login too. The links are drawn again at each render;
// the language's select stays (drawn again, an open select would close).
import { alertsMenu } from "./alerts/menu";
import { h, fill } from "./core/dom";
import { langSwitch } from "./core/lang_switch";
import type { Status } from "./core/net";
import { profileHash } from "./core/players";
import type { User } from "./core/types";
import { lang, setLang, t } from "./i18n";
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

  constructor(private readonly app: TopBarHost) {
    this.nav = h("div", { class: "topbar-nav" });
    this.langSelect = langSwitch((l) => {
      saveLang(l);
      setLang(l);
    });
    this.el = h("header", { class: "topbar" }, this.nav, alertsMenu(), this.langSelect);
  }

  render(): void {
    const u = this.app.user;
    const status = this.app.status;
    this.langSelect.value = lang();
    fill(
      this.nav,
      h("a", { class: "brand", href: "#", onclick: (e) => (e.preventDefault(), u && this.app.toLobby()) }, t("app.brand")),
      status !== "online"
        ? h("span", { class: "conn-state", "data-conn": status }, status === "connecting" ? t("app.connecting") : t("app.reconnecting"))
        : null,
      h("span", { class: "spacer" }),
      this.app.social.navButton(),
      u
        ? [
            this.app.wallet.header(),
            h(
              "a",
              { class: "me", href: profileHash(u.name), title: u.guest ? t("app.meGuestTitle") : t("app.meTitle") },
              u.name,
              u.guest ? h("small", null, t("app.guestTag")) : null,
            ),
            h("button", { class: "link", type: "button", onclick: () => void this.app.logout() }, t("app.logout")),
          ]
        : null,
    );
  }
}
