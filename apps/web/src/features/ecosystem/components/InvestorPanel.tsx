import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { callBody, type InvestorItem, investorBody } from '@nexus/contracts';
import { useState } from 'react';
import { notify } from '../../../shared/ui/notify';
import { useCreateCallMutation, useSaveInvestorMutation } from '../api';
import { failure, fieldErrors } from './form-errors';
import { COUNTRY_OPTIONS, INVESTOR_KIND_OPTIONS, ROUND_OPTIONS, SECTOR_OPTIONS } from './labels';

/** Creating one's investor profile (thesis, sectors, rounds): needed before publishing a call. */
export function InvestorProfileForm() {
  const [v, setV] = useState({
    name: '',
    kind: null as string | null,
    country: null as string | null,
    thesis: '',
    sectors: [] as string[],
    stages: [] as string[],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSaveInvestorMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { ...v, kind: v.kind ?? '', country: v.country ?? '' };
    const parsed = investorBody.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    try {
      await save({ body }).unwrap();
      notify.success('Your investor profile is published.');
    } catch (failed) {
      setError(failure(failed, 'The profile was not saved. Try again.'));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Become an investor on Nexus
        </Title>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Investor or fund name"
          required
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          error={errors.name}
        />
        <Group grow wrap="wrap">
          <Select
            label="Kind"
            required
            data={INVESTOR_KIND_OPTIONS}
            value={v.kind}
            onChange={(kind) => setV({ ...v, kind })}
            error={errors.kind}
          />
          <Select
            label="Country"
            required
            searchable
            data={COUNTRY_OPTIONS}
            value={v.country}
            onChange={(country) => setV({ ...v, country })}
            error={errors.country}
          />
        </Group>
        <Textarea
          label="Thesis"
          autosize
          minRows={2}
          value={v.thesis}
          onChange={(e) => setV({ ...v, thesis: e.currentTarget.value })}
          error={errors.thesis}
        />
        <Group grow wrap="wrap">
          <MultiSelect
            label="Sectors"
            data={SECTOR_OPTIONS}
            value={v.sectors}
            onChange={(sectors) => setV({ ...v, sectors })}
            searchable
          />
          <MultiSelect
            label="Rounds"
            data={ROUND_OPTIONS}
            value={v.stages}
            onChange={(stages) => setV({ ...v, stages })}
          />
        </Group>
        <Button type="submit" loading={saving.isLoading} w="fit-content">
          Publish investor profile
        </Button>
      </Stack>
    </form>
  );
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Publishing a call: thesis, sector, round, ticket size and closing date. */
export function CallForm({ investor }: { investor: InvestorItem }) {
  const empty = {
    title: '',
    thesis: '',
    sector: null as string | null,
    stage: null as string | null,
    ticket_min: '' as number | string,
    ticket_max: '' as number | string,
    closes: inDays(30),
  };
  const [v, setV] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateCallMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      title: v.title,
      thesis: v.thesis,
      sector: v.sector ?? '',
      stage: v.stage ?? '',
      ticket_min: Number(v.ticket_min),
      ticket_max: Number(v.ticket_max),
      currency: 'USD' as const,
      closes_at: `${v.closes}T23:59:59Z`,
    };
    const parsed = callBody.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    try {
      await create(parsed.data).unwrap();
      notify.success('Your call is open.');
      setV(empty);
      setError(null);
    } catch (failed) {
      setError(failure(failed, 'The call was not published. Try again.'));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Publish a call as {investor.name}
        </Title>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          required
          value={v.title}
          onChange={(e) => setV({ ...v, title: e.currentTarget.value })}
          error={errors.title}
        />
        <Textarea
          label="Thesis"
          autosize
          minRows={2}
          value={v.thesis}
          onChange={(e) => setV({ ...v, thesis: e.currentTarget.value })}
        />
        <Group grow wrap="wrap">
          <Select
            label="Sector"
            required
            searchable
            data={SECTOR_OPTIONS}
            value={v.sector}
            onChange={(sector) => setV({ ...v, sector })}
            error={errors.sector}
          />
          <Select
            label="Round"
            required
            data={ROUND_OPTIONS}
            value={v.stage}
            onChange={(stage) => setV({ ...v, stage })}
            error={errors.stage}
          />
        </Group>
        <Group grow wrap="wrap">
          <NumberInput
            label="Smallest ticket (USD)"
            required
            min={1}
            thousandSeparator=","
            value={v.ticket_min}
            onChange={(ticket_min) => setV({ ...v, ticket_min })}
            error={errors.ticket_min}
          />
          <NumberInput
            label="Largest ticket (USD)"
            required
            min={1}
            thousandSeparator=","
            value={v.ticket_max}
            onChange={(ticket_max) => setV({ ...v, ticket_max })}
            error={errors.ticket_max}
          />
          <TextInput
            type="date"
            label="Closes on"
            required
            value={v.closes}
            onChange={(e) => setV({ ...v, closes: e.currentTarget.value })}
            error={errors.closes_at}
          />
        </Group>
        <Button type="submit" loading={creating.isLoading} w="fit-content">
          Publish call
        </Button>
      </Stack>
    </form>
  );
}
