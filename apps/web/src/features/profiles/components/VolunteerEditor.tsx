import { NumberInput, Select, SimpleGrid, TagsInput, Textarea } from '@mantine/core';
import { VOLUNTEER_AVAILABILITY, VOLUNTEER_MODES } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { optionData } from '../form-values';
import { SectionEditor } from './SectionEditor';

const INITIAL = {
  skills: [],
  causes: [],
  hours_per_month: '',
  availability: null,
  mode: 'either',
  languages: [],
  experience: '',
  show_on_profile: true,
};

/** Causes people often pick; any other may be typed in. */
const CAUSE_SUGGESTIONS = [
  'Education',
  'Entrepreneurship',
  'Environment',
  'Health',
  'Youth and women',
  'Digital inclusion',
  'Community development',
  'Arts and culture',
];

/** The caller's own volunteer section (on /volunteer-profile/{their id}). */
export function VolunteerEditor() {
  return (
    <SectionEditor
      section="volunteer"
      title="Volunteer profile"
      description="Share what you can offer, the causes you care about and the time you can give."
      initialValues={INITIAL}
    >
      {(form) => (
        <>
          <FormSection title="What you offer" description="Press Enter after each entry.">
            <TagsInput label="Skills" withAsterisk maxTags={20} {...form.getInputProps('skills')} />
            <TagsInput
              label="Causes you care about"
              withAsterisk
              maxTags={10}
              data={CAUSE_SUGGESTIONS}
              {...form.getInputProps('causes')}
            />
            <TagsInput label="Languages" maxTags={10} {...form.getInputProps('languages')} />
            <Textarea
              label="Volunteering experience"
              autosize
              minRows={3}
              {...form.getInputProps('experience')}
            />
          </FormSection>
          <FormSection title="Your time">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label="Hours per month"
                withAsterisk
                min={1}
                max={200}
                allowDecimal={false}
                {...form.getInputProps('hours_per_month')}
              />
              <Select
                label="Available"
                withAsterisk
                data={optionData(VOLUNTEER_AVAILABILITY)}
                {...form.getInputProps('availability')}
              />
              <Select
                label="Where"
                data={optionData(VOLUNTEER_MODES)}
                allowDeselect={false}
                {...form.getInputProps('mode')}
              />
            </SimpleGrid>
          </FormSection>
        </>
      )}
    </SectionEditor>
  );
}
