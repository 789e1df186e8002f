import type { ReactNode } from "react";

/**
 * One slide of the home slideshow or a photo carousel (WAI-ARIA carousel pattern): a group announced as 'slajd'
 * with its position; the slides not shown are hidden from assistive technology and inert.
 */
export function Slide({
  index,
  count,
  active,
  className,
  children,
}: {
  index: number;
  count: number;
  active: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className}
      data-active={active}
      role="group"
      aria-roledescription="slajd"
      aria-label={`${index + 1} z ${count}`}
      aria-hidden={!active}
      inert={!active}
    >
      {children}
    </div>
  );
}
