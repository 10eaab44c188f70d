import {
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
  type MobileMoneyPaymentRequest,
} from '@kasa/contracts';
import type { BillingMessageKey } from '../messages';

export interface MobileMoneyFormValues {
  full_name: string;
  email: string;
  phone_number: string;
  network: MobileMoneyNetwork | '';
}

export type MobileMoneyFormErrors = Partial<Record<keyof MobileMoneyFormValues, BillingMessageKey>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** E.164: 8 to 15 digits, the first not 0 (the country code), optionally after '+' (the server's rule). */
const PHONE = /^\+?[1-9]\d{7,14}$/;

export function normalizePhone(value: string): string {
  return value.replace(/[\s.\-()]/g, '');
}

/** Full name, email (an email) and phone number required, a network chosen (docs/product.md#validation). */
export function validateMobileMoneyForm(values: MobileMoneyFormValues): MobileMoneyFormErrors {
  const errors: MobileMoneyFormErrors = {};
  if (!values.full_name.trim()) errors.full_name = 'fullNameRequired';
  const email = values.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (!EMAIL.test(email)) errors.email = 'emailInvalid';
  const phone = normalizePhone(values.phone_number);
  if (!phone) errors.phone_number = 'phoneRequired';
  else if (!PHONE.test(phone)) errors.phone_number = 'phoneInvalid';
  if (!MOBILE_MONEY_NETWORKS.includes(values.network as MobileMoneyNetwork))
    errors.network = 'networkRequired';
  return errors;
}

/** The request body of valid values (trimmed; the phone without separators). */
export function toMobileMoneyRequest(values: MobileMoneyFormValues): MobileMoneyPaymentRequest {
  return {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone_number: normalizePhone(values.phone_number),
    network: values.network as MobileMoneyNetwork,
  };
}
