import { Logger } from '@nestjs/common';
import {
  type MemoryLimit,
  type ProcessResult,
  ProcessFailedError,
  runProcess,
} from '../../../processes/run-process';
import {
  type Deadline,
  ExtractionError,
  memoryLimitFailure,
  TimeLimitReached,
  timeLimitFailure,
} from './extraction-limits';

/** What native programs write when an allocation fails (libpng, leptonica, C++, glibc, poppler). */
const OUT_OF_MEMORY =
  /out of memory|bad_alloc|malloc fail|cannot allocate memory|allocation failed|memory exhausted/i;
/** Signals of a program that died of a failed allocation rather than of our timeout. */
const CRASH_SIGNALS = new Set(['SIGABRT', 'SIGSEGV', 'SIGBUS', 'SIGKILL']);

export interface LimitedProgram {
  command: string;
  args: readonly string[];
  /** Where it comes from, for the message when it is missing: 'tesseract-ocr' and 'TESSERACT_BIN'. */
  debianPackage?: string;
  variable?: string;
  /** Its own longest run; less when the extraction's time ends first. */
  capMs: number;
  deadline: Deadline;
  memory: MemoryLimit;
  env?: Record<string, string>;
}

const logger = new Logger('UploadExtraction');

/**
 * Runs one program that reads an upload, within the upload's limits: a hard memory ceiling
 * (prlimit, run-process.ts) and a timeout that never passes the extraction's deadline. Each way
 * it can end becomes a final ExtractionError, none a retry:
 * - missing program: UPLOAD_OCR_UNAVAILABLE, "not available on this server" (the log names the
 *   Debian package to install), or the Node reader failed;
 * - memory ceiling hit (a crash signal or an allocation failure on stderr, even with exit code 0,
 *   as tesseract sometimes does): UPLOAD_EXTRACTION_LIMIT;
 * - past the deadline: TimeLimitReached (the caller decides: a scan keeps its pages);
 * - past its own cap: UPLOAD_EXTRACTION_LIMIT;
 * - anything else: UPLOAD_EXTRACTION_FAILED.
 */
export async function runLimited(program: LimitedProgram): Promise<ProcessResult> {
  const { command, args, deadline, memory } = program;
  const timeoutMs = deadline.timeoutFor(program.capMs);
  let result: ProcessResult;
  try {
    result = await runProcess(command, args, { timeoutMs, memoryLimit: memory, env: program.env });
  } catch (error) {
    throw failureOf(program, error, timeoutMs);
  }
  if (OUT_OF_MEMORY.test(result.stderr)) {
    logger.warn(`${command} ran out of memory: ${result.stderr.trim().split('\n').slice(-2).join(' ')}`);
    throw memoryLimitFailure(memory.bytes);
  }
  return result;
}

export const OCR_UNAVAILABLE_MESSAGE = 'Text recognition is not available on this server.';

function failureOf(program: LimitedProgram, error: unknown, timeoutMs: number): Error {
  const { command, deadline, memory } = program;
  if (!(error instanceof ProcessFailedError)) return error as Error;
  if (!error.ending) {
    if (/ could not start: .*ENOENT/.test(error.message) && program.debianPackage) {
      // What to install is for the operator (the log); the upload's owner reads only that OCR is
      // not available here (docs/product.md#features-this-server-cannot-run).
      logger.warn(
        `${command} is missing: install the Debian package ${program.debianPackage} (or set ${program.variable}) for text recognition.`,
      );
      return new ExtractionError('UPLOAD_OCR_UNAVAILABLE', OCR_UNAVAILABLE_MESSAGE);
    }
    logger.error(error.message);
    return new ExtractionError('UPLOAD_EXTRACTION_FAILED', 'The text of this file could not be read.');
  }
  if (error.ending.timedOut) {
    logger.warn(`${command} stopped after ${timeoutMs} ms`);
    return deadline.passed() ? new TimeLimitReached() : timeLimitFailure(program.capMs);
  }
  if (OUT_OF_MEMORY.test(error.stderr) || CRASH_SIGNALS.has(error.ending.signal ?? '')) {
    logger.warn(`${command} ran out of memory: ${error.message}`);
    return memoryLimitFailure(memory.bytes);
  }
  logger.error(`${command} failed: ${error.message}`);
  return error;
}
