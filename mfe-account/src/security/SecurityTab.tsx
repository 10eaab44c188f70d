import { Loadable } from '../shared/Loadable';
import { useSecurity } from '../shared/useSecurity';
import { DeleteAccount } from '../delete-account/DeleteAccount';
import { ChangePassword } from './ChangePassword';
import { SignOutEverywhere } from './SignOutEverywhere';
import { TwoFactorCard } from './TwoFactorCard';

/** Security: password, two-factor sign-in, sign out everywhere, and the danger zone. */
export function SecurityTab() {
  const security = useSecurity();
  return (
    <>
      <ChangePassword security={security.data} />
      <Loadable query={security} testId="account-security-error">
        {(data) => <TwoFactorCard security={data} />}
      </Loadable>
      <SignOutEverywhere />
      <DeleteAccount twoFactorEnabled={security.data?.twoFactor.enabled ?? false} />
    </>
  );
}
