import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PaymentMethod } from '@kasa/contracts';

/** `/subscription?method=card|mobile_money`: the chat's Payment Options dialog links here (mfe-chat/src/payment-options). */
export const CHECKOUT_METHOD_PARAM = 'method';

function isPaymentMethod(value: string): value is PaymentMethod {
  return value === 'card' || value === 'mobile_money';
}

/**
 * Opens the checkout the link names, as if its pay button was pressed, then takes the parameter
 * out of the address bar (replace: a reload or Back does not open it again). Once per navigation,
 * even when React runs the effect twice. Only mounted on Basic: on Pro the parameter is ignored.
 */
export function useCheckoutMethodParam(choose: (method: PaymentMethod) => void): void {
  const navigate = useNavigate();
  const { pathname, search, hash, key } = useLocation();
  const latestChoose = useRef(choose);
  latestChoose.current = choose;
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const method = params.get(CHECKOUT_METHOD_PARAM);
    if (method === null || handledKey.current === key) return;
    handledKey.current = key;
    if (isPaymentMethod(method)) latestChoose.current(method);
    params.delete(CHECKOUT_METHOD_PARAM);
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [search, pathname, hash, key, navigate]);
}
