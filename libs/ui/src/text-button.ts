/**
 * The classes of a text button on static classes (static.css, `.kasa-text-button`): MUI's Button as
 * the theme sets it, without emotion (docs/architecture.md#runtime-styles).
 */
export function textButtonClass({
  size = 'small',
  variant = 'text',
  fit = false,
}: {
  size?: 'small' | 'medium';
  /** MUI's variants: text (colour inherit), outlined (colour inherit), contained (the primary colour). */
  variant?: 'text' | 'outlined' | 'contained';
  /** No minimum width (a short label such as a language's name). */
  fit?: boolean;
}): string {
  let name = 'kasa-text-button';
  if (size === 'medium') name += ' kasa-text-button-medium';
  if (variant !== 'text') name += ` kasa-text-button-${variant}`;
  if (fit) name += ' kasa-text-button-fit';
  return name;
}
