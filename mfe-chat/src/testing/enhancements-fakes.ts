// Test doubles of the enhancements' network boundary: an XMLHttpRequest the test answers (uploads
// use it for their progress events), and fetch answers for /api/enhancements/*.
import type { UploadRecord } from '@kasa/contracts';

export class FakeXhr {
  static sent: FakeXhr[] = [];
  static onSend: ((xhr: FakeXhr) => void) | null = null;

  method = '';
  url = '';
  requestHeaders: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.onSend?.(this);
  }
  abort() {
    this.onabort?.();
  }
  /** The name of the file sent (the multipart `file` field). */
  get fileName(): string | undefined {
    const file = this.body?.get('file');
    return file instanceof File ? file.name : undefined;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  static install(): void {
    FakeXhr.sent = [];
    FakeXhr.onSend = null;
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  }
}

export function uploadRecord(id: string, name: string, extra: Partial<UploadRecord> = {}): UploadRecord {
  return {
    id,
    originalName: name,
    size: 12,
    mimeType: 'text/plain',
    extraction: { status: 'done', progress: 100, method: 'text', characters: 12 },
    ...extra,
  };
}

/** A File of `size` bytes (its content does not matter to the client's checks). */
export function fileOf(name: string, type: string, size = 12): File {
  const file = new File(['x'.repeat(Math.min(size, 64))], name, { type });
  if (size > 64) Object.defineProperty(file, 'size', { value: size });
  return file;
}
