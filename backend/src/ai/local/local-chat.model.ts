import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import type { LocalModelConfig } from '../../config';
import { PROVIDER_FAILURES } from '../chat-model-failures';
import { type ChatModel, ChatModelError, type ChatModelRequest, messageText } from '../chat-model.port';
import { type FromHost, type HostChatTurn, HOST_ENV, type ToHost } from './local-model-protocol';

/** The model file could not be loaded: the server does not start (docs/operations.md#a-model-in-the-box). */
export class LocalModelLoadError extends Error {
  override readonly name = 'LocalModelLoadError';
}

// eslint-disable-next-line no-control-regex -- NUL is what is removed
const NUL = /\u0000/g;

/** How long loading may take before start-up gives up (a large model on a slow disk takes a while). */
const LOAD_TIMEOUT_MS = 10 * 60_000;

/** One reply being written: its events, and a wake-up for the stream that reads them. */
interface Pending {
  events: FromHost[];
  wake?: () => void;
}

/**
 * The chat's adapter for a GGUF model run on this machine (LOCAL_MODEL_PATH): replies are written
 * by the model host, a child process (./local-model-host.ts), which keeps one line of waiting
 * replies for the whole process. A dead host fails the replies it was writing and is started
 * again for the next one.
 */
export class LocalChatModel implements ChatModel, OnModuleDestroy {
  readonly engine = 'local' as const;
  readonly model: string;
  private readonly logger = new Logger('LocalChatModel');
  private host?: ChildProcess;
  private starting?: Promise<ChildProcess>;
  private readonly pending = new Map<string, Pending>();
  private stopping = false;

  constructor(private readonly config: LocalModelConfig) {
    this.model = config.id;
  }

  /** Loads the model (start-up waits for it, so a bad file stops the server with its reason). */
  async start(): Promise<void> {
    await this.ensureHost();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    const host = this.host;
    this.host = undefined;
    if (!host || host.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        host.kill('SIGKILL');
        resolve();
      }, 5_000);
      host.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      host.disconnect();
    });
  }

  async *stream(request: ChatModelRequest): AsyncGenerator<string, void> {
    if (request.signal.aborted) return;
    const host = await this.ensureHost().catch((error: unknown) => {
      this.logger.error(`The local model could not be started: ${String(error)}`);
      throw new ChatModelError(PROVIDER_FAILURES.unreachable, 'unavailable');
    });
    const id = randomUUID();
    const pending: Pending = { events: [] };
    this.pending.set(id, pending);
    const abort = () => this.post(host, { type: 'abort', id });
    request.signal.addEventListener('abort', abort, { once: true });
    try {
      this.post(host, {
        type: 'generate',
        id,
        turns: turnsOf(request),
        maxTokens: this.config.maxReplyTokens,
      });
      for (;;) {
        const event = pending.events.shift();
        if (!event) {
          await new Promise<void>((resolve) => (pending.wake = resolve));
          continue;
        }
        if (event.type === 'text') {
          // A byte token can decode to NUL, which PostgreSQL's text cannot hold.
          const text = event.text.replace(NUL, '');
          if (text) yield text;
        } else if (event.type === 'queued') request.onWaiting?.(event.ahead);
        else if (event.type === 'done') return;
        else if (event.type === 'error') throw this.failure(event);
      }
    } finally {
      request.signal.removeEventListener('abort', abort);
      this.pending.delete(id);
    }
  }

  private failure(event: Extract<FromHost, { type: 'error' }>): ChatModelError {
    if (event.reason === 'busy') return new ChatModelError(PROVIDER_FAILURES.busy, 'rate_limited');
    if (event.reason === 'too-long') {
      this.logger.warn(
        `A conversation did not fit the local model's context (LOCAL_MODEL_CONTEXT): ${event.detail}`,
      );
      return new ChatModelError(PROVIDER_FAILURES.tooLong(this.model), 'bad_request');
    }
    this.logger.error(`The local model failed while writing a reply: ${event.detail}`);
    return new ChatModelError(PROVIDER_FAILURES.failed, 'unavailable');
  }

  private post(host: ChildProcess, message: ToHost): void {
    if (host.connected) host.send(message);
  }

  private deliver(event: FromHost): void {
    if (!('id' in event)) return;
    const pending = this.pending.get(event.id);
    if (!pending) return;
    pending.events.push(event);
    pending.wake?.();
    pending.wake = undefined;
  }

  private ensureHost(): Promise<ChildProcess> {
    if (this.host?.connected) return Promise.resolve(this.host);
    this.starting ??= this.spawnHost().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private spawnHost(): Promise<ChildProcess> {
    const entry = join(__dirname, `local-model-host${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
    const host = fork(entry, [], {
      // From source (the tests), the host compiles its TypeScript as the worker threads do.
      execArgv: __filename.endsWith('.ts')
        ? ['--require', join(__dirname, '../../worker-threads/ts-register.cjs')]
        : [],
      env: {
        ...process.env,
        [HOST_ENV.path]: this.config.path,
        [HOST_ENV.contextSize]: String(this.config.contextSize),
        [HOST_ENV.threads]: String(this.config.threads),
        [HOST_ENV.parallel]: String(this.config.parallel),
        [HOST_ENV.queueMax]: String(this.config.queueMax),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise<ChildProcess>((resolve, reject) => {
      const timer = setTimeout(() => {
        host.kill('SIGKILL');
        reject(
          new LocalModelLoadError(
            `${this.config.path} did not load within ${LOAD_TIMEOUT_MS / 60_000} minutes`,
          ),
        );
      }, LOAD_TIMEOUT_MS);
      let ready = false;
      host.on('message', (event: FromHost) => {
        if (event.type === 'ready') {
          ready = true;
          clearTimeout(timer);
          this.host = host;
          this.logger.log(
            `Local model ${this.config.id} loaded (context ${event.contextSize} tokens, ${this.config.threads} threads, ${this.config.parallel} at once)`,
          );
          resolve(host);
        } else if (event.type === 'load-failed') {
          clearTimeout(timer);
          reject(new LocalModelLoadError(`${this.config.path} is not a usable GGUF model: ${event.message}`));
        } else if (event.type === 'log') {
          if (event.level === 'error') this.logger.error(`llama.cpp: ${event.message}`);
          else this.logger.warn(`llama.cpp: ${event.message}`);
        } else this.deliver(event);
      });
      host.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.host === host) this.host = undefined;
        if (!ready) {
          reject(
            new LocalModelLoadError(
              `the model host stopped while loading ${this.config.path} (${signal ?? `exit code ${code}`})`,
            ),
          );
          return;
        }
        if (!this.stopping)
          this.logger.error(
            `The local model's host stopped (${signal ?? `exit code ${code}`}); it starts again with the next reply`,
          );
        // Replies it was writing end with a failure now, not a silent hang.
        for (const id of this.pending.keys())
          this.deliver({ type: 'error', id, reason: 'failed', detail: 'the model host stopped' });
      });
    });
  }
}

/** The request's messages as the host reads them: text only (attachments' text is in the parts). */
function turnsOf(request: ChatModelRequest): HostChatTurn[] {
  return request.messages.map((message) => ({ role: message.role, text: messageText(message.content) }));
}
