// The server speaks English (docs/decisions/019); a page in Portuguese shows the refusals issue 19
// added — an image's rules, too many uploads or sign-in links — and the account forms' refusals in
// the catalogue's words, and an
// English page the server's own `detail`, as before.
import { describe, expect, it } from 'vitest';
import { islandMessages } from '../../../src/i18n/catalogue.ts';
import { islandTranslator } from '../../../src/i18n/island.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import { ApiClientError } from '../../../src/lib/api/api-client.ts';
import { PROFILE_IMAGE_MESSAGE } from '../../../src/lib/accounts/account-rules.ts';
import { UPLOAD_MESSAGES, uploadProblemOf } from '../../../src/lib/uploads/upload-rules.ts';
import { profileImageMessage } from '../../../src/islands/profiles/ImagePicker.tsx';
import { refusalWords } from '../../../src/islands/profiles/profile-images.ts';
import { signInLinkProblem } from '../../../src/islands/accounts/sign-in-link-problem.ts';
import { accountProblem } from '../../../src/islands/accounts/account-problem.ts';
import { ACCOUNT_REFUSALS, PASSWORD_MESSAGES, USERNAME_MESSAGES } from '../../../src/lib/accounts/account-rules.ts';

const words = (locale: Locale) => islandTranslator(islandMessages(locale, 'profileMember', 'uploadProblems'));
const authWords = (locale: Locale) => islandTranslator(islandMessages(locale, 'auth'));

describe('an image refused by the server', () => {
  it.each([
    [UPLOAD_MESSAGES.unsupportedType, 'Tipo de arquivo não suportado. Use imagens JPG, PNG ou WebP.'],
    [UPLOAD_MESSAGES.tooLarge(10), 'A imagem deve ter menos de 10 MB.'],
    [UPLOAD_MESSAGES.empty, 'O arquivo de imagem está vazio.'],
    [UPLOAD_MESSAGES.notSent, 'A imagem ainda não foi enviada'],
    [PROFILE_IMAGE_MESSAGE, 'Esta imagem não pode ser usada aqui. Escolha-a novamente.'],
    [UPLOAD_MESSAGES.tooManyPixels('avatar', 8000, 6000), 'A imagem é grande demais: 8000×6000 pixels; no máximo 25 megapixels.'],
  ])('%j is shown in Portuguese on a pt-BR page, as it is on an English one', (detail, portuguese) => {
    expect(uploadProblemOf(detail, PROFILE_IMAGE_MESSAGE)).toBeDefined();
    const failure = { step: 'update' as const, detail, status: 400 };
    expect(profileImageMessage(failure, 'avatar', words('pt-br'), 'pt-br')).toBe(portuguese);
    expect(profileImageMessage(failure, 'avatar', words('en'), 'en')).toBe(detail);
  });

  it('too many uploads (429) in Portuguese; an unknown refusal in the picker\'s own Portuguese words, never in English', () => {
    const tooMany = { step: 'upload' as const, detail: 'Too many uploads. Please try again in 12 minutes.', status: 429 };
    expect(profileImageMessage(tooMany, 'cover_photo', words('pt-br'), 'pt-br')).toBe('Envios demais. Tente novamente mais tarde.');
    const unknown = { step: 'update' as const, detail: 'Something the server says in English', status: 400 };
    expect(refusalWords(unknown, words('pt-br'), 'pt-br')).toBeUndefined();
    expect(profileImageMessage(unknown, 'avatar', words('pt-br'), 'pt-br')).toBe(words('pt-br')('profileMember.image.updateFailedAvatar'));
    expect(profileImageMessage(unknown, 'avatar', words('en'), 'en')).toBe(unknown.detail);
  });
});

describe('a sign-in link call refused by the server', () => {
  const tooMany = new ApiClientError(429, 'Too many sign-in links for this account. Please try again in 60 minutes.');
  const bad = new ApiClientError(400, 'Invalid or expired sign-in link');

  it('shows too many links (429) in Portuguese on a pt-BR page, and the server\'s words on an English one', () => {
    const pt = authWords('pt-br');
    expect(signInLinkProblem(tooMany, 'pt-br', pt, 'fallback')).toBe('Pedidos demais de links de acesso. Tente novamente mais tarde.');
    expect(signInLinkProblem(tooMany, 'en', authWords('en'), 'fallback')).toBe(tooMany.detail);
  });

  it('shows any other refusal in the island\'s own words in Portuguese; redeeming shows the server\'s words only for a 429', () => {
    expect(signInLinkProblem(bad, 'pt-br', authWords('pt-br'), 'própria')).toBe('própria');
    expect(signInLinkProblem(bad, 'en', authWords('en'), 'own')).toBe(bad.detail);
    expect(signInLinkProblem(bad, 'en', authWords('en'), 'own', { onlyTooMany: true })).toBe('own');
    expect(signInLinkProblem(new Error('offline'), 'en', authWords('en'), 'own')).toBe('own');
  });
});

describe('an account form refused by the server (sign-in, registration, the password pair, the e-mail check)', () => {
  it.each([
    [new ApiClientError(401, ACCOUNT_REFUSALS.badCredentials), 'E-mail ou senha incorretos'],
    [new ApiClientError(409, ACCOUNT_REFUSALS.emailTaken, 'email'), 'Já existe uma conta com este e-mail'],
    [new ApiClientError(403, ACCOUNT_REFUSALS.notVerified), 'Confirme seu endereço de e-mail antes de entrar. Enviamos um novo link de verificação.'],
    [new ApiClientError(400, ACCOUNT_REFUSALS.badVerifyToken), 'Token de verificação inválido ou expirado'],
    [new ApiClientError(400, ACCOUNT_REFUSALS.badResetToken), 'Token de redefinição inválido ou expirado'],
    [new ApiClientError(400, ACCOUNT_REFUSALS.badEmail, 'email'), 'Digite um endereço de e-mail válido'],
    [new ApiClientError(400, PASSWORD_MESSAGES.uppercase, 'password'), 'A senha deve conter pelo menos uma letra maiúscula'],
    [new ApiClientError(409, USERNAME_MESSAGES.taken, 'username'), 'Este nome de usuário já está em uso'],
    [new ApiClientError(429, 'Too many sign-in attempts. Please try again in 15 minutes.'), 'Tentativas demais. Tente novamente mais tarde.'],
  ])('%s is said in Portuguese on a pt-BR page, and as the server said it on an English one', (error, portuguese) => {
    expect(accountProblem(error, 'pt-br', authWords('pt-br'), 'própria')).toBe(portuguese);
    expect(accountProblem(error, 'en', authWords('en'), 'own')).toBe(error.detail);
  });

  it('an unknown refusal or a failed call in the form\'s own words; a suspension with its date', () => {
    expect(accountProblem(new ApiClientError(400, 'Something new the server says'), 'pt-br', authWords('pt-br'), 'própria')).toBe('própria');
    expect(accountProblem(new Error('offline'), 'en', authWords('en'), 'own')).toBe('own');
    expect(accountProblem(new ApiClientError(500, undefined), 'en', authWords('en'), 'own')).toBe('own');
    const suspended = Object.assign(new ApiClientError(403, 'This account is suspended'), { suspendedUntil: '2027-03-05T14:00:00Z' });
    expect(accountProblem(suspended, 'pt-br', authWords('pt-br'), 'própria')).toMatch(/^Esta conta está suspensa até 5 de março de 2027/);
  });
});
