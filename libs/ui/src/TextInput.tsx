import { useId, type InputHTMLAttributes, type Ref } from 'react';
import Box from '@mui/material/Box';

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
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box component="label" htmlFor={inputId} sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
        {label}
      </Box>
      <Box
        component="input"
        id={inputId}
        ref={ref}
        aria-describedby={hintId}
        {...input}
        sx={{
          font: 'inherit',
          fontSize: '1rem', // 16 px: below this, phones zoom the page on focus
          minHeight: 48,
          px: 1.5,
          border: '2px solid',
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          width: '100%',
          boxSizing: 'border-box',
          '&:focus': { outline: 'none', borderColor: 'text.primary' },
          '&:disabled': { opacity: 0.6 },
        }}
      />
      {hint && (
        <Box component="small" id={hintId} sx={{ color: 'text.secondary' }}>
          {hint}
        </Box>
      )}
    </Box>
  );
}
