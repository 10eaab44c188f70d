// The canvas editor: draw with a finger, pen or mouse (Pointer Events), undo/redo over PNG
// snapshots, save as a PNG attachment, or reopen / attach a canvas saved before. Loaded lazily.
import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@kasa/api-client';
import {
  CANVAS_BRUSH_SIZES,
  CANVAS_DEFAULT_HEIGHT,
  CANVAS_DEFAULT_WIDTH,
  CANVAS_MAX_HEIGHT,
  CANVAS_MAX_WIDTH,
  CANVAS_MIN_HEIGHT,
  CANVAS_MIN_WIDTH,
  CANVAS_SIZE_PRESETS,
  CANVAS_TITLE_MAX_LENGTH,
  type CanvasSave,
} from '@kasa/contracts';
import { Box, Button, ButtonBase, TextInput, useErrorText, useT, useToast } from '@kasa/ui';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import type { EnhancementDialogProps } from '../types';
import { CANVASES_QUERY_KEY, canvasAttachment, listCanvases, saveCanvas } from './canvas-api';
import {
  CANVAS_COLOURS,
  canRedo,
  canUndo,
  canvasSizeFrom,
  currentSnapshot,
  pushSnapshot,
  redo,
  startHistory,
  toCanvasPoint,
  undo,
  type CanvasSize,
  type History,
} from './canvas-helpers';
import { canvasMessages } from './messages';

interface Snapshot extends CanvasSize {
  dataURL: string;
}

interface Stroke {
  pointerId: number;
  x: number;
  y: number;
  rect: DOMRect;
}

const WHITE = '#ffffff';
const DEFAULT_SIZE: CanvasSize = { width: CANVAS_DEFAULT_WIDTH, height: CANVAS_DEFAULT_HEIGHT };

const context = (canvas: HTMLCanvasElement) => canvas.getContext('2d');

/** Sets the canvas to `size` (which empties it) and paints it white: the PNG is never transparent. */
function paintBlank(canvas: HTMLCanvasElement, size: CanvasSize): void {
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = context(canvas);
  if (!ctx) return;
  ctx.fillStyle = WHITE;
  ctx.fillRect(0, 0, size.width, size.height);
}

const snapshotOf = (canvas: HTMLCanvasElement): Snapshot => ({
  width: canvas.width,
  height: canvas.height,
  dataURL: canvas.toDataURL('image/png'),
});

/** Draws a PNG (a snapshot or a saved canvas, both same-origin) over the canvas, once it has loaded. */
function drawPng(canvas: HTMLCanvasElement, src: string, onDone?: () => void, onError?: () => void): void {
  const image = new Image();
  image.onload = () => {
    context(canvas)?.drawImage(image, 0, 0, canvas.width, canvas.height);
    onDone?.();
  };
  if (onError) image.onerror = onError;
  image.src = src;
}

const chip = (selected: boolean) =>
  ({
    minWidth: 44,
    minHeight: 44,
    px: 1,
    borderRadius: 1,
    border: '2px solid',
    borderColor: selected ? 'text.primary' : 'divider',
    fontWeight: selected ? 700 : 400,
    fontSize: '0.9rem',
  }) as const;

