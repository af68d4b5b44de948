import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { HttpQueryError } from '../api/base-api';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Red by default: most confirmations guard a destructive action. */
  confirmColor?: string;
  onCancel: () => void;
  /** Runs the destructive call; a rejection keeps the dialog open with the message. */
  onConfirm: () => Promise<unknown>;
}

/** Every destructive or far-reaching action asks here first (issue 4 part 7). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  confirmColor = 'red',
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onCancel();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onCancel();
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'Request failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color={confirmColor} loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
