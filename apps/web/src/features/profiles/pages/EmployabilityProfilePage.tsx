import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { JOB_TYPES, WORK_PLACES } from '@nexus/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FormSection } from '../../../shared/ui/FormSection';
import { SectionEditor, type SectionForm } from '../components/SectionEditor';
import { optionData } from '../form-values';

const EMPTY_EDUCATION = { institution: '', qualification: '', field: '', start_year: '', end_year: '' };
const EMPTY_JOB = { organisation: '', title: '', start: '', end: '', description: '' };

const INITIAL = {
  open_to_work: true,
  skills: [],
  cv_url: '',
  education: [],
  experience: [],
  job_preferences: { job_types: [], locations: [], work_place: 'any', available_from: '' },
  show_on_profile: true,
};

function entries(form: SectionForm, path: 'education' | 'experience'): unknown[] {
  const value = form.getValues()[path];
  return Array.isArray(value) ? value : [];
}

function Education({ form }: { form: SectionForm }) {
  return (
    <FormSection title="Education">
      {entries(form, 'education').map((_entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; Mantine's list helpers keep order.
        <Paper key={index} withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Qualification {index + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove qualification ${index + 1}`}
                onClick={() => form.removeListItem('education', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Institution"
                withAsterisk
                {...form.getInputProps(`education.${index}.institution`)}
              />
              <TextInput
                label="Qualification"
                placeholder="BSc, diploma, certificate..."
                withAsterisk
                {...form.getInputProps(`education.${index}.qualification`)}
              />
              <TextInput label="Field of study" {...form.getInputProps(`education.${index}.field`)} />
              <Group grow gap="xs">
                <NumberInput
                  label="From"
                  min={1900}
                  max={2100}
                  allowDecimal={false}
                  {...form.getInputProps(`education.${index}.start_year`)}
                />
                <NumberInput
                  label="To"
                  min={1900}
                  max={2100}
                  allowDecimal={false}
                  {...form.getInputProps(`education.${index}.end_year`)}
                />
              </Group>
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        w="fit-content"
        onClick={() => form.insertListItem('education', { ...EMPTY_EDUCATION })}
      >
        Add a qualification
      </Button>
    </FormSection>
  );
}

function Experience({ form }: { form: SectionForm }) {
  return (
    <FormSection title="Experience" description="Months as 2024-09. Leave the end empty for a current job.">
      {entries(form, 'experience').map((_entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; Mantine's list helpers keep order.
        <Paper key={index} withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Job {index + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove job ${index + 1}`}
                onClick={() => form.removeListItem('experience', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Organisation"
                withAsterisk
                {...form.getInputProps(`experience.${index}.organisation`)}
              />
              <TextInput
                label="Job title"
                withAsterisk
                {...form.getInputProps(`experience.${index}.title`)}
              />
              <TextInput
                label="Start"
                type="month"
                withAsterisk
                {...form.getInputProps(`experience.${index}.start`)}
              />
              <TextInput label="End" type="month" {...form.getInputProps(`experience.${index}.end`)} />
            </SimpleGrid>
            <Textarea
              label="What you did"
              autosize
              minRows={2}
              {...form.getInputProps(`experience.${index}.description`)}
            />
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        w="fit-content"
        onClick={() => form.insertListItem('experience', { ...EMPTY_JOB })}
      >
        Add a job
      </Button>
    </FormSection>
  );
}

/** /employability-profile: education, experience, skills, CV and the work the caller is looking for. */
export default function EmployabilityProfilePage() {
  return (
    <SectionEditor
      section="employability"
      title="Employability profile"
      description="Your education, experience and the kind of work you are looking for."
      initialValues={INITIAL}
    >
      {(form) => (
        <>
          <FormSection title="Overview">
            <Switch label="I am open to work" {...form.getInputProps('open_to_work', { type: 'checkbox' })} />
            <TagsInput
              label="Skills"
              description="Press Enter after each skill."
              maxTags={50}
              {...form.getInputProps('skills')}
            />
            <TextInput
              label="Link to your CV"
              placeholder="https://"
              type="url"
              {...form.getInputProps('cv_url')}
            />
          </FormSection>
          <Experience form={form} />
          <Education form={form} />
          <FormSection title="What you are looking for">
            <MultiSelect
              label="Job types"
              data={optionData(JOB_TYPES)}
              {...form.getInputProps('job_preferences.job_types')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TagsInput
                label="Locations"
                maxTags={10}
                {...form.getInputProps('job_preferences.locations')}
              />
              <Select
                label="Work place"
                data={optionData(WORK_PLACES)}
                allowDeselect={false}
                {...form.getInputProps('job_preferences.work_place')}
              />
              <TextInput
                label="Available from"
                type="date"
                {...form.getInputProps('job_preferences.available_from')}
              />
            </SimpleGrid>
          </FormSection>
        </>
      )}
    </SectionEditor>
  );
}
