import { Select } from '@mantine/core';
import type { CommunityScope } from '../../../shared/blocks';
import { useCommunitiesQuery } from '../api';

/**
 * "All my communities" or one of them: the scope of /community/events and /community/competitions.
 * The list of the caller's communities is the same the circles page reads.
 */
export function CommunityScopePicker({
  value,
  onChange,
}: {
  value: CommunityScope;
  onChange: (value: CommunityScope) => void;
}) {
  const mine = useCommunitiesQuery({ page: 1, limit: 100, view: 'mine' });
  const options = (mine.data?.data ?? []).filter((community) => community.my_status === 'active');
  return (
    <Select
      label="Community"
      value={String(value)}
      onChange={(next) => onChange(next && next !== 'mine' ? Number(next) : 'mine')}
      allowDeselect={false}
      maw={360}
      data={[
        { value: 'mine', label: 'All my communities' },
        ...options.map((community) => ({ value: String(community.community_id), label: community.name })),
      ]}
    />
  );
}
