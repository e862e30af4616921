import type { ReactNode } from 'react';

/** A link-styled action that is reachable and triggerable by keyboard (a real anchor with an href). */
export function ActionLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <a
      href="#"
      onClick={(e) => {
        e.preventDefault();
        onClick();
      }}
    >
      {children}
    </a>
  );
}
