import { Table } from '@mantine/core';
import type { AuditEvent } from '../api';

/** The audit of recent changes (shown only when the server offers getRecentChanges). */
export function RecentChangesTab({ events }: { events: AuditEvent[] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label="Recent changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>What</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.audit_id}>
              <Table.Td>{new Date(event.created_at).toLocaleString()}</Table.Td>
              <Table.Td>{event.actor_user_id ? `#${event.actor_user_id}` : 'System'}</Table.Td>
              <Table.Td>
                {event.action} {event.entity}
                {event.entity_id ? ` #${event.entity_id}` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
