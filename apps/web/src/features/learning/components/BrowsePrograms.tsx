import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** The next step of an empty learning page: the catalogue, where programs are found and enrolled in. */
export function BrowsePrograms() {
  return (
    <Button component={Link} to="/lxp" variant="light">
      Browse programs
    </Button>
  );
}
