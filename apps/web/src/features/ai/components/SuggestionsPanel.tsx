import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { SUGGESTION_CATEGORY_LABELS, type SuggestionCategory } from '@nexus/contracts';
import {
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconPlus,
  IconRefresh,
  IconSparkles,
} from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { QueryState } from '../../../shared/ui/QueryState';
import { useLazySuggestionSetQuery } from '../api';
import {
  selectCategorySuggestions,
  suggestionAdded,
  suggestionRemoved,
  suggestionSetCycled,
  suggestionSetReceived,
} from '../suggestions-slice';

export interface SuggestionsPanelProps {
  category: SuggestionCategory;
  /** Defaults to the category's label ("Jobs to apply to"). */
  title?: string;
}

/**
 * AI suggestions of one category (issue 20 point 3): the first set loads with the page, "Suggest
 * more" asks for another, the arrows cycle through the sets received, and "Add" keeps an item in the
 * person's picks for this category. Reasons are rendered as text, never as HTML.
 */
export function SuggestionsPanel({
  category,
  title = SUGGESTION_CATEGORY_LABELS[category],
}: SuggestionsPanelProps) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => selectCategorySuggestions(root, category));
  const [fetchSet, query] = useLazySuggestionSetQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const id = `suggestions-${category}`;

  const askForSet = useCallback(
    async (set: number) => {
      const answer = await fetchSet({ category, set });
      if (!answer.data) return;
      dispatch(suggestionSetReceived({ category, items: answer.data.items }));
      setNotice(answer.data.notice);
    },
    [category, dispatch, fetchSet],
  );

  useEffect(() => {
    if (state.usageCount === 0 && !query.isFetching && !query.isError) void askForSet(0);
  }, [state.usageCount, query.isFetching, query.isError, askForSet]);

  const current = state.responseSets[state.currentIndex] ?? [];
  const sets = state.responseSets.length;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <IconSparkles size={18} aria-hidden="true" />
            <Title order={2} size="h4" id={id}>
              {title}
            </Title>
          </Group>
          <Group gap={4} wrap="nowrap">
            {state.addedItemIds.length > 0 ? (
              <Badge variant="light" color="teal" aria-label={`${state.addedItemIds.length} added`}>
                {state.addedItemIds.length} added
              </Badge>
            ) : null}
            <Tooltip label="Previous set">
              <ActionIcon
                variant="subtle"
                aria-label="Previous set of suggestions"
                disabled={sets < 2}
                onClick={() => dispatch(suggestionSetCycled({ category, step: -1 }))}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
            </Tooltip>
            <Text size="xs" c="dimmed" aria-live="polite">
              {sets > 0 ? `${state.currentIndex + 1} / ${sets}` : ''}
            </Text>
            <Tooltip label="Next set">
              <ActionIcon
                variant="subtle"
                aria-label="Next set of suggestions"
                disabled={sets < 2}
                onClick={() => dispatch(suggestionSetCycled({ category, step: 1 }))}
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {notice ? (
          <Text size="xs" c="dimmed" role="status">
            {notice}
          </Text>
        ) : null}
        <QueryState
          label="suggestions"
          isLoading={sets === 0 && !query.isError}
          error={sets === 0 ? query.error : undefined}
          isEmpty={current.length === 0}
          emptyText="Nothing to suggest yet. Complete your profile to get better suggestions."
          onRetry={() => void askForSet(state.usageCount)}
        >
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {current.map((item) => {
              const added = state.addedItemIds.includes(item.item_id);
              return (
                <Group key={item.item_id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={item.link} fw={600} lineClamp={1}>
                      {item.title}
                    </Anchor>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {item.reason}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    style={{ flexShrink: 0 }}
                    variant={added ? 'light' : 'default'}
                    color={added ? 'teal' : undefined}
                    leftSection={added ? <IconCheck size={14} /> : <IconPlus size={14} />}
                    aria-pressed={added}
                    aria-label={
                      added ? `Remove ${item.title} from my picks` : `Add ${item.title} to my picks`
                    }
                    onClick={() =>
                      dispatch(
                        added
                          ? suggestionRemoved({ category, itemId: item.item_id })
                          : suggestionAdded({ category, itemId: item.item_id }),
                      )
                    }
                  >
                    {added ? 'Added' : 'Add'}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        </QueryState>
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={query.isFetching}
            onClick={() => void askForSet(state.usageCount)}
          >
            Suggest more
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
