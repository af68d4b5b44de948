import { ANNOUNCEMENTS_API } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HttpAnswer, httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { AnnouncementComposer } from './components/AnnouncementComposer';
import { announcement, ROLES, ROLES_API, tenantAdminState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

type Initial = Parameters<typeof AnnouncementComposer>[0]['initial'];

function compose(initial?: object) {
  const onDone = vi.fn();
  renderWithProviders(
    <AnnouncementComposer audienceLabel="everyone in Acme" initial={initial as Initial} onDone={onDone} />,
    { preloadedState: tenantAdminState },
  );
  return onDone;
}

const serve = (write: HttpAnswer = () => ({ data: announcement(1) })) =>
  mockHttp()
    .get(ROLES_API, ROLES)
    .post(`${ANNOUNCEMENTS_API}/createAnnouncement`, write)
    .put(`${ANNOUNCEMENTS_API}/updateAnnouncement/:id`, write);

describe('announcement composer', () => {
  it('checks the title and message with the shared schema before sending anything', async () => {
    const server = serve();
    compose();
    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Give the announcement a title.')).toBeInTheDocument();
    expect(screen.getByText('Write the announcement.')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('schedules a draft for a date and time, pinned, for a role', async () => {
    const server = serve();
    const onDone = compose(
      announcement(3, {
        status: 'draft',
        title: 'Open day',
        body: '<p>Come</p>',
        published_at: null,
        publish_at: null,
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose when to publish.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Publish at/), '2030-05-01T09:30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pin to the top' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Only for a role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Teacher' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const put = server.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/announcements/announcements/updateAnnouncement/3');
    expect(put?.body).toMatchObject({
      title: 'Open day',
      body: '<p>Come</p>',
      status: 'scheduled',
      pinned: true,
      role_id: 14,
      publish_at: new Date('2030-05-01T09:30').toISOString(),
    });
  });

  it("shows the server's message when it refuses, and stays open", async () => {
    serve(() => {
      throw httpError(403, 'Tenant administrators may announce only to their own organisation.');
    });
    const onDone = compose(announcement(3, { status: 'draft', title: 'Hello', body: '<p>Hi</p>' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Publish now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tenant administrators may announce only to their own organisation.',
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('edits a published one without touching its audience or time', async () => {
    const server = serve();
    const onDone = compose(announcement(8, { title: 'Old title', role_id: 14 }));
    expect(screen.queryByRole('radio', { name: 'Schedule' })).not.toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'New title');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: 'New title',
      body: '<p>Body of 8</p>',
      pinned: false,
      expires_at: null,
    });
  });
});
