/** The brand mark: a pink chip with "RC". Decorative; the brand name is always written beside it. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="32" height="32" rx="8" fill="#db2777" />
      <path d="M4 12h-3M4 20h-3M4 28h-3M36 12h3M36 20h3M36 28h3M12 4V1M20 4V1M28 4V1M12 36v3M20 36v3M28 36v3" stroke="#9d174d" strokeWidth="2" />
      {/* The letters are drawn, not typed: as text they would join the visible words of every link the logo sits in. */}
      <path d="M13 25.2V15.3h3.9a2.7 2.7 0 0 1 0 5.4H13m3.5 0 3 4.5M27.4 17a4.3 4.3 0 1 0 0 6.5" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
