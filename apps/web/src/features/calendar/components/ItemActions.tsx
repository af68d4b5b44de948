import { Button, Group } from '@mantine/core';
import type { CalendarItem } from '@nexus/contracts';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadFile } from '../../../shared/api/download';
import { errorMessage } from '../../../shared/api/http';
import { notify } from '../../../shared/ui/notify';
import { itemDownloadUrl } from '../api';

/** The page an item links to, and its .ics file (fetched through the API client, session and all). */
export function ItemActions({ item, download = true }: { item: CalendarItem; download?: boolean }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await downloadFile(itemDownloadUrl(item.uid), `${item.uid}.ics`);
    } catch (error) {
      void notify.error(errorMessage(error, 'The calendar file could not be downloaded.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component={Link}
        to={item.url}
        size="xs"
        variant="light"
        leftSection={<IconExternalLink size={14} aria-hidden="true" />}
        aria-label={`Open ${item.title}`}
      >
        Open
      </Button>
      {download ? (
        <Button
          size="xs"
          variant="default"
          loading={busy}
          onClick={save}
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          aria-label={`Download .ics for ${item.title}`}
        >
          Download .ics
        </Button>
      ) : null}
    </Group>
  );
}
