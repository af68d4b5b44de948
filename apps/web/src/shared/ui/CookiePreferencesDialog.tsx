import { Button, Group, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import {
  ALL_ALLOWED,
  ALL_DECLINED,
  type CookiePreferences,
  readCookiePreferences,
  saveCookieDecision,
  saveCookiePreferences,
} from './cookie-consent';
import { Modal } from './Modal';

interface CookiePreferencesDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called once the visitor has accepted or declined, so the banner can go. */
  onDecided: () => void;
}

const CATEGORIES = [
  {
    key: 'performance',
    label: 'Performance and Functionality',
    description: 'Remember choices such as layout and language, and measure how fast pages load.',
  },
  {
    key: 'analytics',
    label: 'Analytics and Customization',
    description: 'Understand which features are used so we can improve them and tailor content.',
  },
] as const;

/**
 * The preferences dialog of spec section 2. A toggle stores its category choice at once; the
 * buttons record the overall decision: 'Decline All' stores cookieAccepted=false with every optional
 * category off, 'Allow All' stores true with every category on (spec section 4).
 */
export default function CookiePreferencesDialog({
  opened,
  onClose,
  onDecided,
}: CookiePreferencesDialogProps) {
  const [preferences, setPreferences] = useState<CookiePreferences>(readCookiePreferences);

  const toggle = (key: 'performance' | 'analytics', value: boolean) => {
    const next = { ...preferences, [key]: value };
    setPreferences(next);
    saveCookiePreferences(next);
  };

  const decide = (accepted: boolean) => {
    saveCookieDecision(accepted, accepted ? ALL_ALLOWED : ALL_DECLINED);
    onDecided();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Cookie preferences">
      <Stack gap="lg">
        <Switch
          checked
          disabled
          label="Essential"
          description="Needed to sign you in and keep your session secure. Always on."
        />
        {CATEGORIES.map((category) => (
          <Switch
            key={category.key}
            checked={preferences[category.key]}
            onChange={(event) => toggle(category.key, event.currentTarget.checked)}
            label={category.label}
            description={category.description}
          />
        ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => decide(false)}>
            Decline All
          </Button>
          <Button onClick={() => decide(true)}>Allow All</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
