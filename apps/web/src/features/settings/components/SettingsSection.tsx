import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SettingsSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** 'danger' frames irreversible actions in red. */
  tone?: 'default' | 'danger';
}

/** One block of /settings: a labelled region with its heading. */
export function SettingsSection({ title, description, children, tone = 'default' }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      style={tone === 'danger' ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
