/**
 * The classes of a bar's text button (static.css, `.kasa-text-button`): MUI's Button as the theme
 * sets it, without emotion (docs/architecture.md#runtime-styles).
 */
export function textButtonClass({
  size = 'small',
  outlined = false,
  fit = false,
}: {
  size?: 'small' | 'medium';
  outlined?: boolean;
  /** No minimum width (a short label such as a language's name). */
  fit?: boolean;
}): string {
  let name = 'kasa-text-button';
  if (size === 'medium') name += ' kasa-text-button-medium';
  if (outlined) name += ' kasa-text-button-outlined';
  if (fit) name += ' kasa-text-button-fit';
  return name;
}
