import { Select } from '@mantine/core';
import type { CommunityItem } from '@nexus/contracts';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useCommunitiesQuery } from '../api';
import { communityCommonSet } from '../community-slice';

/** The text of a failed call, for an alert or a toast. */
export const errorText = (error: unknown) =>
  (error as HttpQueryError | undefined)?.message ?? 'Something went wrong.';

/** The community-common fields of spec section 3, from a community the server answered with. */
export function commonOf(community: CommunityItem) {
  return {
    community_common_id: community.community_id,
    community_type: community.community_type,
    owner_user_id: community.owner_user_id,
    activity_forum_id: community.activity_forum_id,
  };
}

/**
 * The community a page without one in its address works on: the "community" client state (spec
 * section 4, persisted), chosen here among the caller's own communities; the first one by default.
 */
export function useChosenCommunity(filter?: (community: CommunityItem) => boolean) {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((state) => state.community.community_common_id);
  const mine = useCommunitiesQuery({ page: 1, limit: 100, view: 'mine' });
  const options = (mine.data?.data ?? []).filter(
    (community) => community.my_status === 'active' && (!filter || filter(community)),
  );
  const current = options.find((community) => community.community_id === chosen) ?? options[0] ?? null;
  useEffect(() => {
    if (current && current.community_id !== chosen) dispatch(communityCommonSet(commonOf(current)));
  }, [current, chosen, dispatch]);
  return { current, options, query: mine };
}

export function CommunityPicker({
  options,
  current,
}: {
  options: CommunityItem[];
  current: CommunityItem | null;
}) {
  const dispatch = useAppDispatch();
  if (options.length === 0) return null;
  return (
    <Select
      label="Community"
      data={options.map((community) => ({ value: String(community.community_id), label: community.name }))}
      value={current ? String(current.community_id) : null}
      allowDeselect={false}
      maw={360}
      onChange={(value) => {
        const picked = options.find((community) => String(community.community_id) === value);
        if (picked) dispatch(communityCommonSet(commonOf(picked)));
      }}
    />
  );
}
