// The upload dialog against an XMLHttpRequest double (the network boundary of uploads).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UPLOAD_MAX_BYTES } from '@kasa/contracts';
import type { UploadRecord } from '@kasa/contracts';
import type { Language } from '@kasa/ui';
import { jsonResponse, renderWithProviders, setViewportWidth } from '../../testing/chat-harness';
import { FakeXhr, fileOf, uploadRecord } from '../../testing/enhancements-fakes';
import UploadDialog from './UploadDialog';

const realXhr = globalThis.XMLHttpRequest;
let onComplete: jest.Mock;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('auth_token', 'tok-1');
  setViewportWidth(1280);
  FakeXhr.install();
  onComplete = jest.fn();
});
afterEach(() => {
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
  delete (globalThis as { fetch?: unknown }).fetch;
});

function renderDialog(conversationId?: string, language: Language = 'en') {
  return renderWithProviders(
    <UploadDialog open onClose={jest.fn()} onComplete={onComplete} conversationId={conversationId} />,
    { language },
  );
}

/** GET /api/enhancements/uploads and DELETE /api/enhancements/uploads/{id}, as the server answers them. */
function serveUploads(list: UploadRecord[]): Array<{ method: string; url: string }> {
  const calls: Array<{ method: string; url: string }> = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = (init.method ?? 'GET').toUpperCase();
      calls.push({ method, url });
      if (method === 'GET' && url === '/api/enhancements/uploads') return jsonResponse(200, list);
      const one = /^\/api\/enhancements\/uploads\/([^/]+)$/.exec(url);
      if (method === 'DELETE' && one) {
        list = list.filter((upload) => upload.id !== one[1]);
        return jsonResponse(204);
      }
      throw new TypeError('Failed to fetch');
    },
  );
  return calls;
}

const scan = uploadRecord('s1', 'scan.pdf', {
  mimeType: 'application/pdf',
  extraction: {
    status: 'done',
    progress: 100,
    method: 'ocr',
    characters: 900,
    pagesRead: 50,
    pagesTotal: 3000,
    stoppedBy: 'page-limit',
    note: 'Pages 51-3000 were not read: text recognition reads at most 50 pages of a scanned PDF.',
  },
});
const slow = uploadRecord('s2', 'slow.pdf', {
  mimeType: 'application/pdf',
  extraction: {
    status: 'done',
    progress: 100,
    method: 'ocr',
    characters: 40,
    pagesRead: 22,
    pagesTotal: 23,
    stoppedBy: 'time-limit',
  },
});
const huge = uploadRecord('p1', 'huge.png', {
  mimeType: 'image/png',
  extraction: {
    status: 'failed',
    progress: 0,
    code: 'UPLOAD_EXTRACTION_LIMIT',
    error: 'This image is 30000 × 30000 pixels (900 megapixels): images above 40 megapixels are not read.',
  },
});

const pick = (...files: File[]) =>
  fireEvent.change(screen.getByTestId('upload-input'), { target: { files } });

test('every file is checked first: the product text for each bad one, and nothing is sent', async () => {
  renderDialog();
  pick(
    fileOf('notes.txt', 'text/plain'),
    fileOf('virus.exe', 'application/x-msdownload'),
    fileOf('huge.pdf', 'application/pdf', UPLOAD_MAX_BYTES + 1),
  );
  const problems = await screen.findByTestId('upload-problems');
  expect(
    within(problems)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Invalid file type: virus.exe. Only images, PDFs, Word docs, and text files are allowed.',
    'File too large: huge.pdf. Maximum size is 50MB.',
  ]);
  expect(FakeXhr.sent).toHaveLength(0);
  expect(onComplete).not.toHaveBeenCalled();
});

test('files go one by one with a progress bar each, with the token and the conversation; all sent → the draft', async () => {
  renderDialog('c1');
  pick(fileOf('a.txt', 'text/plain'), fileOf('b.csv', 'text/csv'));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  const first = FakeXhr.sent[0];
  expect(first.method).toBe('POST');
  expect(first.url).toBe('/api/enhancements/upload');
  expect(first.requestHeaders.Authorization).toBe('Bearer tok-1');
  expect(first.fileName).toBe('a.txt');
  expect(first.body?.get('conversationId')).toBe('c1');

  act(() => first.progress(30, 100));
  const bars = screen.getAllByRole('progressbar');
  expect(bars).toHaveLength(2);
  expect(bars[0]).toHaveAttribute('aria-valuenow', '30');
  expect(screen.getAllByTestId('upload-file')[0]).toHaveTextContent('Uploading… 30%');
  expect(screen.getAllByTestId('upload-file')[1]).toHaveTextContent('Waiting');
  // The second waits for the first.
  expect(FakeXhr.sent).toHaveLength(1);

  act(() => first.respond(201, uploadRecord('u1', 'a.txt')));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
  expect(FakeXhr.sent[1].fileName).toBe('b.csv');
  expect(screen.getAllByTestId('upload-file')[0]).toHaveTextContent('Uploaded');
  act(() => FakeXhr.sent[1].respond(201, uploadRecord('u2', 'b.csv', { mimeType: 'text/csv' })));

  await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'attachments',
    attachments: [
      { type: 'upload', id: 'u1', name: 'a.txt', mimeType: 'text/plain', previewUrl: null },
      { type: 'upload', id: 'u2', name: 'b.csv', mimeType: 'text/csv', previewUrl: null },
    ],
  });
});

