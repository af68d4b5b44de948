import {
  Alert,
  Button,
  Container,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, type CommunityVisibility } from '@nexus/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAppDispatch } from '../../../app/store';
import { CoverPicker } from '../../../shared/ui/CoverPicker';
import { notify } from '../../../shared/ui/notify';
import { useCommunityQuery, useCreateCommunityMutation, useUpdateCommunityMutation } from '../api';
import { communityCommonSet } from '../community-slice';
import { commonOf, errorText } from '../components/CommunityPicker';

/** /new-community/{community_common_id}: `new` creates a community (with its forum); an id edits it. */
export default function CommunityFormPage() {
  const { community_common_id: param = 'new' } = useParams();
  const id = param === 'new' ? null : Number(param);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const existing = useCommunityQuery(id ?? 0, { skip: id === null || !Number.isInteger(id) });
  const [create, creating] = useCreateCommunityMutation();
  const [update, updating] = useUpdateCommunityMutation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<CommunityVisibility>('public');
  const [cover, setCover] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  useEffect(() => {
    if (existing.data) {
      setName(existing.data.name);
      setDescription(existing.data.description ?? '');
      setVisibility(existing.data.visibility);
      setCover(existing.data.cover_file_id);
    }
  }, [existing.data]);
  if (id !== null && (existing.error || !Number.isInteger(id))) {
    return (
      <Container size="sm" py="lg">
        <Alert color="red" title="We could not open this community">
          {existing.error ? errorText(existing.error) : COMMUNITY_MESSAGES.notFound}
        </Alert>
      </Container>
    );
  }
  const mayEdit = id === null || existing.data?.my_role === 'owner' || existing.data?.my_role === 'moderator';
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(COMMUNITY_MESSAGES.nameEmpty);
      return;
    }
    setNameError(null);
    try {
      const saved =
        id === null
          ? await create({ name, description, visibility, cover_file_id: cover }).unwrap()
          : await update({ id, changes: { name, description, visibility, cover_file_id: cover } }).unwrap();
      dispatch(communityCommonSet(commonOf(saved.data)));
      notify.success(id === null ? 'Community created.' : 'Community saved.');
      navigate(`/community/${saved.data.community_id}/discussion-forum`);
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <Container size="sm" py="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1}>{id === null ? 'New community' : 'Edit community'}</Title>
          {id !== null && existing.data && !mayEdit ? (
            <Alert color="yellow">{COMMUNITY_MESSAGES.moderatorsOnly}</Alert>
          ) : null}
          <TextInput
            label="Name"
            required
            value={name}
            maxLength={COMMUNITY_LIMITS.nameMax}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxLength={COMMUNITY_LIMITS.descriptionMax}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <CoverPicker value={cover} onChange={setCover} owner="community" disabled={!mayEdit} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="visibility-label">
              Who can join
            </Text>
            <SegmentedControl
              aria-labelledby="visibility-label"
              fullWidth
              // At 390 px the two labels do not fit on one line each: they wrap rather than clip.
              styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
              value={visibility}
              onChange={(value) => setVisibility(value as CommunityVisibility)}
              data={[
                { value: 'public', label: 'Anyone (public)' },
                { value: 'private', label: 'On approval (private)' },
              ]}
            />
            <Text size="xs" c="dimmed">
              A private community shows only its name to people outside it; its moderators approve each
              request to join.
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(-1)}>
              Cancel
            </Button>
            <Button type="submit" loading={creating.isLoading || updating.isLoading} disabled={!mayEdit}>
              {id === null ? 'Create community' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
