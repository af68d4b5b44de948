import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base58Decode, base58Encode, canonicalJson } from './canonical-json';
import {
  buildCredential,
  checkProof,
  publicKeyFromMultibase,
  publicKeyMultibase,
  type SignedCredential,
  signCredential,
} from './credential';

const platformKey = generateKeyPairSync('ed25519');
const platformMultikey = publicKeyMultibase(platformKey.publicKey);
const trusted = new Set([platformMultikey]);

function issued(): SignedCredential {
  const unsigned = buildCredential({
    id: 'https://nexus.example/certification/42/zCert',
    issuer: { id: 'https://nexus.example', name: 'Nexus' },
    holder: { id: 'https://nexus.example/profile/42', name: 'Ada Lovelace' },
    achievement: {
      id: 'https://nexus.example/programs/overview/7',
      name: 'Data Science Foundations',
      description: 'Two courses and a quiz',
      criteria: 'Completed every required unit and passed every assessment.',
    },
    validFrom: new Date('2026-11-22T10:00:00.000Z'),
  });
  return signCredential(unsigned, platformKey, new Date('2026-11-22T10:00:01.000Z'));
}

describe('canonical JSON (RFC 8785)', () => {
  it('sorts keys, drops undefined members and keeps arrays in order', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: null }], a: 'é', c: undefined, n: 1e21 })).toBe(
      '{"a":"é","b":[3,{"a":null,"z":1}],"n":1e+21}',
    );
  });

  it('round-trips base58 with leading zero bytes', () => {
    for (const bytes of [Uint8Array.from([0, 0, 1, 2, 255]), randomBytes(64), new Uint8Array(0)]) {
      expect(base58Decode(base58Encode(bytes))).toEqual(Uint8Array.from(bytes));
    }
    expect(base58Encode(Buffer.from('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(base58Decode('0OIl')).toBeNull();
  });
});

describe('Ed25519 credentials (eddsa-jcs-2022)', () => {
  it('writes the platform key as a z6Mk multikey and reads it back', () => {
    expect(platformMultikey).toMatch(/^z6Mk[1-9A-HJ-NP-Za-km-z]+$/);
    const back = publicKeyFromMultibase(platformMultikey);
    expect(back?.export({ format: 'der', type: 'spki' })).toEqual(
      platformKey.publicKey.export({ format: 'der', type: 'spki' }),
    );
    expect(publicKeyFromMultibase('z6MkNotAKey')).toBeNull();
  });

  it('issues an Open Badges 3.0 style credential whose proof verifies', () => {
    const credential = issued();
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.credentialSubject.achievement.name).toBe('Data Science Foundations');
    expect(credential.proof).toMatchObject({
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-jcs-2022',
      proofPurpose: 'assertionMethod',
      verificationMethod: `did:key:${platformMultikey}#${platformMultikey}`,
    });
    expect(checkProof(credential, trusted)).toEqual({ ok: true, keyMultibase: platformMultikey });
    // Key order does not matter: the signature covers the canonical form.
    const reordered = JSON.parse(JSON.stringify(credential, Object.keys(credential).reverse()));
    expect(checkProof({ ...reordered, ...credential }, trusted).ok).toBe(true);
  });

  it('reads tampered for any changed field, the proof date included', () => {
    const renamed = issued();
    renamed.credentialSubject.name = 'Mallory';
    expect(checkProof(renamed, trusted)).toEqual({ ok: false, reason: 'tampered' });
    const backdated = issued();
    backdated.proof.created = '2020-01-01T00:00:00.000Z';
    expect(checkProof(backdated, trusted)).toEqual({ ok: false, reason: 'tampered' });
    const flipped = issued();
    const value = flipped.proof.proofValue;
    // The character swapped is always changed: comparing it with the last one left it alone one time in 58.
    const at = value.length - 2;
    flipped.proof.proofValue = `${value.slice(0, at)}${value[at] === '2' ? '3' : '2'}${value.slice(at + 1)}`;
    expect(flipped.proof.proofValue).not.toBe(value);
    expect(checkProof(flipped, trusted)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('reads unknown key for a valid signature by a key the platform never published', () => {
    const stranger = generateKeyPairSync('ed25519');
    const forged = signCredential(issued(), stranger);
    expect(checkProof(forged, trusted)).toEqual({ ok: false, reason: 'unknown-key' });
  });

  it('reads malformed for a missing or foreign proof', () => {
    const { proof: _proof, ...bare } = issued();
    expect(checkProof(bare, trusted)).toEqual({ ok: false, reason: 'malformed' });
    expect(checkProof(null, trusted)).toEqual({ ok: false, reason: 'malformed' });
    const other = issued();
    (other.proof as { cryptosuite: string }).cryptosuite = 'ecdsa-rdfc-2019';
    expect(checkProof(other, trusted)).toEqual({ ok: false, reason: 'malformed' });
    const mismatched = issued();
    mismatched.proof.verificationMethod = `did:key:${platformMultikey}#other`;
    expect(checkProof(mismatched, trusted)).toEqual({ ok: false, reason: 'malformed' });
  });
});
