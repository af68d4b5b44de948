import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { AssessmentPicker } from './AssessmentPicker';
import type { UnitDraft } from './unit-form';

interface UnitContentFieldsProps {
  draft: UnitDraft;
  onChange: (changes: Partial<UnitDraft>) => void;
  errors: Record<string, string>;
}

/** The inputs of the unit's kind: rich text, a URL, an assessment, or a live session's times. */
export function UnitContentFields({ draft, onChange, errors }: UnitContentFieldsProps) {
  switch (draft.unit_type) {
    case 'text':
      return (
        <RichTextField
          label="Unit text"
          value={draft.html}
          onChange={(html) => onChange({ html })}
          error={errors.html}
        />
      );
    case 'video':
    case 'document':
      return (
        <TextInput
          type="url"
          label={draft.unit_type === 'video' ? 'Video URL' : 'Document URL'}
          placeholder="https://"
          value={draft.url}
          onChange={(event) => onChange({ url: event.currentTarget.value })}
          error={errors.url}
        />
      );
    case 'assessment':
      return (
        <AssessmentPicker
          value={draft.assessment_id}
          onChange={(assessment_id) => onChange({ assessment_id })}
          error={errors.assessment_id}
        />
      );
    case 'live_session':
      return (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label="Starts at"
              value={draft.starts_at}
              onChange={(event) => onChange({ starts_at: event.currentTarget.value })}
              error={errors.starts_at}
            />
            <TextInput
              type="datetime-local"
              label="Ends at"
              value={draft.ends_at}
              onChange={(event) => onChange({ ends_at: event.currentTarget.value })}
              error={errors.ends_at}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label="Schedule id"
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={draft.schedule_id}
              onChange={(schedule_id) => onChange({ schedule_id })}
              error={errors.schedule_id}
            />
            <NumberInput
              label="Batch id"
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={draft.batch_id}
              onChange={(batch_id) => onChange({ batch_id })}
              error={errors.batch_id}
            />
          </SimpleGrid>
        </Stack>
      );
  }
}
