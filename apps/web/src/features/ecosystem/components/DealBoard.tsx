import {
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Rating,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DEAL_STAGES, type DealCard } from '@nexus/contracts';
import { useState } from 'react';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useDealFlowQuery, useMoveDealMutation, useRateDealMutation } from '../api';
import { failure } from './form-errors';
import { dealStageLabel, money } from './labels';

const STAGES = DEAL_STAGES.values;
const STAGE_OPTIONS = STAGES.map((stage) => ({ value: stage, label: dealStageLabel(stage) }));

function Deal({ card, onMove }: { card: DealCard; onMove: (card: DealCard, stage: string) => void }) {
  const [notes, setNotes] = useState(card.notes);
  const [rate, rating] = useRateDealMutation();
  const amount = Number(card.fundraising.amount_sought ?? 0);
  const save = async (body: { rating?: number | null; notes?: string }) => {
    try {
      await rate({ id: card.application_id, ...body }).unwrap();
    } catch (error) {
      notify.error(failure(error, 'Not saved. Try again.'));
    }
  };
  return (
    <Card
      withBorder
      padding="sm"
      draggable
      onDragStart={(event) => event.dataTransfer.setData('text/plain', String(card.application_id))}
      component="article"
      aria-label={`${card.startup.name}, ${dealStageLabel(card.stage)}`}
      style={{ cursor: 'grab' }}
    >
      <Stack gap={6}>
        <Text fw={700}>{card.startup.name}</Text>
        <Text size="xs" c="dimmed">
          {card.call.title} · {card.applicant.name}
        </Text>
        {amount > 0 ? (
          <Text size="sm">
            Seeks {money(amount, String(card.fundraising.currency ?? 'USD'))}
            {card.fundraising.stage ? ` · ${String(card.fundraising.stage).replace('_', ' ')}` : ''}
          </Text>
        ) : null}
        {card.message ? (
          <Text size="sm" lineClamp={3}>
            {card.message}
          </Text>
        ) : null}
        <Rating
          value={card.rating ?? 0}
          onChange={(value) => save({ rating: value })}
          aria-label={`Rating of ${card.startup.name}`}
        />
        <Select
          label="Move to"
          size="xs"
          data={STAGE_OPTIONS}
          value={card.stage}
          onChange={(stage) => stage && stage !== card.stage && onMove(card, stage)}
          allowDeselect={false}
        />
        <Textarea
          label="Notes"
          size="xs"
          autosize
          minRows={1}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        {notes !== card.notes ? (
          <Button size="xs" variant="light" loading={rating.isLoading} onClick={() => save({ notes })}>
            Save notes
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The investor's deal-flow board: a column per stage. Cards are dragged between columns with a mouse,
 * or moved with the "Move to" select from the keyboard; the rating and notes are the investor's alone.
 */
export function DealBoard() {
  const board = useDealFlowQuery();
  const [move] = useMoveDealMutation();
  const cards = board.data ?? [];
  const onMove = async (card: DealCard, stage: string) => {
    try {
      await move({
        id: card.application_id,
        stage,
        position: cards.filter((c) => c.stage === stage).length,
      }).unwrap();
      notify.success(`${card.startup.name} moved to ${dealStageLabel(stage)}.`);
    } catch (error) {
      notify.error(failure(error, 'The card was not moved. Try again.'));
    }
  };
  return (
    <QueryState
      label="your deal flow"
      isLoading={board.isLoading}
      error={board.error}
      isEmpty={cards.length === 0}
      emptyText="No applications to your calls yet."
      onRetry={() => board.refetch()}
    >
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {STAGES.map((stage) => {
            const column = cards.filter((c) => c.stage === stage);
            return (
              <Paper
                key={stage}
                withBorder
                p="xs"
                w={250}
                miw={250}
                component="section"
                aria-label={`${dealStageLabel(stage)} column`}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  const id = Number(event.dataTransfer.getData('text/plain'));
                  const card = cards.find((c) => c.application_id === id);
                  if (card && card.stage !== stage) void onMove(card, stage);
                }}
              >
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Title order={3} size="h5">
                      {dealStageLabel(stage)}
                    </Title>
                    <Badge variant="light">{column.length}</Badge>
                  </Group>
                  {column.map((card) => (
                    <Deal key={card.application_id} card={card} onMove={onMove} />
                  ))}
                </Stack>
              </Paper>
            );
          })}
        </Group>
      </ScrollArea>
    </QueryState>
  );
}
