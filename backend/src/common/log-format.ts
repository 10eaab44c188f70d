import type { DestinationStream } from 'pino';
import pretty, { type PrettyOptions } from 'pino-pretty';
import type { AppConfig } from '../config';

export type LogFormat = 'pretty' | 'json';

/**
 * How log lines are written. LOG_FORMAT decides when set; otherwise a person watching a terminal
 * (`npm start`, `npm run dev`) gets pretty lines, and production, pipes, files, log collectors and
 * tests get one JSON object per line.
 */
export function chooseLogFormat(
  config: Pick<AppConfig, 'nodeEnv' | 'logFormat'>,
  stdoutIsTerminal: boolean,
): LogFormat {
  if (config.logFormat !== 'auto') return config.logFormat;
  return stdoutIsTerminal && config.nodeEnv !== 'production' ? 'pretty' : 'json';
}

interface LoggedRequest {
  id?: unknown;
  method?: unknown;
  url?: unknown;
}

/**
 * One short line per entry: `[12:04:05.120] INFO: [Context] message`, and for an API call
 * `POST /api/chat 200 35 ms request completed (request <id>)`. The request's headers stay in the
 * JSON format only: they would drown the line.
 */
export function formatLogMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  const request = log.req as LoggedRequest | undefined;
  if (request && typeof request === 'object') {
    const status = (log.res as { statusCode?: unknown } | undefined)?.statusCode ?? '-';
    const elapsed = typeof log.responseTime === 'number' ? ` ${log.responseTime} ms` : '';
    return `${String(request.method)} ${String(request.url)} ${String(status)}${elapsed} ${message} (request ${String(request.id)})`;
  }
  return typeof log.context === 'string' ? `[${log.context}] ${message}` : message;
}

export const PRETTY_LOG_OPTIONS: PrettyOptions = {
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,context,req,res,responseTime',
  singleLine: true,
  messageFormat: formatLogMessage,
};

/**
 * pino-pretty as a stream in this thread (not a transport, which starts a worker thread per
 * logger): synchronous, so nothing is lost when the process exits, and cheap to skip in tests.
 * Colours when the terminal supports them.
 */
export function prettyLogStream(): DestinationStream {
  return pretty({ ...PRETTY_LOG_OPTIONS, colorize: pretty.isColorSupported, sync: true });
}