const row = { display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' } as const;

export default function CanvasDialog({ open, onClose, onComplete, conversationId }: EnhancementDialogProps) {
  const t = useT(canvasMessages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const titleRef = useRef<HTMLInputElement | null>(null);
  const stroke = useRef<Stroke | null>(null);
  const [title, setTitle] = useState('');
  const [titleMissing, setTitleMissing] = useState(false);
  const [widthField, setWidthField] = useState(String(CANVAS_DEFAULT_WIDTH));
  const [heightField, setHeightField] = useState(String(CANVAS_DEFAULT_HEIGHT));
  const [size, setSize] = useState<CanvasSize>(DEFAULT_SIZE);
  const [brush, setBrush] = useState<number>(CANVAS_BRUSH_SIZES[1]);
  const [colour, setColour] = useState<string>(CANVAS_COLOURS[0].value);
  const [history, setHistory] = useState<History<Snapshot> | null>(null);
  const [saving, setSaving] = useState(false);
  const [showSaved, setShowSaved] = useState(false);

  const saved = useQuery({
    queryKey: CANVASES_QUERY_KEY,
    queryFn: listCanvases,
    enabled: showSaved,
    // Thumbnails are short-lived signed links: read the list afresh each time it is shown.
    staleTime: 0,
  });

  const adoptSize = (next: CanvasSize) => {
    setSize(next);
    setWidthField(String(next.width));
    setHeightField(String(next.height));
  };

  /** The canvas as it is now becomes the newest step of the history. */
  const record = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const snapshot = snapshotOf(canvas);
    setHistory((h) => (h ? pushSnapshot(h, snapshot) : startHistory(snapshot)));
  }, []);

  // A callback ref: the dialog mounts its content in a portal once open; the first sight of the
  // canvas makes it white at the default size and the first snapshot.
  const attachCanvas = useCallback((node: HTMLCanvasElement | null) => {
    if (node && canvasRef.current !== node) {
      canvasRef.current = node;
      paintBlank(node, DEFAULT_SIZE);
      setHistory(startHistory(snapshotOf(node)));
    } else if (!node) {
      canvasRef.current = null;
    }
  }, []);

  const restore = (snapshot: Snapshot) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    paintBlank(canvas, snapshot);
    adoptSize(snapshot);
    drawPng(canvas, snapshot.dataURL);
  };

  const step = (move: (h: History<Snapshot>) => History<Snapshot>) => {
    if (!history) return;
    const next = move(history);
    if (next === history) return;
    setHistory(next);
    restore(currentSnapshot(next));
  };

  /** Resizing keeps what is drawn (from the top left corner); the step can be undone. */
  const resize = (next: CanvasSize) => {
    const canvas = canvasRef.current;
    adoptSize(next);
    if (!canvas || (canvas.width === next.width && canvas.height === next.height)) return;
    const pixels = context(canvas)?.getImageData(0, 0, canvas.width, canvas.height);
    paintBlank(canvas, next);
    if (pixels) context(canvas)?.putImageData(pixels, 0, 0);
    record();
  };

  const clear = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    paintBlank(canvas, { width: canvas.width, height: canvas.height });
    record();
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (stroke.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const canvas = event.currentTarget;
    const ctx = context(canvas);
    if (!ctx) return;
    event.preventDefault();
    // Capture: the stroke goes on when the finger slides past the canvas edge and back.
    canvas.setPointerCapture?.(event.pointerId);
    const rect = canvas.getBoundingClientRect();
    const point = toCanvasPoint(event.clientX, event.clientY, rect, canvas);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = brush;
    ctx.strokeStyle = colour;
    // A tap leaves a dot.
    ctx.beginPath();
    ctx.moveTo(point.x, point.y);
    ctx.lineTo(point.x, point.y);
    ctx.stroke();
    stroke.current = { pointerId: event.pointerId, rect, ...point };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const canvas = event.currentTarget;
    const ctx = context(canvas);
    if (!ctx) return;
    // The points the browser merged into this event (a fast finger on a slow phone) keep curves smooth.
    const native = event.nativeEvent;
    const coalesced = native.getCoalescedEvents?.() ?? [];
    ctx.beginPath();
    ctx.moveTo(current.x, current.y);
    for (const e of coalesced.length ? coalesced : [native]) {
      const point = toCanvasPoint(e.clientX, e.clientY, current.rect, canvas);
      ctx.lineTo(point.x, point.y);
      current.x = point.x;
      current.y = point.y;
    }
    ctx.stroke();
  };

  const endStroke = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!stroke.current || event.pointerId !== stroke.current.pointerId) return;
    stroke.current = null;
    record();
  };

  const openSaved = (item: CanvasSave) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // White at the saved size until the PNG has loaded and drawn.
    paintBlank(canvas, item);
    adoptSize({ width: item.width, height: item.height });
    setTitle(item.title);
    setTitleMissing(false);
    drawPng(canvas, item.url, record, () => toast({ title: t('openFailed'), variant: 'destructive' }));
  };

  const save = async () => {
    const canvas = canvasRef.current;
    const name = title.trim();
    if (!name) {
      setTitleMissing(true);
      titleRef.current?.focus();
      return;
    }
    if (!canvas || saving) return;
    setSaving(true);
    try {
      const { canvasSave } = await saveCanvas({
        title: name,
        canvasData: {
          width: canvas.width,
          height: canvas.height,
          dataURL: canvas.toDataURL('image/png'),
          version: '1.0',
        },
        ...(conversationId ? { conversationId } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: CANVASES_QUERY_KEY });
      onComplete(canvasAttachment(canvasSave));
    } catch (error) {
      // An over-quota 429 already has the app-wide usage-limit toast.
      if (!(error instanceof ApiError && error.usageLimit)) {
        toast({
          title: t('canvasSaveFailed'),
          description: errorText(error, t('failedToSave')),
          variant: 'destructive',
        });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <DialogFrame open={open} onClose={onClose} title={t('title')} testId="canvas-dialog">
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <TextInput
          ref={titleRef}
          label={t('canvasTitle')}
          value={title}
          maxLength={CANVAS_TITLE_MAX_LENGTH}
          required
          aria-invalid={titleMissing || undefined}
          hint={titleMissing ? t('titleRequired') : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            if (event.target.value.trim()) setTitleMissing(false);
          }}
        />

        <Box
          component="canvas"
          ref={attachCanvas}
          data-testid="canvas-drawing"
          aria-label={t('drawingArea', { width: size.width, height: size.height })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endStroke}
          onPointerCancel={endStroke}
          sx={{
            display: 'block',
            width: '100%',
            maxWidth: size.width,
            height: 'auto',
            // Without this a finger would scroll the page instead of drawing.
            touchAction: 'none',
            border: '1px solid',
            borderColor: 'divider',
            bgcolor: WHITE,
            cursor: 'crosshair',
          }}
        />

        <Box role="group" aria-label={t('colours')} sx={row}>
          {CANVAS_COLOURS.map(({ value, name }) => (
            <ButtonBase
              key={value}
              aria-label={t(name)}
              aria-pressed={colour === value}
              onClick={() => setColour(value)}
              sx={{
                ...chip(colour === value),
                bgcolor: value,
                outline: colour === value ? '2px solid' : 'none',
                outlineOffset: 2,
              }}
            />
          ))}
        </Box>

        <Box role="group" aria-label={t('brushSize')} sx={row}>
          {CANVAS_BRUSH_SIZES.map((value) => (
            <ButtonBase
              key={value}
              aria-label={t('brush', { size: value })}
              aria-pressed={brush === value}
              sx={chip(brush === value)}
              onClick={() => setBrush(value)}
            >
              <Box
                component="span"
                sx={{ width: value, height: value, borderRadius: '50%', bgcolor: 'text.primary' }}
              />
            </ButtonBase>
          ))}
        </Box>

        <Box sx={row}>
          <Button
            variant="outlined"
            disabled={!history || !canUndo(history)}
            onClick={() => step(undo)}
            sx={{ minHeight: 44 }}
          >
            {t('undo')}
          </Button>
          <Button
            variant="outlined"
            disabled={!history || !canRedo(history)}
            onClick={() => step(redo)}
            sx={{ minHeight: 44 }}
          >
            {t('redo')}
          </Button>
          <Button variant="outlined" onClick={clear} sx={{ minHeight: 44 }}>
            {t('clear')}
          </Button>
        </Box>

        <Box sx={row}>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={saving}
            sx={{ minHeight: 44, px: 3 }}
          >
            {saving ? t('saving') : t('save')}
          </Button>
          <Button
            variant="outlined"
            aria-expanded={showSaved}
            onClick={() => setShowSaved((s) => !s)}
            sx={{ minHeight: 44 }}
          >
            {showSaved ? t('hideCanvases') : t('myCanvases')}
          </Button>
        </Box>

        {showSaved && (
          <Box component="section" aria-label={t('myCanvases')} data-testid="saved-canvases">
            {saved.isPending ? (
              <Box>{t('loadingCanvases')}</Box>
            ) : saved.isError ? (
              <Box role="alert">{errorText(saved.error, t('canvasesFailed'))}</Box>
            ) : saved.data.canvases.length === 0 ? (
              <Box>{t('noCanvases')}</Box>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                {saved.data.canvases.map((item) => (
                  <Box component="li" key={item.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    <Box
                      component="img"
                      src={item.url}
                      alt=""
                      loading="lazy"
                      width={64}
                      height={Math.round((64 * item.height) / item.width)}
                      sx={{ border: '1px solid', borderColor: 'divider', flex: 'none' }}
                    />
                    <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{item.title}</Box>
                    <Button
                      aria-label={t('openCanvas', { title: item.title })}
                      onClick={() => openSaved(item)}
                      sx={{ minHeight: 44 }}
                    >
                      {t('open')}
                    </Button>
                    <Button
                      aria-label={t('attachCanvas', { title: item.title })}
                      onClick={() => onComplete(canvasAttachment(item))}
                      sx={{ minHeight: 44 }}
                    >
                      {t('attach')}
                    </Button>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        )}

        <Box
          component="form"
          sx={{ ...row, '& > div': { flex: '1 1 120px' } }}
          onSubmit={(event) => {
            event.preventDefault();
            resize(canvasSizeFrom(widthField, heightField));
          }}
        >
          <TextInput
            label={t('width', { min: CANVAS_MIN_WIDTH, max: CANVAS_MAX_WIDTH })}
            inputMode="numeric"
            value={widthField}
            onChange={(event) => setWidthField(event.target.value)}
          />
          <TextInput
            label={t('height', { min: CANVAS_MIN_HEIGHT, max: CANVAS_MAX_HEIGHT })}
            inputMode="numeric"
            value={heightField}
            onChange={(event) => setHeightField(event.target.value)}
          />
          <Button type="submit" variant="outlined" sx={{ minHeight: 48, alignSelf: 'flex-end' }}>
            {t('applySize')}
          </Button>
        </Box>

        <Box role="group" aria-label={t('sizePresets')} sx={row}>
          {CANVAS_SIZE_PRESETS.map((preset) => (
            <ButtonBase
              key={`${preset.width}x${preset.height}`}
              sx={chip(size.width === preset.width && size.height === preset.height)}
              onClick={() => resize(preset)}
            >
              {preset.width}×{preset.height}
            </ButtonBase>
          ))}
        </Box>
      </Box>
    </DialogFrame>
  );
}
