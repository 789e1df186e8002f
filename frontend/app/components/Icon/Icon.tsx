/** The few icons the site uses, inline so they cost no request. Decorative unless given a label. */
const paths = {
  phone:
    "M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z",
  mail: "M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm8 7.2L19 7H5zm-8-4.3V17h16V7.9l-7.4 5.4a1 1 0 0 1-1.2 0z",
  pin: "M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7zm0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5z",
  clock: "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm1 3v4.6l3.2 1.9-1 1.7L11 12.7V7z",
  facebook:
    "M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8.1v3h2.5V21z",
  instagram:
    "M12 7.3a4.7 4.7 0 1 1 0 9.4 4.7 4.7 0 0 1 0-9.4zm0 1.9a2.8 2.8 0 1 0 0 5.6 2.8 2.8 0 0 0 0-5.6zM16.9 5.9a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2zM12 3c2.4 0 2.7 0 3.7.1 3.3.1 4.9 1.7 5.1 5.1.1 1 .1 1.3.1 3.7s0 2.7-.1 3.7c-.2 3.4-1.8 4.9-5.1 5.1-1 .1-1.3.1-3.7.1s-2.7 0-3.7-.1C5 20.6 3.4 19 3.2 15.7 3.1 14.7 3 14.4 3 12s0-2.7.1-3.7C3.3 5 4.9 3.4 8.3 3.2 9.3 3 9.6 3 12 3zm0 1.8c-2.3 0-2.6 0-3.6.1-2.4.1-3.5 1.2-3.6 3.6-.1 1-.1 1.3-.1 3.6s0 2.6.1 3.6c.1 2.4 1.2 3.5 3.6 3.6 1 .1 1.3.1 3.6.1s2.6 0 3.6-.1c2.4-.1 3.5-1.2 3.6-3.6.1-1 .1-1.3.1-3.6s0-2.6-.1-3.6c-.1-2.4-1.2-3.5-3.6-3.6-1-.1-1.3-.1-3.6-.1z",
  menu: "M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z",
  close: "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z",
  chevronDown: "M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z",
  chevronLeft: "M15.4 7.4 10.8 12l4.6 4.6L14 18l-6-6 6-6z",
  chevronRight: "M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z",
  star: "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z",
  pause: "M7 5h4v14H7zm6 0h4v14h-4z",
  play: "M8 5v14l11-7z",
  external:
    "M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14zM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z",
} as const;

export type IconName = keyof typeof paths;

export function Icon({
  name,
  label,
  size = 20,
  className,
}: {
  name: IconName;
  label?: string;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      className={className}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
