import { Button, Container, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { BrandMark } from '../../../shared/ui/BrandMark';
import { ColorSchemeToggle } from '../../../shared/ui/ColorSchemeToggle';
import { signInUrl } from '../sign-in-url';
import { usePopupSignIn } from '../use-popup-sign-in';
import classes from './LoginPage.module.css';

const HIGHLIGHTS = [
  'Learning programs, assessments and certificates',
  'Events, competitions and communities in one place',
  'Hubs for startups, investors, institutes and mentors',
];

/**
 * The public sign-in landing (spec section 2, /login). Both main buttons are plain links: signing in is
 * a full-page visit to the provider's hosted page (spec section 7), so no script needs to run. A quiet
 * third option signs in through the provider's popup instead (spec section 9, 500x600). Kept small on
 * purpose: this is the page the 150 KB budget measures. On phones the sign-in card comes right after
 * the headline, so it is on the first screen.
 */
export default function LoginPage() {
  const origin = window.location.origin;
  const popup = usePopupSignIn();
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <BrandMark />
        <ColorSchemeToggle />
      </header>
      <main className={classes.main}>
        <Container size="lg" py={{ base: 'md', sm: 'xl' }} w="100%">
          <div className={classes.grid}>
            <Stack gap="md" className={classes.intro}>
              <Title order={1} className={classes.headline}>
                Where ideas meet <span className={classes.accent}>the people who grow them</span>
              </Title>
              <Text size="lg" c="dimmed" maw={560}>
                Nexus connects learners, founders, mentors, investors and institutions: learn, build, compete
                and collaborate across your innovation ecosystem.
              </Text>
            </Stack>
            <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
              <Stack gap="md">
                <Title order={2} fz="h3">
                  Welcome to Nexus
                </Title>
                <Text size="sm" c="dimmed">
                  Sign in with your Nexus account, or create one in a minute.
                </Text>
                <Button component="a" href={signInUrl(origin)} size="md" fullWidth>
                  Sign in
                </Button>
                <Button
                  component="a"
                  href={signInUrl(origin, 'register')}
                  size="md"
                  variant="default"
                  fullWidth
                >
                  Create account
                </Button>
                <Button variant="subtle" size="xs" onClick={popup.start} disabled={popup.waiting}>
                  Sign in in a pop-up window
                </Button>
              </Stack>
            </Paper>
            <List
              className={classes.highlights}
              spacing="xs"
              icon={
                <ThemeIcon size={22} radius="xl" variant="light">
                  <IconCheck size={14} aria-hidden="true" />
                </ThemeIcon>
              }
            >
              {HIGHLIGHTS.map((highlight) => (
                <List.Item key={highlight}>{highlight}</List.Item>
              ))}
            </List>
          </div>
        </Container>
      </main>
      <footer className={classes.footer}>
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} Nexus · Innovation ecosystem and learning platform
        </Text>
      </footer>
    </div>
  );
}
