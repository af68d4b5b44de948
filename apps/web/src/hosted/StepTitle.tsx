import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The heading of a step. HostedApp moves focus here when the step changes, so keyboard and screen
 * reader users start at the top of the new screen (tabIndex -1: focusable by script only).
 */
export function StepTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={1} fz="h2" tabIndex={-1} data-step-title style={{ outline: 'none' }}>
        {title}
      </Title>
      {children ? (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
