const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });
const REGIONS_FR = new Intl.DisplayNames(['fr'], { type: 'region' });

/** 'CM;NG' codes as 'Cameroon, Nigeria' (English names from the runtime's ICU data). */
export function countryNames(codes: readonly string[]): string {
  return codes.map((code) => countryName(code)).join(', ');
}

export function countryName(code: string, language: 'en' | 'fr' = 'en'): string {
  try {
    return (language === 'fr' ? REGIONS_FR : REGIONS).of(code) ?? code;
  } catch {
    return code;
  }
}
