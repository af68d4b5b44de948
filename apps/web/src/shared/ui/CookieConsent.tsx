import { Button, Group, Paper, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import classes from './CookieConsent.module.css';
import { ALL_ALLOWED, readCookieDecision, saveCookieDecision } from './cookie-consent';

// The dialog pulls in Modal and Switch; loading it on demand keeps them off the /login budget.
const CookiePreferencesDialog = lazy(() => import('./CookiePreferencesDialog'));

/** The cookie banner of spec sections 2 and 4: Accept and Preferences, shown while undecided. */
export function CookieConsent() {
  const [decided, setDecided] = useState(() => readCookieDecision() !== 'undecided');
  const [preferencesOpen, setPreferencesOpen] = useState(false);

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
