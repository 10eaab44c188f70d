// After a thumbs down: an optional reason (quick reasons and a few words), saved with the rating.
import { useId, useState } from 'react';
import { Box, Button, ButtonBase, useT } from '@kasa/ui';
import { messages } from '../../messages';
import { textArea } from '../../shared/ui/form-styles';
import { QUICK_REASONS, formatReason, parseReason, textRoom, type QuickReason } from './feedback-reason';

export function FeedbackPanel({
  reason,
  onSave,
  onClose,
}: {
  /** The reason saved so far (edited here). */
  reason: string | null | undefined;
  onSave: (reason: string | null) => void;
  onClose: () => void;
}) {
  const t = useT(messages);
  const textId = useId();
  const titleId = useId();
  const [initial] = useState(() => parseReason(reason));
  const [quick, setQuick] = useState<QuickReason[]>(initial.quick);
  const [text, setText] = useState(initial.text);
  const room = textRoom(quick);
  const toggle = (r: QuickReason) =>
    setQuick((picked) => (picked.includes(r) ? picked.filter((p) => p !== r) : [...picked, r]));

  return (
    <Box
      component="form"
      role="group"
      aria-labelledby={titleId}
      data-testid="feedback-panel"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(formatReason({ quick, text: text.slice(0, room) }));
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      sx={{ mt: 1, p: 1.5, borderRadius: 2, border: '1px solid', borderColor: 'divider', maxWidth: 520 }}
    >
      <Box id={titleId} sx={{ fontWeight: 700, mb: 1, fontSize: '0.95rem' }}>
        {t('feedbackReasonTitle')}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        {QUICK_REASONS.map((r) => {
          const on = quick.includes(r.stored);
          return (
            <ButtonBase
              key={r.stored}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(r.stored)}
              sx={{
                minHeight: 44,
                px: 1.5,
                borderRadius: 5,
                border: '1px solid',
                borderColor: on ? 'text.primary' : 'divider',
                bgcolor: on ? 'action.selected' : 'transparent',
                fontSize: '0.9rem',
                fontWeight: on ? 700 : 400,
              }}
            >
              {t(r.key)}
            </ButtonBase>
          );
        })}
      </Box>
      <Box component="label" htmlFor={textId} sx={{ display: 'block', fontSize: '0.9rem', mb: 0.5 }}>
        {t('feedbackReasonText')}
      </Box>
      <Box
        component="textarea"
        id={textId}
        value={text}
        maxLength={room}
        onChange={(event) => setText((event.target as HTMLTextAreaElement).value)}
        sx={{ ...textArea, minHeight: 72 }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        <Button type="button" variant="text" color="inherit" sx={{ minHeight: 44 }} onClick={onClose}>
          {t('feedbackClose')}
        </Button>
        <Button type="submit" variant="contained" sx={{ minHeight: 44 }}>
          {t('feedbackSend')}
        </Button>
      </Box>
    </Box>
  );
}
