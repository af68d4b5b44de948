import { TagsInput, Textarea, TextInput } from '@mantine/core';
import { FormSection } from '../../../shared/ui/FormSection';
import { RegistrationShell } from './RegistrationShell';

const INITIAL = { affiliation: '', about: '', interests: [] };

/** /registration/{passedRole}: the short form for any other user role (spec section 2). */
export function GenericForm({ roleType }: { roleType: string }) {
  return (
    <RegistrationShell key={roleType} roleType={roleType} form="generic" initialValues={INITIAL}>
      {(form) => (
        <FormSection title="Your profile" description="A few words for the people you will meet here.">
          <TextInput
            label="Organisation or affiliation"
            placeholder="School, company, institute…"
            required
            maxLength={200}
            {...form.getInputProps('affiliation')}
          />
          <Textarea
            label="About you"
            description="At least 20 characters."
            required
            autosize
            minRows={3}
            maxLength={2000}
            {...form.getInputProps('about')}
          />
          <TagsInput
            label="Interests"
            description="Press Enter after each."
            required
            maxTags={15}
            {...form.getInputProps('interests')}
          />
        </FormSection>
      )}
    </RegistrationShell>
  );
}
