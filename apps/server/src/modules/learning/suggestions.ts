import { searchProgramsQuery } from '@nexus/contracts';
import { addSuggestionSource } from '../ai';
import { searchPrograms } from './search';

interface ProgramHit {
  program_id: number;
  program_name: string;
  description?: string | null;
  program_category?: string | null;
}

/** Programs of the viewer's catalogue, as the program search lists them (issue 20 point 3). */
export function addProgramSuggestions(): void {
  addSuggestionSource('programs', async (database, actor, limit) => {
    const query = searchProgramsQuery.parse({ limit: Math.min(limit, 100) });
    const answer = await searchPrograms(database, actor, query);
    const { data } = JSON.parse(answer.body.toString('utf8')) as { data: ProgramHit[] };
    return data.map((program) => ({
      id: program.program_id,
      title: program.program_name,
      text: program.description ?? '',
      tags: program.program_category ? [program.program_category] : [],
      link: `/programs/overview/${program.program_id}`,
    }));
  });
}
