// The service worker (static/sw.js): it keeps the client's files, so the
// browser can install the client as an app and a reload without the
// network still shows it. Registered once the page has loaded, where the
// browser has service workers (not on a plain-HTTP address other than
// localhost); a failure is only logged: the client works without it.
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("sw.js").catch((e: unknown) => console.warn("whistd: the service worker was not registered:", e));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
