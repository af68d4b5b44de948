import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useAssessmentChoicesQuery } from './authoring-api';

interface AssessmentPickerProps {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  error?: string;
}

/** The assessments the author can see (drafts of their scope too), searched on the server by title. */
export function AssessmentPicker({ value, onChange, error }: AssessmentPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Labels seen so far: the Select shows the chosen label as its search text, which is not a search.
  const labels = useRef(new Map<string, string>());
  const chosenLabel = value ? labels.current.get(String(value)) : undefined;
  const choices = useAssessmentChoicesQuery(debounced === chosenLabel ? '' : debounced);
  const options = (choices.data ?? []).map((item) => ({
    value: String(item.assessment_id),
    label: item.status === 'draft' ? `${item.title} (draft)` : item.title,
  }));
  for (const option of options) labels.current.set(option.value, option.label);
  // An assessment chosen earlier stays selectable even when the current search does not return it.
  if (value && !options.some((option) => option.value === String(value))) {
    options.unshift({ value: String(value), label: `Assessment ${value}` });
  }
  const loadError = (choices.error as HttpQueryError | undefined)?.message;
  return (
    <Select
      label="Assessment"
      placeholder={choices.isLoading ? 'Loading assessments…' : 'Search assessments'}
      searchable
      clearable
      data={options}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={choices.isFetching ? 'Searching…' : 'No assessment found'}
      error={error ?? (loadError ? `We could not load assessments: ${loadError}` : undefined)}
      description="Learners complete this unit by passing the assessment."
      comboboxProps={{ withinPortal: true }}
    />
  );
}
