import { NumberInput, Select, SimpleGrid, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { PROFILE_SECTORS, VENTURE_STAGES } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { SectionEditor } from '../components/SectionEditor';
import { optionData } from '../form-values';

const INITIAL = {
  venture_name: '',
  one_liner: '',
  stage: null,
  sector: null,
  founded_year: '',
  team_size: '',
  skills: [],
  looking_for_cofounder: false,
  cofounder_skills: [],
  website: '',
  show_on_profile: true,
};

/** /profile/entrepreneurial: the caller's venture, its stage and the co-founder they are looking for. */
export default function EntrepreneurialProfilePage() {
  return (
    <SectionEditor
      section="entrepreneurial"
      title="Entrepreneurial profile"
      description="Tell the ecosystem what you are building, how far along it is and who you need."
      initialValues={INITIAL}
    >
      {(form) => (
        <>
          <FormSection title="Your venture">
            <TextInput label="Venture name" withAsterisk {...form.getInputProps('venture_name')} />
            <Textarea
              label="One-line pitch"
              description="What it does, for whom, in a sentence."
              autosize
              minRows={2}
              {...form.getInputProps('one_liner')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Stage"
                withAsterisk
                data={optionData(VENTURE_STAGES)}
                {...form.getInputProps('stage')}
              />
              <Select
                label="Sector"
                clearable
                data={optionData(PROFILE_SECTORS)}
                {...form.getInputProps('sector')}
              />
              <NumberInput
                label="Year founded"
                min={1900}
                max={2100}
                allowDecimal={false}
                {...form.getInputProps('founded_year')}
              />
              <NumberInput
                label="Team size"
                min={1}
                allowDecimal={false}
                {...form.getInputProps('team_size')}
              />
            </SimpleGrid>
            <TextInput label="Website" placeholder="https://" type="url" {...form.getInputProps('website')} />
          </FormSection>
          <FormSection title="Skills and team" description="Press Enter after each skill.">
            <TagsInput label="Your skills" maxTags={20} {...form.getInputProps('skills')} />
            <Switch
              label="I am looking for a co-founder"
              {...form.getInputProps('looking_for_cofounder', { type: 'checkbox' })}
            />
            {form.getValues().looking_for_cofounder ? (
              <TagsInput
                label="Skills a co-founder should bring"
                maxTags={10}
                {...form.getInputProps('cofounder_skills')}
              />
            ) : null}
          </FormSection>
        </>
      )}
    </SectionEditor>
  );
}
