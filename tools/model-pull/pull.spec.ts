// `npm run model:pull` against a stand-in model hub on loopback: the command runs as operators run
// it (a child Node process), with MODEL_HUB_URL pointing at the stand-in and DATA_DIR in a temp folder.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pullScript = join(__dirname, 'pull.mjs');

// A real catalog entry, so the command's own name-to-file lookup is exercised.
const MODEL_NAME = 'qwen2.5-0.5b';
const REPO = 'Qwen/Qwen2.5-0.5B-Instruct-GGUF';
const FILE = 'qwen2.5-0.5b-instruct-q4_k_m.gguf';

const content = randomBytes(300 * 1024);
const contentSha256 = createHash('sha256').update(content).digest('hex');

interface HubBehaviour {
  /** The published entry's lfs field; `null` publishes the file without one. */
  lfs?: { oid: string; size: number } | null;
  /** Answers every file request with the whole file, as a server without Range support. */
  ignoreRange?: boolean;
  /** Bytes sent on the n-th file request (0-based) before the connection is cut; undefined: all. */
  cutAfter?: (requestIndex: number) => number | undefined;
  /** Bytes sent on the first file request before the server stops sending, connection left open. */
  stallAfter?: number;
}

interface StandInHub {
  url: string;
  /** The Range header of each request for the file's bytes ('' when none). */
  fileRequests: string[];
  listingRequests: number;
  close(): Promise<void>;
}

async function startHub(behaviour: HubBehaviour = {}): Promise<StandInHub> {
  const hub = { fileRequests: [] as string[], listingRequests: 0 };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://hub').pathname);
    if (path === `/api/models/${REPO}/tree/main`) {
      hub.listingRequests += 1;
      const lfs = behaviour.lfs === undefined ? { oid: contentSha256, size: content.length } : behaviour.lfs;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify([
          { type: 'file', path: '.gitattributes', size: 1519, oid: 'a'.repeat(40) },
          { type: 'file', path: FILE, size: lfs?.size ?? 135, oid: 'b'.repeat(40), ...(lfs ? { lfs } : {}) },
        ]),
      );
      return;
    }
    // Hugging Face answers /resolve/ with a redirect to its file store.
    if (path === `/${REPO}/resolve/main/${FILE}`) {
      response.writeHead(302, { location: `/store/${encodeURIComponent(FILE)}` }).end();
      return;
    }
    if (path === `/store/${FILE}`) {
      serveFile(request, response, hub.fileRequests.length);
      hub.fileRequests.push(request.headers.range ?? '');
      return;
    }
    response.writeHead(404).end();
  });

  function serveFile(request: IncomingMessage, response: ServerResponse, requestIndex: number) {
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    let start = 0;
    if (range && !behaviour.ignoreRange) {
      start = Number(range[1]);
      if (start >= content.length) {
        response.writeHead(416, { 'content-range': `bytes */${content.length}` }).end();
        return;
      }
      response.writeHead(206, {
        'content-length': content.length - start,
        'content-range': `bytes ${start}-${content.length - 1}/${content.length}`,
      });
    } else {
      response.writeHead(200, { 'content-length': content.length });
    }
    const body = content.subarray(start);
    const cut = behaviour.cutAfter?.(requestIndex);
    if (cut !== undefined) {
      // The delay lets the bytes reach the client before the connection drops.
      response.write(body.subarray(0, cut), () => setTimeout(() => response.socket?.destroy(), 100));
      return;
    }
    if (behaviour.stallAfter !== undefined && requestIndex === 0) {
      response.write(body.subarray(0, behaviour.stallAfter));
      return;
    }
    response.end(body);
  }

  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get fileRequests() {
      return hub.fileRequests;
    },
    get listingRequests() {
      return hub.listingRequests;
    },
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

interface PullRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runPull(
  hubUrl: string,
  dataDir: string,
  args: string[] = [MODEL_NAME],
  whileRunning?: (child: ReturnType<typeof spawn>) => void,
): Promise<PullRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MODEL_HUB_URL: hubUrl,
    DATA_DIR: dataDir,
    MODEL_PULL_RETRY_PAUSE_MS: '20',
  };
  for (const name of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'LOCAL_MODEL_PATH']) delete env[name];
  return new Promise((finished, failed) => {
    const child = spawn(process.execPath, [pullScript, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', failed);
    child.on('close', (code) => finished({ code, stdout, stderr }));
    whileRunning?.(child);
  });
}

let dataDir: string;
let modelsDir: string;
let hub: StandInHub | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'model-pull-'));
  modelsDir = join(dataDir, 'models');
});

