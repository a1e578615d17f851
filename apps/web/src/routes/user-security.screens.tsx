export { ApiTokensScreen } from '../features/api-tokens/components/api-tokens-screen';
export { TwoFactorScreen } from '../features/two-factor/components/two-factor-screen';
