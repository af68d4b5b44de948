import { Checkbox, Radio, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { DIASPORA_AVAILABILITY, DIASPORA_CONTRIBUTIONS } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { optionData } from '../form-values';
import { RegistrationShell } from './RegistrationShell';

const INITIAL = {
  country_of_residence: '',
  city_of_residence: '',
  country_of_origin: '',
  profession: '',
  expertise: [],
  linkedin: '',
  contributions: [],
  availability: null,
};

/** /registration/diaspora: where you live, where you are from, and how you would like to help. */
export function DiasporaForm() {
  return (
    <RegistrationShell roleType="diaspora" form="diaspora" initialValues={INITIAL}>
      {(form) => (
        <>
          <FormSection title="Where you are">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Country of residence"
                required
                maxLength={80}
                {...form.getInputProps('country_of_residence')}
              />
              <TextInput label="City" maxLength={80} {...form.getInputProps('city_of_residence')} />
              <TextInput
                label="Country of origin"
                required
                maxLength={80}
                {...form.getInputProps('country_of_origin')}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="What you bring">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Profession" required maxLength={120} {...form.getInputProps('profession')} />
              <TextInput
                label="LinkedIn"
                type="url"
                placeholder="https://www.linkedin.com/in/…"
                {...form.getInputProps('linkedin')}
              />
            </SimpleGrid>
            <TagsInput
              label="Areas of expertise"
              description="Press Enter after each."
              required
              maxTags={15}
              {...form.getInputProps('expertise')}
            />
          </FormSection>
          <FormSection title="How you would like to help">
            <Checkbox.Group label="Ways to contribute" required {...form.getInputProps('contributions')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
                {optionData(DIASPORA_CONTRIBUTIONS).map((option) => (
                  <Checkbox key={option.value} value={option.value} label={option.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Radio.Group label="Availability" required {...form.getInputProps('availability')}>
              <Stack gap="xs" mt="xs">
                {optionData(DIASPORA_AVAILABILITY).map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
              </Stack>
            </Radio.Group>
          </FormSection>
        </>
      )}
    </RegistrationShell>
  );
}
