export { AppearanceCard } from './appearance-card';
export { LanguageCard } from './language-card';
export { PasswordCard } from './password-card';
export { PreferencesCard } from './preferences-card';
export { ProfileDetailsCard } from './profile-details-card';
export { SessionsCard } from './sessions-card';
export { TokensCard } from './tokens-card';
export { TwoFactorCard } from './two-factor-card';
