import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLoopbackServer } from './loopback-server';

interface StoredS3Object {
  body: Buffer;
  contentType: string;
}

export interface FakeS3Request {
  method: string;
  /** The object key, URL-decoded. */
  key: string;
  authorization?: string;
}

export interface FakeS3Server {
  /** http://127.0.0.1:PORT — what S3_ENDPOINT is set to. */
  endpoint: string;
  bucket: string;
  /** Bucket contents by key. */
  objects: Map<string, StoredS3Object>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

export interface FakeS3Options {
  bucket?: string;
  accessKeyId?: string;
  region?: string;
}

/** S3's error body (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html). */
function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  withBody = true,
): void {
  res.writeHead(status, { 'Content-Type': 'application/xml', 'x-amz-request-id': 'FAKE' });
  res.end(
    withBody
      ? `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>FAKE</RequestId></Error>`
      : undefined,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A loopback server speaking S3's REST API on path-style URLs (`/<bucket>/<key>`): PutObject,
 * GetObject, HeadObject and DeleteObject, with S3's XML error bodies (NoSuchKey, NoSuchBucket,
 * AccessDenied) and single byte ranges. Every request must carry a SigV4 Authorization header whose credential scope names
 * the configured access key, region and the `s3` service; the signature itself is not recomputed.
 */
export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3Server> {
  const bucket = options.bucket ?? 'kasa-test';
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY';
  const region = options.region ?? 'us-east-1';
  const scope = new RegExp(
    `^AWS4-HMAC-SHA256 Credential=${accessKeyId}/\\d{8}/${region}/s3/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`,
  );
  const objects = new Map<string, StoredS3Object>();
  const requests: FakeS3Request[] = [];

  const server = await startLoopbackServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const method = req.method ?? 'GET';
    requests.push({ method, key, authorization: req.headers.authorization });
    const body = await readBody(req);
    const withBody = method !== 'HEAD';

    if (!scope.test(req.headers.authorization ?? ''))
      return sendError(res, 403, 'AccessDenied', 'Missing or foreign SigV4 credential scope.', withBody);
    if (bucketName !== bucket)
      return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.', withBody);
    if (!key) return sendError(res, 400, 'InvalidRequest', 'Only object operations are supported.', withBody);

    switch (method) {
      case 'PUT': {
        objects.set(key, {
          body,
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        });
        res.writeHead(200, { ETag: '"fake"' });
        return void res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', withBody);
        // Only the single `bytes=start-end` form Kasa sends.
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
        const start = range ? Number(range[1]) : 0;
        const end = range ? Math.min(Number(range[2]), object.body.length - 1) : object.body.length - 1;
        // Without a Range, an empty object is a 200 with no body, as on S3.
        if (range && start > end)
          return sendError(res, 416, 'InvalidRange', 'The requested range is not satisfiable', withBody);
        const bytes = object.body.subarray(start, end + 1);
        res.writeHead(range ? 206 : 200, {
          'Content-Type': object.contentType,
          'Content-Length': String(bytes.length),
          ...(range ? { 'Content-Range': `bytes ${start}-${end}/${object.body.length}` } : {}),
          ETag: '"fake"',
          'Last-Modified': new Date().toUTCString(),
        });
        return void res.end(withBody ? bytes : undefined);
      }
      case 'DELETE': {
        objects.delete(key);
        res.writeHead(204);
        return void res.end();
      }
      default:
        return sendError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed.', withBody);
    }
  });

  return { endpoint: server.origin, bucket, objects, requests, close: () => server.close() };
}

/**
 * The environment of a test app whose files go to `s3` (the bucket 'kasa-files', started with
 * startFakeS3({ bucket: 'kasa-files', accessKeyId: 'KASATEST' })), or to local disk without one.
 */
export function filesStorageEnv(s3: FakeS3Server | undefined): Record<string, string> {
  return s3
    ? {
        FILES_STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'kasa-files',
        S3_ACCESS_KEY_ID: 'KASATEST',
        S3_SECRET_ACCESS_KEY: 'secret',
      }
    : {};
}
