export * from './app-info';
export * from './i18n';
export type { ErrorTextKey } from './error-messages';
export * from './error-text';
export * from './messages';
export * from './LanguageSwitch';
export * from './text-button';
export * from './session-controls';
export * from './theme';
export * from './toast';
export * from './Splash';
export * from './ErrorPanel';
export * from './BrandHomeLink';
export * from './PageFrame';
export * from './PageLink';
export * from './support-contacts';
export * from './StrokeIcon';
export * from './KasaUiProvider';
export * from './audio';
// MUI building blocks the kit already bundles, re-exported so remotes reuse the shell's copy
// (through the shared @kasa/ui singleton) instead of downloading MUI's core a second time.
// Other MUI components: import them per component ('@mui/material/TextField').
export { default as Box } from '@mui/material/Box';
export { default as Button } from '@mui/material/Button';
export { default as ButtonBase } from '@mui/material/ButtonBase';
export * from './TextInput';
export * from './SelectInput';
export * from './usage-meter';
export * from './money';
export * from './data-saver';
export * from './Badge';
export * from './useBackCloses';
