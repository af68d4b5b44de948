import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { base58Decode, base58Encode, canonicalJson } from './canonical-json';

/**
 * Certificates as Open Badges 3.0 style verifiable credentials (issue 5, part 7), secured with a
 * W3C Data Integrity proof of the `eddsa-jcs-2022` cryptosuite: the proof signs
 * sha256(JCS(proof options)) || sha256(JCS(credential without proof)) with the platform's Ed25519 key.
 * Everything needed to check one offline is public: the credential JSON and the key (docs/certificates.md).
 */

export const CREDENTIAL_CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
] as const;

/** Multicodec prefix of an Ed25519 public key inside a multikey (`z6Mk...`). */
const ED25519_PUB_PREFIX = Uint8Array.from([0xed, 0x01]);
/** DER header of an Ed25519 SubjectPublicKeyInfo; the raw 32 key bytes follow it. */
const ED25519_SPKI_HEADER = Buffer.from('302a300506032b6570032100', 'hex');

export interface CredentialInput {
  /** A URL naming this credential (the public verification page). */
  id: string;
  issuer: { id: string; name: string };
  holder: { id: string; name: string };
  achievement: { id: string; name: string; description: string; criteria: string };
  validFrom: Date;
}

export interface DataIntegrityProof {
  type: 'DataIntegrityProof';
  cryptosuite: 'eddsa-jcs-2022';
  created: string;
  verificationMethod: string;
  proofPurpose: 'assertionMethod';
  proofValue: string;
}

export type UnsignedCredential = ReturnType<typeof buildCredential>;
export type SignedCredential = UnsignedCredential & { proof: DataIntegrityProof };

export function buildCredential(input: CredentialInput) {
  return {
    '@context': [...CREDENTIAL_CONTEXT],
    id: input.id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: input.achievement.name,
    issuer: { id: input.issuer.id, type: ['Profile'], name: input.issuer.name },
    validFrom: input.validFrom.toISOString(),
    credentialSubject: {
      id: input.holder.id,
      type: ['AchievementSubject'],
      name: input.holder.name,
      achievement: {
        id: input.achievement.id,
        type: ['Achievement'],
        name: input.achievement.name,
        description: input.achievement.description,
        criteria: { narrative: input.achievement.criteria },
      },
    },
  };
}

/** The multikey form (`z6Mk...`) of an Ed25519 public key, as did:key and Multikey documents write it. */
export function publicKeyMultibase(publicKey: KeyObject): string {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  const raw = der.subarray(der.length - 32);
  return `z${base58Encode(Uint8Array.from([...ED25519_PUB_PREFIX, ...raw]))}`;
}

/** The Ed25519 public key a multikey names, or null when it is not one. */
export function publicKeyFromMultibase(multibase: string): KeyObject | null {
  if (!multibase.startsWith('z')) return null;
  const bytes = base58Decode(multibase.slice(1));
  if (bytes?.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) return null;
  try {
    return createPublicKey({
      key: Buffer.concat([ED25519_SPKI_HEADER, bytes.subarray(2)]),
      format: 'der',
      type: 'spki',
    });
  } catch {
    return null;
  }
}

/** did:key verification method of a key: the key is readable from the id itself. */
export function verificationMethodOf(multikey: string): string {
  return `did:key:${multikey}#${multikey}`;
}

function hashData(document: Record<string, unknown>, options: Record<string, unknown>): Buffer {
  const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return Buffer.concat([sha(canonicalJson(options)), sha(canonicalJson(document))]);
}

export function signCredential(
  credential: UnsignedCredential,
  key: { privateKey: KeyObject; publicKey: KeyObject },
  created: Date = new Date(),
): SignedCredential {
  const options = {
    '@context': credential['@context'],
    type: 'DataIntegrityProof' as const,
    cryptosuite: 'eddsa-jcs-2022' as const,
    created: created.toISOString(),
    verificationMethod: verificationMethodOf(publicKeyMultibase(key.publicKey)),
    proofPurpose: 'assertionMethod' as const,
  };
  const signature = sign(null, hashData(credential, options), key.privateKey);
  const { '@context': _context, ...proof } = options;
  return { ...credential, proof: { ...proof, proofValue: `z${base58Encode(signature)}` } };
}

export type ProofCheck =
  | { ok: true; keyMultibase: string }
  | { ok: false; reason: 'malformed' | 'unknown-key' | 'tampered' };

/**
 * Checks a credential's proof: well formed, made with one of `trustedKeys` (the platform's published
 * multikeys), and the signature holds over the credential exactly as given.
 */
export function checkProof(credential: unknown, trustedKeys: ReadonlySet<string>): ProofCheck {
  if (typeof credential !== 'object' || credential === null) return { ok: false, reason: 'malformed' };
  const { proof, ...document } = credential as Record<string, unknown> & {
    proof?: Partial<DataIntegrityProof>;
  };
  if (
    proof?.type !== 'DataIntegrityProof' ||
    proof.cryptosuite !== 'eddsa-jcs-2022' ||
    typeof proof.verificationMethod !== 'string' ||
    typeof proof.proofValue !== 'string' ||
    !proof.proofValue.startsWith('z')
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const match = /^did:key:(z[1-9A-HJ-NP-Za-km-z]+)#\1$/.exec(proof.verificationMethod);
  const keyMultibase = match?.[1];
  if (!keyMultibase) return { ok: false, reason: 'malformed' };
  if (!trustedKeys.has(keyMultibase)) return { ok: false, reason: 'unknown-key' };
  const publicKey = publicKeyFromMultibase(keyMultibase);
  const signature = base58Decode(proof.proofValue.slice(1));
  if (!publicKey || !signature) return { ok: false, reason: 'malformed' };
  const { proofValue: _value, ...rest } = proof;
  const options = { '@context': document['@context'], ...rest };
  try {
    return verify(null, hashData(document, options), publicKey, signature)
      ? { ok: true, keyMultibase }
      : { ok: false, reason: 'tampered' };
  } catch {
    return { ok: false, reason: 'tampered' };
  }
}
