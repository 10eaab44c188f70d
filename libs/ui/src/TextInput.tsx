import type { InputHTMLAttributes, Ref } from 'react';
import Box from '@mui/material/Box';
import { FIELD_SX, LabelledField } from './LabelledField';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** One line under the field (a hint, or what is wrong). */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled native input styled with the theme. Deliberately not MUI's TextField, which pulls in
 * Select, Menu, Popover and Modal (~25 KB gz) for pages that only need plain fields.
 */
export function TextInput({ label, hint, id, ref, ...input }: TextInputProps) {
  return (
    <LabelledField label={label} hint={hint} id={id}>
      {({ controlId, hintId }) => (
        <Box component="input" id={controlId} ref={ref} aria-describedby={hintId} {...input} sx={FIELD_SX} />
      )}
    </LabelledField>
  );
}
