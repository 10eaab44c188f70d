// The upload dialog against an XMLHttpRequest double (the network boundary of uploads).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { renderWithProviders, setViewportWidth } from '../../../test/helpers';
import { FakeXhr, fileOf, uploadRecord } from '../test-support';
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
});

function renderDialog(conversationId?: string) {
  return renderWithProviders(
    <UploadDialog open onClose={jest.fn()} onComplete={onComplete} conversationId={conversationId} />,
  );
}

const pick = (...files: File[]) =>
  fireEvent.change(screen.getByTestId('upload-input'), { target: { files } });

test('every file is checked first: the spec texts for each bad one, and nothing is sent', async () => {
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
