import type { Tx } from '../../db/client';

/**
 * Why a learner may not tick a unit by hand yet (a message), or null. Learning does not know what
 * passing an assessment or attending a session means: the areas that do register the rule for their
 * kind of unit, so learning depends on none of them (docs/events.md).
 */
export type CompletionRule = (tx: Tx, userId: number, unit: RuledUnit) => Promise<string | null>;

/** What a rule gets to know about the unit (a UnitPlace has these and more). */
export interface RuledUnit {
  unit_id: number;
  unit_type: string;
  content: unknown;
}

const rules = new Map<string, CompletionRule>();

/** Sets the rule for a kind of unit (the last registration wins: every app registers the same rule). */
export function setCompletionRule(unitType: string, rule: CompletionRule): void {
  rules.set(unitType, rule);
}

export function completionBlocker(tx: Tx, userId: number, unit: RuledUnit): Promise<string | null> {
  const rule = rules.get(unit.unit_type);
  return rule ? rule(tx, userId, unit) : Promise.resolve(null);
}
