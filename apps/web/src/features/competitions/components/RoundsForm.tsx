import { ActionIcon, Alert, Button, Card, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { Competition } from '@nexus/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../shared/ui/notify';
import { useUpdateCompetitionMutation } from '../api';
import { errorText } from './shared';

interface CriterionDraft {
  criterion_id?: number;
  name: string;
  weight: number;
}
interface RoundDraft {
  round_id?: number;
  name: string;
  deadline: string;
  criteria: CriterionDraft[];
}

/** Rounds in order with their deadlines and weighted criteria, saved as a whole. */
export function RoundsForm({ competition }: { competition: Competition }) {
  const [update, state] = useUpdateCompetitionMutation();
  const [rounds, setRounds] = useState<RoundDraft[]>(
    (competition.rounds ?? []).map((r) => ({
      round_id: r.round_id,
      name: r.name,
      deadline: dayjs(r.submission_deadline).format('YYYY-MM-DDTHH:mm'),
      criteria: r.criteria.map((c) => ({ criterion_id: c.criterion_id, name: c.name, weight: c.weight })),
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const change = (index: number, next: Partial<RoundDraft>) =>
    setRounds((all) => all.map((r, i) => (i === index ? { ...r, ...next } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({
      id: competition.competition_id,
      changes: {
        rounds: rounds.map((r) => ({
          ...(r.round_id && { round_id: r.round_id }),
          name: r.name,
          submission_deadline: dayjs(r.deadline).toISOString(),
          criteria: r.criteria.map((c) => ({
            ...(c.criterion_id && { criterion_id: c.criterion_id }),
            name: c.name,
            weight: c.weight,
          })),
        })),
      },
    });
    if ('error' in result) return setError(errorText(result.error));
    setError(null);
    notify.success('Rounds saved.');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {rounds.map((round, index) => (
          <Card key={round.round_id ?? `new-${index}`} withBorder>
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label={`Round ${index + 1} name`}
                  value={round.name}
                  onChange={(e) => change(index, { name: e.currentTarget.value })}
                />
                <TextInput
                  type="datetime-local"
                  label="Submission deadline"
                  value={round.deadline}
                  onChange={(e) => change(index, { deadline: e.currentTarget.value })}
                />
                {rounds.length > 1 ? (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setRounds((all) => all.filter((_, i) => i !== index))}
                  >
                    Remove round
                  </Button>
                ) : null}
              </Group>
              <Text size="sm" fw={600}>
                Criteria (each judged 1–5, weighted)
              </Text>
              {round.criteria.map((criterion, ci) => (
                <Group key={criterion.criterion_id ?? `c-${ci}`} align="flex-end" wrap="wrap">
                  <TextInput
                    label="Criterion"
                    value={criterion.name}
                    onChange={(e) =>
                      change(index, {
                        criteria: round.criteria.map((c, j) =>
                          j === ci ? { ...c, name: e.currentTarget.value } : c,
                        ),
                      })
                    }
                  />
                  <NumberInput
                    label="Weight"
                    min={1}
                    max={100}
                    w={100}
                    value={criterion.weight}
                    onChange={(value) =>
                      change(index, {
                        criteria: round.criteria.map((c, j) =>
                          j === ci ? { ...c, weight: Number(value) || 1 } : c,
                        ),
                      })
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${criterion.name || 'criterion'}`}
                    disabled={round.criteria.length === 1}
                    onClick={() => change(index, { criteria: round.criteria.filter((_, j) => j !== ci) })}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="light"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={14} aria-hidden="true" />}
                onClick={() => change(index, { criteria: [...round.criteria, { name: '', weight: 1 }] })}
              >
                Add criterion
              </Button>
            </Stack>
          </Card>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() =>
              setRounds((all) => [
                ...all,
                {
                  name: `Round ${all.length + 1}`,
                  deadline: dayjs(all.at(-1)?.deadline ?? undefined)
                    .add(14, 'day')
                    .format('YYYY-MM-DDTHH:mm'),
                  criteria: [{ name: 'Impact', weight: 1 }],
                },
              ])
            }
          >
            Add round
          </Button>
          <Button type="submit" loading={state.isLoading}>
            Save rounds
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
