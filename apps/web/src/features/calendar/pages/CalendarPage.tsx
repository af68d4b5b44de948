import { Alert, Anchor, Button, Container, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconWorld } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useCalendarItemsQuery } from '../api';
import { type CalendarViewName, currentMonthRange, viewerTimeZone, viewFromParam } from '../calendar-items';
import { FeedPanel } from '../components/FeedPanel';
import { ItemDetails } from '../components/ItemDetails';
import { ItemList } from '../components/ItemList';

// FullCalendar is the heaviest thing here; it loads with this page alone.
const CalendarView = lazy(() => import('../components/CalendarView'));

/** /calendar: everything dated for the signed-in user, in their time zone, and their feed address. */
export default function CalendarPage() {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const [params, setParams] = useSearchParams();
  const view = viewFromParam(params.get('view'), narrow);
  const [range, setRange] = useState(currentMonthRange);
  const [openUid, setOpenUid] = useState<string | null>(null);
  const timeZone = viewerTimeZone();
  // Read again on every visit: enrolments and sessions change elsewhere without a live message yet.
  const items = useCalendarItemsQuery(range, { refetchOnMountOrArgChange: true });
  const list = items.data?.data ?? [];
  const opened = list.find((item) => item.uid === openUid) ?? null;

  const onRangeChange = useCallback(
    (next: { start: string; end: string; view: CalendarViewName }) => {
      setRange((current) =>
        current.start === next.start && current.end === next.end
          ? current
          : { start: next.start, end: next.end },
      );
      setParams(
        (current) => {
          if (current.get('view') === next.view) return current;
          const updated = new URLSearchParams(current);
          updated.set('view', next.view);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Calendar</Title>
          <Text c="dimmed">Live sessions and dates of your programs, in one place.</Text>
          <Group gap={6} mt={4}>
            <IconWorld size={16} aria-hidden="true" />
            <Text size="sm" data-testid="viewer-time-zone">
              Times shown in your time zone: <strong>{timeZone}</strong>
            </Text>
          </Group>
        </div>

        {items.error ? (
          <Alert color="red" role="alert" title="We could not load your calendar">
            <Group gap="sm">
              <Text size="sm">{(items.error as HttpQueryError).message}</Text>
              <Button size="xs" variant="light" onClick={() => items.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : null}

        <div style={{ position: 'relative' }} aria-busy={items.isFetching}>
          {items.isFetching ? (
            <Group gap="xs" pos="absolute" top={-28} right={0} aria-live="polite">
              <Loader size="xs" />
              <Text size="xs" c="dimmed">
                Loading…
              </Text>
            </Group>
          ) : null}
          <Suspense fallback={<Skeleton height={480} aria-label="Loading the calendar" />}>
            <CalendarView
              key={narrow ? 'narrow' : 'wide'}
              items={list}
              view={view}
              narrow={narrow}
              onRangeChange={onRangeChange}
              onOpenItem={setOpenUid}
            />
          </Suspense>
        </div>

        {view === 'list' ? null : (
          <Stack gap="xs">
            <Title order={2} size="h4">
              In this view
            </Title>
            {items.isLoading ? (
              <Skeleton height={48} aria-label="Loading items" />
            ) : list.length === 0 && !items.error ? (
              <Text c="dimmed">
                Nothing scheduled in this period. Live sessions of programs you join appear here.{' '}
                <Anchor component={Link} to="/lxp">
                  Explore programs
                </Anchor>
              </Text>
            ) : (
              <ItemList items={list} timeZone={timeZone} label="Items in this view" />
            )}
          </Stack>
        )}

        <FeedPanel />
      </Stack>
      <ItemDetails item={opened} timeZone={timeZone} onClose={() => setOpenUid(null)} />
    </Container>
  );
}
