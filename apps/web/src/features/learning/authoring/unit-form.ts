import { type TreeUnit, type UnitContent, type UnitType, unitUpdate } from '@nexus/contracts';
import type { UnitChanges } from './authoring-api';
import { dateInputToIso, isoToDateTimeInput } from './date-fields';

/** The unit editor's fields as the inputs hold them; only the current kind's are sent. */
export interface UnitDraft {
  unit_name: string;
  unit_type: UnitType;
  is_required: boolean;
  html: string;
  url: string;
  assessment_id: number | undefined;
  starts_at: string;
  ends_at: string;
  schedule_id: number | string;
  batch_id: number | string;
}

export function unitDraftOf(unit: TreeUnit): UnitDraft {
  const content = unit.content as UnitContent;
  return {
    unit_name: unit.unit_name,
    unit_type: unit.unit_type,
    is_required: unit.is_required,
    html: content.html ?? '',
    url: content.url ?? '',
    assessment_id: content.assessment_id,
    starts_at: isoToDateTimeInput(content.starts_at),
    ends_at: isoToDateTimeInput(content.ends_at),
    schedule_id: content.schedule_id ?? '',
    batch_id: content.batch_id ?? '',
  };
}

const optionalId = (value: number | string) => (typeof value === 'number' ? value : undefined);

/** The content a unit of this kind holds (issue 5, part 3); other kinds' fields are dropped. */
export function contentOf(draft: UnitDraft): UnitContent {
  switch (draft.unit_type) {
    case 'text':
      return { html: draft.html };
    case 'video':
    case 'document':
      return draft.url.trim() ? { url: draft.url.trim() } : {};
    case 'assessment':
      return draft.assessment_id ? { assessment_id: draft.assessment_id } : {};
    case 'live_session': {
      const content: UnitContent = {};
      const startsAt = dateInputToIso(draft.starts_at);
      const endsAt = dateInputToIso(draft.ends_at);
      if (startsAt) content.starts_at = startsAt;
      if (endsAt) content.ends_at = endsAt;
      const scheduleId = optionalId(draft.schedule_id);
      const batchId = optionalId(draft.batch_id);
      if (scheduleId) content.schedule_id = scheduleId;
      if (batchId) content.batch_id = batchId;
      return content;
    }
  }
}

/** The update body, checked with the server's schema; errors keyed by field ("url", "unit_name"). */
export function unitBody(draft: UnitDraft): { body: UnitChanges; errors: Record<string, string> } {
  const body: UnitChanges = {
    unit_name: draft.unit_name.trim(),
    unit_type: draft.unit_type,
    is_required: draft.is_required,
    content: contentOf(draft),
  };
  const errors: Record<string, string> = {};
  const parsed = unitUpdate.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path.at(-1) ?? 'form')] ??= issue.message;
  }
  if (!body.unit_name) errors.unit_name = 'Give the unit a name.';
  const content = body.content ?? {};
  if (content.starts_at && content.ends_at && content.ends_at <= content.starts_at) {
    errors.ends_at = 'The session must end after it starts.';
  }
  return { body, errors };
}
