-- One-time sign-in links for members locked out by a guessing attack (docs/decisions/032).
ALTER TYPE "public"."auth_token_kind" ADD VALUE 'sign_in';
