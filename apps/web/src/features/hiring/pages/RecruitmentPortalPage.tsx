import { Alert, Button, Container, Drawer, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { ApplicationStage } from '@nexus/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { usePlatformAdmin } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useClosePostingMutation, useManagedQuery, useMoveMutation, usePipelineQuery } from '../api';
import { ApplicationPanel } from '../components/ApplicationPanel';
import { DeclineDialog } from '../components/DeclineDialog';
import { dayLabel } from '../components/labels';
import { PipelineBoard } from '../components/PipelineBoard';
import { PostingForm } from '../components/PostingForm';

/** /recruitment-portal: the organisation's postings and, for the chosen one, the pipeline board. */
export default function RecruitmentPortalPage() {
  const [params, setParams] = useSearchParams();
  // The tenant restored after a full load arrives after the first render: keyed on it, the lists
  // are asked again in the organisation rather than left with the main platform's refusal.
  const tenantId = useAppSelector((state) =>
    state.auth.roleContext === 'tenant' ? (state.auth.currentTenant?.tenant_id ?? null) : null,
  );
  // Outside an organisation only a platform administrator recruits (the server's employerTenant):
  // anyone else is shown the way to an organisation without asking for a refusal first.
  const platformAdmin = usePlatformAdmin();
  const outsider = tenantId === null && !platformAdmin;
  const managed = useManagedQuery(tenantId, { skip: outsider });
  const postings = managed.data ?? [];
  const chosen = Number(params.get('posting')) || postings[0]?.posting_id || 0;
  const posting = postings.find((item) => item.posting_id === chosen);
  const pipeline = usePipelineQuery({ id: chosen, tenantId }, { skip: !posting });
  const [move] = useMoveMutation();
  const [closePosting] = useClosePostingMutation();
  const [creating, setCreating] = useState(false);
  const [closing, setClosing] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const choose = (id: number) => {
    setSelected([]);
    setParams({ posting: String(id) });
  };
  const forbidden = outsider || (managed.error as HttpQueryError | undefined)?.status === 403;

  const moveTo = async (id: number, stage: ApplicationStage) => {
    setFailure(null);
    try {
      await move({ id, stage }).unwrap();
      setSelected((current) => current.filter((value) => value !== id));
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Recruitment portal</Title>
            <Text c="dimmed">Your organisation's jobs and internships, and everyone who applied.</Text>
          </div>
          {forbidden ? null : (
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
              Post a job
            </Button>
          )}
        </Group>
        {forbidden ? (
          <Alert color="blue" title="Recruiting is for organisations">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Switch to an organisation you administer (or recruit for) to post jobs and see applicants.
              </Text>
              <Button component={Link} to="/select-role" size="xs" variant="light">
                Choose a role
              </Button>
            </Stack>
          </Alert>
        ) : (
          <QueryState
            label="your postings"
            isLoading={managed.isLoading}
            error={managed.error}
            isEmpty={postings.length === 0}
            emptyText="Your organisation has posted no jobs yet"
            emptyAction={
              <Button variant="light" onClick={() => setCreating(true)}>
                Post a job
              </Button>
            }
            onRetry={() => managed.refetch()}
          >
            <Stack gap="md">
              <Group align="flex-end" wrap="wrap" gap="md">
                <Select
                  label="Posting"
                  data={postings.map((item) => ({
                    value: String(item.posting_id),
                    label: `${item.title} (${item.applications}${item.status === 'closed' || !item.open ? ', closed' : ''})`,
                  }))}
                  value={posting ? String(posting.posting_id) : null}
                  allowDeselect={false}
                  onChange={(value) => value && choose(Number(value))}
                  style={{ flex: '1 1 20rem' }}
                />
                {posting ? (
                  <Group gap="sm">
                    <Button component={Link} to={`/search-jobs/${posting.posting_id}`} variant="default">
                      Public page
                    </Button>
                    {posting.open ? (
                      <Button variant="light" color="red" onClick={() => setClosing(true)}>
                        Close posting
                      </Button>
                    ) : null}
                    <Button color="red" disabled={selected.length === 0} onClick={() => setDeclining(true)}>
                      Decline selected ({selected.length})
                    </Button>
                  </Group>
                ) : null}
              </Group>
              {posting ? (
                <Text size="sm" c="dimmed">
                  {posting.open
                    ? `Open until ${dayLabel(posting.closes_at)}`
                    : `Closed ${dayLabel(posting.closes_at)}`}
                  . Drag a card to another stage, or use its “Move to” list. Each move tells the applicant.
                </Text>
              ) : null}
              {failure ? (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <QueryState
                label="the applications"
                isLoading={pipeline.isLoading}
                error={pipeline.error}
                isEmpty={(pipeline.data?.data ?? []).length === 0}
                emptyText="No one has applied yet"
                onRetry={() => pipeline.refetch()}
              >
                <PipelineBoard
                  items={pipeline.data?.data ?? []}
                  selected={selected}
                  onSelect={setSelected}
                  onOpen={setOpen}
                  onMove={moveTo}
                />
              </QueryState>
            </Stack>
          </QueryState>
        )}
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Post a job or internship">
        <PostingForm
          onDone={(id) => {
            setCreating(false);
            choose(id);
          }}
        />
      </Modal>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        title="Application"
        position="right"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close application' }}
      >
        {open !== null ? <ApplicationPanel applicationId={open} /> : null}
      </Drawer>
      <DeclineDialog
        ids={selected}
        opened={declining}
        onClose={() => setDeclining(false)}
        onDone={() => {
          setDeclining(false);
          setSelected([]);
        }}
      />
      <ConfirmDialog
        opened={closing}
        title="Close this posting?"
        message="It leaves the search and takes no more applications. Applicants already in the pipeline stay."
        confirmLabel="Close posting"
        onCancel={() => setClosing(false)}
        onConfirm={async () => {
          if (!posting) return;
          await closePosting(posting.posting_id).unwrap();
          notify.success('The posting is closed.');
        }}
      />
    </Container>
  );
}
