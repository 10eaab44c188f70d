import {
  readMobileNumber,
  type MobileMoneyNetwork,
  type MobileMoneyPaymentRequest,
  type MobileNumberReading,
} from '@kasa/contracts';
import type { BillingMessageKey } from '../messages';

export interface MobileMoneyFormValues {
  full_name: string;
  email: string;
  phone_number: string;
  network: MobileMoneyNetwork | '';
}

export type MobileMoneyFormErrors = Partial<Record<keyof MobileMoneyFormValues, BillingMessageKey>>;

/** What the form checks against: the payment country's calling code and the routed networks. */
export interface MobileMoneyRules {
  countryCode: string;
  networks: readonly MobileMoneyNetwork[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const PHONE_ERRORS: Record<Exclude<MobileNumberReading['kind'], 'mobile'>, BillingMessageKey> = {
  empty: 'phoneRequired',
  incomplete: 'phoneIncomplete',
  invalid: 'phoneInvalid',
  otherCountry: 'phoneOtherCountry',
};

/** The phone number's error, if any (the rules of @kasa/contracts' readMobileNumber, as the server's). */
export function phoneError(typed: string, countryCode: string): BillingMessageKey | undefined {
  const reading = readMobileNumber(typed, countryCode);
  return reading.kind === 'mobile' ? undefined : PHONE_ERRORS[reading.kind];
}

/**
 * The phone error to show while the number is typed: a number that can no longer become a mobile
 * number says so at once; an empty or unfinished one only once the field is left (or submitted).
 */
export function phoneErrorAsTyped(typed: string, countryCode: string): BillingMessageKey | undefined {
  const error = phoneError(typed, countryCode);
  return error === 'phoneRequired' || error === 'phoneIncomplete' ? undefined : error;
}

/** Full name, email (an email), a mobile number and a routed network required (docs/product.md#validation). */
export function validateMobileMoneyForm(
  values: MobileMoneyFormValues,
  rules: MobileMoneyRules,
): MobileMoneyFormErrors {
  const errors: MobileMoneyFormErrors = {};
  if (!values.full_name.trim()) errors.full_name = 'fullNameRequired';
  const email = values.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (!EMAIL.test(email)) errors.email = 'emailInvalid';
  const phone = phoneError(values.phone_number, rules.countryCode);
  if (phone) errors.phone_number = phone;
  if (!rules.networks.includes(values.network as MobileMoneyNetwork)) errors.network = 'networkRequired';
  return errors;
}

/** The request body of valid values (trimmed; the phone in E.164 with the country's calling code). */
export function toMobileMoneyRequest(
  values: MobileMoneyFormValues,
  countryCode: string,
): MobileMoneyPaymentRequest {
  const phone = readMobileNumber(values.phone_number, countryCode);
  return {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone_number: phone.kind === 'mobile' ? phone.e164 : values.phone_number.trim(),
    network: values.network as MobileMoneyNetwork,
  };
}
