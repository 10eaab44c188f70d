// The canvas editor in jsdom. jsdom has no 2D context, no PNG encoder, no image decoding and no
// PointerEvent: this test (only) stands in for them and records what the dialog draws.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CanvasSave } from '@kasa/contracts';
import { loadErrorMessages } from '@kasa/ui';
import { jsonResponse, renderWithProviders, type FakeResponse } from '../../testing/chat-harness';
import type { EnhancementResult } from '../types';
import CanvasDialog from './CanvasDialog';

type Op = [string, ...unknown[]];
let ops: Op[];
let pngCount: number;
let loadedImages: string[];
let calls: { url: string; method: string; body: unknown }[];
let answerSave: () => FakeResponse;

const saved: CanvasSave = {
  id: 'cv1',
  title: 'My farm plan',
  width: 600,
  height: 600,
  url: '/api/files/cv1.png?sig=abc',
  createdAt: '2026-01-01T00:00:00.000Z',
};

class FakeContext {
  lineCap = 'butt';
  lineJoin = 'miter';
  lineWidth = 1;
  strokeStyle = '#000';
  fillStyle = '#000';
  fillRect(...args: unknown[]) {
    ops.push(['fillRect', this.fillStyle, ...args]);
  }
  beginPath() {
    ops.push(['beginPath']);
  }
  moveTo(x: number, y: number) {
    ops.push(['moveTo', x, y]);
  }
  lineTo(x: number, y: number) {
    ops.push(['lineTo', x, y]);
  }
  stroke() {
    ops.push(['stroke', this.strokeStyle, this.lineWidth, this.lineCap]);
  }
  drawImage(image: HTMLImageElement, ...args: unknown[]) {
    ops.push(['drawImage', image.src, ...args]);
  }
  getImageData() {
    return { data: 'pixels' };
  }
  putImageData(_data: unknown, x: number, y: number) {
    ops.push(['putImageData', x, y]);
  }
}

class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private source = '';
  get src() {
    return this.source;
  }
  set src(value: string) {
    this.source = value;
    loadedImages.push(value);
    setTimeout(() => this.onload?.(), 0);
  }
}

class FakePointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

const realImage = window.Image;
const contexts = new WeakMap<HTMLCanvasElement, FakeContext>();

beforeAll(async () => {
  // The error texts load at the first tap; loaded here, they do not re-render a test mid-way.
  await loadErrorMessages();
  Object.assign(window, { PointerEvent: FakePointerEvent });
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    if (!contexts.has(this)) contexts.set(this, new FakeContext());
    return contexts.get(this) as unknown as CanvasRenderingContext2D;
  } as never);
  jest
    .spyOn(HTMLCanvasElement.prototype, 'toDataURL')
    .mockImplementation(() => `data:image/png;base64,png${++pngCount}`);
  // Shown 400 px wide by CSS, as on a phone.
  jest.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    const height = (400 * this.height) / this.width;
    return {
      left: 10,
      top: 50,
      width: 400,
      height,
      right: 410,
      bottom: 50 + height,
      x: 10,
      y: 50,
    } as DOMRect;
  });
  window.Image = FakeImage as unknown as typeof Image;
});
afterAll(() => {
  window.Image = realImage;
  jest.restoreAllMocks();
});

beforeEach(() => {
  ops = [];
  pngCount = 0;
  loadedImages = [];
  calls = [];
  answerSave = () =>
    jsonResponse(201, {
      success: true,
      canvasSave: { ...saved, id: 'cv2', title: 'Seedlings', width: 800, height: 600 },
    });
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (url === '/api/enhancements/canvas/save') return answerSave();
      if (url === '/api/enhancements/canvas') return jsonResponse(200, { canvases: [saved] });
      return jsonResponse(404, { message: 'not found' });
    },
  );
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

function renderDialog() {
  const onComplete = jest.fn<void, [EnhancementResult]>();
  renderWithProviders(<CanvasDialog open onClose={jest.fn()} onComplete={onComplete} conversationId="c1" />);
  return { onComplete, user: userEvent.setup() };
}

const drawing = () => screen.getByTestId('canvas-drawing') as HTMLCanvasElement;

function drawStroke(pointerType: string, points: [number, number][]) {
  const canvas = drawing();
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, {
    pointerId: 7,
    pointerType,
    button: 0,
    clientX: first[0],
    clientY: first[1],
  });
  for (const [clientX, clientY] of rest)
    fireEvent.pointerMove(canvas, { pointerId: 7, pointerType, clientX, clientY });
  const last = points[points.length - 1];
  fireEvent.pointerUp(canvas, { pointerId: 7, pointerType, clientX: last[0], clientY: last[1] });
}

