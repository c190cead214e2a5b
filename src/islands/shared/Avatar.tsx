import { useState } from 'react';
import { initialsAvatar } from '../../lib/users/user-display.ts';

/** A member's avatar; the generated initials image when there is none or it fails to load. */
export function Avatar({ name, src, size = 36 }: { name: string; src: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      src={!src || broken ? initialsAvatar(name) : src}
      onError={() => setBroken(true)}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full bg-violet-600 object-cover"
      style={{ width: size, height: size }}
    />
  );
}
