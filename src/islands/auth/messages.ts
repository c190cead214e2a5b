/** The account screens' words (spec 1 §2.13, §5, §8), word for word. */
export const AUTH_TEXT = {
  login: {
    title: 'Sign in',
    submit: 'Sign in',
    busy: 'Processing...',
    missing: 'Please enter both email and password',
    success: 'Login successful! Redirecting...',
    failed: 'Login failed. Please try again.',
    unexpected: 'An unexpected error occurred. Please try again.',
    noToken: 'No access token received',
    google: 'Failed to initialize Google login. Please try again.',
  },
  register: {
    title: 'Create Account',
    submit: 'Sign Up',
    busy: 'Creating account...',
    failed: 'Registration failed. Please try again.',
    google: 'Failed to initiate Google sign up. Please try again.',
    required: 'Please fill in all fields',
    done: 'Registration successful! Please check your email to verify your account.',
  },
  forgot: {
    title: 'Forgot Password',
    submit: 'Send Reset Link',
    busy: 'Sending...',
    checkEmail: 'Check your email',
    failed: 'Password reset request failed. Please try again.',
  },
  reset: {
    title: 'Reset Password',
    submit: 'Reset Password',
    busy: 'Resetting...',
    tooShort: 'Password must be at least 8 characters long.',
    mismatch: 'Passwords do not match.',
    missingToken: 'Missing reset token. Please use the link from the email.',
    invalidLinkHint: 'The reset link appears to be invalid. Please request a new password reset email.',
    failed: 'Failed to reset password. The token may be invalid or expired.',
    done: 'Your password has been reset successfully. Please log in with your new password.',
  },
  verify: {
    verifying: 'Verifying your email...',
    success: 'Email Verified!',
    error: 'Verification Failed',
    missingToken: 'Verification token is missing.',
    failed: 'Failed to verify email. The token may be invalid or expired.',
    done: 'Email verified successfully! You can now log in.',
  },
  oauth: {
    processing: 'Processing authentication...',
    failedTitle: 'Authentication Failed',
    loadUser: 'Failed to load user data. Please try logging in again.',
    profileError: (reason: string) => `Error loading user profile: ${reason}`,
    noToken: 'No access token received from authentication server',
    failed: 'Authentication failed',
    // Not in the spec: a token this tab did not ask for (docs/decisions/009).
    notStartedHere: 'This sign-in was not started from this browser tab. Please sign in again.',
  },
} as const;

/** Delays of spec 1 §9. */
export const REDIRECT_AFTER_LOGIN_MS = 500;
export const REDIRECT_AFTER_RESET_MS = 3000;
