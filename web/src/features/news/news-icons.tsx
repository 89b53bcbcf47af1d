import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number; filled?: boolean };

// Line icons for the news screens (decorative: the control around each carries the Korean name).
function Svg({ size = 20, filled = false, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const HeartIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0112 7.3a4.3 4.3 0 017.5 2.5C19.5 15.4 12 20 12 20z" />
  </Svg>
);
export const BookmarkIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6.5 4.5h11v15.5L12 16l-5.5 4z" />
  </Svg>
);
export const ArrowUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </Svg>
);
export const ExternalIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14 4.5h5.5V10M19.5 4.5L11 13M17 14v4.5a1 1 0 01-1 1H5.5a1 1 0 01-1-1V8a1 1 0 011-1H10" />
  </Svg>
);
export const DebateIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3.5 6a2 2 0 012-2h8a2 2 0 012 2v5a2 2 0 01-2 2H9l-3.5 3v-3a2 2 0 01-2-2z" />
    <path d="M15.5 8.5h3a2 2 0 012 2v5a2 2 0 01-2 2v3L15 17.5h-3a2 2 0 01-2-2" />
  </Svg>
);
