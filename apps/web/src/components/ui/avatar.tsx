/**
 * A user's picture, or an avatar generated from the name (initials on a colour derived from it).
 * profileImage may be a URL, a data-image string, or raw base64 (taken as JPEG).
 */
const PALETTE = ['#b45309', '#0f766e', '#1d4ed8', '#7c3aed', '#be123c', '#15803d', '#a16207', '#334155'];

export function avatarSource(profileImage: string | null | undefined): string | null {
  if (!profileImage) return null;
  // Raw base64 JPEG begins with '/9j/', so only our own /api/ paths count as addresses.
  if (/^(data:image\/|blob:|https?:|\/api\/)/.test(profileImage)) return profileImage;
  return `data:image/jpeg;base64,${profileImage}`;
}

export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  return (words[0]![0]! + (words.length > 1 ? words[words.length - 1]![0]! : '')).toUpperCase();
}

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export function Avatar({
  name,
  profileImage,
  size = 36,
  className = '',
}: {
  name: string | null | undefined;
  profileImage?: string | null;
  size?: number;
  className?: string;
}) {
  const source = avatarSource(profileImage);
  const style = { width: size, height: size };
  if (source) {
    return (
      <img
        src={source}
        alt={name ? `${name}'s picture` : 'Profile picture'}
        width={size}
        height={size}
        style={style}
        className={`rounded-full object-cover ring-2 ring-white ${className}`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name ? `${name}'s avatar` : 'Guest avatar'}
      style={{ ...style, backgroundColor: colourOf(name ?? 'Guest'), fontSize: size * 0.4 }}
      className={`inline-flex items-center justify-center rounded-full font-semibold text-white ring-2 ring-white ${className}`}
    >
      {initialsOf(name ?? 'Guest')}
    </span>
  );
}
