import { useState, type ChangeEvent, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import {
  formatMobileNumber,
  mobileNumberPlan,
  readMobileNumber,
  type AuthUser,
  type MobileMoneyNetwork,
  type MobileMoneyPaymentResponse,
} from '@kasa/contracts';
import { Box, Button, SelectInput, TextInput, useAppInfo, useErrorToast, useT, useToast } from '@kasa/ui';
import { messages } from '../messages';
import { SandboxApprovalLink } from '../shared/SandboxApprovalLink';
import { redirectTo } from './browser';
import { createMobileMoneyPayment } from './mobile-money-api';
import {
  phoneError,
  phoneErrorAsTyped,
  toMobileMoneyRequest,
  validateMobileMoneyForm,
  type MobileMoneyFormErrors,
  type MobileMoneyFormValues,
} from './validation';

/** The request-sent toast stays 8 seconds (docs/product.md#checkout). */
export const REQUEST_SENT_TOAST_MS = 8000;

const NETWORK_LABELS: Record<MobileMoneyNetwork, string> = {
  MTN: 'MTN Mobile Money',
  ORANGE: 'Orange Money',
  AIRTEL: 'Airtel Money',
};

/**
 * The mobile money payment form (docs/product.md#checkout). A returned payment_url is followed; otherwise the request is
 * on its way to the phone (in the sandbox: to a local approval page) and `onRequestSent` is told. The phone number is
 * checked as it is typed, by the server's rules, and only the networks with a route are offered (runtime config).
 */
export function MobileMoneyForm({ onRequestSent }: { onRequestSent: (sandboxCheckoutUrl?: string) => void }) {
  const t = useT(messages);
  const showErrorToast = useErrorToast();
  const { toast } = useToast();
  const { payments } = useAppInfo();
  const rules = { countryCode: payments.mobileMoneyCountryCode, networks: payments.mobileMoneyNetworks };
  const phoneFormat = { code: `+${rules.countryCode}`, national: mobileNumberPlan(rules.countryCode).format };
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MobileMoneyFormValues>(() => ({
    full_name: '',
    email: queryClient.getQueryData<AuthUser | null>(CURRENT_USER_QUERY_KEY)?.email ?? '',
    phone_number: '',
    network: '',
  }));
  const [errors, setErrors] = useState<MobileMoneyFormErrors>({});

  const request = useMutation({
    mutationFn: createMobileMoneyPayment,
    onSuccess: (response: MobileMoneyPaymentResponse, sent) => {
      if (response.success && response.payment_url) {
        redirectTo(response.payment_url);
      } else if (response.success) {
        // The answer's `instructions` are the server's English: the same advice, in the user's language.
        const network = NETWORK_LABELS[sent.network];
        toast({
          title: t('paymentRequestSent'),
          description: response.checkoutUrl
            ? t('approveInSandbox', { network })
            : t('approveInPrompt', { network }),
          durationMs: REQUEST_SENT_TOAST_MS,
          action: response.checkoutUrl ? <SandboxApprovalLink href={response.checkoutUrl} /> : undefined,
        });
        onRequestSent(response.checkoutUrl);
      } else {
        showErrorToast({ title: t('paymentFailed'), error: response, fallback: t('unableToInitiate') });
      }
    },
    onError: (error) => {
      // A refusal the server explains (a 4xx) is a failed payment; anything else (no connection,
      // a server or provider fault) is the payment error. Either says what went wrong.
      if (error instanceof ApiError && error.status < 500) {
        showErrorToast({ title: t('paymentFailed'), error, fallback: t('unableToInitiate') });
      } else {
        showErrorToast({ title: t('paymentError'), error, fallback: t('unableToProcess') });
      }
    },
  });

  const change =
    (field: keyof MobileMoneyFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const { value } = event.target;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({
        ...e,
        [field]: field === 'phone_number' ? phoneErrorAsTyped(value, rules.countryCode) : undefined,
      }));
    };

  /** Leaving an unfinished number says what is missing; an empty field waits for the submit. */
  const checkPhone = (event: FocusEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    if (!typed.trim()) return;
    setErrors((e) => ({ ...e, phone_number: phoneError(typed, rules.countryCode) }));
  };

  const phone = readMobileNumber(values.phone_number, rules.countryCode);
  const phoneHint =
    phone.kind === 'mobile'
      ? t('phoneReadAs', { phone: formatMobileNumber(phone.national, rules.countryCode) })
      : t('phoneHint', { format: phoneFormat.national, code: phoneFormat.code });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateMobileMoneyForm(values, rules);
    setErrors(found);
    if (Object.keys(found).length) return;
    request.mutate(toMobileMoneyRequest(values, rules.countryCode));
  };

  const fieldProps = (field: keyof MobileMoneyFormValues, hasHint = false) => {
    const id = `mobile-money-${field}`;
    const describedBy = [hasHint && `${id}-hint`, errors[field] && `${id}-error`].filter(Boolean).join(' ');
    return {
      id,
      name: field,
      value: values[field],
      onChange: change(field),
      required: true,
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': describedBy || undefined,
      disabled: request.isPending,
    };
  };

  return (
    <Box
      component="form"
      data-testid="mobile-money-form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {payments.mobileMoney === 'sandbox' && (
        <Box component="p" data-testid="mobile-money-sandbox-note" sx={{ m: 0, color: 'text.secondary' }}>
          {t('sandboxMobileMoneyNote')}
        </Box>
      )}
      <Field error={errors.full_name && t(errors.full_name)} field="full_name">
        <TextInput label={t('fullName')} autoComplete="name" {...fieldProps('full_name')} />
      </Field>
      <Field error={errors.email && t(errors.email)} field="email">
        <TextInput label={t('email')} type="email" autoComplete="email" {...fieldProps('email')} />
      </Field>
      <Field
        error={
          errors.phone_number &&
          t(errors.phone_number, { format: phoneFormat.national, code: phoneFormat.code })
        }
        field="phone_number"
      >
        <TextInput
          label={t('phoneNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={`${phoneFormat.code} ${phoneFormat.national}`}
          hint={phoneHint}
          onBlur={checkPhone}
          {...fieldProps('phone_number', true)}
        />
      </Field>
      <Field error={errors.network && t(errors.network)} field="network">
        <SelectInput label={t('network')} {...fieldProps('network')}>
          <option value="" disabled>
            {t('chooseNetwork')}
          </option>
          {rules.networks.map((network) => (
            <option key={network} value={network}>
              {NETWORK_LABELS[network]}
            </option>
          ))}
        </SelectInput>
      </Field>
      <Button
        type="submit"
        variant="contained"
        data-testid="mobile-money-submit"
        disabled={request.isPending}
        sx={{ minHeight: 48 }}
      >
        {request.isPending ? t('sending') : t('sendPaymentRequest')}
      </Button>
    </Box>
  );
}

/** A field with its validation message under it (the input's aria-describedby names the message). */
function Field({
  field,
  error,
  children,
}: {
  field: keyof MobileMoneyFormValues;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      {children}
      {error && (
        <Box
          component="small"
          id={`mobile-money-${field}-error`}
          data-testid={`mobile-money-${field}-error`}
          sx={{ display: 'block', mt: 0.5, color: 'error.main', fontWeight: 600 }}
        >
          {error}
        </Box>
      )}
    </Box>
  );
}
