/** The shape navigation reads: courses, modules and units, each list in its display order. */
export interface NavigableProgram {
  program_course: {
    course_id: number;
    course_module: { module_id: number; module_unit: { unit_id: number }[] }[];
  }[];
}

export interface UnitPlace {
  course_id: number;
  module_id: number;
  unit_id: number;
}

/** Every unit in reading order: course by course, module by module. */
export function unitSequence(program: NavigableProgram): UnitPlace[] {
  return program.program_course.flatMap((course) =>
    course.course_module.flatMap((module) =>
      module.module_unit.map((unit) => ({
        course_id: course.course_id,
        module_id: module.module_id,
        unit_id: unit.unit_id,
      })),
    ),
  );
}

/**
 * Spec section 4, unit navigation: Next goes to the next unit in the module, then the first unit of the
 * next module, then the first unit of the next course (empty modules and courses are passed over), and
 * stays at the end. Answers null when there is nowhere to go (or the unit is not in the program).
 */
export function nextUnit(program: NavigableProgram, unitId: number): UnitPlace | null {
  const sequence = unitSequence(program);
  const index = sequence.findIndex((place) => place.unit_id === unitId);
  return index >= 0 && index < sequence.length - 1 ? (sequence[index + 1] as UnitPlace) : null;
}

/** Back: the mirror image of Next, staying at the first unit. */
export function previousUnit(program: NavigableProgram, unitId: number): UnitPlace | null {
  const sequence = unitSequence(program);
  const index = sequence.findIndex((place) => place.unit_id === unitId);
  return index > 0 ? (sequence[index - 1] as UnitPlace) : null;
}
