// The cloud-storage dialog against stubbed /api/enhancements/google-drive/* answers (global fetch)
// and window.open.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  jsonResponse,
  renderWithProviders,
  setViewportWidth,
  type FakeResponse,
} from '../../testing/chat-harness';
import { uploadRecord } from '../../testing/enhancements-fakes';
import CloudStorageDialog from './CloudStorageDialog';

let calls: { method: string; url: string; body: unknown; credentials?: RequestCredentials }[];
let answers: Record<string, () => FakeResponse>;
let onComplete: jest.Mock;
const realOpen = window.open;

const file = {
  id: 'g1',
  name: 'Harvest plan.pdf',
  mimeType: 'application/pdf',
  size: 2048,
  modifiedTime: '2026-01-05T10:00:00.000Z',
  webViewLink: null,
};

beforeEach(() => {
  setViewportWidth(1280);
  calls = [];
  onComplete = jest.fn();
  answers = {
    'GET /api/enhancements/google-drive/auth-url': () =>
      jsonResponse(200, { authUrl: 'https://accounts.example/auth' }),
    'POST /api/enhancements/google-drive/files': () => jsonResponse(200, { success: true, files: [file] }),
    'POST /api/enhancements/google-drive/download': () =>
      jsonResponse(200, {
        success: true,
        upload: uploadRecord('u9', 'Harvest plan.pdf', { mimeType: 'application/pdf' }),
      }),
  };
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const url = String(input);
      calls.push({
        method,
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        credentials: init.credentials,
      });
      return answers[`${method} ${url}`]() as unknown as Response;
    },
  );
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  window.open = realOpen;
  jest.useRealTimers();
});

const renderDialog = () =>
  renderWithProviders(
    <CloudStorageDialog open onClose={jest.fn()} onComplete={onComplete} conversationId="c1" />,
  );

const NOT_CONFIGURED = {
  statusCode: 503,
  code: 'DRIVE_NOT_CONFIGURED',
  message: 'Google Drive import is not available on this server.',
};

