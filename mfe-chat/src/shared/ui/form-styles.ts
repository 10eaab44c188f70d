// Shared sx of the quick actions' fields and buttons (44 px targets, 16 px text: no zoom on iOS).
export const textArea = {
  display: 'block',
  width: '100%',
  minHeight: 110,
  p: 1,
  font: 'inherit',
  fontSize: '1rem',
  border: '2px solid',
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'text.primary',
  boxSizing: 'border-box',
  resize: 'vertical',
  '&:focus': { outline: 'none', borderColor: 'text.primary' },
} as const;

export const actionButton = { minHeight: 44, px: 2 } as const;

export const fieldLabel = { display: 'block', fontWeight: 700, mb: 0.5 } as const;
