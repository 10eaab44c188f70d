import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A native checkbox drawn with the theme (the browser's default is a small blue box): ink border,
 * filled with the brand yellow and an ink tick when checked. Native, like the cookie switches, so
 * keyboard, label and screen readers work as usual, without MUI's Checkbox and its ripple.
 */
export const CHECKBOX_SX = {
  appearance: 'none',
  WebkitAppearance: 'none',
  flexShrink: 0,
  m: 0,
  width: 22,
  height: 22,
  border: '2px solid',
  borderColor: 'text.primary',
  borderRadius: 0.5,
  bgcolor: 'background.paper',
  position: 'relative',
  cursor: 'pointer',
  '&::after': {
    content: '""',
    position: 'absolute',
    left: 5,
    top: 1,
    width: 6,
    height: 11,
    border: 'solid',
    borderColor: 'primary.contrastText',
    borderWidth: '0 2.5px 2.5px 0',
    transform: 'rotate(45deg)',
    display: 'none',
  },
  '&:checked': { bgcolor: 'primary.main' },
  '&:checked::after': { display: 'block' },
  '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  '&:focus-visible': { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: 2 },
} as const;

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> {
  /** The text beside the box; the whole row is the label (a 44 px touch target). */
  label: ReactNode;
  /** A line under the label that explains the choice. */
  hint?: ReactNode;
}

export function CheckboxField({ label, hint, ...input }: CheckboxFieldProps) {
  const hintId = useId();
  return (
    <Box
      component="label"
      sx={{
        display: 'inline-flex',
        alignItems: 'flex-start',
        gap: 1,
        minHeight: 44,
        py: 1,
        cursor: 'pointer',
      }}
    >
      <Box
        component="input"
        type="checkbox"
        aria-describedby={hint ? hintId : undefined}
        {...input}
        sx={CHECKBOX_SX}
      />
      <Box component="span" sx={{ lineHeight: '22px' }}>
        {label}
        {hint && (
          <Box
            component="span"
            id={hintId}
            sx={{ display: 'block', color: 'text.secondary', lineHeight: 1.4 }}
          >
            {hint}
          </Box>
        )}
      </Box>
    </Box>
  );
}