test('not configured (503), for a user: not available on this server, no variable name, no Connect', async () => {
  answers['GET /api/enhancements/google-drive/auth-url'] = () => jsonResponse(503, NOT_CONFIGURED);
  renderDialog();
  const notice = await screen.findByTestId('cloud-not-configured');
  expect(notice).toHaveTextContent('not available on this server');
  expect(notice).not.toHaveTextContent('GOOGLE_CLIENT_ID');
  expect(screen.queryByTestId('cloud-configure')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Connect Google Drive' })).toBeNull();
});

test("not configured (503), for an administrator: also what to set (the answer's configure)", async () => {
  answers['GET /api/enhancements/google-drive/auth-url'] = () =>
    jsonResponse(503, { ...NOT_CONFIGURED, configure: 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.' });
  renderDialog();
  expect(await screen.findByTestId('cloud-configure')).toHaveTextContent(
    'For administrators: Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  );
  expect(screen.getByTestId('cloud-not-configured')).toHaveTextContent('not available on this server');
});

test('another 503 (a proxy in front of the server) is a failure, not "not available"', async () => {
  answers['GET /api/enhancements/google-drive/auth-url'] = () =>
    jsonResponse(503, { statusCode: 503, message: 'Service Unavailable' });
  renderDialog();
  expect(await screen.findByTestId('cloud-init-failed')).toBeInTheDocument();
  expect(screen.queryByTestId('cloud-not-configured')).toBeNull();
});

test("other failures: 'Failed to initialize'", async () => {
  answers['GET /api/enhancements/google-drive/auth-url'] = () =>
    jsonResponse(500, { statusCode: 500, message: 'Boom' });
  renderDialog();
  expect(await screen.findByTestId('cloud-init-failed')).toHaveTextContent('Failed to initialize');
});

test('Connect: a 500x600 window, checked every second; a second after it closes the files list; Import → the draft', async () => {
  jest.useFakeTimers();
  const popup = { closed: false };
  window.open = jest.fn(() => popup as unknown as Window);
  renderDialog();
  const connect = await screen.findByRole('button', { name: 'Connect Google Drive' });
  fireEvent.click(connect);
  expect(window.open).toHaveBeenCalledWith(
    'https://accounts.example/auth',
    expect.any(String),
    'width=500,height=600',
  );
  // The answer's binding cookie must be kept: the sign-in window's callback requires it.
  expect(calls.find((c) => c.url.endsWith('/auth-url'))?.credentials).toBe('include');
  act(() => jest.advanceTimersByTime(3000));
  expect(calls.filter((c) => c.url.endsWith('/files'))).toHaveLength(0);
  popup.closed = true;
  act(() => jest.advanceTimersByTime(1000)); // the check sees it closed
  expect(calls.filter((c) => c.url.endsWith('/files'))).toHaveLength(0);
  act(() => jest.advanceTimersByTime(1000)); // then a second later
  jest.useRealTimers();
  await waitFor(() => expect(screen.getByTestId('cloud-file')).toHaveTextContent('Harvest plan.pdf'));
  expect(calls.find((c) => c.url.endsWith('/files'))?.body).toEqual({ conversationId: 'c1' });
  expect(screen.getByTestId('cloud-file')).toHaveTextContent('2 KB');

  fireEvent.click(screen.getByRole('button', { name: 'Import Harvest plan.pdf' }));
  await waitFor(() => expect(onComplete).toHaveBeenCalled());
  expect(calls.find((c) => c.url.endsWith('/download'))?.body).toEqual({
    fileId: 'g1',
    conversationId: 'c1',
  });
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'attachments',
    attachments: [
      { type: 'upload', id: 'u9', name: 'Harvest plan.pdf', mimeType: 'application/pdf', previewUrl: null },
    ],
  });
});

test("Refresh list: 'No files found'; a failed list asks to authenticate again; a failed import names the file", async () => {
  answers['POST /api/enhancements/google-drive/files'] = () =>
    jsonResponse(200, { success: true, files: [] });
  renderDialog();
  fireEvent.click(await screen.findByRole('button', { name: 'Refresh list' }));
  expect(await screen.findByTestId('cloud-no-files')).toHaveTextContent('No files found');

  answers['POST /api/enhancements/google-drive/files'] = () =>
    jsonResponse(401, { statusCode: 401, message: 'Google Drive is not connected.' });
  fireEvent.click(screen.getByRole('button', { name: 'Refresh list' }));
  expect(await screen.findByTestId('cloud-files-failed')).toHaveTextContent(
    'Failed to load Please try authenticating again.',
  );

  answers['POST /api/enhancements/google-drive/files'] = () =>
    jsonResponse(200, { success: true, files: [file] });
  answers['POST /api/enhancements/google-drive/download'] = () =>
    jsonResponse(502, { statusCode: 502, message: 'Drive did not answer.' });
  fireEvent.click(screen.getByRole('button', { name: 'Refresh list' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Import Harvest plan.pdf' }));
  expect(await screen.findByText(/Failed to download Harvest plan\.pdf/)).toBeInTheDocument();
  expect(onComplete).not.toHaveBeenCalled();
});

describe('in French, every failure reads in French by its code, never the server’s English', () => {
  const renderFrench = () =>
    renderWithProviders(
      <CloudStorageDialog open onClose={jest.fn()} onComplete={onComplete} conversationId="c1" />,
      { language: 'fr' },
    );

  test('not configured', async () => {
    answers['GET /api/enhancements/google-drive/auth-url'] = () => jsonResponse(503, NOT_CONFIGURED);
    renderFrench();
    const notice = await screen.findByTestId('cloud-not-configured');
    await waitFor(() =>
      expect(notice).toHaveTextContent("L'import depuis Google Drive n'est pas disponible sur ce serveur."),
    );
    expect(notice).not.toHaveTextContent('Google Drive import is not available');
  });

  test('a failed list and a failed import', async () => {
    renderFrench();
    answers['POST /api/enhancements/google-drive/files'] = () =>
      jsonResponse(409, {
        statusCode: 409,
        code: 'DRIVE_ACCESS_REVOKED',
        message: 'Access to your Google Drive was revoked or has expired. Connect Google Drive again.',
      });
    fireEvent.click(await screen.findByRole('button', { name: 'Actualiser la liste' }));
    const listFailure = await screen.findByTestId('cloud-files-failed');
    await waitFor(() =>
      expect(listFailure).toHaveTextContent(
        "L'accès à votre Google Drive a été révoqué ou a expiré. Connectez Google Drive à nouveau.",
      ),
    );
    expect(listFailure).not.toHaveTextContent('revoked');

    answers['POST /api/enhancements/google-drive/files'] = () =>
      jsonResponse(200, { success: true, files: [file] });
    answers['POST /api/enhancements/google-drive/download'] = () =>
      jsonResponse(502, {
        statusCode: 502,
        code: 'DRIVE_UNREACHABLE',
        message: 'Google Drive could not be reached. Please try again.',
      });
    fireEvent.click(screen.getByRole('button', { name: 'Actualiser la liste' }));
    fireEvent.click(await screen.findByRole('button', { name: /Harvest plan\.pdf/ }));
    expect(
      await screen.findByText(/Google Drive est injoignable\. Veuillez réessayer\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/could not be reached/)).toBeNull();
  });
});
