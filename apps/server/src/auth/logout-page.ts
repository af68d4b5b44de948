const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sign-out confirmation a GET /auth/logout from elsewhere gets: one button that posts to
 * /auth/logout (the Origin check lets only our own pages post), then returns to `redirectUri`.
 * No script, so the default Content-Security-Policy holds; `text/plain` with no fields sends an
 * empty body that the server parses without a form parser.
 */
export function logoutConfirmPage(redirectUri: string): string {
  const action = `/auth/logout?redirect_uri=${encodeURIComponent(redirectUri)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out · Nexus</title></head>
<body><main>
<h1>Sign out of Nexus?</h1>
<p>You followed a link that signs you out.</p>
<form method="post" action="${escapeHtml(action)}" enctype="text/plain"><button type="submit">Sign out</button></form>
<p><a href="${escapeHtml(redirectUri)}">Stay signed in</a></p>
</main></body></html>`;
}
