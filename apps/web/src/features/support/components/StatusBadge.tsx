import { Badge } from '@mantine/core';
import type { SupportStatus } from '@nexus/contracts';

const STATUS: Record<SupportStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'orange.9' },
  answered: { label: 'Answered', color: 'teal.9' },
  closed: { label: 'Closed', color: 'gray.8' },
};

export function StatusBadge({ status }: { status: SupportStatus }) {
  return (
    <Badge color={STATUS[status].color} variant="filled">
      {STATUS[status].label}
    </Badge>
  );
}
