// Pages of another origin that try to act on the console with the browser's session: a form that
// posts itself to the submit route, and a script that fetches it with credentials.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The tenant the hostile submissions name, so a test can tell whether any went through. */
export const CROSS_SITE_TENANT = "cross-site-attacker";

/** A server of hostile pages; `origin(host)` is where they are served from. */
export interface CrossSitePages {
  /** `http://<host>:<port>`: `127.0.0.1` is the console's site on another port, `localhost` another site. */
  origin(host: "127.0.0.1" | "localhost"): string;
  close(): Promise<void>;
}

/** The submission the hostile pages send: a real workflow with a valid input. */
function hostileSubmission(): string {
  return JSON.stringify({
    workflow: "support_chat",
    input: { conversation: "cross-site", message: "Submitted by another site." },
    tenant: CROSS_SITE_TENANT,
  });
}

// A text/plain form whose one field's name and value join into the JSON body above, the classic
// way to post JSON from a form: `name=value` with the `=` inside a string the JSON ignores.
function formPage(consoleUrl: string): string {
  const body = hostileSubmission();
  const name = `${body.slice(0, -1)},"pad":"`;
  const attribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return `<!doctype html><title>free prizes</title>
<form method="POST" enctype="text/plain" action="${consoleUrl}/api/fleet/submit">
<input type="hidden" name="${attribute(name)}" value="${attribute('"}')}">
</form>
<script>document.forms[0].submit();</script>`;
}

// Fetches with the browser's cookies: a "simple" POST (no preflight), a JSON POST (preflighted),
// and a read of the session that would leak the CSRF token, when `attack()` is called (so a test
// can watch the network first). Each outcome is written to the page.
function fetchPage(consoleUrl: string): string {
  return `<!doctype html><title>free prizes</title><pre id="out"></pre>
<script>
const console_ = ${JSON.stringify(consoleUrl)};
const body = ${JSON.stringify(hostileSubmission())};
const outcome = (promise) => promise.then((r) => "status " + r.status + " " + r.type, (e) => "failed: " + e.name);
window.attack = () => Promise.all([
  outcome(fetch(console_ + "/api/fleet/submit", { method: "POST", credentials: "include", headers: { "content-type": "text/plain" }, body })),
  outcome(fetch(console_ + "/api/fleet/submit", { method: "POST", credentials: "include", headers: { "content-type": "application/json", "x-csrf-token": "guessed" }, body })),
  fetch(console_ + "/api/session", { credentials: "include" }).then((r) => r.text()).then((t) => "read: " + t, (e) => "failed: " + e.name),
]).then((results) => { document.getElementById("out").textContent = JSON.stringify(results); document.body.dataset.done = "yes"; });
</script>`;
}

// A page that misbehaves on purpose: what the watchers of `browser.ts` must catch.
function misbehavingPage(): string {
  return `<!doctype html><title>misbehaving</title>
<script>fetch("/canary?probe").catch(() => {}); alert("probe");</script>`;
}

/** Serves `/form`, `/fetch` and `/misbehave` for `consoleUrl` on a free port of all loopback names. */
export async function startCrossSitePages(consoleUrl: string): Promise<CrossSitePages> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const page =
      path === "/form"
        ? formPage(consoleUrl)
        : path === "/fetch"
          ? fetchPage(consoleUrl)
          : path === "/misbehave"
            ? misbehavingPage()
            : undefined;
    response.writeHead(page === undefined ? 404 : 200, {
      "content-type": "text/html; charset=utf-8",
    });
    response.end(page ?? "not here");
  });
  // Listening on the wildcard address answers both 127.0.0.1 and localhost (IPv4 or IPv6).
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: (host) => `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
