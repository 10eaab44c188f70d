import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * The look of the kit's form controls (TextInput, SelectInput): native elements styled with the
 * theme, 48 px tall.
 */
export const FIELD_SX = {
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
} as const;

/** A field's label; also the caption of a group of controls (chips, checkboxes) beside fields. */
export const FIELD_LABEL_SX = { fontWeight: 600, fontSize: '0.95rem' } as const;

/** A control under its label, with an optional hint line under it. */
export function LabelledField({
  label,
  id,
  hint,
  children,
}: {
  label: string;
  /** The control's id; a generated one when not given. */
  id?: string;
  /** One line under the control (a hint, or what is wrong). */
  hint?: string;
  /** The control, given the id its label points at and, with a hint, the hint's id. */
  children: (ids: { controlId: string; hintId?: string }) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box component="label" htmlFor={controlId} sx={FIELD_LABEL_SX}>
        {label}
      </Box>
      {children({ controlId, hintId })}
      {hint && (
        <Box component="small" id={hintId} sx={{ color: 'text.secondary' }}>
          {hint}
        </Box>
      )}
    </Box>
  );
}
