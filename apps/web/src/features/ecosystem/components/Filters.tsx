import { Group, Select } from '@mantine/core';

export interface FilterDef {
  key: string;
  label: string;
  options: { value: string; label: string }[];
}

/** Filter selects of a list page; clearing one shows every value again. */
export function Filters({
  defs,
  values,
  onChange,
}: {
  defs: FilterDef[];
  values: Record<string, string | undefined>;
  onChange: (key: string, value: string | undefined) => void;
}) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {defs.map((def) => (
        <Select
          key={def.key}
          label={def.label}
          placeholder="Any"
          data={def.options}
          value={values[def.key] ?? null}
          onChange={(value) => onChange(def.key, value ?? undefined)}
          clearable
          searchable
          w={{ base: '100%', xs: 200 }}
        />
      ))}
    </Group>
  );
}
