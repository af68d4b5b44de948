import { Checkbox, Select, SimpleGrid, TagsInput, Textarea, TextInput } from '@mantine/core';
import { EDUCATION_LEVELS, INDIVIDUAL_GOALS } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { optionData } from '../form-values';
import { RegistrationShell } from './RegistrationShell';

const INITIAL = {
  occupation: '',
  education_level: null,
  interests: [],
  goals: [],
  goals_note: '',
};

/** /individual-registration: a learner or member of the public (docs/registration-forms.md). */
export function IndividualForm() {
  return (
    <RegistrationShell roleType="individual" form="individual" initialValues={INITIAL}>
      {(form) => (
        <>
          <FormSection title="About you">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Occupation"
                placeholder="Student, nurse, designer…"
                required
                maxLength={120}
                {...form.getInputProps('occupation')}
              />
              <Select
                label="Highest education"
                placeholder="Choose one"
                required
                data={optionData(EDUCATION_LEVELS)}
                {...form.getInputProps('education_level')}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Interests and goals">
            <TagsInput
              label="Interests"
              description="Press Enter after each."
              required
              maxTags={15}
              {...form.getInputProps('interests')}
            />
            <Checkbox.Group label="What you hope to do here" required {...form.getInputProps('goals')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
                {optionData(INDIVIDUAL_GOALS).map((option) => (
                  <Checkbox key={option.value} value={option.value} label={option.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Textarea
              label="Anything else about your goals"
              autosize
              minRows={2}
              maxLength={1000}
              {...form.getInputProps('goals_note')}
            />
          </FormSection>
        </>
      )}
    </RegistrationShell>
  );
}
