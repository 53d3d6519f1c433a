// A real S3-compatible server for the storage tests: s3rver on a loopback port, with its data in a
// temporary folder, started in a child process (see s3-server-child.cjs).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageSettings } from '../../src/storage/s3-attachment-storage';

/** s3rver's built-in account: it checks every request's signature against these. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  /** A new, empty bucket of this server. */
  createBucket(): Promise<string>;
  /** What the API's configuration gives the S3 storage for `bucket`. */
  settings(bucket: string): S3StorageSettings;
  /** The API's environment for `bucket` (ATTACHMENT_STORAGE=s3 and the S3_* variables). */
  env(bucket: string): Record<string, string>;
  /** Kills the server (SIGKILL, as a crash would) and waits for its exit; the data folder stays until dispose(). */
  stop(): Promise<void>;
  /** Stops the server and removes its data. */
  dispose(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'verity-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(__dirname, 's3-server-child.cjs'), directory],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = () => {
      const match = /\{"port":(\d+)\}/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    void exited.then(() => reject(new Error(`s3rver exited before listening:\n${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket: string): S3StorageSettings => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return {
    endpoint,
    async createBucket() {
      const bucket = `verity-${randomUUID().slice(0, 8)}`;
      const { region, forcePathStyle, credentials } = settings(bucket);
      const client = new S3Client({ region, endpoint, forcePathStyle, credentials });
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } finally {
        client.destroy();
      }
      return bucket;
    },
    settings,
    env: (bucket) => ({
      ATTACHMENT_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    }),
    stop,
    async dispose() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
