import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH_MESSAGES, authRedirectQuery, dataEnvelope, signedOutResult } from '@nexus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../http/app-error';
import { logoutConfirmPage } from './logout-page';
import { allowedRedirect, isSameOriginNavigation } from './origin';
import { type AuthContext, clearSessionCookie } from './service';
import { revokeSession } from './sessions';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in · Nexus</title></head>
<body><main><h1>The sign-in pages are not built</h1><p>Run <code>npm run build</code> and reload.</p></main></body></html>`;

/**
 * Reads the built hosted page, again whenever the file changes: a rebuild while the server runs
 * replaces the hashed assets it points at, so a copy cached for ever would point at deleted files.
 */
export function hostedPageLoader(staticDir: string | undefined): () => string | undefined {
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    if (!staticDir) return undefined;
    const file = join(staticDir, 'auth.html');
    const mtimeMs = existsSync(file) ? statSync(file).mtimeMs : undefined;
    if (mtimeMs === undefined) return undefined;
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

const redirectUriOnly = z.object({ redirect_uri: z.string().min(1).max(2000).optional() });

/**
 * The provider's browser endpoints of spec section 7 ("Session and sign-in"): the hosted sign-in pages,
 * the callback that returns to the client, and the logout redirect.
 */
export function registerHostedRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  const refuse = () =>
    badRequest(AUTH_MESSAGES.redirectRefused, [
      { in: 'querystring', path: 'redirect_uri', message: AUTH_MESSAGES.redirectRefused },
    ]);

  function sendHosted(reply: FastifyReply) {
    const page = ctx.hostedPage();
    return reply
      .status(page ? 200 : 503)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page ?? NOT_BUILT);
  }

  /** The allowed, ASCII-serialised redirect_uri, or a 400 naming the parameter. */
  function redirectTarget(uri: string): string {
    const target = allowedRedirect(uri, ctx.redirectOrigins);
    if (target === null) throw refuse();
    return target;
  }

  typed.get(
    '/auth/redirect',
    { schema: { querystring: authRedirectQuery, tags }, config: { policy: 'public' } },
    async (request, reply) => {
      const { silent, state } = request.query;
      const redirect_uri = redirectTarget(request.query.redirect_uri);
      // DESIGN section 5: silent never shows a page; it answers at once.
      if (silent === '1') {
        const target = request.session
          ? withParams(redirect_uri, { state })
          : withParams(redirect_uri, { error: 'login_required', state });
        return reply.redirect(target, 302);
      }
      return sendHosted(reply);
    },
  );

  typed.get(
    '/auth/callback',
    { schema: { querystring: redirectUriOnly, tags }, config: { policy: 'public' } },
    async (request, reply) => {
      const uri = redirectTarget(request.query.redirect_uri ?? `${ctx.publicOrigin}/account-callback`);
      if (request.session) return reply.redirect(uri, 302);
      return reply.redirect(`/auth/redirect?redirect_uri=${encodeURIComponent(uri)}`, 302);
    },
  );

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    if (request.session) await revokeSession(ctx.database.db, request.session.sessionId);
    clearSessionCookie(reply, ctx);
  }

  // The web client posts here (spec section 7); the confirmation page below posts here too, with the
  // redirect_uri in the query, and is sent on to it.
  typed.post(
    '/auth/logout',
    {
      // Redirected (303) when a redirect_uri is given, else answered in JSON.
      schema: { querystring: redirectUriOnly, response: { 200: dataEnvelope(signedOutResult) }, tags },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      const uri = request.query.redirect_uri;
      const target = uri === undefined ? undefined : redirectTarget(uri);
      await logout(request, reply);
      if (target !== undefined) return reply.redirect(target, 303);
      return reply.send({ data: { signedOut: true } });
    },
  );

  // Spec section 7: "Sign-out redirects to /auth/logout with redirect_uri". A GET that the browser
  // does not mark same-origin (a link or image on another site, an old browser) only asks: signing
  // someone out by a cross-site link is a nuisance attack (issue 14 part 8).
  typed.get(
    '/auth/logout',
    { schema: { querystring: redirectUriOnly, tags }, config: { policy: 'public' } },
    async (request, reply) => {
      const uri = redirectTarget(request.query.redirect_uri ?? `${ctx.publicOrigin}/login`);
      if (!isSameOriginNavigation(request, ctx.redirectOrigins)) {
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(logoutConfirmPage(uri));
      }
      await logout(request, reply);
      return reply.redirect(uri, 302);
    },
  );
}
