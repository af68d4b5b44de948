import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MyApps } from '../components/MyApps';

/** /my-apps (spec section 2): my apps as tiles, pinned ones first. */
export default function MyAppsPage() {
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>My apps</Title>
            <Text c="dimmed">
              The tools your role opens. Pin the ones you use most and put them in order.
            </Text>
          </div>
          <Anchor component={Link} to="/my-apps2" size="sm">
            Compact list
          </Anchor>
        </Group>
        <MyApps layout="grid" />
      </Stack>
    </Container>
  );
}
