import { Box, Button, Paper, Stack, Text } from '@mantine/core';
import type { ProgramTree, TreeUnit, UnitType } from '@nexus/contracts';
import { IconEdit } from '@tabler/icons-react';
import { AddItemForm } from './AddItemForm';
import type { OutlineLevel } from './authoring-api';
import { type OutlineActions, OutlineList } from './OutlineList';
import { nextPosition } from './outline-order';
import { UNIT_KIND_LABELS } from './unit-kinds';

export interface OutlineEditorProps {
  tree: ProgramTree;
  actions: OutlineActions & {
    add: (
      level: OutlineLevel,
      parentId: number,
      name: string,
      position: number,
      kind?: UnitType,
    ) => Promise<boolean>;
    editUnit: (unit: TreeUnit) => void;
  };
}

/** Courses, their modules and the modules' units, each level added to, renamed, deleted and reordered. */
export function OutlineEditor({ tree, actions }: OutlineEditorProps) {
  const courses = tree.program_course;
  return (
    <Stack gap="md">
      {courses.length === 0 ? (
        <Text c="dimmed" size="sm">
          No courses yet. A program holds courses, a course holds modules, and a module holds the units
          learners open.
        </Text>
      ) : null}
      <OutlineList
        level="courses"
        group="courses"
        items={courses}
        idOf={(course) => course.course_id}
        nameOf={(course) => course.course_name}
        actions={actions}
      >
        {(course) => (
          <Paper withBorder radius="md" p="xs" ml={{ base: 'xs', sm: 'lg' }}>
            <Stack gap="xs">
              {course.course_module.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No modules yet.
                </Text>
              ) : null}
              <OutlineList
                level="modules"
                group={`modules-${course.course_id}`}
                items={course.course_module}
                idOf={(module) => module.module_id}
                nameOf={(module) => module.module_name}
                actions={actions}
              >
                {(module) => (
                  <Box pl={{ base: 'xs', sm: 'lg' }} pb="xs">
                    {module.module_unit.length === 0 ? (
                      <Text c="dimmed" size="sm">
                        No units yet.
                      </Text>
                    ) : null}
                    <OutlineList
                      level="units"
                      group={`units-${module.module_id}`}
                      items={module.module_unit}
                      idOf={(unit) => unit.unit_id}
                      nameOf={(unit) => unit.unit_name}
                      badgeOf={(unit) => UNIT_KIND_LABELS[unit.unit_type]}
                      rowActions={(unit) => (
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconEdit size={14} aria-hidden="true" />}
                          aria-label={`Edit unit ${unit.unit_name}`}
                          onClick={() => actions.editUnit(unit)}
                        >
                          Edit
                        </Button>
                      )}
                      actions={actions}
                    />
                    <AddItemForm
                      noun="unit"
                      onAdd={(name, kind) =>
                        actions.add('units', module.module_id, name, nextPosition(module.module_unit), kind)
                      }
                    />
                  </Box>
                )}
              </OutlineList>
              <AddItemForm
                noun="module"
                onAdd={(name) =>
                  actions.add('modules', course.course_id, name, nextPosition(course.course_module))
                }
              />
            </Stack>
          </Paper>
        )}
      </OutlineList>
      <AddItemForm
        noun="course"
        onAdd={(name) => actions.add('courses', tree.program_id, name, nextPosition(courses))}
      />
    </Stack>
  );
}
