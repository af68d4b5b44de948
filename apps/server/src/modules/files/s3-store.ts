import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config';
import type { ByteRange, FileStore } from './store';

/** 5 MiB, S3's smallest multipart part; two in flight keep an upload's memory near 10 MiB. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** S3-compatible storage (AWS, MinIO, s3rver in tests) when S3_BUCKET is set. */
export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    const options: S3ClientConfig = {
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: the default CRC trailers (aws-chunked bodies) are not
      // understood by every S3-compatible server (s3rver, older MinIO).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (config.accessKeyId && config.secretAccessKey) {
      options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
    }
    this.client = new S3Client(options);
  }

  get bucket(): string {
    return this.config.bucket;
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    // A multipart upload from the stream: bounded memory whatever the file's size, and an abort (or
    // a failure) removes the parts already sent, so nothing is left under the key.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    let failure: unknown;
    const onError = (error: unknown) => {
      failure ??= error;
      void upload.abort().catch(() => undefined);
    };
    body.once('error', onError);
    try {
      await upload.done();
    } catch (error) {
      throw failure ?? error;
    } finally {
      body.off('error', onError);
    }
    if (failure) {
      await this.remove(key);
      throw failure;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return answer.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  }
}
