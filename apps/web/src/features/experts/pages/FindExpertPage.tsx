import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ExpertSummary } from '@nexus/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { SuggestionsPanel } from '../../ai';
import { useFindExpertsQuery } from '../api';
import { BookingDialog } from '../components/BookingDialog';
import { whenLabel } from '../format';

const FREE_WITHIN = [
  { value: 'any', label: 'Any time' },
  { value: '1', label: 'Within a day' },
  { value: '3', label: 'Within 3 days' },
  { value: '7', label: 'Within a week' },
];

function ExpertCard({ expert, onBook }: { expert: ExpertSummary; onBook: (expert: ExpertSummary) => void }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={expert.name}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {expert.name}
        </Title>
        <Text size="sm">{expert.headline}</Text>
        <Group gap={4}>
          {expert.expertise.map((tag) => (
            <Badge key={tag} variant="light">
              {tag}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          Speaks {expert.languages.join(', ')} · {expert.session_minutes}-minute sessions
        </Text>
        <Text size="sm">
          {expert.next_free_at
            ? `Next free: ${whenLabel(expert.next_free_at)}`
            : 'No free slot at the moment'}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => onBook(expert)} disabled={!expert.next_free_at}>
            Book a session
          </Button>
          {expert.program_count > 0 ? (
            <Text size="xs" c="dimmed">
              {countLabel(expert.program_count, 'program', 'programs', true)} offered
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** /find-expert: search experts by words, expertise, language and how soon they are free; book one. */
export default function FindExpertPage() {
  const [search, setSearch] = useState('');
  const [expertise, setExpertise] = useState('');
  const [language, setLanguage] = useState('');
  const [within, setWithin] = useState('any');
  const [page, setPage] = useState(1);
  const [booking, setBooking] = useState<ExpertSummary | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [tag] = useDebouncedValue(expertise.trim().toLowerCase(), 300);
  const [lang] = useDebouncedValue(language.trim().toLowerCase(), 300);
  // Rounded to the minute so the query's arguments stay stable between renders.
  const freeBefore = useMemo(
    () =>
      within === 'any'
        ? undefined
        : new Date(Math.floor(Date.now() / 60_000) * 60_000 + Number(within) * 86_400_000).toISOString(),
    [within],
  );
  const query = useFindExpertsQuery({
    page,
    search: debounced,
    expertise: tag,
    language: lang,
    free_before: freeBefore,
  });
  const items = query.data?.data ?? [];
  const meta = query.data?.meta;
  const filtered = Boolean(debounced || tag || lang || within !== 'any');
  const reset = (apply: () => void) => {
    apply();
    setPage(1);
  };
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Title order={1}>Find an expert</Title>
            <Text c="dimmed">Book a session with someone who knows the way.</Text>
          </Stack>
          <Button component={Link} to="/my-expert-programs" variant="light">
            My expert programs
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <SearchField
            label="Search experts"
            value={search}
            onChange={(value) => reset(() => setSearch(value))}
          />
          <TextInput
            label="Expertise"
            placeholder="e.g. fundraising"
            value={expertise}
            onChange={(event) => reset(() => setExpertise(event.currentTarget.value))}
          />
          <TextInput
            label="Language"
            placeholder="e.g. en"
            value={language}
            onChange={(event) => reset(() => setLanguage(event.currentTarget.value))}
          />
          <Select
            label="Free"
            data={FREE_WITHIN}
            value={within}
            allowDeselect={false}
            onChange={(value) => reset(() => setWithin(value ?? 'any'))}
          />
        </SimpleGrid>
        <QueryState
          label="experts"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={items.length === 0}
          emptyText={
            filtered ? 'No expert matches these filters.' : 'No experts have published a profile yet.'
          }
          emptyAction={
            filtered ? (
              <Button
                variant="light"
                onClick={() =>
                  reset(() => {
                    setSearch('');
                    setExpertise('');
                    setLanguage('');
                    setWithin('any');
                  })
                }
              >
                Clear filters
              </Button>
            ) : null
          }
          onRetry={() => query.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {items.map((expert) => (
              <ExpertCard key={expert.user_id} expert={expert} onBook={setBooking} />
            ))}
          </SimpleGrid>
          <ListPagination
            page={page}
            totalPages={meta?.totalPages ?? 1}
            onChange={setPage}
            summary={meta ? countLabel(meta.total, 'expert', 'experts', meta.totalExact) : undefined}
          />
        </QueryState>
        <SuggestionsPanel category="experts" />
      </Stack>
      {booking ? (
        <BookingDialog
          opened
          onClose={() => setBooking(null)}
          expertId={booking.user_id}
          expertName={booking.name}
        />
      ) : null}
    </Container>
  );
}
