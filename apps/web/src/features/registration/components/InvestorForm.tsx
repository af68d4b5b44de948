import {
  Checkbox,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CURRENCIES, INVESTMENT_STAGES, INVESTOR_TYPES, SECTORS } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { optionData } from '../form-values';
import { RegistrationShell } from './RegistrationShell';

const INITIAL = {
  investor_type: null,
  organisation: '',
  title: '',
  website: '',
  linkedin: '',
  investment_thesis: '',
  stages: [],
  sectors: [],
  geographies: [],
  currency: 'USD',
  ticket_min: '',
  ticket_max: '',
  portfolio_size: '',
};

/** /registration/investor: who invests, in what, and how much (docs/registration-forms.md). */
export function InvestorForm() {
  return (
    <RegistrationShell roleType="investor" form="investor" initialValues={INITIAL}>
      {(form) => (
        <>
          <FormSection title="About you" description="How founders and programmes will see you.">
            <Select
              label="Kind of investor"
              placeholder="Choose one"
              required
              data={optionData(INVESTOR_TYPES)}
              {...form.getInputProps('investor_type')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Organisation"
                description="Fund, family office or company; optional for angels."
                required={form.getValues().investor_type !== 'angel'}
                maxLength={200}
                {...form.getInputProps('organisation')}
              />
              <TextInput label="Your title" maxLength={100} {...form.getInputProps('title')} />
              <TextInput
                label="Website"
                type="url"
                placeholder="https://"
                {...form.getInputProps('website')}
              />
              <TextInput
                label="LinkedIn"
                type="url"
                placeholder="https://www.linkedin.com/in/…"
                {...form.getInputProps('linkedin')}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Investment focus" description="What you look for in a deal.">
            <Textarea
              label="Investment thesis"
              description="At least 30 characters: what you back and why."
              required
              autosize
              minRows={3}
              maxLength={2000}
              {...form.getInputProps('investment_thesis')}
            />
            <Checkbox.Group label="Stages you invest in" required {...form.getInputProps('stages')}>
              <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs">
                {optionData(INVESTMENT_STAGES).map((option) => (
                  <Checkbox key={option.value} value={option.value} label={option.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <MultiSelect
              label="Sectors"
              description="Up to 8."
              required
              maxValues={8}
              data={optionData(SECTORS)}
              {...form.getInputProps('sectors')}
            />
            <TagsInput
              label="Geographies"
              description="Countries or regions; press Enter after each."
              required
              maxTags={20}
              {...form.getInputProps('geographies')}
            />
          </FormSection>
          <FormSection title="Ticket size" description="A typical cheque, from smallest to largest.">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Currency"
                placeholder="Choose one"
                required
                searchable
                data={optionData(CURRENCIES)}
                {...form.getInputProps('currency')}
              />
              <NumberInput
                label="Minimum ticket"
                required
                min={0}
                allowNegative={false}
                allowDecimal={false}
                thousandSeparator=","
                {...form.getInputProps('ticket_min')}
              />
              <NumberInput
                label="Maximum ticket"
                required
                min={0}
                allowNegative={false}
                allowDecimal={false}
                thousandSeparator=","
                {...form.getInputProps('ticket_max')}
              />
            </SimpleGrid>
            <NumberInput
              label="Portfolio size"
              description="Companies you have invested in so far."
              min={0}
              allowNegative={false}
              allowDecimal={false}
              maw={240}
              {...form.getInputProps('portfolio_size')}
            />
          </FormSection>
        </>
      )}
    </RegistrationShell>
  );
}
