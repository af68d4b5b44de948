import { Checkbox, MultiSelect, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { PROGRAMME_SERVICES, PROGRAMME_TYPES, SECTORS } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { optionData } from '../form-values';
import { RegistrationShell } from './RegistrationShell';

const INITIAL = {
  organisation: '',
  location: '',
  website: '',
  description: '',
  programme_type: null,
  cohort_capacity: '',
  duration_weeks: '',
  equity_percent: '',
  sectors: [],
  services: [],
};

export type IncubatorRoleType = 'incubator' | 'accelerator' | 'startup-hub';

/** The shared form of /registration/incubator, /accelerator and /startup-hub (spec section 2). */
export function IncubatorForm({ roleType }: { roleType: IncubatorRoleType }) {
  return (
    <RegistrationShell roleType={roleType} form="incubator" initialValues={INITIAL}>
      {(form) => (
        <>
          <FormSection title="Organisation" description="Who runs the programme, and where.">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Organisation"
                required
                maxLength={200}
                {...form.getInputProps('organisation')}
              />
              <TextInput
                label="Location"
                description="City and country."
                required
                maxLength={120}
                {...form.getInputProps('location')}
              />
            </SimpleGrid>
            <TextInput label="Website" type="url" placeholder="https://" {...form.getInputProps('website')} />
            <Textarea
              label="About the programme"
              autosize
              minRows={2}
              maxLength={2000}
              {...form.getInputProps('description')}
            />
          </FormSection>
          <FormSection title="Programme" description="The shape of one cohort.">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Programme type"
                placeholder="Choose one"
                required
                data={optionData(PROGRAMME_TYPES)}
                {...form.getInputProps('programme_type')}
              />
              <NumberInput
                label="Cohort capacity"
                description="Startups per cohort."
                required
                min={1}
                allowNegative={false}
                allowDecimal={false}
                {...form.getInputProps('cohort_capacity')}
              />
              <NumberInput
                label="Programme length (weeks)"
                required
                min={1}
                max={260}
                allowNegative={false}
                allowDecimal={false}
                {...form.getInputProps('duration_weeks')}
              />
              <NumberInput
                label="Equity taken (%)"
                description="0 if you take none."
                required
                min={0}
                max={100}
                decimalScale={2}
                allowNegative={false}
                {...form.getInputProps('equity_percent')}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Focus and services">
            <MultiSelect
              label="Sectors"
              description="Up to 8."
              required
              maxValues={8}
              data={optionData(SECTORS)}
              {...form.getInputProps('sectors')}
            />
            <Checkbox.Group label="Services offered" required {...form.getInputProps('services')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
                {optionData(PROGRAMME_SERVICES).map((option) => (
                  <Checkbox key={option.value} value={option.value} label={option.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </FormSection>
        </>
      )}
    </RegistrationShell>
  );
}
