import type { WithSlice } from '@reduxjs/toolkit';
import { baseApi } from '../shared/api/base-api';
import { rootReducer } from './root-reducer';
import { dynamicMiddleware } from './store';

declare module './root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof baseApi> {}
}

/**
 * The server cache, added to the store the first time a page that fetches data is loaded.
 * RTK Query is a good part of the state code; public pages such as /login never fetch, so it stays
 * out of their bundle (budget 150 KB, issue 2 part 7). Features inject endpoints into this `api`;
 * importing it is what registers the reducer and middleware, so no page can forget to.
 */
rootReducer.inject(baseApi);
dynamicMiddleware.addMiddleware(baseApi.middleware);

export const api = baseApi;
