import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  FORGOT_PASSWORD_FORM_ERRORS,
  REGISTER_FORM_ERRORS,
  formErrorCode,
  type ForgotPasswordFormError,
  type LoginFormError,
  type RegisterFormError,
} from '#shared/form-errors';
import { FORGOT_PASSWORD_SENT } from '#shared/paths';
import { destinationAfterLogin, safeNextPath } from '#shared/safe-next';
import { changePasswordBody, loginBody, logoutBody, registerBody } from '#shared/schemas/auth';
import { emailPreferenceBody, forgotPasswordBody, resetPasswordBody } from '#shared/schemas/mail';
import type { AppContext } from '#server/context';
import { freeDeviceOnSignOut } from '../alerts/subscriptions';
import { sessionToken } from '#server/http/access';
import { setCookie } from '#server/http/cookies';
import { HttpError } from '#server/http/errors';
import { acceptFormPosts, formFields } from '#server/http/form-posts';
import { parse } from '#server/http/parse';
import { readRoute } from '#server/http/read-routes';
import { presentUser } from './current-user';
import { setEmailPreference } from './email-preference';
import { requestPasswordReset, resetPassword } from './password-reset';
import { authenticate } from './login';
import { verifyPassword } from './passwords';
import { clearSessionCookie, sessionCookieFlags } from '#server/sessions/session-cookie';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  createSession,
  destroySession,
  destroyUserSessions,
} from '#server/sessions/sessions';
import { registerAccount } from './register';
import { ACCOUNT_LIMIT, THROTTLED_MESSAGE, clearFailures, failAttempt, takeAttempt } from './throttle';
import { setPassword } from './users';

/** An e-mail address, two passwords, two boxes and a next address fit well within this. */
const FORM_LIMIT = 4 * 1024;

