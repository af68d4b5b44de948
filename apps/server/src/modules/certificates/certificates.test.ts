import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, signingKeys, userRoles } from '../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { buildCredential, publicKeyMultibase, signCredential } from './credential';
import { certificatePath, issueCertificate } from './service';

const API = '/api/certificates';
const ORIGIN = 'http://localhost:8080';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function issued(tenantId: number | null = null, programId = Math.floor(Math.random() * 1e9)) {
  const learner = await makeUser(t.database);
  const row = await issueCertificate(t.database.system, ORIGIN, {
    userId: learner.user_id,
    holderName: 'Ada Lovelace',
    programId,
    programName: 'Data Science Foundations',
    programDescription: 'Two courses and a quiz',
    tenantId,
    issuerName: 'Nexus',
  });
  return { learner, row };
}

const verify = (userId: number, publicKey: string) => {
  t.actAs(null);
  return t.app.inject({ method: 'GET', url: `${API}/verify/${userId}/${encodeURIComponent(publicKey)}` });
};

describe('certificate verification (public)', () => {
  it('reads valid signed out, with holder, program, issuer and date', async () => {
    const { learner, row } = await issued();
    expect(certificatePath(learner.user_id, row.public_key)).toBe(
      `/certification/${learner.user_id}/${row.public_key}`,
    );
    const response = await verify(learner.user_id, row.public_key);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      valid: true,
      reason: null,
      holder: 'Ada Lovelace',
      program: 'Data Science Foundations',
      issuer: 'Nexus',
      issued_at: row.issued_at.toISOString(),
    });
  });

  it('reads not valid for an altered address: another character, another user', async () => {
    const { learner, row } = await issued();
    const last = row.public_key.at(-1) === 'a' ? 'b' : 'a';
    const altered = await verify(learner.user_id, `${row.public_key.slice(0, -1)}${last}`);
    expect(altered.json().data).toMatchObject({ valid: false, reason: 'unknown', holder: null });
    const otherUser = await verify(learner.user_id + 1, row.public_key);
    expect(otherUser.json().data).toMatchObject({ valid: false, reason: 'unknown' });
    expect((await verify(learner.user_id, 'not-a-key!')).statusCode).toBe(400);
  });

  it('reads tampered when the stored credential was changed after issue', async () => {
    const { learner, row } = await issued();
    const credential = structuredClone(row.credential) as { credentialSubject: { name: string } };
    credential.credentialSubject.name = 'Mallory';
    await t.database.system
      .update(certificates)
      .set({ credential })
      .where(eq(certificates.certificate_id, row.certificate_id));
    const response = await verify(learner.user_id, row.public_key);
    expect(response.json().data).toMatchObject({ valid: false, reason: 'tampered', holder: 'Mallory' });
    expect(response.json().data.message).toBe('This certificate has been altered since it was issued.');
  });

  it('reads unknown key for a credential signed by a key the platform never published', async () => {
    const learner = await makeUser(t.database);
    const stranger = generateKeyPairSync('ed25519');
    const forged = signCredential(
      buildCredential({
        id: 'urn:uuid:forged',
        issuer: { id: ORIGIN, name: 'Nexus' },
        holder: { id: `${ORIGIN}/profile/${learner.user_id}`, name: 'Forger' },
        achievement: { id: `${ORIGIN}/programs/overview/1`, name: 'Anything', description: '', criteria: '' },
        validFrom: new Date(),
      }),
      stranger,
    );
    await t.database.system.insert(certificates).values({
      user_id: learner.user_id,
      program_id: 999_999_001,
      public_key: forged.proof.proofValue,
      credential: forged,
    });
    const response = await verify(learner.user_id, forged.proof.proofValue);
    expect(response.json().data).toMatchObject({ valid: false, reason: 'unknown-key' });
    const keys = (await t.app.inject({ method: 'GET', url: `${API}/keys` })).json().data;
    expect(keys.map((key: { publicKeyMultibase: string }) => key.publicKeyMultibase)).not.toContain(
      publicKeyMultibase(stranger.publicKey),
    );
  });

  it('reads revoked after a tenant admin revokes it; another tenant’s admin gets 404, a member 403', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const { learner, row } = await issued(tenant.tenant_id);
    const admin = await makeUser(t.database);
    await t.database.system
      .insert(userRoles)
      .values({ user_id: admin.user_id, role_id: 2, tenant_id: tenant.tenant_id });
    const revoke = () =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/revoke/${row.certificate_id}`,
        payload: { reason: 'Issued by mistake' },
      });
    t.actAs(tenantAdmin(admin.user_id, other.tenant_id));
    expect((await revoke()).statusCode).toBe(404);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    expect((await revoke()).statusCode).toBe(403);
    t.actAs(null);
    expect((await revoke()).statusCode).toBe(401);
    expect((await verify(learner.user_id, row.public_key)).json().data.valid).toBe(true);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${API}/revoke/${row.certificate_id}`,
      payload: { reason: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await revoke()).statusCode).toBe(200);
    expect((await verify(learner.user_id, row.public_key)).json().data).toMatchObject({
      valid: false,
      reason: 'revoked',
      holder: 'Ada Lovelace',
    });
  });
});

describe('the printable certificate', () => {
  it('is a PDF naming holder and program for a valid certificate, and 404 for an altered address', async () => {
    const { learner, row } = await issued();
    t.actAs(null);
    const url = `${API}/pdf/${learner.user_id}/${encodeURIComponent(row.public_key)}`;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getTitle()).toBe('Certificate: Data Science Foundations');
    expect(pdf.getSubject()).toBe('Awarded to Ada Lovelace');
    expect(pdf.getPageCount()).toBe(1);
    const altered = await t.app.inject({
      method: 'GET',
      url: `${url.slice(0, -1)}${url.endsWith('a') ? 'b' : 'a'}`,
    });
    expect(altered.statusCode).toBe(404);
  });
});

describe('issuing', () => {
  it('makes one platform key and one certificate per learner and program, even when asked at once', async () => {
    const learner = await makeUser(t.database);
    const input = {
      userId: learner.user_id,
      holderName: 'Grace Hopper',
      programId: 424_242,
      programName: 'Compilers',
      programDescription: '',
      tenantId: null,
      issuerName: 'Nexus',
    };
    const rows = await Promise.all([1, 2, 3].map(() => issueCertificate(t.database.system, ORIGIN, input)));
    expect(new Set(rows.map((row) => row.certificate_id)).size).toBe(1);
    const keys = await t.database.system.select().from(signingKeys);
    expect(keys).toHaveLength(1);
    t.actAs(member(learner.user_id, null));
    const mine = await t.app.inject({ method: 'GET', url: `${API}/getMyCertificates` });
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        program: 'Compilers',
        holder: 'Grace Hopper',
        path: expect.stringMatching(/^\/certification\//),
      }),
    ]);
    const download = await t.app.inject({
      method: 'GET',
      url: `${API}/credential/${learner.user_id}/${encodeURIComponent(rows[0]!.public_key)}`,
    });
    expect(download.headers['content-type']).toContain('application/ld+json');
    expect(download.json()).toMatchObject({ type: ['VerifiableCredential', 'OpenBadgeCredential'] });
    t.actAs(platformAdmin(learner.user_id));
  });
});
