import { useRef, useState } from 'react';

/**
 * An edit control's dialog, open or not, and the button that opens it: `close` (the dialog's
 * onClose) gives the focus back to that button (WAI-ARIA dialog pattern).
 */
export function useDialogOpener() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return {
    open,
    opener,
    show: () => setOpen(true),
    close: () => {
      setOpen(false);
      opener.current?.focus();
    },
  };
}
