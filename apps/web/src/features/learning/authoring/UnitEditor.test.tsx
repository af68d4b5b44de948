import type { TreeUnit } from '@nexus/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { mockAuthoringServer, serverError, teacher, unit } from './test-server';
import { UnitEditor } from './UnitEditor';

// Unmount first: a refetch that a finished test's last change set off must not reach the real network.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function edit(target: ReturnType<typeof unit>) {
  const onDone = vi.fn();
  renderWithProviders(<UnitEditor programId={5} unit={target as TreeUnit} onDone={onDone} />, {
    preloadedState: teacher,
  });
  return onDone;
}

async function chooseKind(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Unit kind' }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

const saved = (calls: { url?: string; data?: unknown }[]) =>
  calls.find((call) => call.url === '/api/program/units/update/100')?.data;

describe('unit editor', () => {
  it('edits a text unit with the rich text editor and saves its HTML', async () => {
    const { calls } = mockAuthoringServer();
    const onDone = edit(unit(100, 'Welcome', 'text', { html: '<p>Hello</p>' }));
    const body = screen.getByRole('textbox', { name: 'Unit text' });
    expect(body).toHaveTextContent('Hello');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Required to complete the program' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(saved(calls)).toEqual({
      unit_name: 'Welcome',
      unit_type: 'text',
      is_required: false,
      content: { html: '<p>Hello</p>' },
    });
  });

  it('checks a video URL before saving and sends only the URL', async () => {
    const { calls } = mockAuthoringServer();
    edit(unit(100, 'Intro video', 'video', { url: 'https://cdn.example.test/old.mp4' }));
    const url = screen.getByLabelText('Video URL');
    await userEvent.clear(url);
    await userEvent.type(url, 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    expect(await screen.findByText('Enter an address starting with https:// or http://')).toBeInTheDocument();
    expect(saved(calls)).toBeUndefined();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://cdn.example.test/intro.mp4');
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    await waitFor(() =>
      expect(saved(calls)).toMatchObject({
        unit_type: 'video',
        content: { url: 'https://cdn.example.test/intro.mp4' },
      }),
    );
  });

  it('turns a unit into a document with its URL', async () => {
    const { calls } = mockAuthoringServer();
    edit(unit(100, 'Reading', 'text', { html: '<p>Old</p>' }));
    await chooseKind('Document');
    await userEvent.type(screen.getByLabelText('Document URL'), 'https://docs.example.test/guide.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    await waitFor(() =>
      expect(saved(calls)).toMatchObject({
        unit_type: 'document',
        content: { url: 'https://docs.example.test/guide.pdf' },
      }),
    );
  });

  it('picks an assessment from the ones the author can see', async () => {
    const { calls } = mockAuthoringServer();
    edit(unit(100, 'Check', 'assessment'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Assessment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Python check (draft)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    await waitFor(() =>
      expect(saved(calls)).toMatchObject({ unit_type: 'assessment', content: { assessment_id: 32 } }),
    );
    expect(calls.some((call) => call.url === '/api/assessment/assessments/getAll')).toBe(true);
  });

  it('sends a live session with ISO times, schedule and batch, and refuses an end before the start', async () => {
    const { calls } = mockAuthoringServer();
    edit(unit(100, 'Lab', 'text'));
    await chooseKind('Live session');
    fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: '2027-02-01T10:00' } });
    fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '2027-02-01T09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    expect(await screen.findByText('The session must end after it starts.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '2027-02-01T11:30' } });
    await userEvent.type(screen.getByLabelText('Schedule id'), '12');
    await userEvent.type(screen.getByLabelText('Batch id'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    await waitFor(() => expect(saved(calls)).toBeDefined());
    const content = (saved(calls) as { content: Record<string, unknown> }).content;
    expect(content).toMatchObject({ schedule_id: 12, batch_id: 3 });
    expect(new Date(content.starts_at as string).getTime()).toBe(new Date('2027-02-01T10:00').getTime());
    expect(content.ends_at).toMatch(/Z$/);
  });

  it('shows the server message when the save fails and stays open', async () => {
    mockAuthoringServer({
      '/units/update/': () => {
        throw serverError(400, 'content.url: Invalid URL');
      },
    });
    const onDone = edit(unit(100, 'Intro video', 'video', { url: 'https://cdn.example.test/a.mp4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('content.url: Invalid URL');
    expect(onDone).not.toHaveBeenCalled();
  });
});
