import { Alert, Anchor, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { FormSection } from '../../../shared/ui/FormSection';
import { Modal } from '../../../shared/ui/Modal';
import { CoAuthorsPanel } from '../authoring/CoAuthorsPanel';
import { useAuthorsQuery } from '../authoring/coauthors-api';
import { OutlineEditor } from '../authoring/OutlineEditor';
import { ProgramDetailsForm } from '../authoring/ProgramDetailsForm';
import { ProgramStatusBadge } from '../authoring/ProgramStatusBadge';
import { PublishControls } from '../authoring/PublishControls';
import { UnitEditor } from '../authoring/UnitEditor';
import { useAuthoringScope } from '../authoring/use-authoring-session';
import { useOutlineActions } from '../authoring/use-outline-actions';
import { ProgramUnavailable } from '../components/ProgramUnavailable';
import { useProgramTreeQuery } from '../learning-api';

const NOUN = { courses: 'course', modules: 'module', units: 'unit' } as const;

/**
 * /program/manage/{programId} (issue 5, part 3): the program's details, its status, and its outline
 * of courses, modules and units with each unit's content. The Tiptap styles load with this page only.
 */
export default function ProgramBuilderPage() {
  const programId = Number(useParams().programId);
  const scope = useAuthoringScope();
  const tree = useProgramTreeQuery(programId, { skip: !Number.isInteger(programId) });
  const outline = useOutlineActions(programId, scope.userId);
  const inScope = tree.data !== undefined && tree.data.tenant_id === scope.tenantId;
  // Authors of the program are its owner, co-authors and the scope's admins; anyone else is told at once.
  const authors = useAuthorsQuery({ kind: 'program', id: programId }, { skip: !inScope });
  const notAuthor = (authors.error as HttpQueryError | undefined)?.status === 403;
  // Someone who may not change the program reads it where learners do: no controls that would fail.
  const readOnly = tree.data !== undefined && (!inScope || notAuthor);

  if (!tree.data) return <ProgramUnavailable loading={tree.isLoading} error={tree.error} />;
  const program = tree.data;
  const owner = program.tenant_id === null ? 'the whole platform' : scope.owner;

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to="/manage-programs" size="sm" w="fit-content">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden="true" />
              All programs
            </Group>
          </Anchor>
          <Group gap="sm" wrap="wrap">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {program.program_name}
            </Title>
            <ProgramStatusBadge status={program.status} />
          </Group>
          <Text c="dimmed" size="sm">
            Belongs to {owner}.
          </Text>
        </Stack>
        {program.tenant_id !== scope.tenantId ? (
          // Inside a tenant the platform's programs are readable but only the platform changes them.
          <Alert color="yellow" title="You cannot change this program here">
            {`It belongs to ${program.tenant_id === null ? 'the whole platform' : 'another organisation'}, where it is changed.`}
          </Alert>
        ) : notAuthor ? (
          <Alert color="yellow" role="alert" title="You cannot change this program">
            {(authors.error as HttpQueryError).message}
          </Alert>
        ) : null}
        {readOnly ? (
          <Button component={Link} to={`/programs/overview/${programId}`} variant="light" w="fit-content">
            Open the program
          </Button>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <FormSection
                title="Outline"
                description="Drag a line by its handle, or use Move up and Move down, to change the order."
              >
                <OutlineEditor tree={program} actions={outline.actions} />
              </FormSection>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                <FormSection title="Status">
                  <PublishControls program={program} userId={scope.userId} />
                </FormSection>
                <FormSection title="Details">
                  <ProgramDetailsForm key={program.modified_at} program={program} />
                </FormSection>
                {inScope && !notAuthor ? (
                  <FormSection title="Authors" description="Co-authors edit this program with you.">
                    <CoAuthorsPanel kind="program" id={programId} userId={scope.userId} />
                  </FormSection>
                ) : null}
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
      <Modal
        opened={outline.editing !== null}
        onClose={outline.stopEditing}
        title={outline.editing ? `Edit unit: ${outline.editing.unit_name}` : 'Edit unit'}
      >
        {outline.editing ? (
          <UnitEditor programId={programId} unit={outline.editing} onDone={outline.stopEditing} />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={outline.pendingDelete !== null}
        title={`Delete this ${outline.pendingDelete ? NOUN[outline.pendingDelete.level] : 'item'}?`}
        message={`“${outline.pendingDelete?.name ?? ''}” and everything under it will be deleted.`}
        confirmLabel="Delete"
        onCancel={outline.cancelDelete}
        onConfirm={outline.confirmDelete}
      />
    </Container>
  );
}
