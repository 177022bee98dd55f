// The entry point: starts the app and picks each screen.
import { AccountScreen } from "./account/account";
import { AccountCareScreen } from "./account/care";
import { ChipsScreen } from "./chips/chips";
import { App, type Screen, type ScreenName } from "./app";
import { h } from "./core/dom";
import { registerServiceWorker } from "./core/install";
import { currentRules } from "./core/rules";
import { pickLang, setLang, t } from "./i18n";
import { savedLang } from "./saved";
import { FriendsScreen } from "./social/friends";
import { LobbyScreen } from "./lobby/lobby";
import { ProfileScreen } from "./profile/profile";
import { ReplayScreen } from "./replay/replay";
import { ResultsScreen } from "./chips/results";
import { TableScreen } from "./table/table";
import { EventScreen } from "./events/event_screen";
import { DailyScreen } from "./events/daily";

function makeScreen(app: App, name: ScreenName): Screen {
  switch (name) {
    case "account":
      return new AccountScreen(app);
    case "lobby":
      return new LobbyScreen(app);
    case "table":
      return new TableScreen(app);
    case "chips":
      return new ChipsScreen(app);
    case "results":
      return new ResultsScreen(app);
    case "friends":
      return new FriendsScreen(app);
    case "replay":
      return new ReplayScreen(app, app.pages.replayGame ?? 0);
    case "profile":
      return new ProfileScreen(app);
    case "settings":
      return new AccountCareScreen(app);
    case "event":
      return new EventScreen(app);
    case "daily":
      return new DailyScreen(app);
    default:
      return { el: h("section", { class: "connecting" }, h("p", null, t("app.connectingToServer"))), update() {} };
  }
}

// The language: the one chosen before, else the browser's (ro, it or en), else English.
setLang(pickLang(savedLang(), navigator.languages ?? []));

const root = document.getElementById("app");
if (root) {
  const app = new App(root, makeScreen);
  // For tests and the curious: window.whist.drop() drops the connection,
  // window.whist.rules() gives the rules the server described.
  (window as unknown as { whist: unknown }).whist = { app, drop: () => app.conn.drop(), rules: currentRules };
  app.start();
}
registerServiceWorker();
