import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { CURRENCIES, SECTORS, STARTUP_STAGES } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { optionData } from '../form-values';
import { RegistrationShell } from './RegistrationShell';

const INITIAL = {
  startup_name: '',
  founder_role: '',
  stage: null,
  sector: null,
  founded_year: '',
  team_size: '',
  website: '',
  problem: '',
  solution: '',
  currency: null,
  funding_raised: '',
  seeking_amount: '',
};

/** /registration/entrepreneur and /registration/startup: one form, two roles (spec section 6). */
export function StartupForm({ roleType }: { roleType: 'entrepreneur' | 'startup' }) {
  return (
    <RegistrationShell roleType={roleType} form="startup" initialValues={INITIAL}>
      {(form) => (
        <>
          <FormSection title="The startup" description="The basics investors and programmes ask first.">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Startup name"
                required
                maxLength={120}
                {...form.getInputProps('startup_name')}
              />
              <TextInput
                label="Your role"
                placeholder="Founder, CEO, CTO…"
                maxLength={100}
                {...form.getInputProps('founder_role')}
              />
              <Select
                label="Stage"
                placeholder="Choose one"
                required
                data={optionData(STARTUP_STAGES)}
                {...form.getInputProps('stage')}
              />
              <Select
                label="Main sector"
                placeholder="Choose one"
                required
                data={optionData(SECTORS)}
                {...form.getInputProps('sector')}
              />
              <NumberInput
                label="Founded year"
                min={1900}
                max={new Date().getFullYear()}
                allowNegative={false}
                allowDecimal={false}
                {...form.getInputProps('founded_year')}
              />
              <NumberInput
                label="Team size"
                description="Including founders."
                required
                min={1}
                allowNegative={false}
                allowDecimal={false}
                {...form.getInputProps('team_size')}
              />
            </SimpleGrid>
            <TextInput label="Website" type="url" placeholder="https://" {...form.getInputProps('website')} />
          </FormSection>
          <FormSection
            title="Problem and solution"
            description="In plain words; at least 30 characters each."
          >
            <Textarea
              label="Problem"
              description="Who has the problem, and how painful is it?"
              required
              autosize
              minRows={3}
              maxLength={2000}
              {...form.getInputProps('problem')}
            />
            <Textarea
              label="Solution"
              description="What you built, and why it works better."
              required
              autosize
              minRows={3}
              maxLength={2000}
              {...form.getInputProps('solution')}
            />
          </FormSection>
          <FormSection title="Funding" description="Optional; give the currency if you give an amount.">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Currency"
                placeholder="Choose one"
                searchable
                data={optionData(CURRENCIES)}
                {...form.getInputProps('currency')}
              />
              <NumberInput
                label="Funding raised so far"
                min={0}
                allowNegative={false}
                allowDecimal={false}
                thousandSeparator=","
                {...form.getInputProps('funding_raised')}
              />
              <NumberInput
                label="Amount you are seeking"
                min={0}
                allowNegative={false}
                allowDecimal={false}
                thousandSeparator=","
                {...form.getInputProps('seeking_amount')}
              />
            </SimpleGrid>
          </FormSection>
        </>
      )}
    </RegistrationShell>
  );
}
