/** What pages (and other screens' pages) may use from the auth feature. */
export { AuthCard } from './auth-card';
export { BrandMark } from './brand-mark';
export { ForgotPasswordForm } from './forgot-password-form';
export { LoginForm } from './login-form';
export { PendingApprovalStep } from './pending-approval-step';
export { RegisterForm } from './register-form';
export { ResetPasswordForm } from './reset-password-form';
export { SsoSignIn } from './sso-sign-in';
export { VerificationCodesList } from './verification-codes-list';
export { VerifyEmailStep } from './verify-email-step';
