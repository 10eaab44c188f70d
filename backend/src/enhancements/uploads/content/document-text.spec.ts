import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { AppConfig, DocumentsConfig } from '../../../config';
import { WorkerThreadsService } from '../../../worker-threads';
import { DocumentText } from './document-text';
import { Deadline, ExtractionError } from './extraction-limits';

const MB = 1024 * 1024;

function documents(childMemoryMb: number): DocumentsConfig {
  return {
    tesseractBinary: '/usr/bin/tesseract',
    tesseractLanguages: ['eng'],
    pdftoppmBinary: '/usr/bin/pdftoppm',
    limits: {
      ocrMaxPages: 50,
      timeLimitMs: 600_000,
      childMemoryBytes: childMemoryMb * MB,
      imageMaxPixels: 40_000_000,
      inflatedMaxBytes: 100 * MB,
    },
  };
}

describe('DocumentText under its memory limit', () => {
  let dir: string;
  const threads = new WorkerThreadsService({
    threads: { size: 1, maxMemoryMb: 128, maxQueue: 10 },
  } as AppConfig);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kasa-document-text-'));
  });
  afterAll(async () => {
    await threads.onModuleDestroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('fails an OCR that needs more memory than allowed, for good and saying so', async () => {
    // 12 megapixels: tesseract needs well over 128 MB for it.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="100%" height="100%" fill="#fff"/></svg>';
    const path = join(dir, 'page.png');
    await writeFile(path, new Resvg(svg).render().asPng());
    const reading = new DocumentText(documents(128), threads).readImage(
      path,
      new Deadline(60_000),
      async () => {},
    );
    await expect(reading).rejects.toEqual(
      new ExtractionError(
        'UPLOAD_EXTRACTION_LIMIT',
        'Reading this file needed more than the 128 MB of memory allowed.',
      ),
    );
    await expect(reading).rejects.toMatchObject({ code: 'UPLOAD_EXTRACTION_LIMIT' });
    const enough = new DocumentText(documents(1024), threads).readImage(
      path,
      new Deadline(60_000),
      async () => {},
    );
    await expect(enough).resolves.toMatchObject({ method: 'ocr' });
  }, 90_000);
});
