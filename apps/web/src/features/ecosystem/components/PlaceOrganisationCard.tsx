import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { notify } from '../../../shared/ui/notify';
import { usePlaceOrganisationMutation } from '../api';
import { failure } from './form-errors';
import { COUNTRY_OPTIONS, countryLabel, SECTOR_OPTIONS } from './labels';

/**
 * An organisation's administrator, acting in it, places it on the ecosystem map (PUT
 * updateOrganisationLocation): a country, and a sector if it has one. Placing it again moves it.
 * Nobody else sees the card; the server holds the same rule (tenant administrators only).
 */
export function PlaceOrganisationCard() {
  const tenant = useAppSelector((state) =>
    state.auth.roleContext === 'tenant' && state.auth.currentRole?.role_view === 'admin'
      ? state.auth.currentTenant
      : null,
  );
  const [country, setCountry] = useState<string | null>(null);
  const [sector, setSector] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [place, { isLoading }] = usePlaceOrganisationMutation();
  if (!tenant) return null;

  const submit = async () => {
    if (!country) {
      setError('Choose a country from the list.');
      return;
    }
    setError(null);
    try {
      await place({ country, sector }).unwrap();
      notify.success(`${tenant.tenant_name} is on the map in ${countryLabel(country)}.`);
    } catch (rejection) {
      notify.error(failure(rejection, 'Your organisation was not placed. Try again.'));
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="place-organisation-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="place-organisation-title">
          {tenant.tenant_name} on the map
        </Title>
        <Text size="sm" c="dimmed">
          Where your organisation works. Placing it again moves it.
        </Text>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <Select
            label="Country"
            placeholder="Choose a country"
            data={COUNTRY_OPTIONS}
            value={country}
            onChange={(value) => {
              setCountry(value);
              setError(null);
            }}
            error={error}
            searchable
            required
            w={{ base: '100%', xs: 240 }}
          />
          <Select
            label="Sector"
            placeholder="No sector"
            data={SECTOR_OPTIONS}
            value={sector}
            onChange={setSector}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <Button onClick={() => void submit()} loading={isLoading}>
            Place on the map
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
