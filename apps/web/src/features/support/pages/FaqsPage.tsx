import {
  Accordion,
  ActionIcon,
  Button,
  Container,
  Group,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Faq, SUPPORT_MESSAGES } from '@nexus/contracts';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { useActorId } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { helpScope } from '../access';
import { useDeleteFaqMutation, useFaqsQuery, useReorderFaqsMutation } from '../api';
import { FaqEditor } from '../components/FaqEditor';
import { HelpLinks } from '../components/HelpLinks';

function byCategory(rows: Faq[]): [string, Faq[]][] {
  const groups = new Map<string, Faq[]>();
  for (const row of rows) groups.set(row.category, [...(groups.get(row.category) ?? []), row]);
  return [...groups.entries()];
}

/** /faqs: questions and answers by category, searched by word; admins edit their context's. */
export default function FaqsPage() {
  const auth = useAppSelector((state) => state.auth);
  const signedIn = auth.isLoggedIn;
  const scope = helpScope(auth);
  const contextTenant = auth.roleContext === 'tenant' ? (auth.currentTenant?.tenant_id ?? null) : null;
  const userId = useActorId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Faq | null>(null);
  const query = useFaqsQuery(debounced);
  const [remove] = useDeleteFaqMutation();
  const [reorder] = useReorderFaqsMutation();
  const rows = query.data ?? [];
  const canEdit = (faq: Faq) => signedIn && scope.administers && faq.tenant_id === contextTenant;

  /** Swaps a FAQ with its neighbour among the ones this admin may order in the same category. */
  const move = async (group: Faq[], faq: Faq, step: -1 | 1) => {
    const own = group.filter(canEdit);
    const at = own.findIndex((row) => row.faq_id === faq.faq_id);
    const other = own[at + step];
    if (!other) return;
    const ids = own.map((row) => row.faq_id);
    ids[at] = other.faq_id;
    ids[at + step] = faq.faq_id;
    try {
      await reorder(ids).unwrap();
    } catch (failure) {
      notify.error((failure as { message?: string }).message ?? 'Request failed');
    }
  };

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <HelpLinks other={{ to: '/privacy-policy', label: 'Privacy policy' }} />
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Frequently asked questions</Title>
            <Text c="dimmed">Answers to what people ask most.</Text>
          </div>
          {signedIn && scope.administers ? (
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing('new')}>
              New FAQ
            </Button>
          ) : null}
        </Group>
        <SearchField label="Search the FAQs" value={search} onChange={setSearch} />
        <QueryState
          label="the FAQs"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          emptyText={debounced.trim() ? 'No question matches your search' : 'No questions yet'}
          onRetry={() => query.refetch()}
        >
          {byCategory(rows).map(([category, group]) => (
            <Stack key={category} gap="xs" component="section" aria-label={category}>
              <Title order={2} size="h3">
                {category}
              </Title>
              <Accordion variant="separated">
                {group.map((faq) => (
                  <Accordion.Item key={faq.faq_id} value={String(faq.faq_id)}>
                    <Accordion.Control>{faq.question}</Accordion.Control>
                    <Accordion.Panel>
                      <Typography>
                        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html on the server when saved. */}
                        <div dangerouslySetInnerHTML={{ __html: faq.answer }} />
                      </Typography>
                      {canEdit(faq) ? (
                        <Group gap="xs" mt="sm">
                          <ActionIcon
                            variant="light"
                            aria-label={`Move up: ${faq.question}`}
                            onClick={() => move(group, faq, -1)}
                          >
                            <IconArrowUp size={16} aria-hidden="true" />
                          </ActionIcon>
                          <ActionIcon
                            variant="light"
                            aria-label={`Move down: ${faq.question}`}
                            onClick={() => move(group, faq, 1)}
                          >
                            <IconArrowDown size={16} aria-hidden="true" />
                          </ActionIcon>
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Edit ${faq.question}`}
                            onClick={() => setEditing(faq)}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            aria-label={`Delete ${faq.question}`}
                            onClick={() => setDeleting(faq)}
                          >
                            Delete
                          </Button>
                        </Group>
                      ) : null}
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          ))}
        </QueryState>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New FAQ' : 'Edit FAQ'}
      >
        {editing ? (
          <FaqEditor
            key={editing === 'new' ? 'new' : editing.faq_id}
            initial={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete FAQ"
        message={deleting ? `Delete "${deleting.question}"? Readers will no longer see it.` : ''}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove({ id: deleting.faq_id, userId }).unwrap();
          notify.success(SUPPORT_MESSAGES.faqDeleted);
        }}
      />
    </Container>
  );
}
