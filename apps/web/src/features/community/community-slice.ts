import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Spec section 3 "Community common": the ids shared by community pages, the institute's own
 * variants, and a loading flag.
 */
export interface CommunityCommon {
  community_common_id: number | null;
  community_type: string | null;
  owner_user_id: number | null;
  activity_forum_id: number | null;
}

export interface CommunityState extends CommunityCommon {
  institute: CommunityCommon;
  loading: boolean;
}

const emptyCommon: CommunityCommon = {
  community_common_id: null,
  community_type: null,
  owner_user_id: null,
  activity_forum_id: null,
};

export const initialCommunityState: CommunityState = {
  ...emptyCommon,
  institute: emptyCommon,
  loading: false,
};

export const communitySlice = createSlice({
  name: 'community',
  initialState: initialCommunityState,
  reducers: {
    communityCommonSet(state, action: PayloadAction<Partial<CommunityCommon>>) {
      Object.assign(state, action.payload);
    },
    instituteCommunitySet(state, action: PayloadAction<Partial<CommunityCommon>>) {
      Object.assign(state.institute, action.payload);
    },
    communityLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
  },
});

export const { communityCommonSet, instituteCommunitySet, communityLoading } = communitySlice.actions;
