import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { FUNDING_CURRENCIES, FUNDING_INSTRUMENTS, FUNDING_STAGES } from '@nexus/contracts';
import { IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { FormSection } from '../../../shared/ui/FormSection';
import { SectionEditor, type SectionForm } from '../components/SectionEditor';
import { optionData } from '../form-values';

const INITIAL = {
  amount_sought: '',
  currency: 'USD',
  stage: null,
  instrument: 'equity',
  raised_to_date: '',
  use_of_funds: [],
  traction: { monthly_revenue: '', customers: '', growth_percent: '', highlights: '' },
  pitch_deck_url: '',
  show_on_profile: true,
};

function UseOfFunds({ form }: { form: SectionForm }) {
  const uses = (form.getValues().use_of_funds ?? []) as { percent: number | '' }[];
  const total = uses.reduce((sum, use) => sum + (typeof use.percent === 'number' ? use.percent : 0), 0);
  const error = form.errors.use_of_funds;
  return (
    <FormSection title="Use of funds" description="How the money will be spent; the shares add up to 100%.">
      {uses.map((_use, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; Mantine's list helpers keep order.
        <Group key={index} align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            label="Purpose"
            style={{ flex: 1, minWidth: 0 }}
            withAsterisk
            {...form.getInputProps(`use_of_funds.${index}.purpose`)}
          />
          <NumberInput
            label="Share (%)"
            w={110}
            min={1}
            max={100}
            allowDecimal={false}
            withAsterisk
            {...form.getInputProps(`use_of_funds.${index}.percent`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={`Remove use ${index + 1}`}
            onClick={() => form.removeListItem('use_of_funds', index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('use_of_funds', { purpose: '', percent: '' })}
        >
          Add a use
        </Button>
        {uses.length > 0 ? (
          <Group gap={4} aria-live="polite">
            {total === 100 ? <IconCheck size={16} aria-hidden="true" /> : null}
            <Text size="sm" fw={total === 100 ? 600 : 400}>
              Total {total}%
            </Text>
          </Group>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </FormSection>
  );
}

/** /fundrasing-profile (the spec's spelling): the round the caller is raising, its use and traction. */
export default function FundraisingProfilePage() {
  return (
    <SectionEditor
      section="fundraising"
      title="Fundraising profile"
      description="What you are raising, what it is for and the traction behind it, for investors on Nexus."
      initialValues={INITIAL}
    >
      {(form) => (
        <>
          <FormSection title="The round">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="Amount sought"
                withAsterisk
                min={1}
                thousandSeparator=","
                {...form.getInputProps('amount_sought')}
              />
              <Select
                label="Currency"
                data={optionData(FUNDING_CURRENCIES)}
                allowDeselect={false}
                {...form.getInputProps('currency')}
              />
              <Select
                label="Round"
                withAsterisk
                data={optionData(FUNDING_STAGES)}
                {...form.getInputProps('stage')}
              />
              <Select
                label="Instrument"
                data={optionData(FUNDING_INSTRUMENTS)}
                allowDeselect={false}
                {...form.getInputProps('instrument')}
              />
              <NumberInput
                label="Raised so far"
                min={0}
                thousandSeparator=","
                {...form.getInputProps('raised_to_date')}
              />
              <TextInput
                label="Pitch deck link"
                placeholder="https://"
                type="url"
                {...form.getInputProps('pitch_deck_url')}
              />
            </SimpleGrid>
          </FormSection>
          <UseOfFunds form={form} />
          <FormSection title="Traction">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label="Monthly revenue"
                min={0}
                thousandSeparator=","
                {...form.getInputProps('traction.monthly_revenue')}
              />
              <NumberInput
                label="Customers or users"
                min={0}
                allowDecimal={false}
                thousandSeparator=","
                {...form.getInputProps('traction.customers')}
              />
              <NumberInput label="Monthly growth (%)" {...form.getInputProps('traction.growth_percent')} />
            </SimpleGrid>
            <Textarea
              label="Highlights"
              description="Pilots, partnerships, awards, retention..."
              autosize
              minRows={3}
              {...form.getInputProps('traction.highlights')}
            />
          </FormSection>
        </>
      )}
    </SectionEditor>
  );
}
