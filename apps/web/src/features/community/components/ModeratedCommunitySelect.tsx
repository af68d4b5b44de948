import { Select } from '@mantine/core';
import { useCommunitiesQuery } from '../api';

interface ModeratedCommunitySelectProps {
  value: number | null;
  onChange: (communityId: number | null) => void;
  /** What the choice does, under the label ("Listed on the community's Events page."). */
  description: string;
}

/**
 * The community an event or competition belongs to: one the caller moderates (owner or moderator),
 * which the server requires too. A community already chosen stays in the list while the caller
 * edits, even when they no longer moderate it, so saving other fields does not drop it.
 */
export function ModeratedCommunitySelect({ value, onChange, description }: ModeratedCommunitySelectProps) {
  const mine = useCommunitiesQuery({ page: 1, limit: 100, view: 'mine' });
  const moderated = (mine.data?.data ?? []).filter(
    (community) =>
      community.my_status === 'active' &&
      (community.my_role === 'owner' || community.my_role === 'moderator'),
  );
  const data = moderated.map((community) => ({
    value: String(community.community_id),
    label: community.name,
  }));
  if (value !== null && !data.some((option) => option.value === String(value)))
    data.push({ value: String(value), label: `Community ${value}` });
  return (
    <Select
      label="Community (optional)"
      description={
        data.length === 0 && !mine.isLoading ? `${description} You moderate no community yet.` : description
      }
      placeholder={mine.isLoading ? 'Loading your communities…' : 'No community'}
      clearable
      searchable
      data={data}
      value={value === null ? null : String(value)}
      onChange={(chosen) => onChange(chosen ? Number(chosen) : null)}
      disabled={data.length === 0 && value === null}
      error={mine.isError ? 'Your communities could not be loaded; try again later.' : undefined}
    />
  );
}
