import { useState } from 'react';
import { useActorId } from '../../../shared/session/use-actor';
import { useDeleteUserSettingMutation, useListUserSettingsQuery } from '../api';
import { ADMIN_PAGE_SIZE, PagedTable } from './PagedTable';

/** Per-user settings rows (theme, language, notifications). */
export function UserSettingsTab() {
  const actorId = useActorId();
  const [page, setPage] = useState(1);
  const query = useListUserSettingsQuery({ page, limit: ADMIN_PAGE_SIZE });
  const [remove] = useDeleteUserSettingMutation();
  const onOff = (value: boolean) => (value ? 'On' : 'Off');
  return (
    <PagedTable
      label="user settings"
      emptyText="No user settings yet"
      query={query}
      page={page}
      onPage={setPage}
      rowKey={(row) => row.user_setting_id}
      rowName={(row) => `the settings of user ${row.user_id}`}
      columns={[
        { header: 'User', cell: (row) => `#${row.user_id}` },
        { header: 'Theme', cell: (row) => row.theme },
        { header: 'Language', cell: (row) => row.language },
        { header: 'Email', cell: (row) => onOff(row.email_notifications) },
        { header: 'Push', cell: (row) => onOff(row.push_notifications) },
      ]}
      onDelete={(row) => remove({ id: row.user_setting_id, userId: actorId }).unwrap()}
    />
  );
}
