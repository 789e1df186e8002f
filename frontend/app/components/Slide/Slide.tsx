import type { ReactNode } from "react";
import { usePageWords } from "../../hooks/useWords";
import { fill } from "../../contentModel/blanks";

/**
 * One slide of the home slideshow or a photo carousel (WAI-ARIA carousel pattern): a group announced as a slide
 * ('slajd') with its position; the slides not shown are hidden from assistive technology and inert.
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
  const slide = usePageWords("slide");
  return (
    <div
      className={className}
      data-active={active}
      role="group"
      aria-roledescription={slide.role}
      aria-label={fill(slide.position, { number: index + 1, count })}
      aria-hidden={!active}
      inert={!active}
    >
      {children}
    </div>
  );
}
