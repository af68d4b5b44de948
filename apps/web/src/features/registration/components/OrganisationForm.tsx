import { Select, SimpleGrid, TagsInput, Textarea, TextInput } from '@mantine/core';
import { JURISDICTION_LEVELS } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { optionData } from '../form-values';
import { RegistrationShell } from './RegistrationShell';

const INITIAL = {
  organisation_name: '',
  jurisdiction_level: null,
  jurisdiction: '',
  department: '',
  website: '',
  mandate: '',
  focus_areas: [],
  contact_name: '',
  contact_title: '',
  official_email: '',
  contact_phone: '',
};

export type OrganisationRoleType = 'government-body' | 'industry-body';

/** The shared form of /registration/government-body and /registration/industry-body (spec section 2). */
export function OrganisationForm({ roleType }: { roleType: OrganisationRoleType }) {
  const government = roleType === 'government-body';
  return (
    <RegistrationShell roleType={roleType} form="organisation" initialValues={INITIAL}>
      {(form) => (
        <>
          <FormSection title="Organisation">
            <TextInput
              label="Organisation name"
              placeholder={government ? 'Ministry of Trade and Industry' : 'Chamber of Commerce'}
              required
              maxLength={200}
              {...form.getInputProps('organisation_name')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Level"
                placeholder="Choose one"
                required
                data={optionData(JURISDICTION_LEVELS)}
                {...form.getInputProps('jurisdiction_level')}
              />
              <TextInput
                label="Jurisdiction"
                description="The country, state or city you cover."
                required
                maxLength={120}
                {...form.getInputProps('jurisdiction')}
              />
              <TextInput
                label={government ? 'Department' : 'Division or chapter'}
                maxLength={200}
                {...form.getInputProps('department')}
              />
              <TextInput
                label="Website"
                type="url"
                placeholder="https://"
                {...form.getInputProps('website')}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Mandate" description="What you are here to do for the ecosystem.">
            <Textarea
              label="Mandate"
              description="At least 30 characters."
              required
              autosize
              minRows={3}
              maxLength={2000}
              {...form.getInputProps('mandate')}
            />
            <TagsInput
              label="Focus areas"
              description="Press Enter after each, e.g. Startup policy, Export promotion."
              required
              maxTags={15}
              {...form.getInputProps('focus_areas')}
            />
          </FormSection>
          <FormSection title="Contact person" description="Who members and the platform team can reach.">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" required maxLength={120} {...form.getInputProps('contact_name')} />
              <TextInput label="Title" maxLength={120} {...form.getInputProps('contact_title')} />
              <TextInput
                label="Official email"
                description="An address at the organisation's own domain."
                type="email"
                required
                {...form.getInputProps('official_email')}
              />
              <TextInput label="Phone" type="tel" {...form.getInputProps('contact_phone')} />
            </SimpleGrid>
          </FormSection>
        </>
      )}
    </RegistrationShell>
  );
}
