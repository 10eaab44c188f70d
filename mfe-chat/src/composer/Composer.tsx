// The input bar (docs/product.md#chat-screen): auto-growing text area up to 200 px, 'Message {assistant}',
// Enter sends, Shift+Enter adds a newline (not while an IME is composing), blank input or a
// pending reply is ignored, and while a reply is pending the input is disabled with a spinner and
// a Stop button. It renders the draft (./draft.ts): the text, and the attachment chips above it.
// The voice controls come from the screen (voice/recording/useComposerVoice.tsx): the microphone
// beside Send, "Voice mode", and the recording bar that takes the text area's place while open.
import {
  memo,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@kasa/contracts';
import { Box, ButtonBase, useAppInfo, useT } from '@kasa/ui';
import { messages } from '../messages';
import { IconButton } from '../shared/ui/IconButton';
import { SendIcon, StopIcon } from '../shared/ui/icons';
import { Spinner } from '../shared/ui/Spinner';
import { AttachmentChips } from './AttachmentChips';
import { useDraft } from './useDraft';
import { type DraftState, type DraftStore } from '../shared/draft';

/** Text area maximum height (docs/product.md#chat-screen); static.css's `.kasa-composer-input` says it too. */
export const INPUT_MAX_HEIGHT_PX = 200;

export interface ComposerHandle {
  /** Replaces the text (a starter tip) and puts the caret at its end. */
  setText: (text: string) => void;
  /** Adds text at the end (tools that contribute to the message). */
  insertText: (text: string) => void;
  focus: () => void;
}

export interface ComposerProps {
  /** The message being written (one store, from the chat screen). */
  draft: DraftStore;
  /** Sends the draft; returns false when it was not sent (blank, or a reply pending). Sent: the draft empties. */
  onSend: (draft: DraftState) => boolean;
  onStop: () => void;
  pending: boolean;
  stopping: boolean;
  /** Offline: Stop needs the network, so it is disabled and described by this element ('Needs a connection'). */
  stopDisabledReasonId?: string;
  /** Mount point for the enhancements menu (a later issue): rendered before the text area. */
  tools?: ReactNode;
  /** The model picker (./ModelPicker.tsx), under the text area; it renders nothing with one model. */
  picker?: ReactNode;
  /** The voice controls (docs/product.md#voice); keep the object stable: the composer is memoized. */
  voice?: ComposerVoiceSlots;
  ref?: Ref<ComposerHandle>;
}

/** What the voice feature puts in the input bar. */
export interface ComposerVoiceSlots {
  /** The microphone, at the row's end; shown unless a reply is pending and no recording is open. */
  mic: ReactNode;
  /** "Voice mode", before Send while the text is empty. */
  modeButton?: ReactNode;
  /** The recording bar: while set, it takes the place of the tools, the text area and Send. */
  bar: ReactNode | null;
}

/** Memoized: a streaming reply re-renders the screen every frame, not this. */
export const Composer = memo(function Composer({
  draft,
  onSend,
  onStop,
  pending,
  stopping,
  stopDisabledReasonId,
  tools,
  picker,
  voice,
  ref,
}: ComposerProps) {
  const t = useT(messages);
  const { assistantName } = useAppInfo();
  const { text, attachments } = useDraft(draft);
  const area = useRef<HTMLTextAreaElement | null>(null);
  /** Bumped to focus the text area with the caret at the end, once the new text is in. */
  const [caretRequest, setCaretRequest] = useState(0);
  const voiceBar = voice?.bar ?? null;

  const replaceText = useCallback(
    (next: string | ((current: string) => string)) => {
      draft.setText(next);
      setCaretRequest((n) => n + 1);
    },
    [draft],
  );

  useImperativeHandle(
    ref,
    () => ({
      setText: (value: string) => replaceText(value),
      insertText: (value: string) =>
        replaceText((current) =>
          current && !/\s$/.test(current) ? `${current} ${value}` : `${current}${value}`,
        ),
      focus: () => area.current?.focus(),
    }),
    [replaceText],
  );

  // Grow with the text up to 200 px, then scroll inside.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    if (!element.value) {
      // One row: nothing to measure. Reading scrollHeight would lay the whole page out inside the
      // commit, the first screen's longest task on a slow phone.
      element.style.overflowY = 'hidden';
      return;
    }
    const full = element.scrollHeight;
    element.style.height = `${Math.min(full, INPUT_MAX_HEIGHT_PX)}px`;
    element.style.overflowY = full > INPUT_MAX_HEIGHT_PX ? 'auto' : 'hidden';
    // The text area is made again when the recording bar gives its place back.
  }, [text, voiceBar]);

  useLayoutEffect(() => {
    const element = area.current;
    if (!caretRequest || !element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, [caretRequest]);

  const submit = () => {
    if (pending || !text.trim()) return;
    if (onSend(draft.get())) draft.take();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // An IME (Chinese, Japanese, some African-language keyboards) uses Enter to confirm a word.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  const canSend = !pending && text.trim().length > 0;
  const placeholder = t('inputPlaceholder', { assistantName });

  return (
    <div className="kasa-composer">
      {attachments.length > 0 && (
        <AttachmentChips attachments={attachments} onRemove={(a) => draft.removeAttachment(a)} />
      )}
      <div className="kasa-composer-row">
        {voiceBar ?? (
          <>
            {/* Outside the form: a tool's own buttons never submit the message. */}
            {tools}
            <form
              className="kasa-composer-form"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                submit();
              }}
            >
              <textarea
                ref={area}
                className="kasa-composer-input"
                data-testid="chat-input"
                rows={1}
                value={text}
                maxLength={CHAT_MESSAGE_MAX_LENGTH}
                placeholder={placeholder}
                aria-label={placeholder}
                disabled={pending}
                enterKeyHint="send"
                onChange={(event: ChangeEvent<HTMLTextAreaElement>) => draft.setText(event.target.value)}
                onKeyDown={onKeyDown}
              />
              {pending ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
                  <Spinner />
                  <ButtonBase
                    type="button"
                    onClick={onStop}
                    disabled={stopping || Boolean(stopDisabledReasonId)}
                    aria-describedby={stopDisabledReasonId}
                    aria-label={t('stopReply')}
                    data-testid="stop-button"
                    sx={{
                      minHeight: 44,
                      minWidth: 44,
                      px: 1.5,
                      gap: 0.75,
                      borderRadius: 2,
                      fontWeight: 700,
                      bgcolor: 'text.primary',
                      color: 'background.paper',
                      '&.Mui-disabled': { opacity: 0.5 },
                    }}
                  >
                    <StopIcon />
                    <span>{stopping ? t('stopping') : t('stop')}</span>
                  </ButtonBase>
                </Box>
              ) : (
                <>
                  {/* While the text is empty: typing needs the room, and voice mode starts a spoken chat. */}
                  {!text.trim() && voice?.modeButton}
                  <IconButton
                    type="submit"
                    label={t('send')}
                    disabled={!canSend}
                    data-testid="send-button"
                    shape="round"
                    className="kasa-send-button"
                    data-ready={canSend}
                  >
                    <SendIcon />
                  </IconButton>
                </>
              )}
            </form>
          </>
        )}
        {voice && (voiceBar || !pending) && voice.mic}
      </div>
      {picker && <div className="kasa-composer-picker">{picker}</div>}
    </div>
  );
});
