import { Center, Grid, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConversationList } from '../components/ConversationList';
import { ConversationView } from '../components/ConversationView';
import classes from '../components/Messaging.module.css';
import { NewMessageDialog } from '../components/NewMessageDialog';
import { OPEN_PARAM } from '../open-conversation';

/**
 * /messages (issue 16 point 1): the conversation list and the open conversation side by side on a
 * desktop, one at a time on a phone. The open conversation is URL state (`?c=<id>`), so the back
 * button and a shared link work, and the header knows not to toast about it.
 */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery('(max-width: 48em)');
  const [composing, setComposing] = useState(false);
  const raw = Number(params.get(OPEN_PARAM));
  const openId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const open = (id: number | null) => setParams(id === null ? {} : { [OPEN_PARAM]: String(id) });

  const list = <ConversationList openId={openId} onOpen={open} onNew={() => setComposing(true)} />;
  const view =
    openId === null ? (
      <Center h="100%">
        <Stack align="center" gap="xs">
          <IconMessages size={40} aria-hidden="true" />
          <Text c="dimmed">Choose a conversation, or start a new one.</Text>
        </Stack>
      </Center>
    ) : (
      <ConversationView
        key={openId}
        conversationId={openId}
        onBack={phone ? () => open(null) : undefined}
        onLeft={() => open(null)}
      />
    );

  return (
    <>
      {phone ? (
        <Paper className={classes.pane} p="sm" withBorder>
          {openId === null ? list : view}
        </Paper>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper className={classes.pane} p="sm" withBorder component="nav" aria-label="Conversations">
              {list}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper
              className={classes.pane}
              p="sm"
              withBorder
              component="section"
              aria-label="Open conversation"
            >
              {view}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
      <NewMessageDialog opened={composing} onClose={() => setComposing(false)} onOpened={(id) => open(id)} />
    </>
  );
}
