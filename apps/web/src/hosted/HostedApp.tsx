import { Loader, Stack, Text } from '@mantine/core';
import type { AuthProfile, User } from '@nexus/contracts';
import { useEffect, useRef, useState } from 'react';
import { Toasts } from '../shared/ui/Toasts';
import { cancelHosted, completeHosted } from './completion';
import { ForgotPasswordStep } from './ForgotPasswordStep';
import { HostedShell } from './HostedShell';
import { hostedApi } from './hosted-api';
import type { HostedParams } from './hosted-params';
import type { AuthPopupAction } from './popup-protocol';
import { type Registered, RegisterStep } from './RegisterStep';
import { requestCode } from './request-code';
import { SignedInStep } from './SignedInStep';
import { SignInStep } from './SignInStep';
import { UpdatePasswordStep } from './UpdatePasswordStep';
import { UpdateProfileStep } from './UpdateProfileStep';
import { VerifyCodeStep } from './VerifyCodeStep';

type CodeStep = {
  name: 'code';
  email: string;
  type: 'signup' | 'verify';
  firstName?: string;
  isUnderage?: boolean;
  parentEmail?: string;
  sentTo?: string;
  sendFailed: boolean;
  /** What finishing reports: a new account, or a sign-in that needed its address confirmed. */
  done: AuthPopupAction;
};

type Step =
  | { name: 'loading' }
  | { name: 'signin'; notice?: string }
  | { name: 'signed-in'; profile: AuthProfile }
  | { name: 'register' }
  | CodeStep
  | { name: 'forgot' }
  | { name: 'update-password'; email: string }
  | { name: 'update-profile'; userId: number; firstName: string | null; lastName: string | null }
  | { name: 'leaving' };

const TITLES: Record<Step['name'], string> = {
  loading: 'Sign in',
  signin: 'Sign in',
  'signed-in': 'Sign in',
  register: 'Create account',
  code: 'Enter your code',
  forgot: 'Reset password',
  'update-password': 'Change password',
  'update-profile': 'Update profile',
  leaving: 'Sign in',
};

/** Who is signed in, from whichever call said so. */
interface SessionUser {
  user_id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  otpVerified?: boolean;
}

const fromUser = (user: User): SessionUser => user;
const fromProfile = (profile: AuthProfile): SessionUser => ({
  user_id: profile.user_id,
  email: profile.email,
  firstName: profile.given_name,
  lastName: profile.family_name,
  otpVerified: profile.email_verified,
});

/** The screen of an account action for a signed-in person; null for sign-in and register. */
function actionStep(params: HostedParams, user: SessionUser): Step | null {
  if (params.action === 'update-password') return { name: 'update-password', email: user.email };
  if (params.action === 'update-profile')
    return {
      name: 'update-profile',
      userId: user.user_id,
      firstName: user.firstName,
      lastName: user.lastName,
    };
  return null;
}

function initialStep(params: HostedParams): Step {
  return params.action === 'register' ? { name: 'register' } : { name: 'loading' };
}

/**
 * The provider's hosted sign-in pages (identity issue part 2), one screen at a time: sign in,
 * register, the one-time code, forgot password, and the update-profile and update-password actions.
 * Each ends by returning to the client (page mode) or reporting to the opener (popup mode).
 */
