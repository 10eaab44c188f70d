import type { SelectHTMLAttributes } from 'react';
import Box from '@mui/material/Box';
import { FIELD_SX, LabelledField } from './LabelledField';

export interface SelectInputProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
}

/**
 * A labelled native select styled like TextInput: light (not MUI's Select, see TextInput), and the
 * phone's own picker on mobile. The options are its children.
 */
export function SelectInput({ label, id, children, ...select }: SelectInputProps) {
  return (
    <LabelledField label={label} id={id}>
      {({ controlId }) => (
        <Box component="select" id={controlId} {...select} sx={FIELD_SX}>
          {children}
        </Box>
      )}
    </LabelledField>
  );
}
