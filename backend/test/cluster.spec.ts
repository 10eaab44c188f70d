import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResponse, ChatStreamEvent } from '@kasa/contracts';
import { chatReplyStreamPath } from '@kasa/contracts';
import { sql } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestDatabase } from './support/test-database';
import { usagePeriodOf } from '../src/usage/usage-period';

const TS_CHILD = join(__dirname, 'support', 'ts-child.cjs');
const MAIN = join(__dirname, '..', 'src', 'main.ts');
const LOGIN_LIMIT = 6;

interface Answer {
  status: number;
  pid: string;
  response: IncomingMessage;
  /** Everything the answer sent so far (the whole body once `ended`). */
  text: () => string;
  ended: Promise<string>;
  abort(): void;
}

/**
 * Kasa as several processes (`node main.js` with API_PROCESSES=2, cluster/): what one process
 * starts, the other one continues, and limits count across both (docs/operations.md "Several API
 * processes"). The test build names the answering process in X-Kasa-Process (cluster/serve-api.ts).
 */
describe('API_PROCESSES=2 (node:cluster)', () => {
  let fake: FakeOpenAiServer;
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let primary: ChildProcess;
  let output = '';
  let baseUrl: string;
  const agents: Agent[] = [];

  /** One HTTP request; `agent` false: a connection of its own (the primary hands it to some worker). */
  function send(
    path: string,
    options: {
      method?: string;
      body?: unknown;
      token?: string;
      agent?: Agent | false;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const req = httpRequest(
        `${baseUrl}${path}`,
        {
          method: options.method ?? 'GET',
          agent: options.agent ?? false,
          headers: {
            ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
            ...(payload
              ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }
              : {}),
            ...options.headers,
          },
        },
        (response) => {
          response.setEncoding('utf8');
          let body = '';
          response.on('data', (chunk: string) => (body += chunk));
          const ended = new Promise<string>((done) => {
            response.on('end', () => done(body));
            response.on('close', () => done(body));
          });
          resolve({
            status: response.statusCode ?? 0,
            pid: String(response.headers['x-kasa-process'] ?? ''),
            response,
            text: () => body,
            ended,
            abort: () => req.destroy(),
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  const events = (body: string): ChatStreamEvent[] =>
    body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as ChatStreamEvent);

  /** Keep-alive connections (one socket each) sorted by the process that owns them. */
  async function connectionsByProcess(perProcess: number): Promise<Map<string, Agent[]>> {
    const byPid = new Map<string, Agent[]>();
    for (let tries = 0; tries < 40; tries++) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      const answer = await send('/api/health', { agent });
      await answer.ended;
      byPid.set(answer.pid, [...(byPid.get(answer.pid) ?? []), agent]);
      if (byPid.size === 2 && [...byPid.values()].every((list) => list.length >= perProcess)) return byPid;
    }
    throw new Error(`Connections did not reach two processes: ${[...byPid.keys()].join(', ')}`);
  }

  async function signUp(prefix: string): Promise<AuthResponse> {
    const answer = await send('/api/auth/register', {
      method: 'POST',
      body: { username: `${prefix}_${randomBytes(4).toString('hex')}`, password: 'secret123' },
    });
    const body = await answer.ended;
    expect(answer.status).toBe(201);
    return JSON.parse(body) as AuthResponse;
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    database = await createTestDatabase('cluster');
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-cluster-'));
    primary = spawn(process.execPath, [TS_CHILD, MAIN], {
      env: {
        ...withoutRedis(process.env),
        NODE_ENV: 'test',
        API_PROCESSES: '2',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '0',
        AI_TIMEOUT_MS: '20000',
        RATE_LIMIT_LOGIN_PER_IP: String(LOGIN_LIMIT),
        DICTIONARY_AUTO_IMPORT: 'false',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    primary.stdout!.setEncoding('utf8');
    baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Kasa did not start in time:\n${output}`)), 150_000);
      primary.stdout!.on('data', (text: string) => {
        output += text;
        const port = /Kasa is running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
        if (!port) return;
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      });
      primary.once('exit', (code) => reject(new Error(`Kasa exited with code ${code}:\n${output}`)));
    });
  }, 180_000);

  afterAll(async () => {
    for (const agent of agents) agent.destroy();
    if (primary && primary.exitCode === null) {
      const exited = once(primary, 'exit');
      primary.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('says once where it runs, with the number of processes', () => {
    expect(output.match(/Kasa is running at/g)).toHaveLength(1);
    expect(output).toContain('(2 API processes)');
  });

  it('a reply started on one process is resumed and stopped from the other', async () => {
    const owner = await signUp('cluster');
    const byPid = await connectionsByProcess(2);
    const [writerPid, otherPid] = [...byPid.keys()];
    const [writer] = byPid.get(writerPid)!;
    const [resumer, stopper] = byPid.get(otherPid)!;

    fake.script({ kind: 'stream', chunks: Array.from({ length: 60 }, (_, i) => `w${i} `), delayMs: 80 });
    const first = await send('/api/chat', {
      method: 'POST',
      body: { message: 'Keep going' },
      token: owner.token,
      agent: writer,
    });
    expect(first.status).toBe(200);
    expect(first.pid).toBe(writerPid);
    await waitFor(() => events(first.text()).filter((event) => event.content !== undefined).length >= 2);
    const ids = events(first.text())[0];

    const resumed = await send(chatReplyStreamPath(ids.assistantMessageId!), {
      token: owner.token,
      agent: resumer,
      headers: { 'Last-Event-ID': '0' },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.pid).toBe(otherPid);
    await waitFor(() => events(resumed.text()).some((event) => event.content !== undefined));

    const stop = await send(`/api/chat/conversations/${ids.conversationId}/stop`, {
      method: 'POST',
      token: owner.token,
      agent: stopper,
    });
    await stop.ended;
    expect(stop.status).toBe(200);
    expect(stop.pid).toBe(otherPid);

    const tail = events(await resumed.ended);
    expect(tail.at(-1)).toEqual({ done: true, stopped: true, conversationId: ids.conversationId });
    const [saved] = await sql<{ status: string; content: string }>(
      database.url,
      `SELECT status, content FROM chat_messages WHERE id = $1`,
      [ids.assistantMessageId],
    );
    expect(saved.status).toBe('stopped');
    expect(tail.map((event) => event.content ?? '').join('')).toBe(saved.content);
  }, 90_000);

  it('the monthly message quota is exact under concurrent sends to both processes', async () => {
    const user = await signUp('quota');
    const period = usagePeriodOf(new Date());
    // The free plan allows 50 messages a month: two left.
    await sql(
      database.url,
      `INSERT INTO usage_counters (user_id, period, feature, used) VALUES ($1, $2::date, 'messagesPerMonth', 48)`,
      [user.user.id, period],
    );
    fake.fallback = { kind: 'stream', chunks: ['Short', ' reply.'] };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send('/api/chat', { method: 'POST', body: { message: `Send ${i}` }, token: user.token }),
      ),
    );
    await Promise.all(answers.map((answer) => answer.ended));
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
    const [counter] = await sql<{ used: number }>(
      database.url,
      `SELECT used FROM usage_counters WHERE user_id = $1 AND period = $2::date AND feature = 'messagesPerMonth'`,
      [user.user.id, period],
    );
    expect(counter.used).toBe(50);
  }, 90_000);

  it('the sign-in limit per address holds across processes (counted in PostgreSQL without Redis)', async () => {
    const answers = await Promise.all(
      Array.from({ length: LOGIN_LIMIT * 2 }, () =>
        send('/api/auth/login', {
          method: 'POST',
          body: { username: 'nobody_here', password: 'wrong-password' },
        }),
      ),
    );
    await Promise.all(answers.map((answer) => answer.ended));
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(LOGIN_LIMIT);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(LOGIN_LIMIT);
  }, 90_000);
});

async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Not seen in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** This spec is about the deployment without Redis: the limits must hold through PostgreSQL. */
function withoutRedis(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { REDIS_URL: _redis, ...rest } = env;
  return rest;
}
