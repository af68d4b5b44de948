import {
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { VOLUNTEER_CAUSES, WORK_MODES } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { optionData } from '../form-values';
import { RegistrationShell } from './RegistrationShell';

const INITIAL = {
  skills: [],
  languages: [],
  causes: [],
  motivation: '',
  hours_per_week: '',
  work_mode: null,
  location: '',
};

/** /volunteer-registration: skills, causes and time (docs/registration-forms.md). */
export function VolunteerForm() {
  return (
    <RegistrationShell roleType="volunteer" form="volunteer" initialValues={INITIAL}>
      {(form) => (
        <>
          <FormSection title="Skills" description="What you can offer; press Enter after each.">
            <TagsInput label="Skills" required maxTags={20} {...form.getInputProps('skills')} />
            <TagsInput label="Languages" required maxTags={10} {...form.getInputProps('languages')} />
          </FormSection>
          <FormSection title="Causes">
            <Checkbox.Group label="Causes you care about" required {...form.getInputProps('causes')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
                {optionData(VOLUNTEER_CAUSES).map((option) => (
                  <Checkbox key={option.value} value={option.value} label={option.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Textarea
              label="Why you volunteer"
              autosize
              minRows={2}
              maxLength={1000}
              {...form.getInputProps('motivation')}
            />
          </FormSection>
          <FormSection title="Availability">
            <NumberInput
              label="Hours per week"
              required
              min={1}
              max={60}
              allowNegative={false}
              allowDecimal={false}
              maw={240}
              {...form.getInputProps('hours_per_week')}
            />
            <Radio.Group label="Where you can help" required {...form.getInputProps('work_mode')}>
              <Group gap="lg" mt="xs">
                {optionData(WORK_MODES).map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              label="Location"
              description="City and country; needed for on-site work."
              required={form.getValues().work_mode === 'on_site' || form.getValues().work_mode === 'either'}
              maxLength={120}
              {...form.getInputProps('location')}
            />
          </FormSection>
        </>
      )}
    </RegistrationShell>
  );
}
