import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { blockUser, getBlockState, unblockUser } from '../../lib/api/operations/blocks.ts';
import type { BlockState } from '../../lib/api/wire/index.ts';
import { queries } from '../shared/data-layer/queries.ts';
import { session } from '../shared/data-layer/session.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import type { Words } from '../shared/words.tsx';

export interface BlockControlProps {
  member: { id: number; username: string };
  t: Words<'blocks'>;
  /** the block changed on the server (a follow between the two may have ended) */
  onChange(blocked: boolean): void;
}

/** The caller's block of one member, as the server last said (GET /users/{id}/block), shared by the page's islands. */
export function useBlockState(memberId: number) {
  const [store] = useState(() => queries.read(getBlockState(memberId)));
  return { store, answer: useStore(store) };
}

const menuItem = 'block w-full rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-surface-subtle';

/**
 * Block / Unblock on another member's profile (beyond the spec; docs/decisions/035): a '⋯' button
 * beside Follow opens a small menu; Block asks first in a dialog that says what a block does, then
 * POST /users/{id}/block; Unblock is sent at once (DELETE). The answer replaces the cached state,
 * and `onChange` lets the profile read the follow again (a block ends it either way).
 */
export function BlockControl({ member, t, onChange }: BlockControlProps) {
  const { store, answer } = useBlockState(member.id);
  const blocked = answer.data?.blocked ?? false;
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const menuId = useId();

  // the menu closes on Escape and on a click elsewhere
  useEffect(() => {
    if (!menuOpen) return;
    const away = (event: Event) => {
      if (!menu.current?.contains(event.target as Node) && !opener.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      opener.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [menuOpen]);

  const send = async (block: boolean): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      const state: BlockState = await session.call(block ? blockUser(member.id) : unblockUser(member.id));
      store.mutate(state);
      onChange(state.blocked);
      return true;
    } catch {
      setFailure(t('blocks.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const choose = () => {
    setMenuOpen(false);
    if (blocked) void send(false).then(() => opener.current?.focus());
    else setConfirming(true);
  };

  return (
    <span className="relative inline-flex flex-col items-end gap-1" data-block-control={member.id}>
      <span className="inline-flex items-center gap-2">
        {blocked && (
          <span className="rounded-full bg-surface-strong px-2.5 py-1 text-xs font-semibold text-fg-soft" data-blocked-badge>
            {t('blocks.blocked')}
          </span>
        )}
        <button
          ref={opener}
          type="button"
          aria-label={t('blocks.more', { username: member.username })}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          disabled={answer.loading && !answer.data}
          onClick={() => setMenuOpen((open) => !open)}
          className="flex size-9 items-center justify-center rounded-full border border-line-strong bg-surface text-fg hover:bg-surface-subtle disabled:opacity-60"
          data-block-menu-button
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" className="size-5" fill="currentColor">
            <circle cx="4.5" cy="10" r="1.6" />
            <circle cx="10" cy="10" r="1.6" />
            <circle cx="15.5" cy="10" r="1.6" />
          </svg>
        </button>
      </span>
      {menuOpen && (
        <div ref={menu} id={menuId} className="absolute top-full right-0 z-20 mt-1 w-44 rounded-lg border border-line bg-surface p-1 shadow-card" data-block-menu>
          <button type="button" onClick={choose} disabled={busy} className={`${menuItem} ${blocked ? 'text-fg' : 'text-danger'}`} data-block-action={blocked ? 'unblock' : 'block'}>
            {blocked ? t('blocks.unblock') : t('blocks.block')}
          </button>
        </div>
      )}
      {failure && !confirming && (
        <span role="alert" className="max-w-56 text-right text-xs text-danger">
          {failure}
        </span>
      )}
      {confirming && (
        <ModalDialog
          dialogRef={dialog}
          width="lg"
          title={t('blocks.confirm.title', { username: member.username })}
          closeLabel={t('blocks.confirm.close')}
          busy={busy}
          onClose={() => {
            setConfirming(false);
            opener.current?.focus();
          }}
          testId="block-dialog"
          notice={
            failure && (
              <p role="alert" className="px-5 pb-2 text-sm text-danger">
                {failure}
              </p>
            )
          }
          footer={
            <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end">
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                disabled={busy}
                className="rounded-lg border border-line-strong px-4 py-2 text-sm font-semibold text-fg hover:bg-surface-subtle"
              >
                {t('blocks.confirm.cancel')}
              </button>
              <button
                type="button"
                onClick={() => void send(true).then((done) => done && dialog.current?.close())}
                disabled={busy}
                className="rounded-lg bg-danger px-4 py-2 text-sm font-semibold text-surface hover:opacity-90 disabled:opacity-60"
                data-confirm-block
              >
                {busy ? t('blocks.confirm.blocking') : t('blocks.block')}
              </button>
            </div>
          }
        >
          <p className="text-sm text-fg-soft">{t('blocks.confirm.intro')}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-fg-soft">
            <li>{t('blocks.confirm.noProfileComments')}</li>
            <li>{t('blocks.confirm.noReplies')}</li>
            <li>{t('blocks.confirm.noFollow')}</li>
            <li>{t('blocks.confirm.hidden')}</li>
          </ul>
          <p className="text-sm text-fg-muted">{t('blocks.confirm.undo')}</p>
        </ModalDialog>
      )}
    </span>
  );
}
