import { Container } from '@mantine/core';
import { useLocation } from 'react-router';
import { type ContentBlock, ContentBlocks } from '../components/ContentBlocks';

interface Composition {
  title: string;
  intro: string;
  blocks: ContentBlock[];
}

const ALL = '/resources';
const COMPOSITIONS: Record<string, Composition> = {
  '/knowledge-hub': {
    title: 'Knowledge hub',
    intro: 'Guides, research and lessons from the ecosystem, in one place.',
    blocks: [
      { title: 'Reports and publications', kinds: ['report', 'publication'], more: '/publications' },
      { title: 'Case studies', kinds: ['case_study'], more: ALL },
      { title: 'Templates', kinds: ['template'], more: ALL },
      { title: 'Articles', kinds: ['article'], more: ALL },
    ],
  },
  '/content': {
    title: 'Content',
    intro: 'Everything to read, watch and listen to.',
    blocks: [
      { title: 'Articles', kinds: ['article'], more: ALL },
      { title: 'Videos', kinds: ['video'], more: ALL },
      { title: 'Podcasts', kinds: ['podcast'], more: ALL },
      { title: 'Reports', kinds: ['report', 'publication', 'document'], more: '/publications' },
    ],
  },
  '/home/read-and-grow': {
    title: 'Read and grow',
    intro: 'Articles, case studies and podcasts to learn from founders and experts.',
    blocks: [
      { title: 'Articles to read', kinds: ['article'], more: ALL },
      { title: 'Case studies', kinds: ['case_study'], more: ALL },
      { title: 'Podcasts to listen to', kinds: ['podcast'], more: ALL },
    ],
  },
  '/home/insights': {
    title: 'Insights',
    intro: 'Research, reports and data on the innovation ecosystem.',
    blocks: [
      { title: 'Latest reports', kinds: ['report'], more: '/publications' },
      { title: 'Publications', kinds: ['publication'], more: '/publications' },
      { title: 'Videos', kinds: ['video'], more: ALL },
    ],
  },
};

/** The composed content pages: each a set of blocks of the newest resources of some kinds. */
export default function ContentHubPage() {
  const { pathname } = useLocation();
  const composition = COMPOSITIONS[pathname.replace(/\/$/, '')] ?? COMPOSITIONS['/content']!;
  return (
    <Container size="xl" py="lg">
      <ContentBlocks {...composition} />
    </Container>
  );
}
