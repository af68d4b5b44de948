import { Button, Table, Text } from '@mantine/core';
import type { Seat } from '@nexus/contracts';
import { relativeDateLabel } from '../../../shared/ui/relative-date';

function seatName(seat: Seat): string {
  const name = [seat.first_name, seat.last_name].filter(Boolean).join(' ').trim();
  return name || seat.username;
}

/** The members holding a seat, with the roles they hold in the organisation. */
export function SeatsTable({
  seats,
  currentUserId,
  onRevoke,
}: {
  seats: Seat[];
  currentUserId: number;
  onRevoke: (seat: Seat) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Seats">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Since</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {seats.map((seat) => (
            <Table.Tr key={seat.user_id}>
              <Table.Td>{seatName(seat)}</Table.Td>
              <Table.Td>{seat.email}</Table.Td>
              <Table.Td>{seat.roles.map((role) => role.display_name || role.role_name).join(', ')}</Table.Td>
              <Table.Td>
                <Text size="sm" title={new Date(seat.since).toLocaleString()}>
                  {relativeDateLabel(seat.since)}
                </Text>
              </Table.Td>
              <Table.Td>
                {seat.user_id === currentUserId ? (
                  <Text size="xs" c="dimmed">
                    You
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Revoke the seat of ${seat.email}`}
                    onClick={() => onRevoke(seat)}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
