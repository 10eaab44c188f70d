/*
 * Mobile money phone numbers, read by the same rules in the browser (as the number is typed) and
 * on the server (docs/product.md#checkout): what people type ('677123456', '677 12 34 56',
 * '+237 677 12 34 56', '00237677123456', '237677123456') becomes E.164 ('+237677123456') with the
 * payment country's calling code (MOBILE_MONEY_COUNTRY_CODE).
 */

/** The calling code numbers are read with when MOBILE_MONEY_COUNTRY_CODE is not set: Cameroon. */
export const DEFAULT_MOBILE_MONEY_COUNTRY_CODE = '237';

/** How a country's mobile numbers look after its calling code. */
export interface MobileNumberPlan {
  /** The digits of a national mobile number (a range when the plan is not known). */
  minDigits: number;
  maxDigits: number;
  /** The first digits a mobile number starts with (none: any; some countries' numbers start with 0). */
  mobilePrefixes: readonly string[];
  /** The national format shown under the field, an X for each digit: '6XX XX XX XX'. */
  format: string;
}

/** Countries whose mobile numbering is known, by calling code. */
const KNOWN_PLANS: Readonly<Record<string, MobileNumberPlan>> = {
  // Cameroon: 9 digits; mobile numbers (MTN, Orange, ...) start with 6.
  '237': { minDigits: 9, maxDigits: 9, mobilePrefixes: ['6'], format: '6XX XX XX XX' },
};

/** E.164 allows 15 digits in all; fewer than 6 after the calling code is no subscriber number. */
const E164_MAX_DIGITS = 15;
const MIN_NATIONAL_DIGITS = 6;

/** A calling code: 1 to 3 digits, the first not 0 (what MOBILE_MONEY_COUNTRY_CODE accepts). */
export const CALLING_CODE_PATTERN = /^[1-9]\d{0,2}$/;

/** The plan of `countryCode`; without a known one, any E.164 length (the provider checks the rest). */
export function mobileNumberPlan(countryCode: string): MobileNumberPlan {
  return (
    KNOWN_PLANS[countryCode] ?? {
      minDigits: MIN_NATIONAL_DIGITS,
      maxDigits: E164_MAX_DIGITS - countryCode.length,
      mobilePrefixes: [],
      format: 'XXXXXXXX',
    }
  );
}

/**
 * What a typed number is: a mobile number (its E.164 form), nothing yet ('empty'), the start of a
 * mobile number ('incomplete'), a number of another country ('otherCountry'), or no mobile number
 * of the country ('invalid').
 */
export type MobileNumberReading =
  | { kind: 'mobile'; e164: string; national: string }
  | { kind: 'empty' | 'incomplete' | 'invalid' | 'otherCountry' };

/** What people put between digits: spaces, dots, dashes, slashes, brackets. */
const SEPARATORS = /[\s./()-]/g;

/** Reads a typed number as a mobile number of the country whose calling code is `countryCode`. */
export function readMobileNumber(typed: string, countryCode: string): MobileNumberReading {
  const compact = typed.replace(SEPARATORS, '');
  if (!compact) return { kind: 'empty' };
  if (compact === '+') return { kind: 'incomplete' };
  if (!/^\+?\d+$/.test(compact)) return { kind: 'invalid' };
  if (compact.startsWith('+')) return readInternational(compact.slice(1), countryCode);
  if (compact.startsWith('00')) return readInternational(compact.slice(2), countryCode);
  // Without '+' or '00' it is a national number, or an international one without its prefix
  // ('237677123456'): whichever reading can still be a mobile number.
  const national = readNational(compact, countryCode);
  if (national.kind === 'mobile' || national.kind === 'incomplete') return national;
  const international = readInternational(compact, countryCode);
  return international.kind === 'otherCountry' ? national : international;
}

function readInternational(digits: string, countryCode: string): MobileNumberReading {
  if (digits.length < countryCode.length)
    return countryCode.startsWith(digits) ? { kind: 'incomplete' } : { kind: 'otherCountry' };
  if (!digits.startsWith(countryCode)) return { kind: 'otherCountry' };
  return readNational(digits.slice(countryCode.length), countryCode);
}

function readNational(digits: string, countryCode: string): MobileNumberReading {
  const plan = mobileNumberPlan(countryCode);
  const prefixes = plan.mobilePrefixes.length ? plan.mobilePrefixes : [''];
  const startsRight = prefixes.some((prefix) => digits.startsWith(prefix) || prefix.startsWith(digits));
  if (!startsRight || digits.length > plan.maxDigits) return { kind: 'invalid' };
  const complete = digits.length >= plan.minDigits && prefixes.some((prefix) => digits.startsWith(prefix));
  if (!complete) return { kind: 'incomplete' };
  return { kind: 'mobile', e164: `+${countryCode}${digits}`, national: digits };
}

/** '+237 677 12 34 56': a national number in its country's format, after the calling code. */
export function formatMobileNumber(national: string, countryCode: string): string {
  const { format } = mobileNumberPlan(countryCode);
  if (format.replace(/ /g, '').length !== national.length) return `+${countryCode} ${national}`;
  let next = 0;
  return `+${countryCode} ${format.replace(/[^ ]/g, () => national[next++])}`;
}
