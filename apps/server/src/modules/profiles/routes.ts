import {
  dataEnvelope,
  mySettings,
  PROFILES_API,
  profileList,
  profileSectionRecord,
  profileUserParams,
  profileView,
  searchProfilesQuery,
  sectionParams,
  updateMyProfileBody,
  updateMySettingsBody,
  userSectionParams,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { addInterestSource } from '../ai';
import { searchProfiles } from './directory';
import { profilePolicy } from './policy';
import { findSection, parseSection, profileKeywords, saveSection } from './sections';
import { getProfile, getUserSection, updateMyProfile } from './service';
import { getMySettings, updateMySettings } from './settings';

/** The policy hook has already refused a signed-out caller; this narrows the type. */
function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Profiles, the directory, profile sections and the caller's settings under /api/profiles
 * (identity issue part 10; DESIGN section 4: areas the spec does not list use /api/<area>/...).
 */
export function registerProfiles(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const config = { policy: profilePolicy };
  const tags = ['profiles'];
  addInterestSource('profiles', (database, userId) => profileKeywords(database.db, userId));

  typed.get(
    `${PROFILES_API}/getProfile/:user_id`,
    { schema: { params: profileUserParams, response: { 200: dataEnvelope(profileView) }, tags }, config },
    async (request) => ({ data: await getProfile(db, actorOf(request), request.params.user_id) }),
  );

  typed.get(
    `${PROFILES_API}/searchProfiles`,
    { schema: { querystring: searchProfilesQuery, response: { 200: profileList }, tags }, config },
    async (request) => searchProfiles(db, actorOf(request), request.query),
  );

  typed.put(
    `${PROFILES_API}/updateMyProfile`,
    { schema: { body: updateMyProfileBody, response: { 200: dataEnvelope(profileView) }, tags }, config },
    async (request) => ({ data: await updateMyProfile(db, actorOf(request), request.body) }),
  );

  typed.get(
    `${PROFILES_API}/getSection/:section`,
    {
      schema: {
        params: sectionParams,
        response: { 200: dataEnvelope(profileSectionRecord.nullable()) },
        tags,
      },
      config,
    },
    async (request) => ({ data: await findSection(db, actorOf(request).userId, request.params.section) }),
  );

  typed.put(
    `${PROFILES_API}/saveSection/:section`,
    {
      schema: {
        params: sectionParams,
        // Each section has its own schema (contracts SECTION_SCHEMAS), applied once the path names it.
        body: z.record(z.string(), z.unknown()),
        response: { 200: dataEnvelope(profileSectionRecord) },
        tags,
      },
      config,
    },
    async (request) => {
      const { section } = request.params;
      const data = parseSection(section, request.body);
      return { data: await saveSection(db, actorOf(request).userId, section, data) };
    },
  );

  typed.get(
    `${PROFILES_API}/getUserSection/:user_id/:section`,
    {
      schema: { params: userSectionParams, response: { 200: dataEnvelope(profileSectionRecord) }, tags },
      config,
    },
    async (request) => ({
      data: await getUserSection(db, actorOf(request), request.params.user_id, request.params.section),
    }),
  );

  typed.get(
    `${PROFILES_API}/settings/getMySettings`,
    { schema: { response: { 200: dataEnvelope(mySettings) }, tags }, config },
    async (request) => ({ data: await getMySettings(db, actorOf(request).userId) }),
  );

  typed.put(
    `${PROFILES_API}/settings/updateMySettings`,
    { schema: { body: updateMySettingsBody, response: { 200: dataEnvelope(mySettings) }, tags }, config },
    async (request) => ({ data: await updateMySettings(db, actorOf(request).userId, request.body) }),
  );
}
