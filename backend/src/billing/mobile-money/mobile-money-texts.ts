import { mobileNumberPlan, type MobileMoneyNetwork } from '@kasa/contracts';
import { formatXaf, NETWORK_NAMES, PRO_PASS_DAYS } from '../pricing';

// `priceXaf` below is Pro's price in the plan table, the amount the payment asks for.

/** '+237 650 000 000' from '237650000000' (Cameroon's 3-digit groups; others left whole). */
export function displayPhone(digits: string): string {
  const match = /^237(\d{3})(\d{3})(\d{3})$/.exec(digits);
  return match ? `+237 ${match[1]} ${match[2]} ${match[3]}` : `+${digits}`;
}

export const requestSent = (phoneDigits: string, priceXaf: number) =>
  `A payment request of ${formatXaf(priceXaf)} for ${PRO_PASS_DAYS} days of Pro was sent to ${displayPhone(phoneDigits)}.`;

export const approveOnPhone = (network: MobileMoneyNetwork, priceXaf: number) =>
  `Approve the ${formatXaf(priceXaf)} payment in the ${NETWORK_NAMES[network]} prompt on your phone with your PIN. Pro starts as soon as the payment is confirmed.`;

export const finishOnPage = (priceXaf: number) =>
  `Finish the ${formatXaf(priceXaf)} payment on the page that opens. Pro starts as soon as the payment is confirmed.`;

export const approveInSandbox = (network: MobileMoneyNetwork, priceXaf: number) =>
  `Sandbox: no request reaches a phone and no money moves. Open the sandbox checkout page and approve (or decline) the ${formatXaf(priceXaf)} payment there, as you would in the ${NETWORK_NAMES[network]} prompt.`;

export const noRoute = (network: MobileMoneyNetwork) =>
  `${NETWORK_NAMES[network]} payments are not available in Cameroon. Please choose MTN or Orange.`;

/** Why a phone number was refused, with the format the form shows (e.g. '+237 6XX XX XX XX'). */
export const notAMobileNumber = (countryCode: string) =>
  `Enter a mobile number of the payment country (+${countryCode}) as ${mobileNumberPlan(countryCode).format}, with or without +${countryCode} in front.`;

export const PROVIDER_UNAVAILABLE =
  'Mobile money payments are unavailable right now. Please try again later.';
export const PROVIDER_UNREACHABLE = 'The mobile money provider could not be reached. Please try again.';
export const providerRefused = (message: string) =>
  `The mobile money provider refused the payment: ${message}`;
