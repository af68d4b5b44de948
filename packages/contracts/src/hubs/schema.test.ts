import { describe, expect, it } from 'vitest';
import { HUB_DEFINITIONS } from './definitions';
import { HUB_MESSAGES, hubContent } from './schema';

const base = {
  title: 'Our hub',
  intro: 'What our organisation offers this term.',
  audience: 'Our members',
  theme: ['learning'],
  blocks: [{ kind: 'events', title: 'Upcoming events' }],
};
const messages = (value: unknown) =>
  hubContent.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the hub definition schema', () => {
  it('accepts every default definition', () => {
    for (const { path: _path, group: _group, ...content } of HUB_DEFINITIONS) {
      expect(messages(content), content.title).toEqual([]);
    }
  });

  it('names what is wrong with a block', () => {
    expect(messages({ ...base, blocks: [] })).toEqual([`blocks: ${HUB_MESSAGES.blocksEmpty}`]);
    expect(messages({ ...base, blocks: [{ kind: 'events', title: ' ' }] })).toEqual([
      `blocks.0.title: ${HUB_MESSAGES.blockTitleEmpty}`,
    ]);
    expect(messages({ ...base, blocks: [{ kind: 'events', title: 'A', limit: 50 }] })).toEqual([
      `blocks.0.limit: ${HUB_MESSAGES.limitRange}`,
    ]);
    expect(
      messages({
        ...base,
        blocks: [
          { kind: 'events', title: 'Same' },
          { kind: 'jobs', title: 'same' },
        ],
      }),
    ).toEqual([`blocks.1.title: ${HUB_MESSAGES.blockTitleTaken}`]);
  });

  it('refuses a kind it does not know and a filter its list does not take', () => {
    expect(hubContent.safeParse({ ...base, blocks: [{ kind: 'weather', title: 'A' }] }).success).toBe(false);
    expect(
      hubContent.safeParse({ ...base, blocks: [{ kind: 'people', title: 'A', filter: { view: 'mine' } }] })
        .success,
    ).toBe(false);
    expect(
      hubContent.safeParse({ ...base, blocks: [{ kind: 'jobs', title: 'A', filter: { jobType: 'gig' } }] })
        .success,
    ).toBe(false);
    expect(
      hubContent.safeParse({
        ...base,
        blocks: [{ kind: 'resources', title: 'A', filter: { tags: ['policy'], kinds: ['report'] } }],
      }).success,
    ).toBe(true);
  });

  it('keeps shortcuts inside the platform', () => {
    const action = (href: string) =>
      hubContent.safeParse({ ...base, actions: [{ label: 'Go', href }] }).success;
    expect(action('/lxp')).toBe(true);
    expect(action('https://example.com')).toBe(false);
    expect(action('//example.com')).toBe(false);
  });
});
