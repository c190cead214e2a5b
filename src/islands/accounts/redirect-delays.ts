/** Delays of spec 1 §9. (The account screens' words are the catalogue's `auth` namespace.) */
export const REDIRECT_AFTER_LOGIN_MS = 500;
export const REDIRECT_AFTER_RESET_MS = 3000;
