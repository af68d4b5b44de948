import { Button, Group, Paper, Text } from '@mantine/core';
import { PRIVACY_API } from '@nexus/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import classes from './CookieConsent.module.css';
import {
  ALL_ALLOWED,
  readCookieDecision,
  reconcileConsent,
  resetConsentSession,
  saveCookieDecision,
} from './cookie-consent';

// The dialog pulls in Modal and Switch; loading it on demand keeps them off the /login budget.
const CookiePreferencesDialog = lazy(() => import('./CookiePreferencesDialog'));

/**
 * The version of the privacy policy in effect, read once per page load (null: none, or unreachable).
 * A plain fetch: the banner is on /login, and the shared axios client would put some 15 KB on its
 * budget (issue 13) for one public GET.
 */
let policyVersion: Promise<number | null> | undefined;
export function currentPolicyVersion(): Promise<number | null> {
  policyVersion ??= fetch(`${PRIVACY_API}/getPrivacyPolicy`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
    .then((response) => (response.ok ? (response.json() as Promise<PolicyAnswer>) : null))
    .then((body) => body?.data?.current?.version ?? null)
    .catch(() => null);
  return policyVersion;
}

interface PolicyAnswer {
  data?: { current?: { version?: number } | null };
}

/** Tests start each case from a fresh page load. */
export function forgetPolicyVersion(): void {
  policyVersion = undefined;
  resetConsentSession();
}

/**
 * The cookie banner of spec sections 2 and 4: Accept and Preferences, shown while undecided. A
 * decision made under an older privacy policy than the one in effect counts as undecided (issue 22).
 */
export function CookieConsent() {
  const [decided, setDecided] = useState(() => readCookieDecision() !== 'undecided');
  const [preferencesOpen, setPreferencesOpen] = useState(false);

  useEffect(() => {
    let live = true;
    void currentPolicyVersion().then((version) => {
      if (live && reconcileConsent(version)) setDecided(false);
    });
    return () => {
      live = false;
    };
  }, []);

  if (decided) return null;

  const decide = () => {
    setPreferencesOpen(false);
    setDecided(true);
  };

  return (
    <>
      <div className={classes.spacer} aria-hidden="true" />
      <Paper
        component="section"
        aria-label="Cookie consent"
        shadow="lg"
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        radius="md"
        className={classes.banner}
      >
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" style={{ flex: '1 1 280px' }}>
            We use essential cookies to keep you signed in, and optional ones to improve Nexus. Choose what
            you allow.
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={() => setPreferencesOpen(true)}>
              Preferences
            </Button>
            <Button
              onClick={() => {
                saveCookieDecision(true, ALL_ALLOWED);
                decide();
              }}
            >
              Accept
            </Button>
          </Group>
        </Group>
      </Paper>
      {preferencesOpen && (
        <Suspense fallback={null}>
          <CookiePreferencesDialog opened onClose={() => setPreferencesOpen(false)} onDecided={decide} />
        </Suspense>
      )}
    </>
  );
}
