import { Anchor, Group, NavLink, Progress, Stack, Text } from '@mantine/core';
import type { ProgramTree } from '@nexus/contracts';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Progress as LearnerProgress } from '../learning-api';

/** The program's courses, modules and units with progress bars and a tick for each unit done. */
export function ProgramOutline({
  tree,
  progress,
  currentUnitId,
  onSelect,
  courseId,
  moduleId,
}: {
  tree: ProgramTree;
  progress: LearnerProgress | undefined;
  currentUnitId: number | null;
  onSelect: (unitId: number) => void;
  courseId?: number;
  moduleId?: number;
}) {
  const done = new Set(progress?.completed_unit_ids ?? []);
  const base = `/program-content/${tree.program_id}`;
  return (
    <Stack gap="sm" component="nav" aria-label="Program outline">
      {tree.program_course
        .filter((course) => courseId === undefined || course.course_id === courseId)
        .map((course) => {
          const share = progress?.courses[String(course.course_id)];
          return (
            <Stack key={course.course_id} gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={`${base}/course-content/${course.course_id}`} fw={600} size="sm">
                  {course.course_name}
                </Anchor>
                {share ? (
                  <Text size="xs" c="dimmed">
                    {share.percent}%
                  </Text>
                ) : null}
              </Group>
              {share ? (
                <Progress
                  value={share.percent}
                  size="xs"
                  aria-label={`${course.course_name}: ${share.percent}% done`}
                />
              ) : null}
              {course.course_module
                .filter((module) => moduleId === undefined || module.module_id === moduleId)
                .map((module) => {
                  const moduleShare = progress?.modules[String(module.module_id)];
                  return (
                    <Stack key={module.module_id} gap={2} pl="sm">
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Anchor
                          component={Link}
                          to={`${base}/course-content/${course.course_id}/module-content/${module.module_id}`}
                          size="sm"
                        >
                          {module.module_name}
                        </Anchor>
                        {moduleShare ? (
                          <Text size="xs" c="dimmed">
                            {moduleShare.percent}%
                          </Text>
                        ) : null}
                      </Group>
                      {module.module_unit.length === 0 ? (
                        <Text size="xs" c="dimmed" pl="sm">
                          No units yet
                        </Text>
                      ) : (
                        module.module_unit.map((unit) => (
                          <NavLink
                            key={unit.unit_id}
                            label={unit.unit_name}
                            active={unit.unit_id === currentUnitId}
                            onClick={() => onSelect(unit.unit_id)}
                            leftSection={
                              done.has(unit.unit_id) ? (
                                <IconCircleCheck
                                  size={16}
                                  color="var(--mantine-color-teal-6)"
                                  aria-label="Done"
                                />
                              ) : (
                                <IconCircleDashed size={16} aria-label="Not done" />
                              )
                            }
                            py={4}
                          />
                        ))
                      )}
                    </Stack>
                  );
                })}
            </Stack>
          );
        })}
    </Stack>
  );
}
