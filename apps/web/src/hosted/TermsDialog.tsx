import { Button, List, Modal, Stack, Text, Title } from '@mantine/core';

/**
 * The terms a new account accepts, readable before signing up: the hosted pages have no session, and
 * the product's own pages (such as /privacy-policy) are private, so the text opens here.
 */
export function TermsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Terms and conditions" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Nexus is a place where organisations and people learn, meet and work together. By creating an
          account you agree to the following.
        </Text>
        <Title order={3} size="h5">
          Your account
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            Give your real name and an email address you can read: we send sign-in codes and notices there.
          </List.Item>
          <List.Item>
            Keep your password to yourself; you are responsible for what is done with your account.
          </List.Item>
          <List.Item>
            If you are under 18, a parent or guardian must agree, and we ask for their contact details.
          </List.Item>
        </List>
        <Title order={3} size="h5">
          Organisations
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            An organisation that invites you (an institute, an incubator, a company) administers your
            membership in it: it can see your name and username, give and remove your roles there, and see
            your progress in its own programs.
          </List.Item>
          <List.Item>Leaving an organisation does not close your account.</List.Item>
        </List>
        <Title order={3} size="h5">
          What you share
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            Post and upload only what you have the right to share, and treat other members with respect.
            Administrators may remove content and disable accounts that break these terms.
          </List.Item>
          <List.Item>
            Certificates you earn can be checked by anyone who has their address; you decide whom you give it
            to.
          </List.Item>
        </List>
        <Title order={3} size="h5">
          Your data
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            We keep your profile, your enrolments and results, and a record of changes made by administrators,
            to run the platform. We do not sell them.
          </List.Item>
          <List.Item>You can change your details in your account settings at any time.</List.Item>
        </List>
        <Button onClick={onClose} mt="xs" style={{ alignSelf: 'flex-end' }}>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
