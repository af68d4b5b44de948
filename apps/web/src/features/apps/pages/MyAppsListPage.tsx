import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MyApps } from '../components/MyApps';

/** /my-apps2 (spec section 2): the same apps and pins as /my-apps, as a compact list. */
export default function MyAppsListPage() {
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>My apps</Title>
            <Text c="dimmed">Your tools in a compact list, pinned ones first.</Text>
          </div>
          <Anchor component={Link} to="/my-apps" size="sm">
            Tiles
          </Anchor>
        </Group>
        <MyApps layout="list" />
      </Stack>
    </Container>
  );
}
