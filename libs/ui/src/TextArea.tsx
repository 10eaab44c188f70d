import type { Ref, TextareaHTMLAttributes } from 'react';
import Box from '@mui/material/Box';
import { FIELD_SX, LabelledField } from './LabelledField';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** One line under the field (a hint, or what is wrong). */
  hint?: string;
  /** The empty field's height in px (the user may drag it taller). */
  minHeight?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** TextInput's multi-line sibling: the same label, border, focus and 16 px text (see TextInput). */
export function TextArea({ label, hint, id, ref, minHeight = 96, ...textarea }: TextAreaProps) {
  return (
    <LabelledField label={label} hint={hint} id={id}>
      {({ controlId, hintId }) => (
        <Box
          component="textarea"
          id={controlId}
          ref={ref}
          aria-describedby={hintId}
          {...textarea}
          sx={{ ...FIELD_SX, display: 'block', py: 1, minHeight, resize: 'vertical' }}
        />
      )}
    </LabelledField>
  );
}
