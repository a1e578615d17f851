import { useState } from 'react';
import { Alert, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { twoFactorMessages } from '@syrx/contracts/two-factor';
import { useCurrentUser } from '../../../lib/session';
import { RecoveryCodes } from './recovery-codes';
import { TurnOffTwoFactor } from './turn-off-two-factor';
import { TwoFactorSetup } from './two-factor-setup';

/** The user menu's "Two-factor sign-in": set it up (the only screen while a group requires it), or turn it off. */
export function TwoFactorScreen() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  // Shown once, right after turning it on (the session then already says it is on).
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <div style={{ maxWidth: 640 }}>
      <Typography.Title level={2}>Two-factor sign-in</Typography.Title>
      {user.totp_setup_required && <Alert type="warning" showIcon title={twoFactorMessages.setupRequired} style={{ marginBottom: 16 }} />}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => void navigate('/home')} />
      ) : user.totp_enabled ? (
        <TurnOffTwoFactor />
      ) : (
        <TwoFactorSetup onEnabled={setRecoveryCodes} />
      )}
    </div>
  );
}
