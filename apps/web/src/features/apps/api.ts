import { APP_PINS_API, type AppPin, type PinsSave } from '@nexus/contracts';
import { api } from '../../app/api';

const PINS = 'AppPins';

/** My apps (issue 22 point 3; docs/apps.md): the person's pins, read and saved whole. */
export const appsApi = api.enhanceEndpoints({ addTagTypes: [PINS] }).injectEndpoints({
  endpoints: (build) => ({
    pins: build.query<AppPin[], void>({
      query: () => ({ url: `${APP_PINS_API}/getPins` }),
      transformResponse: (body: { data: AppPin[] }) => body.data,
      providesTags: [PINS],
    }),
    savePins: build.mutation<AppPin[], PinsSave>({
      query: (data) => ({ url: `${APP_PINS_API}/savePins`, method: 'PUT', data }),
      transformResponse: (body: { data: AppPin[] }) => body.data,
      // The answer is the saved list: it replaces the cache, so nothing refetches.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(appsApi.util.upsertQueryData('pins', undefined, data));
      },
    }),
  }),
});

export const { usePinsQuery, useSavePinsMutation } = appsApi;
