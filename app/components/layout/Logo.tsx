/** The brand mark: a pink chip with "RC". Decorative; the brand name is always written beside it. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="32" height="32" rx="8" fill="#db2777" />
      <path d="M4 12h-3M4 20h-3M4 28h-3M36 12h3M36 20h3M36 28h3M12 4V1M20 4V1M28 4V1M12 36v3M20 36v3M28 36v3" stroke="#9d174d" strokeWidth="2" />
      <text x="20" y="25" textAnchor="middle" fontFamily="system-ui, sans-serif" fontSize="13" fontWeight="800" fill="#fff">
        RC
      </text>
    </svg>
  );
}
