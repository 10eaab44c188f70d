// Shared sx of the sidebar's rows, headings and small inputs.
export const rowButton = {
  flex: 1,
  minWidth: 0,
  minHeight: 44,
  px: 1.5,
  justifyContent: 'flex-start',
  textAlign: 'left',
  borderRadius: 1,
  '&:hover': { bgcolor: 'action.hover' },
  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: -2 },
} as const;

export const smallInput = {
  flex: 1,
  minWidth: 0,
  minHeight: 44,
  px: 1,
  font: 'inherit',
  fontSize: '1rem',
  border: '2px solid',
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'text.primary',
  boxSizing: 'border-box',
  '&:focus': { outline: 'none', borderColor: 'text.primary' },
} as const;
