import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { asc, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signingKeys } from '../../db/schema';
import { publicKeyMultibase } from './credential';

export interface SigningKey {
  keyId: number;
  multibase: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** Any constant shared by every server process: serialises the first key's creation. */
const KEY_LOCK = 0x4e455855;

/**
 * The current signing key, made on first use. Concurrent first uses (several processes, parallel
 * requests) wait on one transaction-scoped advisory lock, so exactly one key is created.
 */
export async function currentSigningKey(db: DbOrTx): Promise<SigningKey> {
  const read = async (tx: DbOrTx) => {
    const [row] = await tx
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retired_at))
      .orderBy(asc(signingKeys.key_id))
      .limit(1);
    return row;
  };
  const existing = await read(db);
  const row =
    existing ??
    (await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
      const raced = await read(tx);
      if (raced) return raced;
      const pair = generateKeyPairSync('ed25519');
      const [created] = await tx
        .insert(signingKeys)
        .values({
          public_key_multibase: publicKeyMultibase(pair.publicKey),
          private_key_pem: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        })
        .returning();
      return created!;
    }));
  const privateKey = createPrivateKey(row.private_key_pem);
  return {
    keyId: row.key_id,
    multibase: row.public_key_multibase,
    privateKey,
    publicKey: createPublicKey(privateKey),
  };
}

export interface PublishedKey {
  id: string;
  type: 'Multikey';
  controller: string;
  publicKeyMultibase: string;
  publicKeyJwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };
  created: string;
  retired: string | null;
}

/** Every key the platform has signed with, current and retired: what an offline check trusts. */
export async function publishedKeys(db: DbOrTx): Promise<PublishedKey[]> {
  const rows = await db
    .select({
      multibase: signingKeys.public_key_multibase,
      pem: signingKeys.private_key_pem,
      created: signingKeys.created_at,
      retired: signingKeys.retired_at,
    })
    .from(signingKeys)
    .orderBy(asc(signingKeys.key_id));
  return rows.map((row) => {
    const jwk = createPublicKey(createPrivateKey(row.pem)).export({ format: 'jwk' }) as { x: string };
    const did = `did:key:${row.multibase}`;
    return {
      id: `${did}#${row.multibase}`,
      type: 'Multikey',
      controller: did,
      publicKeyMultibase: row.multibase,
      publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x },
      created: row.created.toISOString(),
      retired: row.retired?.toISOString() ?? null,
    };
  });
}

/** The multikeys a verification trusts. */
export async function trustedKeys(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ multibase: signingKeys.public_key_multibase }).from(signingKeys);
  return new Set(rows.map((row) => row.multibase));
}
