// The frame fetches its menus through the server cache and axios, as on every private page (see
// app/layouts/private-route.ts); this chunk loads only for a signed-in person.
import '../api';
import '../../shared/api/http';
import { AppFrame } from '../layouts/AppFrame';
import NotFoundPage from './NotFoundPage';

/** The 404 page inside the application frame, so a signed-in person keeps the menu and header. */
export default function FramedNotFound() {
  return (
    <AppFrame>
      <NotFoundPage />
    </AppFrame>
  );
}