test('opens white at 800x600; a finger stroke draws round lines scaled to the canvas pixels', async () => {
  const { user } = renderDialog();
  const canvas = drawing();
  expect(canvas.width).toBe(800);
  expect(canvas.height).toBe(600);
  expect(ops).toContainEqual(['fillRect', '#ffffff', 0, 0, 800, 600]);

  await user.click(screen.getByRole('button', { name: 'Red' }));
  await user.click(screen.getByRole('button', { name: 'Brush 15 px' }));
  expect(screen.getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
  ops = [];
  // On screen: 400 px wide from x=10, y=50 → canvas pixels are twice the offsets.
  drawStroke('touch', [
    [10, 50],
    [110, 100],
    [210, 200],
  ]);
  expect(ops).toContainEqual(['lineTo', 200, 100]);
  expect(ops).toContainEqual(['lineTo', 400, 300]);
  expect(ops).toContainEqual(['stroke', '#e53935', 15, 'round']);
  expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
});

test('undo and redo restore the snapshots; Clear can be undone; a second finger does not draw', async () => {
  const { user } = renderDialog();
  const undoButton = screen.getByRole('button', { name: 'Undo' });
  const redoButton = screen.getByRole('button', { name: 'Redo' });
  expect(undoButton).toBeDisabled();
  expect(redoButton).toBeDisabled();

  drawStroke('mouse', [
    [20, 60],
    [60, 90],
  ]); // snapshot png2 (png1 is the blank start)
  const canvas = drawing();
  fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'touch', clientX: 20, clientY: 60 });
  ops = [];
  fireEvent.pointerDown(canvas, { pointerId: 2, pointerType: 'touch', clientX: 30, clientY: 70 });
  fireEvent.pointerMove(canvas, { pointerId: 2, pointerType: 'touch', clientX: 90, clientY: 90 });
  expect(ops).toEqual([]);
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'touch', clientX: 20, clientY: 60 }); // png3

  await user.click(screen.getByRole('button', { name: 'Clear' })); // png4
  expect(ops).toContainEqual(['fillRect', '#ffffff', 0, 0, 800, 600]);

  await user.click(undoButton);
  await user.click(undoButton);
  expect(loadedImages.slice(-2)).toEqual(['data:image/png;base64,png3', 'data:image/png;base64,png2']);
  await waitFor(() =>
    expect(ops).toContainEqual(['drawImage', 'data:image/png;base64,png2', 0, 0, 800, 600]),
  );
  await user.click(redoButton);
  expect(loadedImages.at(-1)).toBe('data:image/png;base64,png3');
  await user.click(undoButton);
  await user.click(undoButton);
  expect(loadedImages.at(-1)).toBe('data:image/png;base64,png1');
  expect(undoButton).toBeDisabled();
});

test('sizes: presets and valid fields apply; bad input falls back to the default', async () => {
  const { user } = renderDialog();
  await user.click(screen.getByRole('button', { name: '1024×768' }));
  expect(drawing().width).toBe(1024);
  expect(drawing().height).toBe(768);
  expect(screen.getByRole('textbox', { name: 'Width (200–2000)' })).toHaveValue('1024');

  const width = screen.getByRole('textbox', { name: 'Width (200–2000)' });
  const height = screen.getByRole('textbox', { name: 'Height (200–1500)' });
  await user.clear(width);
  await user.type(width, '5000');
  await user.clear(height);
  await user.type(height, '700');
  await user.click(screen.getByRole('button', { name: 'Apply size' }));
  expect(drawing().width).toBe(800);
  expect(drawing().height).toBe(700);
  expect(width).toHaveValue('800');
  expect(ops).toContainEqual(['putImageData', 0, 0]); // the drawing is kept

  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(drawing().width).toBe(1024);
});

test('Save needs a title, then posts the PNG and completes with the canvas attachment', async () => {
  const { user, onComplete } = renderDialog();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('Please enter a title for your canvas')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Seedlings ');
  expect(screen.queryByText('Please enter a title for your canvas')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onComplete).toHaveBeenCalled());
  const post = calls.find((c) => c.url === '/api/enhancements/canvas/save');
  expect(post?.body).toEqual({
    title: 'Seedlings',
    canvasData: {
      width: 800,
      height: 600,
      dataURL: expect.stringMatching(/^data:image\/png;base64,/),
      version: '1.0',
    },
    conversationId: 'c1',
  });
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'attachments',
    attachments: [
      { type: 'canvas', id: 'cv2', name: 'Seedlings', mimeType: 'image/png', previewUrl: saved.url },
    ],
  });
});

test('a failed save says Canvas save failed with the error text', async () => {
  answerSave = () => jsonResponse(400, { code: 'SOMETHING_NEW', message: 'The image is not a PNG' });
  const { user, onComplete } = renderDialog();
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Plan');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Canvas save failed');
  expect(toast).toHaveTextContent('The image is not a PNG');
  expect(onComplete).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
});

test('My canvases lists saved canvases: Open draws one at its size, Attach attaches it', async () => {
  const { user, onComplete } = renderDialog();
  await user.click(screen.getByRole('button', { name: 'My canvases' }));
  const list = await screen.findByTestId('saved-canvases');
  expect(await within(list).findByText('My farm plan')).toBeInTheDocument();
  expect(list.querySelector('img')).toHaveAttribute('src', saved.url);

  await user.click(within(list).getByRole('button', { name: 'Open “My farm plan”' }));
  expect(drawing().width).toBe(600);
  expect(drawing().height).toBe(600);
  expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('My farm plan');
  await waitFor(() => expect(ops).toContainEqual(['drawImage', saved.url, 0, 0, 600, 600]));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());

  await user.click(within(list).getByRole('button', { name: 'Attach “My farm plan”' }));
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'attachments',
    attachments: [
      { type: 'canvas', id: 'cv1', name: 'My farm plan', mimeType: 'image/png', previewUrl: saved.url },
    ],
  });
});
