import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { useT } from './i18n';
import { uiMessages } from './messages';
import { textButtonClass } from './text-button';

/** 'color': yellow accent (#ffd60a). 'mono': black and white. */
export type ThemeMode = 'color' | 'mono';

export const THEME_STORAGE_KEY = 'kasa-theme';
/** The brand yellow: for surfaces only (the header, filled buttons, badges, highlights). */
export const ACCENT_COLOR = '#ffd60a';
/**
 * The accent's ink: text, icons and outlines drawn in the accent on a light background. The yellow
 * itself is 1.3–1.4:1 on white or cream, far under WCAG AA (4.5:1 text, 3:1 outlines); this dark
 * gold is 6.9:1 on white, 6.7:1 on the cream background and 4.9:1 on the yellow
 * (docs/architecture.md#accessibility). Mono uses black.
 */
export const ACCENT_INK = '#735600';

declare module '@mui/material/styles' {
  interface Palette {
    /** ACCENT_INK in colour, black in mono: `sx={{ color: 'ink' }}`. */
    ink: string;
  }
  interface PaletteOptions {
    ink?: string;
  }
}

export function readStoredThemeMode(): ThemeMode {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === 'mono' ? 'mono' : 'color';
  } catch {
    return 'color';
  }
}

function storeThemeMode(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Storage can be unavailable (private mode, quota): the choice then lasts for this page only.
  }
}

/** static.css gives the body the same stack before any script runs. */
const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

export function createKasaTheme(mode: ThemeMode): Theme {
  const mono = mode === 'mono';
  const ink = mono ? '#000000' : ACCENT_INK;
  return createTheme({
    palette: {
      mode: 'light',
      ink,
      primary: mono
        ? { main: '#000000', contrastText: '#ffffff' }
        : { main: ACCENT_COLOR, dark: '#e6bf00', contrastText: '#141414' },
      secondary: { main: '#141414', contrastText: '#ffffff' },
      error: { main: mono ? '#000000' : '#b3261e' },
      // MUI's default warning.dark (#e65100) is 3.8:1 on white: a warning written in it (a meter
      // near its limit) would miss WCAG AA's 4.5:1. This orange is 6.1:1.
      warning: { main: '#ed6c02', light: '#ff9800', dark: mono ? '#000000' : '#a84300' },
      background: { default: mono ? '#ffffff' : '#fffdf4', paper: '#ffffff' },
      text: { primary: '#141414', secondary: mono ? '#333333' : '#4a4a4a' },
      divider: mono ? '#000000' : '#e8e1c4',
    },
    shape: { borderRadius: mono ? 4 : 12 },
    typography: {
      fontFamily: FONT_STACK,
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontSize: '1.6rem', fontWeight: 700 },
      h2: { fontSize: '1.25rem', fontWeight: 700 },
      h3: { fontSize: '1.1rem', fontWeight: 700 },
    },
    components: {
      MuiButton: {
        styleOverrides: {
          root: {
            // Large touch targets for phones.
            minHeight: 44,
            paddingLeft: 16,
            paddingRight: 16,
            // Text and outlined buttons draw their label and border in the primary colour: the
            // ink, never the yellow, on a light background (filled buttons keep the yellow).
            variants: [
              {
                props: { color: 'primary' },
                style: {
                  '--variant-textColor': ink,
                  '--variant-outlinedColor': ink,
                  '--variant-outlinedBorder': ink,
                  '&:hover': { '--variant-outlinedBorder': ink },
                },
              },
            ],
          },
        },
      },
      MuiIconButton: { styleOverrides: { colorPrimary: { color: ink } } },
      MuiTab: { styleOverrides: { textColorPrimary: { '&.Mui-selected': { color: ink } } } },
      MuiTabs: { styleOverrides: { indicator: { backgroundColor: ink } } },
      MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused': { color: ink } } } },
      MuiOutlinedInput: {
        styleOverrides: { root: { '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: ink } } },
      },
      MuiSwitch: {
        styleOverrides: {
          switchBase: { '&.Mui-checked.MuiSwitch-colorPrimary': { color: ink } },
        },
      },
    },
  });
}

export interface ThemeModeContextValue {
  mode: ThemeMode;
  toggle: () => void;
  setMode: (mode: ThemeMode) => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

/**
 * Owns the colour / mono choice: read from and saved to localStorage 'kasa-theme', toggled by
 * Alt+W or Meta+W anywhere on the page, and applied to every MUI component below it (also to
 * remote components: their MUI copies read the theme from the shared emotion ThemeContext).
 */
export function ThemeModeProvider({
  children,
  initialMode,
}: {
  children: ReactNode;
  initialMode?: ThemeMode;
}) {
  const [mode, setMode] = useState<ThemeMode>(() => initialMode ?? readStoredThemeMode());
  const toggle = useCallback(() => setMode((m) => (m === 'color' ? 'mono' : 'color')), []);

  // A layout effect: static.css's colours follow html[data-theme], and must switch in the same
  // frame as MUI's components (a passive effect would paint one frame of mixed themes).
  useLayoutEffect(() => {
    storeThemeMode(mode);
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.altKey || event.metaKey) || event.ctrlKey || event.shiftKey) return;
      if (event.code !== 'KeyW' && event.key?.toLowerCase() !== 'w') return;
      event.preventDefault();
      if (!event.repeat) toggle();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setMode(event.newValue === 'mono' ? 'mono' : 'color');
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('storage', onStorage);
    };
  }, [toggle]);

  const theme = useMemo(() => createKasaTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggle, setMode }), [mode, toggle]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode() needs a <ThemeModeProvider> (or <KasaUiProvider>) above it');
  return value;
}

/** Message key of the toggle's label: it names the mode a click switches TO ('White Mode' while in colour). */
export function themeToggleLabel(mode: ThemeMode): 'whiteMode' | 'colorMode' {
  return mode === 'color' ? 'whiteMode' : 'colorMode';
}

export function ThemeToggleButton({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  const { mode, toggle } = useThemeMode();
  const t = useT(uiMessages);
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      className={textButtonClass({ size, variant: 'outlined' })}
      onClick={toggle}
      title={t('switchTheme')}
    >
      {t(themeToggleLabel(mode))}
    </button>
  );
}
