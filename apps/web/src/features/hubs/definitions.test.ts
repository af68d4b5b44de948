import {
  findHubDefinition as findHub,
  HOME_LAYOUT_ROUTES,
  HUB_DEFINITIONS,
  HUB_ROUTES,
  ROUTES,
} from '@nexus/contracts';
import { describe, expect, it } from 'vitest';
import { IMPLEMENTED_PATHS } from '../../app/implemented-routes';
import { PAGE_MODULES } from '../../app/route-registry';
import DefinedHubPage from './pages/DefinedHubPage';

/** Hub and home pages that have a hand-written page of their own (their areas' issues), not a definition. */
const HAND_WRITTEN = [
  '/funding-hub',
  '/job-internship-hub',
  '/knowledge-hub',
  '/content',
  '/home/read-and-grow',
  '/home/insights',
  '/event-hub',
  '/competition-hub',
  '/home/events',
  '/home/challenges',
  '/community-hub',
  '/networking-hub',
  '/connect-hub',
  '/networking',
  '/connect',
];

const defined = HUB_DEFINITIONS.map((hub) => hub.path);

describe('hub definitions', () => {
  it('define exactly the implemented hub and home-layout routes that have no page of their own', () => {
    const hubAndHome = new Set([...HUB_ROUTES, ...HOME_LAYOUT_ROUTES]);
    const implemented = IMPLEMENTED_PATHS.filter(
      (path) => hubAndHome.has(path) && !HAND_WRITTEN.includes(path),
    );
    expect([...defined].sort()).toEqual([...implemented].sort());
    for (const path of defined) expect(IMPLEMENTED_PATHS).toContain(path);
    expect(new Set(defined).size).toBe(defined.length);
  });

  it('leave no spec hub or home-layout route without a page', () => {
    for (const path of [...HUB_ROUTES, ...HOME_LAYOUT_ROUTES]) expect(IMPLEMENTED_PATHS).toContain(path);
  });

  it('are private spec routes, each loading the one generic page', async () => {
    for (const path of defined) {
      expect(ROUTES.find((route) => route.path === path)?.public).toBe(false);
      const load = PAGE_MODULES[path];
      expect(load, path).toBeDefined();
      expect((await load!()).default, path).toBe(DefinedHubPage);
    }
  });

  it('give each page a heading, an intro, an audience, themes and a few blocks with unique titles', () => {
    for (const hub of HUB_DEFINITIONS) {
      expect(hub.title.length, hub.path).toBeGreaterThan(0);
      expect(hub.intro.length, hub.path).toBeGreaterThan(20);
      expect(hub.audience.length, hub.path).toBeGreaterThan(0);
      expect(hub.theme.length, hub.path).toBeGreaterThan(0);
      expect(hub.blocks.length, hub.path).toBeGreaterThanOrEqual(4);
      const titles = hub.blocks.map((block) => block.title);
      expect(new Set(titles).size, hub.path).toBe(titles.length);
    }
  });

  it('give the four audience hubs the one shared layout, with shortcuts', () => {
    const audience = HUB_DEFINITIONS.filter((hub) => hub.group === 'audience-hub').map((hub) => hub.path);
    expect(audience.sort()).toEqual(
      [
        '/administrator-innovation-hub',
        '/aspiring-entrepreneur-hub',
        '/parent-partnership-hub',
        '/teacher-excellence-hub',
      ].sort(),
    );
    for (const hub of HUB_DEFINITIONS)
      expect(Boolean(hub.actions?.length)).toBe(hub.group === 'audience-hub');
  });

  it('are found by path as the router matches it: any case, with or without a trailing slash', () => {
    expect(findHub('/Academic-AI-Lab-hub')?.title).toBe('Academic AI lab hub');
    expect(findHub('/academic-ai-lab-hub')?.path).toBe('/Academic-AI-Lab-hub');
    expect(findHub('/home/funding/')?.path).toBe('/home/funding');
    expect(findHub('/home')?.path).toBe('/home');
    expect(findHub('/event-hub')).toBeUndefined();
  });
});
