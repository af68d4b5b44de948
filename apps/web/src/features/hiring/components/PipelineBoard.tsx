import {
  Badge,
  Card,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type ApplicationStage,
  type PipelineItem,
} from '@nexus/contracts';
import { useState } from 'react';

interface BoardProps {
  items: PipelineItem[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  onOpen: (id: number) => void;
  onMove: (id: number, stage: ApplicationStage) => void;
}

const DRAG_TYPE = 'application/x-nexus-application';

/**
 * The employer's board: one column per stage. A card drags to another column with a pointer; the
 * "Move to" list on every card does the same from the keyboard (and on a phone).
 */
export function PipelineBoard({ items, selected, onSelect, onOpen, onMove }: BoardProps) {
  const [over, setOver] = useState<ApplicationStage | null>(null);
  const toggle = (id: number, on: boolean) =>
    onSelect(on ? [...selected, id] : selected.filter((value) => value !== id));

  return (
    <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="sm" aria-label="Pipeline">
      {APPLICATION_STAGES.map((stage) => {
        const cards = items.filter((item) => item.stage === stage);
        return (
          <Paper
            key={stage}
            withBorder
            p="xs"
            component="section"
            aria-labelledby={`stage-${stage}`}
            data-stage={stage}
            bg={over === stage ? 'var(--mantine-color-blue-light)' : undefined}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              setOver(stage);
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(event) => {
              event.preventDefault();
              setOver(null);
              const id = Number(event.dataTransfer.getData(DRAG_TYPE));
              const item = items.find((candidate) => candidate.application_id === id);
              if (item && item.stage !== stage) onMove(id, stage);
            }}
            style={{ minHeight: '8rem' }}
          >
            <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
              <Title
                order={3}
                size="h5"
                id={`stage-${stage}`}
                style={{ minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {APPLICATION_STAGE_LABELS[stage]}
              </Title>
              <Badge
                variant="light"
                color="gray"
                style={{ flexShrink: 0 }}
                aria-label={`${cards.length} in ${APPLICATION_STAGE_LABELS[stage]}`}
              >
                {cards.length}
              </Badge>
            </Group>
            <Stack gap="xs">
              {cards.map((item) => (
                <Card
                  key={item.application_id}
                  withBorder
                  padding="xs"
                  draggable
                  data-testid={`application-${item.application_id}`}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(DRAG_TYPE, String(item.application_id));
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                  style={{ cursor: 'grab' }}
                >
                  <Stack gap={4}>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      {stage === 'declined' ? null : (
                        <Checkbox
                          aria-label={`Select ${item.name}`}
                          checked={selected.includes(item.application_id)}
                          onChange={(event) => toggle(item.application_id, event.currentTarget.checked)}
                          mt={2}
                        />
                      )}
                      <UnstyledButton onClick={() => onOpen(item.application_id)} style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm" c="blue.9" style={{ overflowWrap: 'anywhere' }}>
                          {item.name}
                        </Text>
                      </UnstyledButton>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {item.notes} {item.notes === 1 ? 'note' : 'notes'} · {item.scorecards_submitted}{' '}
                      {item.scorecards_submitted === 1 ? 'scorecard' : 'scorecards'}
                    </Text>
                    <Select
                      size="xs"
                      aria-label={`Move ${item.name} to`}
                      data={APPLICATION_STAGES.map((value) => ({
                        value,
                        label: APPLICATION_STAGE_LABELS[value],
                      }))}
                      value={item.stage}
                      allowDeselect={false}
                      onChange={(value) => {
                        if (value && value !== item.stage)
                          onMove(item.application_id, value as ApplicationStage);
                      }}
                    />
                  </Stack>
                </Card>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
