import type { UnitType } from '@nexus/contracts';

/** What authors call each unit kind (issue 5, part 3). */
export const UNIT_KIND_LABELS: Record<UnitType, string> = {
  text: 'Text',
  video: 'Video',
  document: 'Document',
  assessment: 'Assessment',
  live_session: 'Live session',
};
