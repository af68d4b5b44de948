import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../../../../shared/api/download';
import { errorMessage } from '../../../../shared/api/http';
import { notify } from '../../../../shared/ui/notify';
import { exportCsvUrl } from '../../assessment-api';

/** Every response as CSV, fetched through the API client so it keeps the tenant context. */
export function ExportCsvButton({ assessmentId }: { assessmentId: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(exportCsvUrl(assessmentId), `assessment-${assessmentId}.csv`);
    } catch (error) {
      void notify.error(errorMessage(error, 'The export failed.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      loading={busy}
      onClick={download}
      leftSection={<IconDownload size={16} aria-hidden="true" />}
    >
      Export CSV
    </Button>
  );
}