afterEach(async () => {
  await hub?.close();
  hub = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

function expectInstalled() {
  expect(readdirSync(modelsDir)).toEqual([FILE]);
  expect(readFileSync(join(modelsDir, FILE)).equals(content)).toBe(true);
}

function writePart(bytes: Buffer) {
  mkdirSync(modelsDir, { recursive: true });
  writeFileSync(join(modelsDir, `${FILE}.part`), bytes);
}

describe('npm run model:pull', () => {
  it('downloads the file, checks it and installs it under its own name with no .part left', async () => {
    hub = await startHub();
    const run = await runPull(hub.url, dataDir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expectInstalled();
    expect(hub.fileRequests).toEqual(['']);
    expect(run.stdout).toContain(`npm start\` uses it, as the only .gguf file in ${modelsDir}`);
    expect(run.stdout).toContain('Licence: Apache-2.0');
  });

  it('resumes by itself with a Range request when the connection is cut mid-file', async () => {
    const sentBeforeCut = 100 * 1024;
    hub = await startHub({ cutAfter: (index) => (index === 0 ? sentBeforeCut : undefined) });
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(0);
    expectInstalled();
    expect(hub.fileRequests).toHaveLength(2);
    const resumedFrom = Number(/^bytes=(\d+)-$/.exec(hub.fileRequests[1])?.[1]);
    expect(resumedFrom).toBeGreaterThan(0);
    expect(resumedFrom).toBeLessThanOrEqual(sentBeforeCut);
    expect(run.stdout).toMatch(/Connection lost at .* MB/);
  });

  it('continues the .part an earlier run left', async () => {
    writePart(content.subarray(0, 120_000));
    hub = await startHub();
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(0);
    expectInstalled();
    expect(hub.fileRequests).toEqual(['bytes=120000-']);
  });

  it('starts over when the server ignores Range and sends the whole file', async () => {
    // Bytes that are not the file's start: appending the whole file to them would fail the hash.
    writePart(randomBytes(50_000));
    hub = await startHub({ ignoreRange: true });
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(0);
    expectInstalled();
    expect(hub.fileRequests).toEqual(['bytes=50000-']);
    expect(run.stdout).toContain('does not resume downloads: starting over');
  });

  it('starts over when the .part is larger than the published file', async () => {
    writePart(randomBytes(content.length + 10));
    hub = await startHub();
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(0);
    expectInstalled();
    expect(hub.fileRequests).toEqual(['']);
  });

  it('deletes a download whose SHA-256 is not the published one and installs nothing', async () => {
    const otherSha256 = createHash('sha256').update('another file').digest('hex');
    hub = await startHub({ lfs: { oid: otherSha256, size: content.length } });
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('does not match the published one');
    expect(run.stderr).toContain(`expected SHA-256 ${otherSha256}`);
    expect(run.stderr).toContain(`got      SHA-256 ${contentSha256}`);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('refuses a file the hub lists without a SHA-256, before downloading anything', async () => {
    hub = await startHub({ lfs: null });
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('publishes no SHA-256');
    expect(hub.fileRequests).toEqual([]);
    expect(existsSync(join(modelsDir, FILE))).toBe(false);
  });

  it('refuses to start when the disk cannot hold the file', async () => {
    hub = await startHub({ lfs: { oid: contentSha256, size: 2 ** 52 } });
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Not enough free disk space in .*: the download needs/);
    expect(hub.fileRequests).toEqual([]);
  });

  it('gives up after the retries, keeps what it saved and says how to resume', async () => {
    const sentBeforeCut = 100 * 1024;
    hub = await startHub({ cutAfter: (index) => (index === 0 ? sentBeforeCut : 0) });
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(1);
    // The first request saved bytes before its cut; then five retries that saved none.
    expect(hub.fileRequests).toHaveLength(6);
    const partSize = statSync(join(modelsDir, `${FILE}.part`)).size;
    expect(partSize).toBeGreaterThan(0);
    expect(readFileSync(join(modelsDir, `${FILE}.part`)).equals(content.subarray(0, partSize))).toBe(true);
    expect(run.stderr).toContain('still fails after 5 retries');
    expect(run.stderr).toContain('run the same command again to resume');
  });

  it('leaves the .part for later when stopped with Ctrl-C', async () => {
    const sentBeforeStall = 100 * 1024;
    hub = await startHub({ stallAfter: sentBeforeStall });
    const partPath = join(modelsDir, `${FILE}.part`);
    const run = await runPull(hub.url, dataDir, [MODEL_NAME], (child) => {
      const waitForBytes = setInterval(() => {
        if (existsSync(partPath) && statSync(partPath).size >= sentBeforeStall) {
          clearInterval(waitForBytes);
          child.kill('SIGINT');
        }
      }, 20);
      child.on('close', () => clearInterval(waitForBytes));
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toContain(`Stopped. 0.1 MB of 0.3 MB are saved in ${partPath}`);
    expect(readFileSync(partPath).equals(content.subarray(0, sentBeforeStall))).toBe(true);
  });

  it('does not download again a file already complete', async () => {
    mkdirSync(modelsDir, { recursive: true });
    writeFileSync(join(modelsDir, FILE), content);
    hub = await startHub();
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('already downloaded and matches the published SHA-256');
    expect(hub.listingRequests).toBe(1);
    expect(hub.fileRequests).toEqual([]);
  });

  it('names LOCAL_MODEL_PATH when other models are in the folder', async () => {
    mkdirSync(modelsDir, { recursive: true });
    writeFileSync(join(modelsDir, 'other.gguf'), 'GGUF');
    hub = await startHub();
    const run = await runPull(hub.url, dataDir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Other models are in');
    expect(run.stdout).toContain(`LOCAL_MODEL_PATH=${join(modelsDir, FILE)} npm start`);
  });

  it('answers an unknown name with exit code 2 and the names it knows', async () => {
    hub = await startHub();
    const run = await runPull(hub.url, dataDir, ['mistral-7b']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("There is no model named 'mistral-7b'");
    for (const name of ['qwen2.5-1.5b', 'llama3.2-1b', 'gemma2-2b', 'qwen2.5-0.5b'])
      expect(run.stderr).toContain(name);
    expect(hub.listingRequests).toBe(0);
  });
});