test("a failure says 'Upload failed for {file}' with the server's words; the others still go and can be added", async () => {
  renderDialog();
  pick(fileOf('bad.pdf', 'application/pdf'), fileOf('good.txt', 'text/plain'));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  act(() =>
    FakeXhr.sent[0].respond(415, {
      statusCode: 415,
      message: 'This file is not a PDF.',
      error: 'Unsupported Media Type',
    }),
  );
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
  act(() => FakeXhr.sent[1].respond(201, uploadRecord('u2', 'good.txt')));

  const failed = screen.getAllByTestId('upload-file')[0];
  await waitFor(() => expect(failed).toHaveAttribute('data-state', 'failed'));
  expect(within(failed).getByRole('alert')).toHaveTextContent(
    'Upload failed for bad.pdf — This file is not a PDF.',
  );
  expect(onComplete).not.toHaveBeenCalled();
  fireEvent.click(await screen.findByRole('button', { name: 'Add the uploaded files' }));
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'attachments',
    attachments: [expect.objectContaining({ id: 'u2', name: 'good.txt' })],
  });
});

test('a connection failure: the generic text', async () => {
  renderDialog();
  pick(fileOf('a.txt', 'text/plain'));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  act(() => FakeXhr.sent[0].onerror?.());
  const row = screen.getByTestId('upload-file');
  await waitFor(() => expect(row).toHaveAttribute('data-state', 'failed'));
  expect(within(row).getByRole('alert')).toHaveTextContent(/^Upload failed for a\.txt — /);
});

test('over the monthly limit (429): the rest is not sent', async () => {
  renderDialog();
  pick(fileOf('a.txt', 'text/plain'), fileOf('b.txt', 'text/plain'));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  act(() =>
    FakeXhr.sent[0].respond(429, {
      error: 'Usage limit exceeded',
      code: 'USAGE_LIMIT_EXCEEDED',
      feature: 'audioUploadsPerMonth',
      current: 5,
      limit: 5,
      upgradeRequired: true,
    }),
  );
  await waitFor(() =>
    expect(screen.getAllByTestId('upload-file').map((row) => row.getAttribute('data-state'))).toEqual([
      'failed',
      'failed',
    ]),
  );
  expect(FakeXhr.sent).toHaveLength(1);
});

test("your files, on demand: how each one's text was read, and the pages of a scan that were skipped", async () => {
  const calls = serveUploads([scan, slow, huge]);
  renderDialog();
  expect(calls).toHaveLength(0); // nothing fetched until asked
  fireEvent.click(screen.getByRole('button', { name: 'Your uploaded files' }));
  const items = await screen.findAllByTestId('your-upload');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringContaining('scan.pdfText read'),
    expect.stringContaining('slow.pdfText read'),
    expect.stringContaining(
      'huge.pngCould not read its text: This image is 30000 × 30000 pixels (900 megapixels): images above 40 megapixels are not read.',
    ),
  ]);
  expect(within(items[0]).getByTestId('pages-skipped')).toHaveTextContent(
    'Pages 51-3000 were not read: text recognition reads at most 50 pages of a scanned PDF.',
  );
  expect(within(items[1]).getByTestId('pages-skipped')).toHaveTextContent(
    'Page 23 was not read: reading it took all the time allowed.',
  );
});

test('the skipped pages in French', async () => {
  serveUploads([scan]);
  renderDialog(undefined, 'fr');
  fireEvent.click(screen.getByRole('button', { name: 'Vos fichiers envoyés' }));
  expect(await screen.findByTestId('pages-skipped')).toHaveTextContent(
    "Pages 51 à 3000 non lues : la reconnaissance de texte lit au plus 50 pages d'un PDF numérisé.",
  );
});

test('deleting a file asks first, then removes it with its text', async () => {
  const calls = serveUploads([scan, huge]);
  renderDialog();
  fireEvent.click(screen.getByRole('button', { name: 'Your uploaded files' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete scan.pdf' }));
  const confirm = screen.getByRole('group', { name: 'Delete scan.pdf and its text?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Keep' }));
  expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: 'Delete scan.pdf' }));
  fireEvent.click(
    within(screen.getByRole('group', { name: 'Delete scan.pdf and its text?' })).getByRole('button', {
      name: 'Delete',
    }),
  );
  await waitFor(() => expect(screen.getAllByTestId('your-upload')).toHaveLength(1));
  expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
    { method: 'DELETE', url: '/api/enhancements/uploads/s1' },
  ]);
  expect(screen.getByTestId('your-upload')).toHaveTextContent('huge.png');
});
