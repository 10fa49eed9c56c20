type LogoProps = { size?: number; title?: string }

/** The Humsafar mark: an "H" whose bar is a road, with a traveller above it. */
export function Logo({ size = 64, title }: LogoProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <rect width="100" height="100" rx="22" fill="#0e6b5c" />
      <g transform="translate(11 11) scale(.78)">
        <rect x="20" y="18" width="14" height="64" fill="#fff" />
        <rect x="66" y="18" width="14" height="64" fill="#fff" />
        <rect x="34" y="44" width="32" height="12" fill="#fff" />
        <rect x="39" y="48.5" width="7" height="3" fill="#0e6b5c" />
        <rect x="54" y="48.5" width="7" height="3" fill="#0e6b5c" />
        <circle cx="50" cy="27" r="7.5" fill="#ffb703" />
      </g>
    </svg>
  )
}