/** A posted form's address as the page may show it again (never a password). */
const typedEmail = (form: Record<string, string>) => (form.email ?? '').trim().slice(0, 200);

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Signs the user in on this response with a brand-new session id (no fixation). */
  async function startSession(reply: FastifyReply, userId: number, previousToken?: string) {
    await destroySession(ctx, previousToken);
    const { token } = await createSession(ctx, userId);
    setCookie(reply, SESSION_COOKIE, token, {
      ...sessionCookieFlags(ctx, reply.request),
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  }
  app.decorate('startSession', startSession);

  app.post('/api/login', { config: { access: 'public' } }, async (request, reply) => {
    const body = parse(loginBody, request.body);
    const user = await authenticate(ctx, body.email, body.password, request.ip);
    await startSession(reply, user.id, sessionToken(request));
    const current = await presentUser(ctx, user);
    return { success: true, message: 'Login successful', user: current };
  });

  // The sign-in page's form when JavaScript is off: the same sign-in, then on to where the page
  // would have gone, or back to the form with the refusal's code (the page shows its text).
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or takes `done`)
  void app.register(async (scope) => {
    acceptFormPosts(scope, FORM_LIMIT);
    scope.post('/login', { config: { access: 'public' } }, async (request, reply) => {
      const form = formFields(request.body);
      const next = safeNextPath(form.next);
      const back = (error: LoginFormError) => {
        const query = new URLSearchParams({ error });
        if (typedEmail(form)) query.set('email', typedEmail(form));
        if (next) query.set('next', next);
        return reply.redirect(`/login?${query}`, 303);
      };
      const body = loginBody.safeParse({ email: form.email, password: form.password });
      if (!body.success) return back('incomplete');
      let user;
      try {
        user = await authenticate(ctx, body.data.email, body.data.password, request.ip);
      } catch (err) {
        if (err instanceof HttpError && (err.statusCode === 401 || err.statusCode === 429))
          return back(err.statusCode === 429 ? 'throttled' : 'invalid');
        throw err;
      }
      await startSession(reply, user.id, sessionToken(request));
      return reply.redirect(destinationAfterLogin(await presentUser(ctx, user), next), 303);
    });

    // The register page's form without JavaScript: the same account, signed in, then on to
    // choose a membership; or back to the form with the refusal's code, the address and the
    // ticked boxes (never the passwords).
    scope.post('/register', { config: { access: 'public' } }, async (request, reply) => {
      const form = formFields(request.body);
      const back = (error: RegisterFormError) => {
        const query = new URLSearchParams({ error });
        if (typedEmail(form)) query.set('email', typedEmail(form));
        for (const box of ['confirmAge', 'acceptTerms'] as const) if (form[box] === 'on') query.set(box, 'on');
        return reply.redirect(`/register?${query}`, 303);
      };
      const body = registerBody.safeParse({
        email: form.email,
        password: form.password ?? '',
        confirmPassword: form.confirmPassword ?? '',
        // A ticked box posts "on"; anything else is unticked.
        confirmAge: form.confirmAge === 'on',
        acceptTerms: form.acceptTerms === 'on',
      });
      if (!body.success)
        return back(formErrorCode(REGISTER_FORM_ERRORS, body.error.issues[0]?.message ?? '', 'failed'));
      let user;
      try {
        user = await registerAccount(ctx, body.data, request.ip);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode < 500)
          return back(formErrorCode(REGISTER_FORM_ERRORS, err.message, 'failed'));
        throw err;
      }
      await startSession(reply, user.id, sessionToken(request));
      return reply.redirect('/subscribe', 303);
    });

    // "Forgot password?" without JavaScript: the same request, then the page's "check your
    // e-mail" (the same whether or not the address has an account), or back with the refusal.
    scope.post('/forgot-password', { config: { access: 'public' } }, async (request, reply) => {
      const form = formFields(request.body);
      const back = (error: ForgotPasswordFormError) => {
        const query = new URLSearchParams({ error });
        if (typedEmail(form)) query.set('email', typedEmail(form));
        return reply.redirect(`/forgot-password?${query}`, 303);
      };
      const body = forgotPasswordBody.safeParse({ email: form.email ?? '' });
      if (!body.success)
        return back(formErrorCode(FORGOT_PASSWORD_FORM_ERRORS, body.error.issues[0]?.message ?? '', 'failed'));
      try {
        await requestPasswordReset(ctx, body.data.email, request.ip);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode < 500)
          return back(formErrorCode(FORGOT_PASSWORD_FORM_ERRORS, err.message, 'failed'));
        throw err;
      }
      return reply.redirect(`/forgot-password?${FORGOT_PASSWORD_SENT.name}=${FORGOT_PASSWORD_SENT.value}`, 303);
    });
  });

  app.post('/api/logout', { config: { access: 'public' } }, async (request, reply) => {
    // Signing out is never refused: a body that does not read as one is ignored.
    const device = logoutBody.safeParse(request.body ?? {}).data?.pushEndpoint;
    if (request.user && device) await freeDeviceOnSignOut(ctx, request.user.id, device);
    await destroySession(ctx, sessionToken(request));
    clearSessionCookie(ctx, request, reply);
    return { success: true, message: 'You have been successfully logged out' };
  });

  readRoute(app, '/api/auth/user', 'signedIn', async ({ user, header }) => {
    // Kept by the offline app for this session only (decision 0043), never by a shared cache.
    header('Cache-Control', MEMBERS_ONLY_CACHE);
    return presentUser(ctx, user!);
  });

  app.post('/api/change-password', { config: { access: 'signedIn' } }, async (request) => {
    const body = parse(changePasswordBody, request.body);
    const user = request.user!;
    // The sign-in count of the account: a stolen session cannot guess the password here either.
    const accountKey = `acct:${user.email}`;
    if (!(await takeAttempt(ctx, accountKey, ACCOUNT_LIMIT))) throw new HttpError(429, THROTTLED_MESSAGE);
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      await failAttempt(ctx, accountKey, ACCOUNT_LIMIT);
      throw new HttpError(400, 'Current password is incorrect');
    }
    await clearFailures(ctx, accountKey);
    await setPassword(ctx, user.id, body.newPassword);
    // Other devices signed in with the old password are signed out; this one stays.
    await destroyUserSessions(ctx, user.id, sessionToken(request));
    return { success: true, message: 'Your password has been changed successfully.' };
  });

  app.post('/api/register', { config: { access: 'public' } }, async (request, reply) => {
    const user = await registerAccount(ctx, parse(registerBody, request.body), request.ip);
    await startSession(reply, user.id, sessionToken(request));
    reply.code(201);
    return { success: true, message: 'Account created', user: await presentUser(ctx, user) };
  });

  app.post('/api/forgot-password', { config: { access: 'public' } }, async (request) => {
    const { email } = parse(forgotPasswordBody, request.body);
    return requestPasswordReset(ctx, email, request.ip);
  });
  app.post('/api/reset-password', { config: { access: 'public' } }, async (request) => {
    const body = parse(resetPasswordBody, request.body);
    return resetPassword(ctx, body.token, body.password);
  });

  app.put('/api/email-preference', { config: { access: 'signedIn' } }, async (request) => {
    const { emailOptOut } = parse(emailPreferenceBody, request.body);
    return setEmailPreference(ctx, request.user!.id, emailOptOut);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    startSession(reply: FastifyReply, userId: number, previousToken?: string): Promise<void>;
  }
}
