// The recording bar (docs/product.md#voice): in place of the text area while a voice message is
// recorded. Cancel, a timer (m:ss), a level meter, Send, and the "I speak" chip; a recording stops
// by itself at two minutes. When the recording cannot be transcribed here, it says so before any
// recording starts and offers the chip and Cancel only.
import { useEffect, useRef, useState } from 'react';
import { Box, Button, useT } from '@kasa/ui';
import { LanguageChip } from './LanguageChip';
import { recordingMessages } from './recording-messages';
import type { RecorderHandle } from './recorder';
import type { VoiceBlock } from './voice-blocked';

/** The longest voice message (docs/product.md#voice): it is then stopped and sent. */
export const MAX_RECORDING_MS = 2 * 60 * 1000;
/** The timer shows seconds: four looks a second keep it on time without a render per frame. */
const TIMER_TICK_MS = 250;

export type RecordingBarStatus = 'blocked' | 'starting' | 'recording' | 'stopping' | 'held' | 'transcribing';

export interface RecordingBarProps {
  status: RecordingBarStatus;
  /** The live recording (status 'recording'). */
  recorder: RecorderHandle | null;
  /** The length of a finished recording shown while it waits or is transcribed. */
  stillMs?: number;
  block: VoiceBlock | null;
  onCancel: () => void;
  onSend: () => void;
  /** The recording reached MAX_RECORDING_MS. */
  onLimit: () => void;
}

/** 75 000 ms → '1:15'. */
export function formatRecordingTime(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Speech sits low on a linear RMS scale (0.02–0.3): the square root spreads it over the meter. */
export function meterFill(level: number): number {
  return Math.min(1, Math.sqrt(Math.max(0, level)) * 1.6);
}

function useElapsed(recorder: RecorderHandle | null, onLimit: () => void): number {
  const [elapsed, setElapsed] = useState(() => recorder?.elapsedMs() ?? 0);
  const limit = useRef(onLimit);
  limit.current = onLimit;
  useEffect(() => {
    if (!recorder) return;
    // Whole seconds only: the same value again renders nothing.
    const tick = () => setElapsed(Math.floor(recorder.elapsedMs() / 1000) * 1000);
    tick();
    const timer = setInterval(tick, TIMER_TICK_MS);
    // Its own timer, so the recording ends at two minutes, not at the next tick after.
    const cap = setTimeout(() => limit.current(), Math.max(0, MAX_RECORDING_MS - recorder.elapsedMs()));
    return () => {
      clearInterval(timer);
      clearTimeout(cap);
    };
  }, [recorder]);
  return elapsed;
}

/** The level drawn every frame straight into the element's style: no React render per frame. */
function LevelMeter({ recorder, label }: { recorder: RecorderHandle | null; label: string }) {
  const fill = useRef<HTMLSpanElement>(null);
  const meter = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!recorder) return;
    let frame = 0;
    const draw = () => {
      const level = recorder.level();
      if (fill.current) fill.current.style.transform = `scaleX(${meterFill(level)})`;
      meter.current?.setAttribute('data-level', level.toFixed(3));
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [recorder]);
  return (
    <Box
      component="span"
      ref={meter}
      data-testid="voice-level-meter"
      data-level="0"
      title={label}
      aria-hidden="true"
      sx={{
        flex: 1,
        minWidth: 24,
        height: 8,
        borderRadius: 4,
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      <Box
        component="span"
        ref={fill}
        sx={{
          display: 'block',
          height: '100%',
          bgcolor: 'text.primary',
          transform: 'scaleX(0)',
          transformOrigin: 'left',
        }}
      />
    </Box>
  );
}

export function RecordingBar({
  status,
  recorder,
  stillMs,
  block,
  onCancel,
  onSend,
  onLimit,
}: RecordingBarProps) {
  const t = useT(recordingMessages);
  const live = status === 'recording' ? recorder : null;
  const elapsed = useElapsed(live, onLimit);
  const shown = live ? elapsed : (stillMs ?? 0);
  const canSend = (status === 'recording' || status === 'held') && !block;
  const note =
    status === 'starting' ? t('startingMicrophone') : status === 'transcribing' ? t('transcribing') : null;
  return (
    <Box
      role="group"
      aria-label={t('voiceMessage')}
      data-testid="voice-recording-bar"
      data-status={status}
      sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5, py: 0.25 }}
    >
      {block && (
        <Box
          role="alert"
          data-testid={block.kind === 'language' ? 'voice-language-unsupported' : 'voice-unavailable'}
          sx={{ px: 1, py: 0.75, borderRadius: 2, bgcolor: 'action.hover', fontSize: '0.9rem' }}
        >
          {block.text}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 44 }}>
        <Button
          variant="text"
          color="inherit"
          onClick={onCancel}
          data-testid="voice-recording-cancel"
          sx={{ minHeight: 44, flexShrink: 0 }}
        >
          {t('cancel')}
        </Button>
        {status !== 'blocked' && (
          <>
            <Box
              component="span"
              aria-hidden="true"
              sx={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                flexShrink: 0,
                bgcolor: status === 'recording' ? 'error.main' : 'text.disabled',
              }}
            />
            <Box
              component="span"
              role="timer"
              aria-label={t('recording')}
              data-testid="voice-recording-timer"
              sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, flexShrink: 0 }}
            >
              {formatRecordingTime(shown)}
            </Box>
            <LevelMeter recorder={live} label={t('level')} />
            <Button
              variant="contained"
              onClick={onSend}
              disabled={!canSend}
              data-testid="voice-recording-send"
              sx={{ minHeight: 44, flexShrink: 0 }}
            >
              {t('send')}
            </Button>
          </>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
        <LanguageChip />
        {note && (
          <Box component="span" role="status" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {note}
          </Box>
        )}
      </Box>
    </Box>
  );
}
