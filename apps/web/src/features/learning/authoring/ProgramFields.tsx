import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { programUpdate } from '@nexus/contracts';
import type { ProgramChanges } from './authoring-api';
import { dateInputToIso, fieldErrors, isoToDateInput } from './date-fields';

/** What the program form edits, as the inputs hold it (dates as YYYY-MM-DD). */
export interface ProgramDraft {
  program_name: string;
  program_category: string;
  description: string;
  start_date: string;
  end_date: string;
  image_url: string;
}

export const EMPTY_PROGRAM: ProgramDraft = {
  program_name: '',
  program_category: '',
  description: '',
  start_date: '',
  end_date: '',
  image_url: '',
};

export function draftOf(program: {
  program_name: string;
  program_category: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  image_url: string | null;
}): ProgramDraft {
  return {
    program_name: program.program_name,
    program_category: program.program_category,
    description: program.description,
    start_date: isoToDateInput(program.start_date),
    end_date: isoToDateInput(program.end_date),
    image_url: program.image_url ?? '',
  };
}

/**
 * The body the API takes, checked with the server's own schema (DESIGN section 6) so a mistake shows
 * under its field before any call. Empty optional fields are left out or cleared.
 */
export function programBody(
  draft: ProgramDraft,
  withImage: boolean,
): { body: ProgramChanges & { program_name: string }; errors: Record<string, string> } {
  const body: ProgramChanges & { program_name: string } = {
    program_name: draft.program_name.trim(),
    description: draft.description,
    start_date: dateInputToIso(draft.start_date),
    end_date: dateInputToIso(draft.end_date),
  };
  if (draft.program_category.trim()) body.program_category = draft.program_category.trim();
  if (withImage) body.image_url = draft.image_url.trim() || null;
  const parsed = programUpdate.safeParse(body);
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (!body.program_name) errors.program_name = 'Give the program a name.';
  if (body.start_date && body.end_date && body.end_date < body.start_date) {
    errors.end_date = 'The end date is before the start date.';
  }
  return { body, errors };
}

interface ProgramFieldsProps {
  value: ProgramDraft;
  onChange: (next: ProgramDraft) => void;
  errors: Record<string, string>;
  withImage?: boolean;
}

/** Name, category, description, dates and (in the builder) the image of a program. */
export function ProgramFields({ value, onChange, errors, withImage = false }: ProgramFieldsProps) {
  const set = (key: keyof ProgramDraft) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...value, [key]: event.currentTarget.value });
  return (
    <Stack gap="sm">
      <TextInput
        label="Program name"
        required
        maxLength={200}
        value={value.program_name}
        onChange={set('program_name')}
        error={errors.program_name}
      />
      <TextInput
        label="Category"
        placeholder="For example: data, design, leadership"
        maxLength={60}
        value={value.program_category}
        onChange={set('program_category')}
        error={errors.program_category}
      />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        maxRows={10}
        value={value.description}
        onChange={set('description')}
        error={errors.description}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label="Start date"
          value={value.start_date}
          onChange={set('start_date')}
          error={errors.start_date}
        />
        <TextInput
          type="date"
          label="End date"
          value={value.end_date}
          onChange={set('end_date')}
          error={errors.end_date}
        />
      </SimpleGrid>
      {withImage ? (
        <TextInput
          type="url"
          label="Image URL"
          placeholder="https://"
          value={value.image_url}
          onChange={set('image_url')}
          error={errors.image_url}
        />
      ) : null}
    </Stack>
  );
}
