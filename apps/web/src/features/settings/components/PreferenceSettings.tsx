import { Radio, SegmentedControl, Stack, Switch, Text, useMantineColorScheme } from '@mantine/core';
import {
  type MySettings,
  PROFILE_MESSAGES,
  PROFILE_VISIBILITIES,
  PROFILE_VISIBILITY_LABELS,
  type UpdateMySettingsBody,
} from '@nexus/contracts';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useUpdateMySettingsMutation } from '../api';
import { SettingsSection } from './SettingsSection';

const VISIBILITY_HINTS: Record<MySettings['profile_visibility'], string> = {
  public: 'Every signed-in member can open your profile and find you in the directory.',
  connections: 'Only members of the organisations you belong to.',
  private: 'Nobody but you (and platform administrators).',
};

/** Saves one change at once; the switch moves immediately and moves back if the save fails. */
function useSaveSetting() {
  const [update, state] = useUpdateMySettingsMutation();
  const save = async (changes: UpdateMySettingsBody) => {
    try {
      await update(changes).unwrap();
      void notify.success(PROFILE_MESSAGES.settingsSaved);
    } catch (error) {
      void notify.error((error as HttpQueryError).message);
    }
  };
  return { save, saving: state.isLoading };
}

export function PrivacySettings({ settings }: { settings: MySettings }) {
  const { save } = useSaveSetting();
  return (
    <SettingsSection title="Privacy" description="Who sees your profile, and what it shows them.">
      <Radio.Group
        label="Who can see my profile"
        value={settings.profile_visibility}
        onChange={(value) => save({ profile_visibility: value as MySettings['profile_visibility'] })}
      >
        <Stack gap="xs" mt="xs">
          {PROFILE_VISIBILITIES.map((visibility) => (
            <Radio
              key={visibility}
              value={visibility}
              label={PROFILE_VISIBILITY_LABELS[visibility]}
              description={VISIBILITY_HINTS[visibility]}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Switch
        label="Show my email address on my profile"
        checked={settings.show_email}
        onChange={(event) => save({ show_email: event.currentTarget.checked })}
      />
      <Switch
        label="Show my phone number on my profile"
        checked={settings.show_phone}
        onChange={(event) => save({ show_phone: event.currentTarget.checked })}
      />
    </SettingsSection>
  );
}

export function NotificationSettings({ settings }: { settings: MySettings }) {
  const { save } = useSaveSetting();
  return (
    <SettingsSection
      title="Notifications"
      description="How Nexus tells you about messages, events and programs."
    >
      <Switch
        label="Email notifications"
        checked={settings.email_notifications}
        onChange={(event) => save({ email_notifications: event.currentTarget.checked })}
      />
      <Switch
        label="Push notifications"
        description="In this browser, while Nexus is open."
        checked={settings.push_notifications}
        onChange={(event) => save({ push_notifications: event.currentTarget.checked })}
      />
    </SettingsSection>
  );
}

export function AppearanceSettings({ settings }: { settings: MySettings }) {
  const { save } = useSaveSetting();
  const { setColorScheme } = useMantineColorScheme();
  return (
    <SettingsSection title="Appearance">
      <div>
        <Text size="sm" fw={500} id="theme-label" mb={6}>
          Theme
        </Text>
        <SegmentedControl
          aria-labelledby="theme-label"
          value={settings.theme}
          onChange={(value) => {
            const theme = value as MySettings['theme'];
            setColorScheme(theme);
            void save({ theme });
          }}
          data={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
            { value: 'auto', label: 'Like my device' },
          ]}
        />
      </div>
    </SettingsSection>
  );
}