export function HostedApp({ params }: { params: HostedParams }) {
  const [step, setStep] = useState<Step>(() => initialStep(params));
  const first = useRef(true);

  // The actions need a session; a plain sign-in offers to continue an existing one.
  useEffect(() => {
    if (params.action === 'register') return;
    let live = true;
    hostedApi
      .profile()
      .then((profile) => {
        if (!live) return;
        setStep(actionStep(params, fromProfile(profile)) ?? { name: 'signed-in', profile });
      })
      .catch(() => {
        if (!live) return;
        setStep({ name: 'signin', notice: params.action ? 'Sign in to continue.' : undefined });
      });
    return () => {
      live = false;
    };
  }, [params]);

  // Each new screen starts at its heading, for keyboard and screen reader users.
  useEffect(() => {
    document.title = `${TITLES[step.name]} · Nexus`;
    if (first.current) {
      first.current = false;
      return;
    }
    document.querySelector<HTMLElement>('[data-step-title]')?.focus();
  }, [step.name]);

  function finish(action: AuthPopupAction) {
    setStep({ name: 'leaving' });
    completeHosted(params, action);
  }

  /** Signed in and confirmed: the requested action, else back to the client. */
  function continueSignedIn(user: SessionUser, done: AuthPopupAction) {
    const next = actionStep(params, user);
    if (next) setStep(next);
    else finish(done);
  }

  /** After a password sign-in: an unconfirmed address gets its code first (spec section 4, otpVerified). */
  async function afterSignIn(user: SessionUser) {
    if (user.otpVerified !== false) {
      continueSignedIn(user, 'signin');
      return;
    }
    const firstName = user.firstName ?? undefined;
    const sent = await requestCode({ email: user.email, firstName, type: 'verify' });
    setStep({
      name: 'code',
      email: user.email,
      type: 'verify',
      firstName,
      sendFailed: !sent.sent,
      done: 'signin',
    });
  }

  function afterRegister(registered: Registered) {
    setStep({
      name: 'code',
      email: registered.email,
      type: 'signup',
      firstName: registered.firstName,
      isUnderage: registered.isUnderage,
      parentEmail: registered.parentEmail,
      sentTo: registered.sentTo,
      sendFailed: registered.sendFailed,
      done: 'register',
    });
  }

  const cancel = () =>
    cancelHosted(params, params.action === 'register' ? 'register' : (params.action ?? 'signin'));
  const toSignIn = (notice?: string) => setStep({ name: 'signin', notice });

  return (
    <>
      <HostedShell
        wide={step.name === 'register'}
        onCancel={step.name === 'loading' || step.name === 'leaving' ? undefined : cancel}
      >
        {renderStep()}
      </HostedShell>
      <Toasts />
    </>
  );

  function renderStep() {
    switch (step.name) {
      case 'loading':
      case 'leaving':
        return (
          <Stack align="center" gap="sm" py="xl" aria-live="polite">
            <Loader size="md" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              {step.name === 'loading' ? 'Checking your session…' : 'Returning you to Nexus…'}
            </Text>
          </Stack>
        );
      case 'signin':
        return (
          <SignInStep
            notice={step.notice}
            onSignedIn={(user) => afterSignIn(fromUser(user))}
            onForgotPassword={() => setStep({ name: 'forgot' })}
            onCreateAccount={() => setStep({ name: 'register' })}
          />
        );
      case 'signed-in': {
        const { profile } = step;
        return (
          <SignedInStep
            profile={profile}
            onContinue={() => afterSignIn(fromProfile(profile))}
            onSignedOut={() => toSignIn()}
          />
        );
      }
      case 'register':
        return <RegisterStep onRegistered={afterRegister} onSignIn={() => toSignIn()} />;
      case 'code': {
        const code = step;
        return (
          <VerifyCodeStep
            codeRequest={{
              email: code.email,
              firstName: code.firstName,
              ...(code.isUnderage ? { is_underage: true, parent_email: code.parentEmail } : {}),
              type: code.type,
            }}
            sentTo={code.sentTo}
            sendFailed={code.sendFailed}
            onVerified={(user) => continueSignedIn(fromUser(user), code.done)}
          />
        );
      }
      case 'forgot':
        return <ForgotPasswordStep onDone={(message) => toSignIn(message)} onBack={() => toSignIn()} />;
      case 'update-password':
        return <UpdatePasswordStep email={step.email} onDone={() => finish('update-password')} />;
      case 'update-profile':
        return (
          <UpdateProfileStep
            userId={step.userId}
            firstName={step.firstName}
            lastName={step.lastName}
            onDone={() => finish('update-profile')}
          />
        );
    }
  }
}
