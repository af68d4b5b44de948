import { Group, NumberInput, Select, Text } from '@mantine/core';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { yearOfStudySet } from '../../identity/state';

const STUDY_TYPES = ['Undergraduate', 'Postgraduate', 'Doctoral', 'Vocational', 'Not studying'];

/**
 * Spec section 3 "Study details": `current_year_of_study` with `study_type` and `study_year`, kept in
 * the persisted `study` slice (spec section 4), so a student founder's answer survives a reload.
 */
export function StudyDetails() {
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.study.current_year_of_study);
  const studying = current.study_type !== null && current.study_type !== 'Not studying';
  return (
    <div>
      <Text size="sm" fw={600}>
        Your studies
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        Student founders find programs of their institute under Recommended next steps.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Study type"
          data={STUDY_TYPES}
          value={current.study_type}
          onChange={(value) =>
            dispatch(
              yearOfStudySet({
                study_type: value,
                study_year: value === 'Not studying' ? null : current.study_year,
              }),
            )
          }
          clearable
          w={200}
        />
        <NumberInput
          label="Year of study"
          min={1}
          max={10}
          value={current.study_year ?? ''}
          disabled={!studying}
          onChange={(value) =>
            dispatch(
              yearOfStudySet({
                study_type: current.study_type,
                study_year: typeof value === 'number' && value >= 1 && value <= 10 ? value : null,
              }),
            )
          }
          w={140}
        />
      </Group>
    </div>
  );
}
