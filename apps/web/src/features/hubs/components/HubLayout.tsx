// Blocks fetch through the shared API cache: importing the app's `api` is what adds it to the store.
import '../../../app/api';
import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A hub or home page: a heading, a line about it, and its blocks in a grid (one column on phones). */
export function HubLayout({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
          {actions}
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {children}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
