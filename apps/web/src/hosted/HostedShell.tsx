import { Anchor, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '../shared/ui/BrandMark';
import { ColorSchemeToggle } from '../shared/ui/ColorSchemeToggle';
import classes from './HostedShell.module.css';

interface HostedShellProps {
  /** Wider card for the sign-up form. */
  wide?: boolean;
  /** Shown in the footer; absent while the page decides what to show. */
  onCancel?: () => void;
  children: ReactNode;
}

/** The frame of every hosted screen: the product's mark and colour toggle, one card, a way back. */
export function HostedShell({ wide = false, onCancel, children }: HostedShellProps) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <BrandMark size={28} />
        <ColorSchemeToggle />
      </header>
      <main className={classes.main}>
        <Paper
          withBorder
          shadow="md"
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          maw={wide ? 560 : 440}
          className={classes.card}
        >
          {children}
        </Paper>
      </main>
      <footer className={classes.footer}>
        {onCancel ? (
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            Cancel and go back
          </Anchor>
        ) : (
          <Text size="xs" c="dimmed">
            Nexus · Innovation ecosystem and learning platform
          </Text>
        )}
      </footer>
    </div>
  );
}
