import { describe, expect, it } from 'vitest';
import { type NavigableProgram, nextUnit, previousUnit } from './learning-navigation';

/** Two courses: course 1 has modules 10 (units 100, 101) and 11 (unit 110); course 2 has an empty module 20 and module 21 (unit 210). */
const program: NavigableProgram = {
  program_course: [
    {
      course_id: 1,
      course_module: [
        { module_id: 10, module_unit: [{ unit_id: 100 }, { unit_id: 101 }] },
        { module_id: 11, module_unit: [{ unit_id: 110 }] },
      ],
    },
    { course_id: 3, course_module: [] },
    {
      course_id: 2,
      course_module: [
        { module_id: 20, module_unit: [] },
        { module_id: 21, module_unit: [{ unit_id: 210 }] },
      ],
    },
  ],
};

describe('unit navigation (spec section 4)', () => {
  it('Next goes to the next unit within the module', () => {
    expect(nextUnit(program, 100)).toEqual({ course_id: 1, module_id: 10, unit_id: 101 });
  });
  it('Next goes to the first unit of the next module', () => {
    expect(nextUnit(program, 101)).toEqual({ course_id: 1, module_id: 11, unit_id: 110 });
  });
  it('Next goes to the first unit of the next course, passing empty courses and modules', () => {
    expect(nextUnit(program, 110)).toEqual({ course_id: 2, module_id: 21, unit_id: 210 });
  });
  it('Next stays at the end', () => {
    expect(nextUnit(program, 210)).toBeNull();
  });
  it('Back mirrors Next at every boundary and stays at the start', () => {
    expect(previousUnit(program, 210)).toEqual({ course_id: 1, module_id: 11, unit_id: 110 });
    expect(previousUnit(program, 110)).toEqual({ course_id: 1, module_id: 10, unit_id: 101 });
    expect(previousUnit(program, 101)).toEqual({ course_id: 1, module_id: 10, unit_id: 100 });
    expect(previousUnit(program, 100)).toBeNull();
  });
  it('knows nowhere to go from a unit that is not in the program', () => {
    expect(nextUnit(program, 999)).toBeNull();
    expect(previousUnit(program, 999)).toBeNull();
  });
});
