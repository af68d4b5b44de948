import { COMMUNITIES_API, EVENT_MESSAGES, type EventCreate, type EventItem } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { EventForm } from './components/EventForm';
import { OFFER_HOURS_MESSAGE } from './event-draft';
import { RECURRENCE_MESSAGES } from './recurrence';
import { eventItem } from './test-server';

// ICU versions differ on the comma after the weekday ("Tue, 1 Dec" or "Tue 1 Dec").
const plain = (text: string | null) => (text ?? '').replace(/^(\w{3}),/, '$1');
const when = (text: string) => new RegExp(`^${text.replace(' ', ',? ')}$`);

// Keys without a pause between them: these tests type a lot, and the machine may be loaded.
let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

// 18:00 in Paris on Tuesday 1 December 2099.
const renderForm = (overrides: object = {}) => {
  const onSubmit = vi.fn<(body: EventCreate) => void>();
  renderWithProviders(
    <EventForm
      event={eventItem(1, { can_manage: true, community_id: null, ...overrides }) as unknown as EventItem}
      submitLabel="Save event"
      busy={false}
      failure={null}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
};

async function choose(label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const save = () => user.click(screen.getByRole('button', { name: 'Save event' }));

describe('the event form’s recurrence and offer window', { timeout: 40_000 }, () => {
  it('writes a weekly rule on chosen days with a count, and previews its sessions in the event’s zone', async () => {
    const onSubmit = renderForm();
    await choose('Repeats', 'Weekly');
    // The start's weekday is chosen for a start; Thursday is added.
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Thursday' }));
    await user.click(screen.getByRole('radio', { name: 'After a number of sessions' }));
    const count = screen.getByRole('textbox', { name: 'Number of sessions' });
    await user.clear(count);
    await user.type(count, '6');
    const offer = screen.getByRole('textbox', { name: /Offer window/ });
    await user.clear(offer);
    await user.type(offer, '48');

    const preview = screen.getByText('Next sessions (Europe/Paris)').parentElement as HTMLElement;
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => plain(item.textContent)),
    ).toEqual([
      'Tue 1 Dec 2099, 18:00',
      'Thu 3 Dec 2099, 18:00',
      'Tue 8 Dec 2099, 18:00',
      'Thu 10 Dec 2099, 18:00',
      'Tue 15 Dec 2099, 18:00',
    ]);
    expect(within(preview).getByText(/6 sessions in all/)).toBeInTheDocument();

    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6',
      offer_hours: 48,
    });
  });

  it('reads a stored rule back into the fields and saves it unchanged', async () => {
    const rule = 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20991231T235959Z';
    const onSubmit = renderForm({ rrule: rule, offer_hours: 72 });
    expect(screen.getByRole('combobox', { name: 'Repeats' })).toHaveValue('Weekly');
    expect(screen.getByRole('textbox', { name: 'Repeat every (weeks)' })).toHaveValue('2');
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'On a date' })).toBeChecked();
    expect(screen.getByLabelText('Last date')).toHaveValue('2099-12-31');
    expect(screen.getByRole('textbox', { name: /Offer window/ })).toHaveValue('72');
    expect(screen.getByText(when('Wed 2 Dec 2099, 18:00'))).toBeInTheDocument();
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ rrule: rule, offer_hours: 72 });
  });

  it('shows a rule the fields cannot show as editable text, previewed like the others', async () => {
    const onSubmit = renderForm({ rrule: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=3' });
    expect(screen.getByRole('combobox', { name: 'Repeats' })).toHaveValue('Custom rule (RRULE)');
    const raw = screen.getByRole('textbox', { name: /Rule \(RRULE\)/ });
    expect(raw).toHaveValue('FREQ=MONTHLY;BYDAY=2TU;COUNT=3');
    expect(screen.getByText(when('Tue 8 Dec 2099, 18:00'))).toBeInTheDocument();
    expect(screen.getByText(/3 sessions in all/)).toBeInTheDocument();
    await user.clear(raw);
    await user.type(raw, 'FREQ=DAILY;COUNT=2');
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ rrule: 'FREQ=DAILY;COUNT=2' });
  });

  it('sends no rule once set back to a single session', async () => {
    const onSubmit = renderForm({ rrule: 'FREQ=DAILY' });
    await choose('Repeats', 'Does not repeat');
    expect(screen.queryByText(/Next sessions/)).not.toBeInTheDocument();
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ rrule: null, offer_hours: 24 });
  });

  it('refuses bad values with their messages and sends nothing', async () => {
    const onSubmit = renderForm({ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4' });
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    const count = screen.getByRole('textbox', { name: 'Number of sessions' });
    await user.clear(count);
    await user.type(count, '900');
    const offer = screen.getByRole('textbox', { name: /Offer window/ });
    await user.clear(offer);
    await user.type(offer, '200');
    expect(screen.getByText(/Complete the recurrence/)).toBeInTheDocument();
    await save();
    expect(screen.getByText(RECURRENCE_MESSAGES.weekdays)).toBeInTheDocument();
    expect(screen.getByText(RECURRENCE_MESSAGES.count)).toBeInTheDocument();
    expect(screen.getByText(OFFER_HOURS_MESSAGE)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await choose('Repeats', 'Custom rule (RRULE)');
    const raw = screen.getByRole('textbox', { name: /Rule \(RRULE\)/ });
    await user.clear(raw);
    await user.type(raw, 'FREQ=SOMETIMES');
    await user.clear(offer);
    await save();
    expect(screen.getByText(EVENT_MESSAGES.badRrule)).toBeInTheDocument();
    expect(screen.getByText(OFFER_HOURS_MESSAGE)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the event form’s community', { timeout: 40_000 }, () => {
  const community = (community_id: number, name: string, my_role: 'owner' | 'moderator' | 'member') => ({
    community_id,
    name,
    my_role,
    my_status: 'active',
  });

  it('offers the communities the organiser moderates and sends the one chosen', async () => {
    mockHttp().get(`${COMMUNITIES_API}/getCommunities`, {
      data: [
        community(3, 'Founders Circle', 'owner'),
        community(4, 'Makers Lab', 'moderator'),
        community(5, 'Readers', 'member'),
      ],
      meta: { page: 1, limit: 100, total: 3, totalPages: 1, totalExact: true },
    });
    const onSubmit = renderForm();
    const picker = screen.getByRole('combobox', { name: /Community \(optional\)/ });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'Makers Lab' })).toBeInTheDocument();
    // A community one only belongs to cannot take the event (the server says the same).
    expect(screen.queryByRole('option', { name: 'Readers' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Founders Circle' }));
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ community_id: 3 });
  });

  it('keeps an event’s community as it is when other fields are saved', async () => {
    mockHttp().get(`${COMMUNITIES_API}/getCommunities`, {
      data: [community(3, 'Founders Circle', 'owner')],
      meta: { page: 1, limit: 100, total: 1, totalExact: true, totalPages: 1 },
    });
    const onSubmit = renderForm({ community_id: 3 });
    expect(await screen.findByDisplayValue('Founders Circle')).toBeInTheDocument();
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ community_id: 3 });
  });
});
