import { Badge } from '@mantine/core';
import { APPLICATION_STAGE_LABELS, type ApplicationStage } from '@nexus/contracts';

const COLORS: Record<ApplicationStage, string> = {
  applied: 'blue.9',
  screening: 'indigo.9',
  interview: 'violet.9',
  offer: 'teal.9',
  hired: 'green.9',
  declined: 'gray.7',
};

export function StageBadge({ stage }: { stage: ApplicationStage }) {
  return (
    <Badge color={COLORS[stage]} variant="filled">
      {APPLICATION_STAGE_LABELS[stage]}
    </Badge>
  );
}
