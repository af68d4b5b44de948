import { Group, Radio, Stack, TextInput, Title } from '@mantine/core';
import { COMPETENCE_AREAS, COMPETENCES, type CompetenceKey, scoreSelfAssessment } from '@nexus/contracts';
import { FormSection } from '../../../shared/ui/FormSection';
import { SectionEditor, type SectionForm } from '../components/SectionEditor';
import { ScoreSummary } from '../components/SectionSummary';

const INITIAL = {
  ratings: Object.fromEntries(COMPETENCES.map((c) => [c.key, { score: '', note: '' }])),
  show_on_profile: false,
};

const SCALE = ['1', '2', '3', '4', '5'];
const SCALE_HINT = '1 = just starting, 5 = expert';

function ratingsOf(form: SectionForm) {
  return (form.getValues().ratings ?? {}) as Partial<Record<CompetenceKey, { score: number | '' }>>;
}

function Competence({ form, competence }: { form: SectionForm; competence: (typeof COMPETENCES)[number] }) {
  const path = `ratings.${competence.key}.score`;
  const input = form.getInputProps(path);
  return (
    <Stack gap={6}>
      <Radio.Group
        label={competence.label}
        description={SCALE_HINT}
        withAsterisk
        value={input.value === '' || input.value === undefined ? null : String(input.value)}
        onChange={(value) => form.setFieldValue(path, Number(value))}
        error={input.error}
      >
        <Group gap="md" mt={6}>
          {SCALE.map((value) => (
            <Radio key={value} value={value} label={value} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        size="xs"
        label="Note (optional)"
        placeholder="An example, or what you want to improve"
        {...form.getInputProps(`ratings.${competence.key}.note`)}
      />
    </Stack>
  );
}

/**
 * /self-assessment: the caller rates the 15 EntreComp competences from 1 to 5 and sees the computed
 * score (the same function the server stores it with). Private unless the owner shows it.
 */
export default function SelfAssessmentPage() {
  return (
    <SectionEditor
      section="self-assessment"
      title="Self-assessment"
      description="Rate yourself on the entrepreneurial competences of the EntreComp framework. Only you see it unless you choose to show it."
      initialValues={INITIAL}
      aside={(form) => {
        const ratings = ratingsOf(form);
        const rated = Object.fromEntries(
          Object.entries(ratings).filter(([, r]) => typeof r?.score === 'number'),
        ) as Record<CompetenceKey, { score: number }>;
        return (
          <Stack gap="xs" aria-live="polite">
            <Title order={2} fz="h4">
              Your score
            </Title>
            <ScoreSummary score={scoreSelfAssessment(rated)} />
          </Stack>
        );
      }}
    >
      {(form) =>
        COMPETENCE_AREAS.values.map((area) => (
          <FormSection key={area} title={COMPETENCE_AREAS.labels[area]}>
            {COMPETENCES.filter((c) => c.area === area).map((competence) => (
              <Competence key={competence.key} form={form} competence={competence} />
            ))}
          </FormSection>
        ))
      }
    </SectionEditor>
  );
}
