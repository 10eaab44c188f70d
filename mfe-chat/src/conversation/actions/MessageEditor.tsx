// Edit and resend, in place of the user's message: Save & send starts a new branch from the
// message's parent (the old message stays reachable with the version arrows); Escape cancels.
import { useId, useState } from 'react';
import { Box, Button, useT } from '@kasa/ui';
import { messages } from '../../messages';
import { textArea } from '../../shared/ui/form-styles';
import { visuallyHidden } from '../../shared/ui/visually-hidden';

export function MessageEditor({
  initial,
  onSend,
  onCancel,
}: {
  initial: string;
  /** The edited text; false when it could not be sent (the editor stays). */
  onSend: (text: string) => boolean;
  onCancel: () => void;
}) {
  const t = useT(messages);
  const id = useId();
  const [text, setText] = useState(initial);
  const changed = text.trim() !== '' && text.trim() !== initial.trim();
  const submit = () => {
    if (changed) onSend(text.trim());
  };
  return (
    <Box
      component="form"
      data-testid="message-editor"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ alignSelf: 'stretch' }}
    >
      <Box component="label" htmlFor={id} sx={visuallyHidden}>
        {t('editMessageLabel')}
      </Box>
      <Box
        component="textarea"
        id={id}
        value={text}
        autoFocus
        rows={Math.min(10, Math.max(3, text.split('\n').length))}
        onChange={(event) => setText((event.target as HTMLTextAreaElement).value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
        sx={{ ...textArea, minHeight: 0 }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button type="button" variant="text" color="inherit" sx={{ minHeight: 44 }} onClick={onCancel}>
          {t('cancelEdit')}
        </Button>
        <Button type="submit" variant="contained" sx={{ minHeight: 44 }} disabled={!changed}>
          {t('saveAndSend')}
        </Button>
      </Box>
    </Box>
  );
}
