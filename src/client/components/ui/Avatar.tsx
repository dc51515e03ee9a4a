/** A round user picture, or the initials on a tinted disc when there is no picture. */
interface Props {
  name: string;
  src?: string | null;
  size?: number;
}

function initials(name: string): string {
  const parts = name.trim().split(/[\s@._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

export function Avatar({ name, src, size = 40 }: Props) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (src) return <img className="avatar" src={src} alt="" width={size} height={size} style={style} />;
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
